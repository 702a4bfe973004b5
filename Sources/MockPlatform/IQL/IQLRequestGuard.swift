import HTTPTypes

/// IQL's pre-routing checks: the API key (iql.md §1 "Auth parsing") and the per-tenant switch
/// of supported_state_details, both before any other check.
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
        guard keys.contains(String(key)) else { throw APIError(.unauthorized, "invalid api key") }
    }
}

/// Route shapes IQL treats specially before routing.
enum IQLRoutes {
    static let supportedStateDetails = "/iql/v1/supported_state_details"

    /// `/iql/v3/ad_unit/{ad_id}/driver_id/{user_id}/click`: authorised by its token, not a key.
    static func isClick(_ segments: [Substring]) -> Bool {
        segments.count == 7 && segments[0] == "iql" && segments[1] == "v3" && segments[2] == "ad_unit"
            && segments[4] == "driver_id" && segments[6] == "click"
    }

    /// `/iql/v1|v2/ad_unit/{ad_id}/image|logo`.
    static func isImageOrLogo(_ segments: [Substring]) -> Bool {
        segments.count == 5 && segments[0] == "iql" && (segments[1] == "v1" || segments[1] == "v2")
            && segments[2] == "ad_unit" && (segments[4] == "image" || segments[4] == "logo")
    }
}
