import HTTPTypes

/// What the front door answers a browser itself, before any module: `GET /` and `GET /_mock/`
/// from a page load (an `Accept` that prefers `text/html` to JSON) are redirected to the
/// dashboard, with the tenant prefix kept; `GET /favicon.ico`, which every browser asks for,
/// is a 204 — not an API call, so no API key, fault or journal entry. API clients keep what
/// they got before (`openapi/control.yaml`, front door).
package enum BrowserRequest {
    /// The answer for a browser-only request, or nil to handle the request as usual.
    package static func answer(method: HTTPRequest.Method, target: TenantPath, accept: @autoclosure () -> String?) -> (HTTPResponse.Status, HTTPFields)? {
        guard method == .get || method == .head, let tenant = target.tenant else { return nil }
        if target.path == "/favicon.ico" {
            return (.noContent, [.cacheControl: "max-age=86400"])
        }
        guard target.path == "/" || target.path == "/_mock", prefersHTML(accept()) else { return nil }
        return (.found, [.location: tenant.pathPrefix + "/_mock/ui"])
    }

    /// Whether `Accept` ranks `text/html` at least as high as `application/json` (and above 0).
    package static func prefersHTML(_ accept: String?) -> Bool {
        guard let accept else { return false }
        var html = 0.0
        var json = 0.0
        for range in accept.split(separator: ",").prefix(32) {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if type == "text/html" { html = max(html, quality) }
            if type == "application/json" { json = max(json, quality) }
        }
        return html > 0 && html >= json
    }
}
