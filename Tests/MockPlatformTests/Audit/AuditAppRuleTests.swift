import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// The loyalty, campaigns and pushes guides' rules (`docs/audit.md`), each kept and broken by
/// a client, and the backend guide's.
final class AuditAppRuleTests: XCTestCase {
    private typealias Probe = AuditProbe
    private static let gold: HTTPFields = [AuditProbe.member: "member-gold"]

    func testTheBackendCreatesAnEndpointBeforeTheFirstQualification() async throws {
        try await TestPlatform.run { platform in
            try await Probe.setClock(platform)
            try await platform.createDriver("d1")
            try await Probe.qualify(platform, "d1")
            let broken = try await Probe.verdict(platform, "backend", "webhook-before-first-event")
            XCTAssertEqual(broken["verdict"] as? String, "fail")
            let expected1 = try await Probe.eventIDs(platform, kind: "qualification")
            XCTAssertEqual(broken["evidence"] as? [String], expected1)
        }
        try await TestPlatform.run { platform in
            try await Probe.setClock(platform)
            let endpoint = try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:9/hook"])
            XCTAssertEqual(endpoint.status, .created, endpoint.text)
            try await platform.createDriver("d1")
            try await Probe.qualify(platform, "d1")
            let kept = try await Probe.verdict(platform, "backend", "webhook-before-first-event")
            XCTAssertEqual(kept["verdict"] as? String, "pass")
        }
    }

    func testAWebhookAttemptNobodyAnswersFails() async throws {
        try await TestPlatform.run { platform in
            try await Probe.setClock(platform)
            try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:9/hook", "events": ["qualification"]])
            try await platform.createDriver("d1")
            try await Probe.qualify(platform, "d1")
            var verdict: [String: Any] = [:]
            for _ in 0..<50 {
                verdict = try await Probe.verdict(platform, "backend", "webhook-answered")
                if verdict["verdict"] as? String != "not_exercised" { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            XCTAssertEqual(verdict["verdict"] as? String, "fail")
            let message = try XCTUnwrap(verdict["message"] as? String)
            XCTAssertTrue(message.hasPrefix("the receiver gave no answer"), message)
            let messages = try await platform.send(.get, "/_mock/webhooks/messages").json()["messages"] as? [[String: Any]] ?? []
            let id = try XCTUnwrap(messages.first?["id"] as? String)
            XCTAssertEqual(verdict["evidence"] as? [String], ["\(id)#1"], "the message id and the attempt's number")
            let driver = try await Probe.verdict(platform, "driver:d1", "token-before-qualification")
            XCTAssertEqual(driver["verdict"] as? String, "fail", "the attempt is the driver's too, and does not hide its rules")
        }
    }

    func testEveryIQLRequestCarriesTheKey() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            let kept = try await Probe.verdict(platform, "backend", "api-key-always")
            XCTAssertEqual(kept["verdict"] as? String, "pass")
            let refused = try await platform.send(.get, "/iql/v1/driver/d1/status")
            XCTAssertEqual(refused.status, .unauthorized)
            let broken = try await Probe.verdict(platform, "backend", "api-key-always")
            XCTAssertEqual(broken["verdict"] as? String, "fail")
            let expected2 = try await Probe.requestIDs(platform, path: "/iql/v1/driver/d1/status")
            XCTAssertEqual(broken["evidence"] as? [String], expected2)
            XCTAssertTrue((broken["message"] as? String)?.hasPrefix("answered 401") == true)
            let report = try await Probe.report(platform)
            let errors = report["client_errors"] as? [[String: Any]] ?? []
            XCTAssertEqual(errors.first?["operation"] as? String, "getDriverStatus")
            XCTAssertEqual(errors.first?["status"] as? Int, 401)
            XCTAssertEqual(errors.first?["message"] as? String, "missing api key")
        }
    }

    func testTheAccountContentComesBeforeTheLoyaltySummary() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.get, "/loyalty/v1/summary", headers: Self.gold)
            let broken = try await Probe.verdict(platform, "member:member-gold", "content-before-loyalty")
            XCTAssertEqual(broken["verdict"] as? String, "fail")
            let expected3 = try await Probe.requestIDs(platform, path: "/loyalty/v1/summary")
            XCTAssertEqual(broken["evidence"] as? [String], expected3)

            try await platform.send(.get, "/account/v1/content", headers: Self.gold)
            let content = try await Probe.requestIDs(platform, path: "/account/v1/content")[0]
            try await platform.send(.get, "/loyalty/v1/summary", headers: Self.gold)
            let run = try await Probe.report(platform, "?since=\(content)&subject=member:member-gold")
            let kept = try Probe.result(run, "member:member-gold", "content-before-loyalty")
            XCTAssertEqual(kept["verdict"] as? String, "pass", "the run since the content request")
        }
    }

    func testALoyaltyErrorIsRetried() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/faults", json: ["operation_id": "getLoyaltySummary", "status": 503, "times": 1])
            let failed = try await platform.send(.get, "/loyalty/v1/summary", headers: Self.gold)
            XCTAssertEqual(failed.status, .serviceUnavailable)
            let waiting = try await Probe.verdict(platform, "member:member-gold", "retry-after-error")
            XCTAssertEqual(waiting["verdict"] as? String, "pending")
            try await platform.send(.get, "/account/v1/content", headers: Self.gold)
            let other = try await Probe.verdict(platform, "member:member-gold", "retry-after-error")
            XCTAssertEqual(other["verdict"] as? String, "pending", "another loyalty call is no retry of the summary")
            try await platform.send(.get, "/loyalty/v1/summary", headers: Self.gold)
            let kept = try await Probe.verdict(platform, "member:member-gold", "retry-after-error")
            XCTAssertEqual(kept["verdict"] as? String, "pass")
            let expected4 = try await Probe.requestIDs(platform, path: "/loyalty/v1/summary")
            XCTAssertEqual(kept["evidence"] as? [String], expected4)
        }
    }

    func testThePassNamesTheTypeTheTenantSigns() async throws {
        var options = ServerOptions()
        options.dataDirectory = WalletFixtures.temporaryDirectory(for: self)
        try await TestPlatform.run(options: options) { platform in
            try await platform.send(.get, "/loyalty/v1/wallet-pass?passId=pass.com.example.mock.loyalty", headers: Self.gold)
            let kept = try await Probe.verdict(platform, "member:member-gold", "pass-id-configured")
            XCTAssertEqual(kept["verdict"] as? String, "pass")
            try await platform.send(.patch, "/_mock/config", json: ["wallet_pass_type_id": "pass.com.poqstudio.demo.loyaltycard"])
            let refused = try await platform.send(.get, "/loyalty/v1/wallet-pass?passId=pass.com.example.mock.loyalty", headers: Self.gold)
            XCTAssertEqual(refused.status, .badRequest)
            let broken = try await Probe.verdict(platform, "member:member-gold", "pass-id-configured")
            XCTAssertEqual(broken["verdict"] as? String, "fail")
            XCTAssertEqual(broken["message"] as? String,
                           "the request named pass type pass.com.example.mock.loyalty; the tenant signs for pass.com.poqstudio.demo.loyaltycard: "
                               + "GET /loyalty/v1/wallet-pass answered 200 (\(try XCTUnwrap(broken["evidence"] as? [String]).first ?? ""))")
        }
    }

    func testTheDeviceAsksForTheUpdatedPassAfterTheUpdatePush() async throws {
        var options = ServerOptions()
        options.dataDirectory = WalletFixtures.temporaryDirectory(for: self)
        try await TestPlatform.run(options: options) { platform in
            let auth: HTTPFields = [.authorization: "ApplePass \(try await PassWebServiceTests.token(platform))"]
            let registered = try await platform.send(
                .post, PassWebServiceTests.registration("device-1"), json: ["pushToken": PassWebServiceTests.pushToken], headers: auth
            )
            XCTAssertEqual(registered.status, .created)
            try await platform.send(.post, "/loyalty/v1/rewards/rw-2off/apply", headers: Self.gold)
            let pushes = try await platform.send(.get, "/_mock/pushes?kind=wallet_pass_update").json()["pushes"] as? [[String: Any]] ?? []
            let push = try XCTUnwrap(pushes.first?["id"] as? String)
            let waiting = try await Probe.verdict(platform, "member:member-gold", "pass-refetched-after-update")
            XCTAssertEqual(waiting["verdict"] as? String, "pending")
            XCTAssertEqual(waiting["evidence"] as? [String], [push])

            let list = "/wallet/v1/devices/device-1/registrations/\(PassWebServiceTests.passType)"
            try await platform.send(.get, list)
            let kept = try await Probe.verdict(platform, "member:member-gold", "pass-refetched-after-update")
            XCTAssertEqual(kept["verdict"] as? String, "pass", "the device's list is the member's: its registration says whose pass")
            let expected5 = try await Probe.requestIDs(platform, path: list)
            XCTAssertEqual(kept["evidence"] as? [String], [push] + expected5)

            let timeline = try await platform.send(.get, "/_mock/timeline?subject=member:member-gold").json()
            let items = timeline["items"] as? [[String: Any]] ?? []
            let apply = try await Probe.requestIDs(platform, path: "/loyalty/v1/rewards/rw-2off/apply")
            let pushItem = try XCTUnwrap(items.first { $0["id"] as? String == push })
            XCTAssertEqual(pushItem["caused_by"] as? [String], apply, "the reward apply caused the pass update push")
        }
    }

    func testOneAppUsesOneClientUUID() async throws {
        try await TestPlatform.run { platform in
            let app: HTTPFields = [.authorization: "Bearer app-token"]
            try await platform.send(.get, "/campaign-backend/campaign/IOS/get-pushes/c1", headers: app)
            let kept = try await Probe.verdict(platform, "client:c1", "one-client-uuid")
            XCTAssertEqual(kept["verdict"] as? String, "pass")
            try await platform.send(.get, "/campaign-backend/campaign/IOS/get-banners/c2", headers: app)
            let broken = try await Probe.verdict(platform, "client:c1", "one-client-uuid")
            XCTAssertEqual(broken["verdict"] as? String, "fail")
            let pushes = try await Probe.requestIDs(platform, path: "/campaign-backend/campaign/IOS/get-pushes/c1")
            let banners = try await Probe.requestIDs(platform, path: "/campaign-backend/campaign/IOS/get-banners/c2")
            XCTAssertEqual(broken["evidence"] as? [String], pushes + banners)
            XCTAssertTrue((broken["message"] as? String)?.hasPrefix("one app (the same Authorization) used client UUIDs c1 and c2") == true)
        }
    }

    func testAPushTheReferenceAppTrapsOnFails() async throws {
        try await TestPlatform.run { platform in
            let token = try await platform.send(.post, "/publisher/v1/drivers/d1/device_token", json: ["token": SampleTokens.apns, "platform": "ios"])
            XCTAssertEqual(token.status, .ok)
            let fine = try await platform.send(.post, "/_mock/campaigns", json: ["payload": ["aps": ["content-available": 1], "data": ["type": "offers"]]])
            try await platform.send(.post, "/_mock/campaigns/\(try fine.json()["id"] as? String ?? "")/send", json: ["driver_ids": ["d1"]])
            let kept = try await Probe.verdict(platform, "driver:d1", "readable-by-reference-app")
            XCTAssertEqual(kept["verdict"] as? String, "pass")

            let trap = try await platform.send(.post, "/_mock/campaigns", json: ["payload": ["aps": ["content-available": 1], "data": ["screen": "offers"]]])
            try await platform.send(.post, "/_mock/campaigns/\(try trap.json()["id"] as? String ?? "")/send", json: ["driver_ids": ["d1"]])
            let broken = try await Probe.verdict(platform, "driver:d1", "readable-by-reference-app")
            XCTAssertEqual(broken["verdict"] as? String, "fail")
            let pushes = try await platform.send(.get, "/_mock/pushes").json()["pushes"] as? [[String: Any]] ?? []
            XCTAssertEqual(broken["evidence"] as? [String], [pushes.last?["id"] as? String ?? "?"])
            XCTAssertTrue((broken["message"] as? String)?.contains(#"data["type"] as! String"#) == true)
        }
    }
}
