import HTTPTypes

/// The control plane's checks before routing: cross-origin writes (`CrossOriginGuard`), then a
/// browser's host (`BrowserHostGuard`), then the admin token when one is set
/// (`AdminTokenGuard`).
package struct ControlRequestGuard: RequestGuard {
    package let host: BrowserHostGuard
    package let origin: CrossOriginGuard
    package let adminToken: AdminTokenGuard?

    package init(host: BrowserHostGuard, origin: CrossOriginGuard, adminToken: AdminTokenGuard?) {
        self.host = host
        self.origin = origin
        self.adminToken = adminToken
    }

    package func check(_ request: HTTPRequest, path: String, settings: TenantSettings) throws(APIError) {
        try origin.check(request, path: path, settings: settings)
        try host.check(request, path: path, settings: settings)
        try adminToken?.check(request, path: path, settings: settings)
    }
}
