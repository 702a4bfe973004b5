/// A report's query, as the report and its JUnit form share it (`openapi/control.yaml`,
/// getAuditReport).
struct AuditReportQuery: Sendable {
    var guide: [String]?
    var subject: [String]?
    var since: String?
    var severity: String?
    var limit: Int?
    var offset: Int?

    init(guide: [String]?, subject: [String]?, since: String?, severity: String?, limit: Int?, offset: Int?) {
        self.guide = guide
        self.subject = subject
        self.since = since
        self.severity = severity
        self.limit = limit
        self.offset = offset
    }

    /// The query of a request target read as the generated code reads it, when every field is
    /// plain: a known name given once (`guide` and `subject` repeated, within their bounds), a
    /// non-empty value with no escapes, whole numbers for `limit` and `offset`, `must` or
    /// `should`. Nil otherwise, which leaves the request to the generated decoder and its
    /// refusals.
    init?(plainTarget target: String) {
        self.init(guide: nil, subject: nil, since: nil, severity: nil, limit: nil, offset: nil)
        guard let mark = target.firstIndex(of: "?") else { return }
        var seen = Set<Substring>(), guides: [String] = [], subjects: [String] = []
        for pair in target[target.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            let name = pair[..<equals], value = pair[pair.index(after: equals)...]
            guard !value.isEmpty, !value.contains(where: { $0 == "%" || $0 == "+" }) else { return nil }
            let text = String(value)
            switch name {
            case "guide" where guides.count < AuditReportHandlers.maxGuides: guides.append(text)
            case "subject" where subjects.count < AuditReportBuilder.maxSubjects: subjects.append(text)
            case "since" where seen.insert(name).inserted: since = text
            case "severity" where seen.insert(name).inserted && (text == "must" || text == "should"): severity = text
            case "limit" where seen.insert(name).inserted && Int(text) != nil: limit = Int(text)
            case "offset" where seen.insert(name).inserted && Int(text) != nil: offset = Int(text)
            default: return nil
            }
        }
        guide = guides.isEmpty ? nil : guides
        subject = subjects.isEmpty ? nil : subjects
    }
}
