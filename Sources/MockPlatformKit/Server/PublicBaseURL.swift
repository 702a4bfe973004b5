import Synchronization

/// The base of every absolute URL the mock emits (`logo_url`, `button_click_url`, a pass's
/// `webServiceURL`): `--public-url` when set; else the base the request being handled was
/// addressed to (`RequestBaseURL`: `Forwarded`, `X-Forwarded-*`, `Host`); else the listener's
/// own address, with the port it actually bound and `127.0.0.1` for `0.0.0.0`.
package final class PublicBaseURL: Sendable {
    private let configured: String?
    private let listener: Mutex<String>

    /// - Parameters:
    ///   - configured: `--public-url`, or nil to follow each request.
    ///   - listener: the fallback before the listener is bound, e.g. `http://127.0.0.1:8080`.
    package init(configured: String?, listener: String) {
        self.configured = configured.map(Self.trimmed)
        self.listener = Mutex(Self.trimmed(listener))
    }

    /// A fixed base, for tests and tools outside a server.
    package convenience init(_ fixed: String) { self.init(configured: fixed, listener: fixed) }

    /// Without a trailing slash.
    package var string: String {
        if let configured { return configured }
        if let binding = Tenant.binding, let base = RequestBaseURL.of(binding.headers, authority: binding.authority) { return base }
        return listener.withLock { $0 }
    }

    /// The listener is bound: `host` as a client reaches it, and the port it got.
    package func listenerBound(host: String, port: Int) {
        let reachable = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
        listener.withLock { $0 = "http://\(reachable):\(port)" }
    }

    private static func trimmed(_ base: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}
