/// A named check of a consistency rule, with its parameters (`docs/audit.md` says what each
/// checks).
package struct AuditCheck: Codable, Sendable, Equatable {
    /// The checks the server implements.
    package enum Name: String, Codable, Sendable, CaseIterable {
        /// A driverInfo request's `state` is the state of its `zipcode`.
        case zipState = "zip-state"
        /// A driverInfo request's `state` was not answered `can_receive_offer: false`.
        case stateOffers = "state-offers"
        /// The request body carries `field` (a dotted path).
        case hasField = "has-field"
        /// A click uses the `auth_token` the ad unit served, and a `pl` that decodes to an object.
        case clickAsServed = "click-as-served"
        /// A webhook attempt was answered 2xx, or 400 for an unknown driver, in time.
        case webhookAnswered = "webhook-answered"
        /// The request's status is none of `statuses`.
        case statusNot = "status-not"
        /// One app's campaign calls use one client UUID.
        case oneClientUUID = "one-client-uuid"
        /// The push parses with the reference apps' readers.
        case pushReadable = "push-readable"
        /// A wallet-pass request names a pass type the tenant signs for.
        case passTypeSigned = "pass-type-signed"

        /// The parameters it needs.
        package var parameters: Set<String> {
            switch self {
            case .hasField: ["field"]
            case .statusNot: ["statuses"]
            default: []
            }
        }
    }

    package var name: Name
    /// `has-field`: the dotted path that must be present.
    package var field: String?
    /// `status-not`: the statuses refused.
    package var statuses: [Int]?
}
