import HTTPTypes

/// The control plane's checks before routing: cross-origin writes (`CrossOriginGuard`), then a
/// browser's host (`BrowserHostGuard`), then the admin token when one is set
/// (`AdminTokenGuard`).
struct ControlRequestGuard: RequestGuard {
    let host: BrowserHostGuard
    let origin: CrossOriginGuard
    let adminToken: AdminTokenGuard?

    func check(_ request: HTTPRequest, path: String, settings: TenantSettings) throws(APIError) {
        try origin.check(request, path: path, settings: settings)
        try host.check(request, path: path, settings: settings)
        try adminToken?.check(request, path: path, settings: settings)
    }
}
