import HTTPTypes
import MockPlatformKit

/// The loyalty API's member identity (`openapi/loyalty.yaml` parameter Poq-User-Id): 1 to
/// `maxLength` visible ASCII characters, else 401 (a longer one is refused like a missing one,
/// and counted as the `member_id` limit).
struct MemberGuard: RequestGuard {
    static let header = HTTPField.Name("Poq-User-Id")!
    /// The longest member id a request may name.
    static let maxLength = 128

    func check(_ request: HTTPRequest, path: String, settings: TenantSettings) throws(APIError) {
        guard let member = request.headerFields.value(of: Self.header), Self.isMemberID(member) else {
            throw LoyaltyProblem.missingMember.error("the Poq-User-Id header is required")
        }
        guard member.utf8.count <= Self.maxLength else {
            var error = LoyaltyProblem.missingMember.error("the Poq-User-Id header must be 1 to \(Self.maxLength) characters")
            error.limit = .memberID
            throw error
        }
    }

    static func isMemberID(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
