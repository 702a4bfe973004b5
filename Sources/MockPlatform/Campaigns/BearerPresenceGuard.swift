import Foundation
import HTTPTypes

/// The campaign backend's auth (`openapi/campaigns.yaml`): `Authorization: Bearer <token>` with
/// a non-empty token; the token itself is not checked.
struct BearerPresenceGuard: RequestGuard {
    func check(_ request: HTTPRequest, path: String, settings: TenantSettings) throws(APIError) {
        let parts = request.headerFields[.authorization]?.split(separator: " ", maxSplits: 1) ?? []
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].trimmingCharacters(in: .whitespaces).isEmpty else {
            throw APIError(.unauthorized, "Full authentication is required to access this resource")
        }
    }
}
