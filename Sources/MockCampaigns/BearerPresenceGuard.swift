import HTTPTypes
import MockPlatformKit

/// The campaign backend's auth (`openapi/campaigns.yaml` security scheme bearer):
/// `Bearer <token>`, the scheme in any case, then spaces and a token starting with a visible
/// ASCII character; the token itself is not checked.
struct BearerPresenceGuard: RequestGuard {
    func check(_ request: HTTPRequest, path: String, settings: TenantSettings) throws(APIError) {
        guard let value = request.headerFields.value(of: .authorization), Self.isBearer(value) else {
            throw APIError(.unauthorized, "Full authentication is required to access this resource")
        }
    }

    /// Whether `value` matches `^[Bb][Ee][Aa][Rr][Ee][Rr] +[!-~]`.
    /// Read in place, byte by byte: every get-pushes read passes here.
    static func isBearer(_ value: String) -> Bool {
        let bytes = value.utf8
        // A byte OR 0x20 is a lower-case letter only for that letter in either case.
        guard bytes.count > 7, bytes.prefix(6).elementsEqual(scheme, by: { $0 | 0x20 == $1 }),
              bytes.dropFirst(6).first == 0x20,
              let first = bytes.dropFirst(6).first(where: { $0 != 0x20 })
        else { return false }
        return (0x21...0x7E).contains(first)
    }

    private static let scheme = Array("bearer".utf8)
}
