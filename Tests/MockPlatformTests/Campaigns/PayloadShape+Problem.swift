@testable import MockCampaigns
@testable import MockPlatform
@testable import MockPlatformKit

extension PayloadShape {
    /// The 400's message for `value` at `payload`; nil when the shape takes it.
    func problem(with value: JSONValue) -> String? {
        let result = Result { () throws(APIError) in try check(value, at: "payload") }
        guard case .failure(let error) = result else { return nil }
        return error.message
    }
}
