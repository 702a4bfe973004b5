import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// `mock-platform listen` and `mock-platform trigger` against a running server.
final class WebhookCLILiveTests: XCTestCase {
    func testListenPrintsAndForwardsWhatTriggerFires() async throws {
        let server = try LiveServer(arguments: ["--port", "0", "--webhook-retry-profile", "fast"])
        let base = server.baseURL.absoluteString
        let sink = try CLIProcess(["listen", "--server", base, "--events", "offer_click"])
        let ready = try await sink.line(containing: "Ready:")
        let sinkURL = try XCTUnwrap(ready.split(separator: " ").first { $0.hasPrefix("http://") })
        let relay = try CLIProcess(["listen", "--server", base, "--events", "engagement", "--forward-to", String(sinkURL)])
        _ = try await relay.line(containing: "Ready:")

        let trigger = try CLIProcess(["trigger", "engagement", "--driver", "d1", "--set", "metadata.message=Hello", "--server", base])
        let triggered = try await trigger.wait()
        XCTAssertEqual(triggered, 0, trigger.text)
        let recorded = try await trigger.line(containing: "recorded")
        XCTAssertEqual(trigger.errorText, "", "metadata.message is a path of the engagement payload: no warning")
        let eventID = try XCTUnwrap(recorded.split(separator: " ").dropFirst().first.map(String.init))

        let relayed = try await relay.line(containing: eventID)
        XCTAssertTrue(relayed.contains("activity_based/driving_engagement"), relayed)
        XCTAssertTrue(relayed.hasSuffix(" 200"), relayed)
        let received = try await sink.line(containing: eventID)
        XCTAssertTrue(received.hasSuffix("→ 200"), received)
        let message = try await server.request("GET", "/_mock/webhooks/messages/\(eventID)").json()
        XCTAssertEqual(message["status"] as? String, "delivered")
        let events = try await server.request("GET", "/_mock/events?type=engagement").json()["events"] as? [[String: Any]]
        XCTAssertEqual(((events?.last?["payload"] as? [String: Any])?["metadata"] as? [String: Any])?["message"] as? String, "Hello")

        _ = try await relay.stop()
        _ = try await sink.stop()
        let endpoints = try await server.request("GET", "/_mock/webhooks/endpoints").json()["endpoints"] as? [Any]
        XCTAssertEqual(endpoints?.count, 0, "listen removes its endpoint on exit")

        let refused = try CLIProcess(["trigger", "nope", "--driver", "d1", "--server", base])
        let refusal = try await refused.wait()
        XCTAssertNotEqual(refusal, 0)
        XCTAssertEqual(try server.stop(), 0)
    }

    func testTriggerWarnsAboutASetPathThePayloadDoesNotHaveAndStillSends() async throws {
        let server = try LiveServer()
        let base = server.baseURL.absoluteString
        let trigger = try CLIProcess(["trigger", "offer_click", "--driver", "d1", "--set", "metadata.ofer_id=x", "--set", "metadata.offer_id=ad_1", "--server", base])
        let status = try await trigger.wait()
        XCTAssertEqual(status, 0, trigger.errorText)
        _ = try await trigger.line(containing: "recorded")
        try await Task.sleep(for: .milliseconds(100))
        XCTAssertEqual(
            trigger.errorText,
            "mock-platform trigger: warning: the offer_click payload has no metadata.ofer_id (did you mean metadata.offer_id?); --set metadata.ofer_id added it\n"
        )
        let events = try await server.request("GET", "/_mock/events?type=offer_click").json()["events"] as? [[String: Any]]
        let metadata = (events?.last?["payload"] as? [String: Any])?["metadata"] as? [String: Any]
        XCTAssertEqual(metadata?["ofer_id"] as? String, "x", "sent with the path added")
        XCTAssertEqual(metadata?["offer_id"] as? String, "ad_1")
        XCTAssertEqual(try server.stop(), 0)
    }

    /// A port nothing listens on: one a server just left.
    private func closedPort() throws -> Int {
        let server = try LiveServer()
        let port = try XCTUnwrap(server.baseURL.port)
        XCTAssertEqual(try server.stop(), 0)
        return port
    }

    func testTriggerAndListenWithoutAServerFailWithinThreeSecondsInOneLine() async throws {
        let closed = "http://127.0.0.1:\(try closedPort())"
        for arguments in [["trigger", "engagement", "--driver", "d1", "--server", closed], ["listen", "--server", closed]] {
            let started = Date()
            let process = try CLIProcess(arguments)
            let status = try await process.wait(timeout: 10)
            XCTAssertLessThan(Date().timeIntervalSince(started), 3, "\(arguments[0]) gives up at once")
            XCTAssertNotEqual(status, 0)
            try await Task.sleep(for: .milliseconds(100))
            let lines = process.errorText.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, process.errorText)
            XCTAssertTrue(process.errorText.contains("no mock answers at \(closed) (connection refused)"), process.errorText)
            XCTAssertTrue(process.errorText.contains("start one with 'mock-platform serve'"), process.errorText)
        }
        let cases: [([String], String)] = [
            (["trigger", "engagement", "--driver", "d1", "--server", "127.0.0.1:8080"],
             "--server must be an http(s) URL such as http://127.0.0.1:8080, got '127.0.0.1:8080' — see 'mock-platform help trigger'"),
            (["trigger", "engagement", "--driver", "d1", "--tenant", "BAD"],
             "--tenant must be default or 1 to 40 of a-z, 0-9 and -, got 'BAD' — see 'mock-platform help trigger'"),
            (["listen", "--forward-to", "localhost:9000"],
             "--forward-to must be an http(s) URL such as http://localhost:9000/hook, got 'localhost:9000' — see 'mock-platform help listen'"),
        ]
        for (arguments, expected) in cases {
            let process = try CLIProcess(arguments)
            let status = try await process.wait(timeout: 10)
            XCTAssertNotEqual(status, 0)
            try await Task.sleep(for: .milliseconds(100))
            XCTAssertEqual(process.errorText, "mock-platform: \(expected)\n")
        }
    }

    func testListenReportsARefusedForwardAtOnceAndPrintsPayloads() async throws {
        let closed = "http://127.0.0.1:\(try closedPort())/hook"
        let server = try LiveServer(arguments: ["--port", "0", "--webhook-retry-profile", "fast"])
        let base = server.baseURL.absoluteString
        let relay = try CLIProcess(["listen", "--server", base, "--forward-to", closed, "--print-json", "--public-url", "http://127.0.0.1:1/ignored"])
        _ = try await relay.line(containing: "Ready:")
        let endpoints = try await server.request("GET", "/_mock/webhooks/endpoints").json()["endpoints"] as? [[String: Any]]
        XCTAssertEqual(endpoints?.first?["url"] as? String, "http://127.0.0.1:1/ignored", "--public-url is what the mock is given")
        _ = try await server.request("DELETE", "/_mock/webhooks/endpoints/\(endpoints?.first?["id"] as? String ?? "")")
        _ = try await relay.stop()

        let listening = try CLIProcess(["listen", "--server", base, "--forward-to", closed, "--print-json"])
        _ = try await listening.line(containing: "Ready:")
        let started = Date()
        let trigger = try CLIProcess(["trigger", "engagement", "--driver", "d1", "--server", base])
        let triggered = try await trigger.wait()
        XCTAssertEqual(triggered, 0, trigger.text)
        let refused = try await listening.line(containing: "failed:", timeout: 10)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "a refused forward is reported at once")
        XCTAssertTrue(refused.contains("\(closed) failed: connection refused (answered 502)"), refused)
        let payload = try await listening.line(containing: #""driver_id":"d1""#)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any], "--print-json prints the payload")
        _ = try await listening.stop()
        XCTAssertEqual(try server.stop(), 0)
    }

    /// `listen` notices within its poll interval that its endpoint is gone — deleted, dropped by
    /// a reset, or lost with a restarted server — registers again and says so in one line.
    func testListenRegistersAgainWhenItsEndpointIsGone() async throws {
        var server = try LiveServer()
        let base = server.baseURL.absoluteString
        let port = try XCTUnwrap(server.baseURL.port)
        let listening = try CLIProcess(["listen", "--server", base])
        let ready = try await listening.line(containing: "Ready:")
        let first = try XCTUnwrap(ready.split(separator: " ").dropFirst(2).first.map(String.init))

        func endpointIDs() async throws -> [String] {
            let listed = try await server.request("GET", "/_mock/webhooks/endpoints").json()["endpoints"] as? [[String: Any]]
            return (listed ?? []).compactMap { $0["id"] as? String }
        }
        func reRegistration(after previous: String) async throws -> String {
            let line = try await listening.line(containing: "Endpoint \(previous) is gone", timeout: 15)
            let id = try XCTUnwrap(line.components(separatedBy: "registered again as ").last?.split(separator: " ").first.map(String.init), line)
            let ids = try await endpointIDs()
            XCTAssertEqual(ids, [id], "one endpoint, the new one")
            return id
        }

        _ = try await server.request("DELETE", "/_mock/webhooks/endpoints/\(first)")
        let second = try await reRegistration(after: first)
        _ = try await server.request("POST", "/_mock/reset")
        let third = try await reRegistration(after: second)
        XCTAssertEqual(try server.stop(), 0)
        server = try LiveServer(arguments: ["--port", String(port)])
        let fourth = try await reRegistration(after: third)
        XCTAssertEqual(Set([first, second, third, fourth]).count, 4)

        let trigger = try CLIProcess(["trigger", "engagement", "--driver", "d1", "--server", base])
        let triggered = try await trigger.wait()
        XCTAssertEqual(triggered, 0, trigger.errorText)
        let recorded = try await trigger.line(containing: "recorded")
        let eventID = try XCTUnwrap(recorded.split(separator: " ").dropFirst().first.map(String.init))
        let received = try await listening.line(containing: eventID)
        XCTAssertTrue(received.hasSuffix("→ 200"), received)
        _ = try await listening.stop()
        XCTAssertEqual(try server.stop(), 0)
    }

    /// `trigger` with a mistyped kind lists the kinds; against a server that is not the mock it
    /// fails in one line instead of printing "event ? recorded".
    func testTriggerErrorsSayWhatToDo() async throws {
        let server = try LiveServer()
        let mistyped = try CLIProcess(["trigger", "qualify", "--driver", "d1", "--server", server.baseURL.absoluteString])
        let refused = try await mistyped.wait()
        XCTAssertEqual(refused, 1)
        XCTAssertTrue(mistyped.errorText.contains("event must be an event kind: qualification, non_telematics_qualification,"), mistyped.errorText)
        XCTAssertEqual(try server.stop(), 0)

        let port = try XCTUnwrap(server.baseURL.port)
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        other.arguments = ["python3", "-m", "http.server", String(port), "--bind", "127.0.0.1"]
        other.standardOutput = Pipe()
        other.standardError = Pipe()
        try other.run()
        defer { other.terminate() }
        // Python's server starts in its own time (over a second on a busy CI machine): wait until it answers.
        let otherURL = try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/"))
        var listening = false
        for _ in 0..<200 where !listening {
            listening = (try? await URLSession.shared.data(from: otherURL)) != nil
            if !listening { try await Task.sleep(for: .milliseconds(50)) }
        }
        XCTAssertTrue(listening, "python's http.server answers on \(port)")
        let notTheMock = try CLIProcess(["trigger", "qualification", "--driver", "d1", "--server", "http://127.0.0.1:\(port)"])
        let failed = try await notTheMock.wait()
        XCTAssertEqual(failed, 1, notTheMock.text)
        XCTAssertEqual(notTheMock.text, "", "nothing claims an event was recorded")
        let lines = notTheMock.errorText.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, notTheMock.errorText)
        XCTAssertTrue(notTheMock.errorText.contains("is it a mock-platform server?"), notTheMock.errorText)
    }
}
