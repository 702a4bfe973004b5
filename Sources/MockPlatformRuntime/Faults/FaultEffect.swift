/// What a matching fault rule does to one request or webhook attempt, in this order: wait
/// `delayMilliseconds`, then break the connection, or answer `status`, or (neither) go on as usual.
package struct FaultEffect: Sendable, Equatable {
    /// How the exchange ends.
    package enum Outcome: Sendable, Equatable {
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
    package var ruleID: String
    package var delayMilliseconds: Int
    package var outcome: Outcome
}
