/// What a matching fault rule does to one request or webhook attempt, in this order: wait
/// `delayMilliseconds`, then break the connection, or answer `status`, or (neither) go on as usual.
public struct FaultEffect: Sendable, Equatable {
    /// How the exchange ends.
    public enum Outcome: Sendable, Equatable {
        /// Only the delay: the request is then handled as usual.
        case proceed
        /// Answer this status; with `body` as given (JSON), or in the API's own error shape.
        case respond(status: Int, body: JSONValue?)
        /// Close the connection with a TCP reset, nothing answered.
        case resetConnection
        /// Close the connection without an answer.
        case emptyResponse
    }

    /// The id of the rule that applied.
    public var ruleID: String
    public var delayMilliseconds: Int
    public var outcome: Outcome
}
