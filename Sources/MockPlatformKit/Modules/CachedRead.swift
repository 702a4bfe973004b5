import HTTPTypes
import NIOCore

/// A read whose answer the tenant keeps while what it was read from holds (`ResponseCache`),
/// as its module declares it (`PlatformModule.cachedReads`): what of the request, beyond its
/// tenant-relative path and query, the answer depends on. The handler says what of the tenant
/// it depends on when it answers (`Tenant.cacheAnswer(_:)`).
///
/// A POST read (`postSupportedStateDetails`) is keyed by its body's bytes as well.
package struct CachedRead: Sendable {
    /// Request header fields whose values the answer depends on (`Poq-User-Id`).
    package var headers: [HTTPField.Name]
    /// Whether the answer holds absolute URLs on the request's base (`PublicBaseURL`).
    package var followsBase: Bool

    package init(headers: [HTTPField.Name] = [], followsBase: Bool = false) {
        self.headers = headers
        self.followsBase = followsBase
    }

    /// The key of the answer to `head` addressed to `target` (tenant-relative, query
    /// included) with `body`; nil when the answer is not kept (a body that is not UTF-8, or
    /// longer than any key the cache keeps: not copied into one). Header values hold no line
    /// feed, so the parts, one per line, never run into each other.
    package func key(target: String, head: HTTPRequest, body: ByteBuffer?) -> String? {
        guard !headers.isEmpty || followsBase || body != nil else { return target }
        // Checked before any room is made: a body may be far longer than a key.
        if let body, body.readableBytes > ResponseCache.maxKeyBytes { return nil }
        var key = target
        // Room for the parts a read usually has, so the key is written once, not grown.
        key.reserveCapacity(target.utf8.count + 64 * (headers.count + (followsBase ? 1 : 0)) + (body.map { $0.readableBytes + 1 } ?? 0))
        for name in headers {
            key += "\n"
            key += head.headerFields.value(of: name) ?? ""
        }
        if followsBase {
            key += "\n"
            key += RequestBaseURL.of(head.headerFields, authority: head.authority) ?? ""
        }
        if let body {
            guard let text = body.withUnsafeReadableBytes({ String(validating: $0, as: UTF8.self) }) else { return nil }
            key += "\n"
            key += text
        }
        return key
    }
}
