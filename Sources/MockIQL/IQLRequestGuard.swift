import HTTPTypes
import MockPlatformKit

/// IQL's pre-routing checks: the API key (`openapi/iql.yaml` conventions, "Auth") and the
/// per-tenant switch of supported_state_details, both before any other check.
struct IQLRequestGuard: RequestGuard {
    func check(_ request: HTTPRequest, path: String, settings: TenantSettings) throws(APIError) {
        let segments = IQLRoutes.isAdUnitPath(path) ? path.split(separator: "/") : []
        if IQLRoutes.isClick(segments) { return }
        try authenticate(request.headerFields, keys: settings.apiKeys, allowBareHeader: IQLRoutes.isImageOrLogo(segments))
        if path == IQLRoutes.supportedStateDetails, !settings.reading(IQLSettings.self, { $0.supportedStateDetailsEnabled }) {
            throw APIError(.forbidden, "supported_state_details is not enabled for this publisher")
        }
    }

    /// `Authorization: APIKEY <key>`: scheme in any case, key exact. Image and logo also take a
    /// bare `APIKEY: <key>` header.
    func authenticate(_ headers: HTTPFields, keys: [String], allowBareHeader: Bool) throws(APIError) {
        let key: Substring
        if let authorization = headers.value(of: .authorization) {
            guard let given = Self.apiKey(in: authorization) else {
                throw APIError(.unauthorized, "Authorization header must be 'APIKEY <key>'")
            }
            key = given
        } else if allowBareHeader, let bare = headers.value(of: Self.bareHeader) {
            key = bare[...]
        } else {
            throw APIError(.unauthorized, "missing api key")
        }
        guard keys.contains(where: { ConstantTime.equals(key, $0) }) else { throw APIError(.unauthorized, "invalid api key") }
    }

    /// The key of `APIKEY <key>` (spaces before the scheme allowed); nil for any other value.
    /// Found on the UTF-8 bytes, not by characters: every IQL request passes here. Each index
    /// is at a space's byte or just after one, so on a character's boundary.
    private static func apiKey(in authorization: String) -> Substring? {
        let bytes = authorization.utf8, blank = UInt8(ascii: " ")
        guard let scheme = bytes.firstIndex(where: { $0 != blank }),
              let space = bytes[scheme...].firstIndex(of: blank),
              isAPIKeyScheme(authorization[scheme..<space]),
              bytes.index(after: space) < bytes.endIndex
        else { return nil }
        return authorization[bytes.index(after: space)...]
    }

    /// The bare `APIKEY: <key>` header of image and logo requests.
    private static let bareHeader = HTTPField.Name("APIKEY")!

    /// `APIKEY` in any case: ASCII compared byte by byte in place, anything else lower-cased (the
    /// Kelvin sign lower-cases to `k`).
    private static func isAPIKeyScheme(_ scheme: Substring) -> Bool {
        let ascii = scheme.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return bytes.count == 6 && zip(bytes, apiKeyScheme).allSatisfy { $0 | 0x20 == $1 }
        }
        if let ascii = ascii ?? nil { return ascii }
        return scheme.lowercased() == "apikey"
    }

    private static let apiKeyScheme = Array("apikey".utf8)
}
