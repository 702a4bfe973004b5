import ArgumentParser
import Foundation
import NIOHTTP1

/// `mock-platform trigger <event> --driver <id> [--set path=value …]`: fires an event on a
/// running mock (`POST /_mock/webhooks/trigger`) and prints the event and message ids.
struct Trigger: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fire an event on a running mock; it is recorded and delivered to the tenant's webhook endpoints."
    )

    @Argument(help: "The event kind: qualification, non_telematics_qualification, disqualification_status, offer_retraction, offer_click, engagement or silent_push_notification.")
    var event: String

    @Option(help: "The driver the event is about.")
    var driver: String

    @Option(name: .customLong("set"), help: "A payload override, path=value (dotted path; the value is read as JSON, else as a string). Repeatable.")
    var overrides: [String] = []

    @OptionGroup var connection: ServerConnection

    func run() async throws {
        var values: [String: Any] = [:]
        for pair in overrides {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError("--set takes path=value, got '\(pair)'")
            }
            let text = String(pair[pair.index(after: equals)...])
            values[String(pair[..<equals])] = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) ?? text
        }
        let client = try connection.client()
        do {
            let answer = try await client.send(.POST, "/_mock/webhooks/trigger", json: ["event": event, "driver_id": driver, "overrides": values])
            guard let eventID = answer["event_id"] as? String else {
                throw CLIError("\(client.server) answered without an event id: is it a mock-platform server? Point --server (MOCK_PLATFORM_SERVER) at one")
            }
            let messages = (answer["message_ids"] as? [String]) ?? []
            for unmatched in (answer["unmatched_overrides"] as? [[String: Any]]) ?? [] {
                FileHandle.standardError.write(Data((Self.warning(unmatched, event: event) + "\n").utf8))
            }
            print("event \(eventID) recorded; messages: \(messages.isEmpty ? "none (no endpoint takes it)" : messages.joined(separator: ", "))")
        } catch let error as CLIError {
            FileHandle.standardError.write(Data("mock-platform trigger: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// One line for an override the server reports the payload did not have (`unmatched_overrides`
    /// of `openapi/control.yaml` TriggerResult): it was still sent, with the path added.
    static func warning(_ unmatched: [String: Any], event: String) -> String {
        let path = unmatched["path"] as? String ?? "?"
        let closest = (unmatched["closest"] as? String).map { " (did you mean \($0)?)" } ?? ""
        return "mock-platform trigger: warning: the \(event) payload has no \(path)\(closest); --set \(path) added it"
    }
}
