import Crypto
import Foundation
import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
@testable import MockWebhooks
import XCTest

/// Webhook endpoints and deliveries over real HTTP to a loopback receiver
/// (`openapi/control.yaml`, webhooks).
final class WebhookDeliveryTests: XCTestCase {
    private static let secret = "whsec_" + Data(repeating: 7, count: 32).base64EncodedString()

    /// The shared fixtures with another retry profile and attempt timeout.
    private static func fixtures(_ profile: RetryProfile, timeoutMilliseconds: Int = 10_000) -> Fixtures {
        var fixtures = TestFixtures.shared
        fixtures.settings.webhooks.retryProfile = profile
        fixtures.settings.webhooks.timeoutMilliseconds = timeoutMilliseconds
        return fixtures
    }

    private static func endpoint(_ platform: TestPlatform, port: Int, body: [String: Any] = [:]) async throws -> [String: Any] {
        let reply = try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:\(port)/hook"].merging(body) { _, new in new })
        XCTAssertEqual(reply.status, .created, reply.text)
        return try reply.json()
    }

    private static func trigger(_ platform: TestPlatform, _ event: String = "engagement", overrides: [String: Any] = [:]) async throws -> [String: Any] {
        let reply = try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": event, "driver_id": "d1", "overrides": overrides])
        XCTAssertEqual(reply.status, .accepted, reply.text)
        return try reply.json()
    }

    private static func message(_ platform: TestPlatform, _ id: String) async throws -> [String: Any] {
        try await platform.send(.get, "/_mock/webhooks/messages/\(id)").json()
    }

    private static func attempts(_ platform: TestPlatform, _ id: String) async throws -> [[String: Any]] {
        try await message(platform, id)["attempts"] as? [[String: Any]] ?? []
    }

    /// Checks a delivery's signature as a Standard Webhooks receiver does.
    private static func verify(_ delivery: WebhookReceiver.Delivery, secret: String) -> Bool {
        guard let id = delivery.header("webhook-id"), let timestamp = delivery.header("webhook-timestamp"),
              let signatures = delivery.header("webhook-signature"),
              let key = Data(base64Encoded: String(secret.dropFirst("whsec_".count)))
        else { return false }
        let mac = HMAC<SHA256>.authenticationCode(for: Data("\(id).\(timestamp).".utf8) + delivery.body, using: SymmetricKey(data: key))
        return signatures.split(separator: " ").contains { $0 == "v1," + Data(mac).base64EncodedString() }
    }

    func testADeliveryIsSignedCarriesTheKeyAndTheExactBody() async throws {
        let receiver = WebhookReceiver()
        let port = try await receiver.start()
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
            let endpoint = try await Self.endpoint(platform, port: port, body: ["secret": Self.secret])
            XCTAssertEqual(endpoint["secret"] as? String, Self.secret)
            let fired = try await Self.trigger(platform)
            let eventID = try XCTUnwrap(fired["event_id"] as? String)
            XCTAssertEqual(fired["message_ids"] as? [String], [eventID], "the first endpoint's message takes the event's id")
            let arrived = try await WebhookReceiver.eventually { receiver.deliveries.count == 1 }
            XCTAssertTrue(arrived)
            let delivery = try XCTUnwrap(receiver.deliveries.first)
            XCTAssertEqual(delivery.header("webhook-id"), eventID)
            XCTAssertEqual(delivery.header("Authorization"), "APIKEY mock-api-key")
            XCTAssertEqual(delivery.header("Content-Type"), "application/json")
            XCTAssertTrue(Self.verify(delivery, secret: Self.secret))
            let events = try await platform.send(.get, "/_mock/events").json()["events"] as? [[String: Any]] ?? []
            let payload = try XCTUnwrap(events.first { $0["id"] as? String == eventID }?["payload"])
            XCTAssertEqual(canonicalJSON(try JSONSerialization.jsonObject(with: delivery.body)), canonicalJSON(payload))
            let delivered = try await WebhookReceiver.eventually { try await Self.message(platform, eventID)["status"] as? String == "delivered" }
            XCTAssertTrue(delivered)
        }
        await receiver.stop()
    }

    /// 500, then a timeout, then a refused connection: the fourth attempt delivers, with a
    /// fresh, valid signature; each retry waits for the tenant clock.
    func testFailedAttemptsRetryOnTheTenantClockUntilDelivered() async throws {
        let receiver = WebhookReceiver()
        let port = try await receiver.start()
        receiver.script([.status(500), .slow(.seconds(1))])
        try await TestPlatform.run(fixtures: Self.fixtures(.fast, timeoutMilliseconds: 300)) { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
            _ = try await Self.endpoint(platform, port: port, body: ["secret": Self.secret])
            let fired = try await Self.trigger(platform)
            let id = try XCTUnwrap(fired["event_id"] as? String)
            var ok = try await WebhookReceiver.eventually { try await Self.attempts(platform, id).count == 1 }
            XCTAssertTrue(ok, "the first attempt is at once")
            try await Task.sleep(for: .milliseconds(300))
            let held = try await Self.attempts(platform, id).count
            XCTAssertEqual(held, 1, "a frozen clock holds the retry")

            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 0.1])
            ok = try await WebhookReceiver.eventually { try await Self.attempts(platform, id).count == 2 }
            XCTAssertTrue(ok)
            await receiver.stop()
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 0.2])
            ok = try await WebhookReceiver.eventually { try await Self.attempts(platform, id).count == 3 }
            XCTAssertTrue(ok)
            _ = try await receiver.start(port: port)
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 0.4])
            ok = try await WebhookReceiver.eventually { try await Self.message(platform, id)["status"] as? String == "delivered" }
            XCTAssertTrue(ok)

            let attempts = try await Self.attempts(platform, id)
            XCTAssertEqual(attempts.map { $0["status_code"] as? Int }, [500, nil, nil, 200])
            XCTAssertEqual(attempts[1]["error"] as? String, "timeout")
            XCTAssertNotNil(attempts[2]["error"] as? String)
            XCTAssertEqual(attempts[0]["response_excerpt"] as? String, "answer 500")
            let deliveries = receiver.deliveries
            let last = try XCTUnwrap(deliveries.last)
            XCTAssertEqual(deliveries.count, 3, "500, the slow one, and the fourth attempt reached the receiver")
            XCTAssertTrue(Self.verify(last, secret: Self.secret))
            XCTAssertEqual(Set(deliveries.compactMap { $0.header("webhook-id") }), [id], "one webhook-id across retries")
            let first = Int(deliveries[0].header("webhook-timestamp") ?? "") ?? 0
            let final = Int(last.header("webhook-timestamp") ?? "") ?? 0
            XCTAssertGreaterThanOrEqual(final, first, "each attempt is signed anew")
        }
        await receiver.stop()
    }

    /// `PATCH /_mock/config {"webhook_retry_profile": "fast"}` shortens the next retry from
    /// about 5 s to 100 ms; a reset restores the standard profile.
    func testTheFastProfileFromTheConfigAPIShortensRetries() async throws {
        let receiver = WebhookReceiver()
        let port = try await receiver.start()
        receiver.script([.status(500), .status(500), .status(500)])
        try await TestPlatform.run { platform in
            func nextRetry(_ id: String) async throws -> TimeInterval? {
                let timers = try await platform.send(.get, "/_mock/timers").json()["timers"] as? [[String: Any]] ?? []
                let due = timers.first { $0["key"] as? String == "webhooks:\(id)" }?["due"] as? String
                return due.flatMap(RFC3339.date(from:)).map { $0.timeIntervalSince(RFC3339.date(from: "2024-06-10T12:00:00Z") ?? .distantPast) }
            }
            func failOnce() async throws -> String {
                try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
                _ = try await Self.endpoint(platform, port: port)
                let fired = try await Self.trigger(platform)
                let id = try XCTUnwrap(fired["event_id"] as? String)
                let failed = try await WebhookReceiver.eventually { try await Self.attempts(platform, id).count == 1 }
                XCTAssertTrue(failed)
                return id
            }
            let standardID = try await failOnce()
            let standardDelay = try await nextRetry(standardID)
            let standard = try XCTUnwrap(standardDelay)
            XCTAssertEqual(standard, 5, accuracy: 0.5 + 0.001, "standard: 5 s ± 10 %")

            try await platform.send(.post, "/_mock/reset")
            let patched = try await platform.send(.patch, "/_mock/config", json: ["webhook_retry_profile": "fast"])
            XCTAssertEqual(patched.status, .ok, patched.text)
            let fastID = try await failOnce()
            let fastDelay = try await nextRetry(fastID)
            let fast = try XCTUnwrap(fastDelay)
            XCTAssertEqual(fast, 0.1, accuracy: 0.001, "fast: 100 ms")

            try await platform.send(.post, "/_mock/reset")
            let config = try await platform.send(.get, "/_mock/config").json()
            XCTAssertEqual(config["webhook_retry_profile"] as? String, "standard", "reset undoes the change")
        }
        await receiver.stop()
    }

    /// A refused connection fails the attempt at once, not after the attempt timeout.
    func testARefusedConnectionFailsAtOnce() async throws {
        let receiver = WebhookReceiver()
        let port = try await receiver.start()
        await receiver.stop()
        try await TestPlatform.run(fixtures: Self.fixtures(.custom([0]))) { platform in
            _ = try await Self.endpoint(platform, port: port)
            let fired = try await Self.trigger(platform)
            let id = try XCTUnwrap(fired["event_id"] as? String)
            let failed = try await WebhookReceiver.eventually { try await Self.message(platform, id)["status"] as? String == "failed" }
            XCTAssertTrue(failed, "the attempt failed well within the 10 s attempt timeout")
            let attempts = try await Self.attempts(platform, id)
            let attempt = try XCTUnwrap(attempts.first)
            XCTAssertEqual(attempt["error"] as? String, "connection refused")
            XCTAssertLessThan(attempt["latency_ms"] as? Int ?? .max, 5_000)
        }
    }

    /// `Retry-After` (seconds or an HTTP-date) raises the next delay above the profile's.
    func testRetryAfterPostponesTheNextAttempt() async throws {
        XCTAssertEqual(WebhookTransport.retryAfter("120"), 120)
        XCTAssertNil(WebhookTransport.retryAfter("soon"))
        let date = try XCTUnwrap(WebhookTransport.retryAfter("Wed, 21 Oct 2099 07:28:00 GMT"))
        XCTAssertGreaterThan(date, 86_400)
        let receiver = WebhookReceiver()
        let port = try await receiver.start()
        receiver.script([.status(503, retryAfter: "120")])
        try await TestPlatform.run(fixtures: Self.fixtures(.fast)) { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
            _ = try await Self.endpoint(platform, port: port)
            let fired = try await Self.trigger(platform)
            let id = try XCTUnwrap(fired["event_id"] as? String)
            let failed = try await WebhookReceiver.eventually { try await Self.attempts(platform, id).count == 1 }
            XCTAssertTrue(failed)
            let timers = try await platform.send(.get, "/_mock/timers").json()["timers"] as? [[String: Any]] ?? []
            let retry = timers.first { $0["key"] as? String == "webhooks:\(id)" }
            XCTAssertEqual(retry?["due"] as? String, "2024-06-10T12:02:00.000Z", "\(timers)")
        }
        await receiver.stop()
    }

    func testA410DisablesTheEndpointUntilItIsEnabledAgain() async throws {
        let receiver = WebhookReceiver()
        let port = try await receiver.start()
        receiver.script([.status(410)])
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
            let endpoint = try await Self.endpoint(platform, port: port)
            let endpointID = try XCTUnwrap(endpoint["id"] as? String)
            let firstFired = try await Self.trigger(platform)
            let first = try XCTUnwrap(firstFired["event_id"] as? String)
            let disabled = try await WebhookReceiver.eventually {
                try await platform.send(.get, "/_mock/webhooks/endpoints/\(endpointID)").json()["enabled"] as? Bool == false
            }
            XCTAssertTrue(disabled)
            let secondFired = try await Self.trigger(platform)
            let second = try XCTUnwrap(secondFired["message_ids"] as? [String]).first
            try await Task.sleep(for: .milliseconds(200))
            XCTAssertEqual(receiver.deliveries.count, 1, "nothing goes to a disabled endpoint")
            let queued = try await Self.message(platform, try XCTUnwrap(second))
            XCTAssertEqual(queued["status"] as? String, "pending")

            let enable = try await platform.send(.patch, "/_mock/webhooks/endpoints/\(endpointID)", json: ["enabled": true])
            XCTAssertEqual(enable.status, .ok, enable.text)
            let both = try await WebhookReceiver.eventually {
                let messages = try await platform.send(.get, "/_mock/webhooks/messages?status=delivered").json()["messages"] as? [[String: Any]]
                return Set(messages?.compactMap { $0["id"] as? String } ?? []) == [first, try XCTUnwrap(second)]
            }
            XCTAssertTrue(both, "re-enabling delivers what waited")
        }
        await receiver.stop()
    }

    func testReplayAndRecoverResendExactlyTheMessagesAskedFor() async throws {
        let receiver = WebhookReceiver()
        let port = try await receiver.start()
        receiver.script([.status(500), .status(500), .status(500)])
        try await TestPlatform.run(fixtures: Self.fixtures(.custom([0]))) { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
            _ = try await Self.endpoint(platform, port: port)
            var ids: [String] = []
            for _ in 0..<3 {
                let fired = try await Self.trigger(platform)
                ids.append(try XCTUnwrap(fired["event_id"] as? String))
                try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 60])
            }
            let failed = try await WebhookReceiver.eventually {
                let messages = try await platform.send(.get, "/_mock/webhooks/messages?status=failed").json()["messages"] as? [Any]
                return messages?.count == 3
            }
            XCTAssertTrue(failed, "one attempt each, all refused")

            let sent = ids
            let replay = try await platform.send(.post, "/_mock/webhooks/messages/\(ids[0])/replay")
            XCTAssertEqual(replay.status, .accepted, replay.text)
            replay.assertJSON(["message_id": ids[0]])
            var ok = try await WebhookReceiver.eventually { try await Self.message(platform, sent[0])["status"] as? String == "delivered" }
            XCTAssertTrue(ok)
            XCTAssertEqual(receiver.deliveries.dropFirst(3).compactMap { $0.header("webhook-id") }, [ids[0]])

            let recover = try await platform.send(.post, "/_mock/webhooks/recover", json: ["since": "2024-06-10T12:01:00Z"])
            XCTAssertEqual(recover.status, .accepted, recover.text)
            recover.assertJSON(["replayed": 2])
            ok = try await WebhookReceiver.eventually {
                let messages = try await platform.send(.get, "/_mock/webhooks/messages?status=delivered").json()["messages"] as? [Any]
                return messages?.count == 3
            }
            XCTAssertTrue(ok)
            XCTAssertEqual(Set(receiver.deliveries.dropFirst(4).compactMap { $0.header("webhook-id") }), Set(ids.dropFirst()))
            XCTAssertEqual(receiver.deliveries.count, 6, "nothing else was sent")
            try await platform.send(.post, "/_mock/webhooks/messages/nope/replay").assertProblem(.notFound, "no webhook message nope")
        }
        await receiver.stop()
    }

    func testEventsFollowEndpointFiltersAndEachEndpointGetsItsOwnMessage() async throws {
        let receiver = WebhookReceiver()
        let port = try await receiver.start()
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
            _ = try await Self.endpoint(platform, port: port)
            let clicksOnly = try await Self.endpoint(platform, port: port, body: ["events": ["offer_click"]])
            XCTAssertEqual(clicksOnly["events"] as? [String], ["offer_click"])
            let engagement = try await Self.trigger(platform)
            XCTAssertEqual((engagement["message_ids"] as? [String])?.count, 1)
            let click = try await Self.trigger(platform, "offer_click")
            let ids = try XCTUnwrap(click["message_ids"] as? [String])
            XCTAssertEqual(ids.count, 2)
            XCTAssertEqual(ids.first, click["event_id"] as? String)
            XCTAssertNotEqual(ids.last, ids.first, "a further endpoint's message has its own webhook-id")
            let arrived = try await WebhookReceiver.eventually { receiver.deliveries.count == 3 }
            XCTAssertTrue(arrived)
            let filtered = try await platform.send(.get, "/_mock/webhooks/messages?event=offer_click").json()["messages"] as? [[String: Any]]
            XCTAssertEqual(filtered?.count, 2)
        }
        await receiver.stop()
    }

    func testTriggerBuildsTheEventAndAppliesOverrides() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
            try await platform.createDriver("d1")
            let fired = try await Self.trigger(platform, overrides: ["metadata.message": "Drive safely", "metadata.extra.level": 2])
            XCTAssertEqual(fired["message_ids"] as? [String], [], "no endpoint, no message; the event is still recorded")
            let events = try await platform.send(.get, "/_mock/events?type=engagement").json()["events"] as? [[String: Any]] ?? []
            let payload = try XCTUnwrap(events.last?["payload"] as? [String: Any])
            XCTAssertEqual(payload["subtype"] as? String, "driving_engagement")
            XCTAssertEqual(payload["webhook_event_id"] as? String, fired["event_id"] as? String)
            let metadata = try XCTUnwrap(payload["metadata"] as? [String: Any])
            XCTAssertEqual(metadata["message"] as? String, "Drive safely")
            XCTAssertEqual((metadata["extra"] as? [String: Any])?["level"] as? Int, 2)

            let bad = try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1", "overrides": ["metadata..x": 1]])
            bad.assertProblem(.badRequest, "overrides.metadata..x is not a valid path")
            let replaced = try await Self.trigger(platform, overrides: ["subtype.level": 3])
            XCTAssertNotNil(replaced["event_id"], "a value on the way is replaced by an object")
            let kinds = "qualification, non_telematics_qualification, disqualification_status, offer_retraction, offer_click, engagement, silent_push_notification"
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "nope", "driver_id": "d1"])
                .assertProblem(.badRequest, "event must be an event kind: \(kinds)")
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "qualificaton", "driver_id": "d1"])
                .assertProblem(.badRequest, "event must be an event kind: \(kinds) (did you mean qualification?)")
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "qualification"])
                .assertProblem(.badRequest, "driver_id is required")
            let after = try await platform.send(.get, "/_mock/events?type=engagement").json()["events"] as? [Any]
            XCTAssertEqual(after?.count, events.count + 1, "refused triggers record nothing")
        }
    }

    func testEndpointRulesNameTheBadField() async throws {
        var options = ServerOptions()
        options.processOptions[WebhooksPlatform.allow] = "127.0.0.0/8, hooks.example.com"
        try await TestPlatform.run(options: options) { platform in
            let cases: [([String: Any], String)] = [
                ([:], "url is required"),
                (["url": "ftp://x/hook"], "url must be an absolute http or https URL"),
                (["url": 5], "url must be an absolute http or https URL"),
                (["url": NSNull()], "url must be an absolute http or https URL"),
                (["url": "http://host#a`b"], "url must be an absolute http or https URL"),
                (["url": "http://evil.example.org/hook"], "url host evil.example.org is not allowed by --webhook-allow"),
                (["url": "http://127.0.0.1:1/hook", "events": ["nope"]], "events must be a list of event kinds"),
                (["url": "http://127.0.0.1:1/hook", "secret": "whsec_short"], "secret must be whsec_ followed by base64 of 24 to 63 bytes"),
                (["url": "http://127.0.0.1:1/hook", "enabled": "yes"], "enabled must be a boolean"),
                (["url": "http://127.0.0.1:1/hook", "colour": "red"], "unknown field colour"),
            ]
            for (body, detail) in cases {
                try await platform.send(.post, "/_mock/webhooks/endpoints", json: body).assertProblem(.badRequest, detail)
            }
            let listed = try await platform.send(.get, "/_mock/webhooks/endpoints").json()["endpoints"] as? [Any]
            XCTAssertEqual(listed?.count, 0, "nothing half-created")
            let allowed = try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "https://hooks.example.com/iql"])
            XCTAssertEqual(allowed.status, .created, allowed.text)
        }
    }

    func testARotatedSecretKeepsSigningBesideTheNewOne() async throws {
        let receiver = WebhookReceiver()
        let port = try await receiver.start()
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
            let endpoint = try await Self.endpoint(platform, port: port, body: ["secret": Self.secret])
            let endpointID = try XCTUnwrap(endpoint["id"] as? String)
            let rotated = try await platform.send(.post, "/_mock/webhooks/endpoints/\(endpointID)/rotate-secret").json()
            let newSecret = try XCTUnwrap(rotated["secret"] as? String)
            XCTAssertNotEqual(newSecret, Self.secret)
            _ = try await Self.trigger(platform)
            let arrived = try await WebhookReceiver.eventually { receiver.deliveries.count == 1 }
            XCTAssertTrue(arrived)
            let delivery = try XCTUnwrap(receiver.deliveries.first)
            XCTAssertEqual(delivery.header("webhook-signature")?.split(separator: " ").count, 2)
            XCTAssertTrue(Self.verify(delivery, secret: newSecret))
            XCTAssertTrue(Self.verify(delivery, secret: Self.secret))

            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 86_401])
            _ = try await Self.trigger(platform)
            let later = try await WebhookReceiver.eventually { receiver.deliveries.count == 2 }
            XCTAssertTrue(later)
            let next = try XCTUnwrap(receiver.deliveries.last)
            XCTAssertEqual(next.header("webhook-signature")?.split(separator: " ").count, 1, "the old secret stops after 24 h")
            XCTAssertTrue(Self.verify(next, secret: newSecret))
        }
        await receiver.stop()
    }
}

/// Endpoints every tenant starts with (`Resources/fixtures/webhooks.json`).
final class WebhookFixtureTests: XCTestCase {
    func testFixtureEndpointsAreEveryTenantsAndComeBackOnReset() async throws {
        var fixtures = TestFixtures.shared
        fixtures.webhookEndpoints = [WebhookEndpointSeed(url: "http://127.0.0.1:9/fixture", events: [.qualification])]
        try await TestPlatform.run(fixtures: fixtures) { platform in
            for prefix in ["", "/t/ci-2"] {
                let endpoints = try await platform.send(.get, "\(prefix)/_mock/webhooks/endpoints").json()["endpoints"] as? [[String: Any]]
                XCTAssertEqual(endpoints?.map { $0["url"] as? String }, ["http://127.0.0.1:9/fixture"], prefix)
                XCTAssertEqual(endpoints?.first?["events"] as? [String], ["qualification"])
                let id = try XCTUnwrap(endpoints?.first?["id"] as? String)
                let deleted = try await platform.send(.delete, "\(prefix)/_mock/webhooks/endpoints/\(id)")
                XCTAssertEqual(deleted.status, .noContent)
            }
            try await platform.send(.post, "/_mock/reset")
            let restored = try await platform.send(.get, "/_mock/webhooks/endpoints").json()["endpoints"] as? [Any]
            XCTAssertEqual(restored?.count, 1, "reset brings the fixture endpoint back")
        }
    }

    func testAFixtureEndpointSubscribedToAKindNoModuleDeclaresStopsTheStart() throws {
        var fixtures = TestFixtures.shared
        fixtures.webhookEndpoints = [WebhookEndpointSeed(url: "http://127.0.0.1:9/fixture", events: [.qualification, EventKind(rawValue: "fax")])]
        XCTAssertThrowsError(try MockPlatformServer.makeResponder(options: ServerOptions(), fixtures: fixtures, specs: SpecCatalog.bundled())) { error in
            XCTAssertEqual(
                (error as? StartupError)?.description,
                "fixture file webhooks.json: endpoints.0.events.1 must be one of \(EventKind.iql.map(\.rawValue).joined(separator: ", ")), got \"fax\""
            )
        }
    }
}

/// A trigger waiting for its messages is answered when the tenant shuts down meanwhile.
final class WebhookShutdownTests: XCTestCase {
    func testWaitingForAnEventsMessagesEndsWhenTheTenantShutsDown() async throws {
        let tenant = try TestTenant.fresh()
        var never = PlatformEvent(id: "e", kind: .engagement, subject: "d1", createdAt: Date(), payload: .object([:]))
        never.sequence = 999
        let event = never
        let store = try tenant.webhooks
        let answer = Answer()
        Task { await answer.set(await store.messageIDs(forEvent: event)) }
        try await Task.sleep(for: .milliseconds(50))
        tenant.shutdown()
        let answered = try await WebhookReceiver.eventually { await answer.ids != nil }
        XCTAssertTrue(answered, "the wait ends when the tenant shuts down")
        let ids = await answer.ids
        XCTAssertEqual(ids, [], "answered (with no message) within 5 s, not left hanging")
    }
}

/// What a waiting call answered, once it has.
private actor Answer {
    private(set) var ids: [String]?
    func set(_ ids: [String]) { self.ids = ids }
}
