import HTTPTypes
import MockPlatformKit

/// The campaign backend's auth (`openapi/campaigns.yaml` security scheme bearer):
/// `Bearer <token>`, the scheme in any case, then spaces and a token starting with a visible
/// ASCII character; the token itself is not checked.
struct BearerPresenceGuard: RequestGuard {
    func check(_ request: HTTPRequest, path: String, settings: TenantSettings) throws(APIError) {
        guard let value = request.headerFields[.authorization], Self.isBearer(value) else {
            throw APIError(.unauthorized, "Full authentication is required to access this resource")
        }
    }

    /// Whether `value` matches `^[Bb][Ee][Aa][Rr][Ee][Rr] +[!-~]`.
    static func isBearer(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count > 7, String(decoding: bytes[0..<6], as: UTF8.self).lowercased() == "bearer", bytes[6] == 0x20 else {
            return false
        }
        guard let first = bytes[6...].first(where: { $0 != 0x20 }) else { return false }
        return (0x21...0x7E).contains(first)
    }
}
