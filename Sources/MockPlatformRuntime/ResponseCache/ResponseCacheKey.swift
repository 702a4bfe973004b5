import NIOCore

extension ResponseCache {
    /// What a kept answer is found by: the tenant-relative path and query with the values of
    /// the request the read declares (`CachedRead`), and a POST read's body, compared as bytes
    /// and never made into text (perf: validating it as UTF-8 into a String was 1.4 % of a
    /// supported-states read's CPU).
    package struct Key: Hashable, Sendable {
        /// The path and query, then one line per declared header value and the base.
        package var text: String
        /// A POST read's body.
        package var body: ByteBuffer?

        package init(_ text: String, body: ByteBuffer? = nil) {
            self.text = text
            self.body = body
        }

        /// Its size, which `ResponseCache.maxKeyBytes` bounds.
        var bytes: Int { text.utf8.count + (body?.readableBytes ?? 0) }

        /// The same key with its body in a buffer of its own: a request's body may be a slice
        /// of a larger buffer, which a kept key would otherwise keep alive.
        var compacted: Key {
            Key(text, body: body.map { ByteBuffer(bytes: $0.readableBytesView) })
        }
    }
}
