/// A guide: a named, versioned list of rules the audit checks a client's recorded flow against
/// (`openapi/control.yaml` schema AuditGuide, `docs/audit.md`). Built-in guides ship as data
/// files (`BuiltInGuides`); a tenant stores its own (`AuditGuideStore`). Either way a guide is
/// read by `GuideReader`, so one that is stored has passed every check.
package struct AuditGuide: Codable, Sendable, Equatable {
    /// The most rules one guide holds.
    package static let maxRules = 200

    package var version: String
    package var title: String
    package var rules: [AuditRule]
}
