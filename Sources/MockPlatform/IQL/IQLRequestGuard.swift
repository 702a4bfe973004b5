import HTTPTypes

/// IQL's pre-routing checks: the API key (`openapi/iql.yaml` conventions, "Auth") and the
/// per-tenant switch of supported_state_details, both before any other check.
struct IQLRequestGuard: RequestGuard {
    func check(_ request: HTTPRequest, path: String, settings: TenantSettings) throws(APIError) {
        let segments = path.split(separator: "/")
        if IQLRoutes.isClick(segments) { return }
        try authenticate(request.headerFields, keys: settings.apiKeys, allowBareHeader: IQLRoutes.isImageOrLogo(segments))
        if path == IQLRoutes.supportedStateDetails, !settings.supportedStateDetailsEnabled {
            throw APIError(.forbidden, "supported_state_details is not enabled for this publisher")
        }
    }

    /// `Authorization: APIKEY <key>`: scheme in any case, key exact. Image and logo also take a
    /// bare `APIKEY: <key>` header.
    func authenticate(_ headers: HTTPFields, keys: [String], allowBareHeader: Bool) throws(APIError) {
        let key: Substring
        if let authorization = headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "apikey" else {
                throw APIError(.unauthorized, "Authorization header must be 'APIKEY <key>'")
            }
            key = parts[1]
        } else if allowBareHeader, let bare = HTTPField.Name("APIKEY").flatMap({ headers[$0] }) {
            key = bare[...]
        } else {
            throw APIError(.unauthorized, "missing api key")
        }
        guard keys.contains(where: { ConstantTime.equals(key, $0) }) else { throw APIError(.unauthorized, "invalid api key") }
    }
}
