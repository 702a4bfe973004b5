import HTTPTypes
import MockPlatformKit

/// Why a PassKit web-service request is refused (`openapi/wallet.yaml`): problem `type`
/// `urn:mock:wallet:<reason>`.
enum WalletProblem: String, CaseIterable {
    case unauthorized
    case notFound = "not-found"
    case badRequest = "bad-request"

    var type: String { "urn:mock:wallet:\(rawValue)" }

    var title: String {
        switch self {
        case .unauthorized: "Invalid pass authentication"
        case .notFound: "Unknown pass"
        case .badRequest: "Invalid request"
        }
    }

    func error(_ detail: String) -> APIError {
        let status: HTTPResponse.Status = switch self {
        case .unauthorized: .unauthorized
        case .notFound: .notFound
        case .badRequest: .badRequest
        }
        return APIError(status, detail, code: type)
    }

    /// Titles by problem type, for the error shape.
    static var titles: [String: String] { Dictionary(uniqueKeysWithValues: allCases.map { ($0.type, $0.title) }) }
}
