import HTTPTypes

/// The loyalty API's member identity (`openapi/loyalty.yaml` parameter Poq-User-Id): a
/// non-empty header of visible ASCII characters, else 401.
struct MemberGuard: RequestGuard {
    static let header = HTTPField.Name("Poq-User-Id")!

    func check(_ request: HTTPRequest, path: String, settings: TenantSettings) throws(APIError) {
        guard let member = request.headerFields[Self.header], Self.isMemberID(member) else {
            throw LoyaltyProblem.missingMember.error("the Poq-User-Id header is required")
        }
    }

    static func isMemberID(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
