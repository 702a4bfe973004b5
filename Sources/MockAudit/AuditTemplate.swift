/// The shapes a rule takes, over one subject's traces in recorded order, and the parameters
/// each needs besides `step`.
package enum AuditTemplate: String, Codable, Sendable, CaseIterable {
    /// `step` happens at least once.
    case existence
    /// Every `step` has some `before` earlier.
    case precedence
    /// After each `trigger`, a `step` follows within `within`.
    case response
    /// Two `step`s are never closer than `at_least`.
    case spacing
    /// Every `step` passes `check`.
    case consistency

    /// A parameter of a rule, by its wire name.
    package enum Parameter: String, CaseIterable, Sendable {
        case before, trigger, within, atLeast = "at_least", clock, join, check
    }

    /// The parameters the template needs.
    package var required: Set<Parameter> {
        switch self {
        case .existence: []
        case .precedence: [.before]
        case .response: [.trigger, .within]
        case .spacing: [.atLeast]
        case .consistency: [.check]
        }
    }

    /// The parameters it takes: what it needs, and the optional ones (`clock` where a duration
    /// counts, `join` where two traces pair).
    package var allowed: Set<Parameter> {
        switch self {
        case .existence, .consistency: required
        case .precedence: required.union([.join])
        case .response: required.union([.clock, .join])
        case .spacing: required.union([.clock])
        }
    }
}
