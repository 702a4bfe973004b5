import HTTPTypes

/// `--admin-token`: every control route except health, readiness, metrics, the dashboard's
/// files and the offline labs' pages and images needs `Authorization: Bearer <token>`
/// (`openapi/control.yaml` adminToken).
package struct AdminTokenGuard: RequestGuard {
    package let token: String

    package init(token: String) {
        self.token = token
    }
    /// Routes anyone may call.
    package static let open: Set<String> = [
        "/_mock/health", "/_mock/ready", "/_mock/metrics", "/_mock/ui", "/_mock/ui/app.css", "/_mock/ui/app.js",
    ]

    package func check(_ request: HTTPRequest, path: String, settings: TenantSettings) throws(APIError) {
        guard !Self.open.contains(path), !path.hasPrefix("/_mock/pages/"), !path.hasPrefix("/_mock/images/") else { return }
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = "Bearer"
        guard let authorization = request.headerFields[.authorization] else {
            throw APIError(
                .unauthorized,
                "this control route needs Authorization: Bearer <admin token> (the server's --admin-token, MOCK_PLATFORM_ADMIN_TOKEN)",
                headers: headers
            )
        }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", ConstantTime.equals(parts[1], token) else {
            throw APIError(
                .unauthorized, "invalid admin token: send the server's --admin-token (MOCK_PLATFORM_ADMIN_TOKEN)", headers: headers
            )
        }
    }
}
