import Foundation

/// The `audit` command's printout of a report (`GET /_mock/audit`): the summary, one line per
/// subject, and each failure with its rule and message.
enum AuditTable {
    static func text(of report: [String: Any]) -> String {
        let summary = report["summary"] as? [String: Any] ?? [:]
        func number(_ key: String) -> Int { summary[key] as? Int ?? 0 }
        let coverage = Int(((summary["coverage"] as? Double) ?? 0) * 100)
        let guides = (report["guides"] as? [[String: Any]] ?? []).compactMap { guide in
            (guide["name"] as? String).map { "\($0) v\(guide["version"] as? String ?? "?")" }
        }
        var text = "audit of \(report["tenant"] as? String ?? "default") (\(guides.joined(separator: ", "))): "
            + "\(number("subjects")) subjects, \(number("pass")) pass, \(number("fail")) fail, \(number("pending")) pending, "
            + "\(number("not_exercised")) not exercised, \(number("inconclusive")) inconclusive, coverage \(coverage)%\n"
        for subject in report["subjects"] as? [[String: Any]] ?? [] {
            let results = subject["results"] as? [[String: Any]] ?? []
            func count(_ verdict: String) -> Int { results.filter { $0["verdict"] as? String == verdict }.count }
            text += "\(subject["subject"] as? String ?? "?"): \(count("pass")) pass, \(count("fail")) fail, \(count("pending")) pending\n"
            for result in results where result["verdict"] as? String == "fail" {
                let rule = "\(result["guide"] as? String ?? "?")/\(result["rule"] as? String ?? "?")"
                text += "  FAIL [\(result["severity"] as? String ?? "?")] \(rule): \(result["message"] as? String ?? "")\n"
            }
        }
        if report["next_offset"] != nil { text += "more subjects than one report holds (1,000): name them with --subject\n" }
        return text
    }

    /// Whether a rule at or above `failOn` failed.
    static func failed(_ report: [String: Any], failOn: Audit.FailOn) -> Bool {
        let failing: Set<String> = switch failOn {
        case .must: ["must"]
        case .should: ["must", "should"]
        case .never: []
        }
        return (report["subjects"] as? [[String: Any]] ?? []).contains { subject in
            (subject["results"] as? [[String: Any]] ?? []).contains { result in
                result["verdict"] as? String == "fail" && failing.contains(result["severity"] as? String ?? "")
            }
        }
    }
}
