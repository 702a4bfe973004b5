import HTTPTypes
import MockPlatformKit

/// Why a loyalty request is refused (`openapi/loyalty.yaml`, its Problem responses): the
/// problem `type`, `title` and status of each reason.
enum LoyaltyProblem: String, CaseIterable {
    case missingMember = "missing-member"
    case invalidPassID = "invalid-pass-id"
    case noLoyaltyAccount = "no-loyalty-account"
    case notFound = "not-found"
    case inactive
    case alreadyApplied = "already-applied"
    case expired
    case insufficientPoints = "insufficient-points"

    /// The problem `type` URN.
    var type: String { "urn:mock:loyalty:\(rawValue)" }

    var title: String {
        switch self {
        case .missingMember: "Member id missing"
        case .invalidPassID: "Unknown pass type"
        case .noLoyaltyAccount: "No loyalty account"
        case .notFound: "Item not found"
        case .inactive: "Loyalty inactive"
        case .alreadyApplied: "Already applied"
        case .expired: "Expired"
        case .insufficientPoints: "Not enough points"
        }
    }

    /// The error to throw, with `detail`.
    func error(_ detail: String) -> APIError {
        let status: HTTPResponse.Status = switch self {
        case .missingMember: .unauthorized
        case .invalidPassID: .badRequest
        case .noLoyaltyAccount, .notFound: .notFound
        case .inactive, .alreadyApplied, .expired, .insufficientPoints: .conflict
        }
        return APIError(status, detail, code: type)
    }

    /// Titles by problem type, for the error shape.
    static var titles: [String: String] { Dictionary(uniqueKeysWithValues: allCases.map { ($0.type, $0.title) }) }
}
