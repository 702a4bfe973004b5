import HTTPTypes
import MockPlatformKit

/// The parcels API's check before routing: its tracking read needs `X-Parcels-Key` with one of
/// the tenant's API keys (its control operations are the control plane's, which has a guard of
/// its own).
struct ParcelsKeyGuard: RequestGuard {
    static let header = HTTPField.Name("X-Parcels-Key")!

    func check(_ request: HTTPRequest, path: String, settings: TenantSettings) throws(APIError) {
        guard let key = request.headerFields[Self.header], settings.apiKeys.contains(key) else {
            throw APIError(.unauthorized, "X-Parcels-Key must be one of the tenant's API keys")
        }
    }
}
