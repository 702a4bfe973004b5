import ArgumentParser
import Foundation
import MockPlatform

/// `mock-platform audit`: the integration audit of a running mock (`GET /_mock/audit`) for CI.
/// Prints one line per subject and each failure, writes JUnit when asked, and exits 1 when a
/// rule at or above `--fail-on` failed.
struct Audit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check what clients did against the guides; exit 1 when a rule at or above --fail-on failed."
    )

    /// The severities that fail the command.
    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case must, should, never
    }

    @Option(help: "A guide to check (repeatable). Default: every guide.")
    var guide: [String] = []

    @Option(help: "A subject to report, such as driver:d1 (repeatable). Default: every subject the run names.")
    var subject: [String] = []

    @Option(help: "Write the report as JUnit XML to this file.")
    var junit: String?

    @Option(help: "Exit 1 when a rule of this severity or above failed: must, should or never. Default: must.")
    var failOn: FailOn = .must

    @Option(help: "Wait until no verdict is pending, at most this long: a whole number and ms, s, m or h (or seconds). Default: 0.")
    var wait: String = "0"

    @OptionGroup var connection: ServerConnection

    /// How often a pending report is asked again.
    static let interval = Duration.milliseconds(250)

    func validate() throws {
        guard Self.duration(wait) != nil else {
            throw ValidationError("--wait must be a number of seconds or a duration such as 500ms, 30s or 2m, got '\(wait)'")
        }
    }

    /// `30`, `30s`, `500ms`, `2m`.
    static func duration(_ text: String) -> Duration? {
        if let seconds = Int(text), seconds >= 0 { return .seconds(seconds) }
        return Duration(flagText: text)
    }

    func run() async throws {
        let client = try connection.client()
        let query = Self.query(guides: guide, subjects: subject)
        let clock = ContinuousClock()
        let deadline = clock.now + (Self.duration(wait) ?? .zero)
        var report = try await client.send(.GET, "/_mock/audit" + query)
        while Self.count(report, "pending") > 0, clock.now + Self.interval < deadline {
            try await Task.sleep(for: Self.interval)
            report = try await client.send(.GET, "/_mock/audit" + query)
        }
        if let junit {
            let xml = try await client.text("/_mock/audit/junit" + query, expecting: "xml")
            do {
                try Data(xml.utf8).write(to: URL(fileURLWithPath: junit))
            } catch {
                throw CLIError("cannot write --junit \(junit): \(error.localizedDescription)")
            }
        }
        print(AuditTable.text(of: report), terminator: "")
        if AuditTable.failed(report, failOn: failOn) { throw ExitCode.failure }
    }

    /// The report's query string for these guides and subjects, from `?`; empty for none.
    static func query(guides: [String], subjects: [String]) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        let items = guides.map { "guide=\($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0)" }
            + subjects.map { "subject=\($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0)" }
        return items.isEmpty ? "" : "?" + items.joined(separator: "&")
    }

    static func count(_ report: [String: Any], _ verdict: String) -> Int {
        (report["summary"] as? [String: Any])?[verdict] as? Int ?? 0
    }
}
