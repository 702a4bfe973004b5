import HTTPTypes

/// A control request from a browser (it carries `Origin` or `Sec-Fetch-Site`) must name a
/// trusted host in `Host`, and in `Origin` when it has one (`TrustedHosts`); otherwise 403
/// `unknown host`. Requests without those headers (curl, SDKs, test code, containers calling
/// the mock by service name) are not checked.
package struct BrowserHostGuard: RequestGuard {
    package let trusted: TrustedHosts

    package init(trusted: TrustedHosts) {
        self.trusted = trusted
    }

    package static let refusal = APIError(.forbidden, "unknown host", limit: .crossOrigin)
    private static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!

    package func check(_ request: HTTPRequest, path: String, settings: TenantSettings) throws(APIError) {
        let origin = request.headerFields[.origin]
        guard origin != nil || request.headerFields[Self.fetchSite] != nil else { return }
        guard let authority = request.authority, trusted.trusts(authority: authority) else { throw Self.refusal }
        if let origin, !trusted.trusts(origin: origin) { throw Self.refusal }
    }
}
