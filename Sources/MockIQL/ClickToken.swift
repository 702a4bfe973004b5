import Crypto
import Foundation
import MockPlatformKit

/// The v3 click URL's `auth_token` (`openapi/iql.yaml` clickAdUnit):
/// `base64url(claims).base64url(HMAC-SHA256)`.
///
/// The key is derived from the tenant's click secret and the tenant's name, so tokens survive a
/// reset (an old token then meets 404 for the unknown driver, as the contract says) and one
/// tenant's tokens never verify in another.
struct ClickToken: Sendable {
    struct Claims: Codable, Equatable, Sendable {
        var v = 1
        var tenant: String
        var offerID: String
        var driverID: String
        /// Expiry, epoch seconds: the offer's expiry.
        var exp: Int64

        enum CodingKeys: String, CodingKey {
            case v, tenant, offerID = "offer_id", driverID = "driver_id", exp
        }
    }

    private let key: SymmetricKey
    private let tenant: TenantName

    init(secret: String, tenant: TenantName) {
        self.tenant = tenant
        let derived = HMAC<SHA256>.authenticationCode(for: Data(tenant.rawValue.utf8), using: SymmetricKey(data: Data(secret.utf8)))
        key = SymmetricKey(data: Data(derived))
    }

    func mint(offerID: String, driverID: String, expiresAt: Date) -> String {
        let claims = Claims(tenant: tenant.rawValue, offerID: offerID, driverID: driverID, exp: Int64(saturating: expiresAt.timeIntervalSince1970, rounding: .down))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = Base64URL.encode((try? encoder.encode(claims)) ?? Data())
        return body + "." + signature(of: body)
    }

    /// The token's claims for a click on (`adID`, `driverID`) at `now`, or the 403 the contract
    /// prescribes, checked in its order.
    func verify(_ token: String?, adID: String, driverID: String, now: Date) throws(APIError) -> Claims {
        guard let token, !token.isEmpty else { throw APIError(.forbidden, "auth_token is required") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let expected = Base64URL.decode(signature(of: String(parts[0]))),
              let given = Base64URL.decode(String(parts[1])),
              ConstantTime.equals(given, expected),
              let json = Base64URL.decode(String(parts[0])),
              let claims = try? JSONDecoder().decode(Claims.self, from: json),
              claims.v == 1, claims.tenant == tenant.rawValue
        else { throw APIError(.forbidden, "invalid auth_token") }
        guard Double(claims.exp) > now.timeIntervalSince1970 else { throw APIError(.forbidden, "auth_token expired") }
        guard claims.offerID == adID, claims.driverID == driverID else {
            throw APIError(.forbidden, "auth_token does not match this ad and driver")
        }
        return claims
    }

    private func signature(of body: String) -> String {
        Base64URL.encode(Data(HMAC<SHA256>.authenticationCode(for: Data(body.utf8), using: key)))
    }
}
