import MockPlatformKit

/// A report as JUnit XML: one `testsuite` per subject, one `testcase` per rule (`classname`
/// the guide, `name` the rule id), `failure` for a failed rule, `skipped` for a rule that is
/// not_exercised, pending or inconclusive, and `properties` with the tenant, the guides'
/// versions and the run's window.
package enum JUnitReport {
    package static func xml(of report: AuditReport) -> String {
        let counts = report.counts
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="mock-platform audit" tests="\#(report.verdicts)" failures="\#(counts[.fail] ?? 0)" errors="0" skipped="\#(report.verdicts - (counts[.pass] ?? 0) - (counts[.fail] ?? 0))">"# + "\n"
        var properties = [("tenant", report.tenant), ("run.since", RFC3339.string(from: report.since)), ("run.until", RFC3339.string(from: report.until))]
        properties += report.guides.map { ("guide.\($0.name)", $0.version) }
        for subject in report.subjects {
            let failures = subject.results.filter { $0.verdict.outcome == .fail }.count
            let skipped = subject.results.filter { $0.verdict.outcome != .fail && $0.verdict.outcome != .pass }.count
            xml += #"  <testsuite name="\#(escaped(subject.subject))" tests="\#(subject.results.count)" failures="\#(failures)" errors="0" skipped="\#(skipped)">"# + "\n"
            xml += "    <properties>\n"
            for (name, value) in properties { xml += #"      <property name="\#(escaped(name))" value="\#(escaped(value))"/>"# + "\n" }
            xml += "    </properties>\n"
            for result in subject.results { xml += testcase(result) }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    private static func testcase(_ result: AuditReport.Result) -> String {
        let open = #"    <testcase classname="\#(escaped(result.guide))" name="\#(escaped(result.rule))""#
        let verdict = result.verdict
        let evidence = verdict.evidence.isEmpty ? "" : " Evidence: " + verdict.evidence.joined(separator: ", ") + "."
        let text = "[\(result.severity.rawValue)] \(verdict.message ?? result.doc)\(evidence)"
        switch verdict.outcome {
        case .pass:
            return open + "/>\n"
        case .fail:
            return open + ">\n" + #"      <failure message="\#(escaped(verdict.message ?? ""))" type="\#(result.severity.rawValue)">\#(escaped(text))</failure>"#
                + "\n    </testcase>\n"
        case .pending, .notExercised, .inconclusive:
            return open + ">\n" + #"      <skipped message="\#(verdict.outcome.rawValue): \#(escaped(verdict.message ?? result.doc))"/>"# + "\n    </testcase>\n"
        }
    }

    /// Text safe in an attribute or element: the five XML entities escaped, and characters
    /// XML 1.0 cannot carry replaced.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out += "&#\(scalar.value);"
            default:
                let allowed = scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }
}
