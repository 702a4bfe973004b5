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
    /// included) with `body`; nil when the answer is not kept (a body longer than any key the
    /// cache keeps). Header values hold no line feed, so the parts, one per line, never run
    /// into each other.
    package func key(target: String, head: HTTPRequest, body: ByteBuffer?) -> ResponseCache.Key? {
        if let body, body.readableBytes > ResponseCache.maxKeyBytes { return nil }
        guard !headers.isEmpty || followsBase else { return ResponseCache.Key(target, body: body) }
        var text = target
        // Room for the parts a read usually has, so the key is written once, not grown.
        text.reserveCapacity(target.utf8.count + 64 * (headers.count + (followsBase ? 1 : 0)))
        for name in headers {
            text += "\n"
            text += head.headerFields.value(of: name) ?? ""
        }
        if followsBase {
            text += "\n"
            text += RequestBaseURL.of(head.headerFields, authority: head.authority) ?? ""
        }
        return ResponseCache.Key(text, body: body)
    }
}
