import MockPlatformKit

/// One checklist item of a guide: what must hold of one subject's traces, by one of five
/// templates, citing the guide section it comes from.
package struct AuditRule: Codable, Sendable, Equatable {
    /// Whether a failure fails the integration (`must`) or only warns (`should`).
    package enum Severity: String, Codable, Sendable, CaseIterable { case must, should }
    /// Which program the rule is about: the app or the publisher's backend.
    package enum Client: String, Codable, Sendable, CaseIterable { case app, backend }
    /// Whom the rule is checked for, one verdict each.
    package enum SubjectKind: String, Codable, Sendable, CaseIterable { case driver, member, client, backend }
    /// Whose time a deadline or a spacing counts: the client's real time or the tenant clock.
    package enum Clock: String, Codable, Sendable, CaseIterable { case wall, tenant }

    package var id: String
    package var guideSection: String
    package var severity: Severity
    package var appliesTo: Client
    package var subject: SubjectKind
    package var template: AuditTemplate
    package var step: AuditStep
    package var before: AuditStep?
    package var trigger: AuditStep?
    /// A duration in the flags' syntax (`60s`).
    package var within: String?
    /// A duration in the flags' syntax (`5m`).
    package var atLeast: String?
    package var clock: Clock?
    /// Earlier trace's field → later trace's field that must be equal for the two to pair.
    package var join: [String: String]?
    package var check: AuditCheck?
    package var doc: String

    enum CodingKeys: String, CodingKey {
        case id, severity, subject, template, step, before, trigger, within, clock, join, check, doc
        case guideSection = "guide_section"
        case appliesTo = "applies_to"
        case atLeast = "at_least"
    }
}
