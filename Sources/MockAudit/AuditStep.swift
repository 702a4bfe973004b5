import MockPlatformKit

/// What traces a step matches: requests (by operationId and/or served document, status, and
/// request or answer fields), events, webhook attempts, pushes, PassKit calls, or any of up to
/// `maxChoices` such steps. Exactly one kind per step (`GuideReader` checks).
package struct AuditStep: Codable, Sendable, Equatable {
    /// The most steps an `any_of` lists.
    package static let maxChoices = 8
    /// The most fields a `where` names.
    package static let maxWhere = 16

    /// A PassKit trace.
    package enum PassAction: String, Codable, Sendable, CaseIterable { case registered, fetched, updated }
    /// How a webhook attempt ended.
    package enum Outcome: String, Codable, Sendable, CaseIterable { case success, failure }

    /// An operationId of the served documents.
    package var request: String?
    /// A served document's name (`iql`, `publisher`, …): any of its operations, or `request`'s
    /// operation in that document only.
    package var api: String?
    /// `2xx`, `4xx`, `5xx`, `any` or a code; nil: any.
    package var status: String?
    /// Request or answer fields, by wire name, and the values they must have.
    package var `where`: [String: JSONValue]?
    /// An event kind.
    package var event: String?
    /// A webhook attempt for an event kind, or `any`.
    package var delivery: String?
    package var outcome: Outcome?
    /// A push kind, or `any`.
    package var push: String?
    package var pass: PassAction?
    /// Steps any one of which matches.
    package var anyOf: [AuditStep]?

    enum CodingKeys: String, CodingKey {
        case request, api, status, `where`, event, delivery, outcome, push, pass
        case anyOf = "any_of"
    }
}
