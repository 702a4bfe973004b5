import Foundation
import Synchronization
import XCTest

/// Hostile input II against the real binary (docs/operating.md "Sharing one instance"): what a hostile
/// client did to a shared instance, each with the figure the test holds.
final class HostileInputIILiveTests: XCTestCase {
    private static let iql = ["Authorization": "APIKEY mock-api-key", "Content-Type": "application/json"]
    private static let info = #"{"country":"USA","state":"AZ","zipcode":"85004"}"#

    private static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
    }

    /// Finding 1: values a restore refuses were stored by requests, so the tenant's export did
    /// not import, `--persist` set the whole tenant aside at the next restart (its healthy
    /// drivers answered 404) and `--state-file --save-on-exit` refused to start. Now each is
    /// refused at the request, and the tenant survives export → import → restart.
    func testWhatARequestStoredSurvivesExportImportAndRestart() async throws {
        let data = Self.folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let arguments = ["--port", "0", "--data-dir", data.path, "--persist", "--persist-interval", "100ms"]
        let server = try LiveServer(arguments: arguments)
        let healthy = try await server.request("PUT", "/t/team/iql/v1/driver/healthy/info", headers: Self.iql, body: Self.info)
        XCTAssertEqual(healthy.status, 200)
        let hostile: [(String, String, [String: String], String?)] = [
            ("POST", "/t/team/publisher/v1/drivers/z%7F/device_token", [:], nil),
            ("PUT", "/t/team/iql/v1/driver/a%01b/info", Self.iql, Self.info),
            ("POST", "/t/team/_mock/webhooks/trigger", ["Content-Type": "application/json"],
             #"{"event":"engagement","driver_id":"d1","overrides":{"webhook_event_id":"e\u0001"}}"#),
        ]
        for (method, path, headers, body) in hostile {
            let reply = try await server.request(method, path, headers: headers, body: body)
            XCTAssertEqual(reply.status, 400, "\(method) \(path): \(String(decoding: reply.body, as: UTF8.self))")
        }
        let exported = try await server.request("GET", "/t/team/_mock/state")
        let imported = try await server.request(
            "PUT", "/t/team/_mock/state", headers: ["Content-Type": "application/json"], body: String(decoding: exported.body, as: UTF8.self)
        )
        XCTAssertEqual(imported.status, 200, String(decoding: imported.body, as: UTF8.self))
        try await Task.sleep(for: .milliseconds(400))
        XCTAssertEqual(try server.stop(), 0)

        let restarted = try LiveServer(arguments: arguments)
        try await restarted.waitUntilReady()
        let state = FileManager.default.enumerator(atPath: data.appendingPathComponent("state").path)?.allObjects as? [String] ?? []
        XCTAssertFalse(state.contains { $0.contains("set-aside") }, "nothing set aside: \(state)")
        let again = try await restarted.request("GET", "/t/team/iql/v1/driver/healthy/info", headers: Self.iql)
        XCTAssertEqual(again.status, 200, "the healthy driver is restored")
        XCTAssertEqual(try restarted.stop(), 0)
    }

    /// Finding 10: a slow upload to a tenant with `--tenant-idle-ttl 1s` (or a DELETE during
    /// it) answered 200 and the driver was gone — the sweep dropped the tenant under the
    /// request. Now a tenant being answered on is neither swept nor deleted (409).
    func testATenantIsNotDroppedUnderASlowUpload() async throws {
        let server = try LiveServer(arguments: ["--port", "0", "--tenant-idle-ttl", "1s"])
        let port = try XCTUnwrap(server.baseURL.port)
        let created = try await server.request("PUT", "/t/slow/iql/v1/driver/first/info", headers: Self.iql, body: Self.info)
        XCTAssertEqual(created.status, 200)
        let head = "PUT /t/slow/iql/v1/driver/second/info HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: APIKEY mock-api-key\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(Self.info.utf8.count)\r\nConnection: close\r\n\r\n"
        let body = Array(Self.info.utf8)
        async let answer = Task.detached {
            try RawHTTP.exchange(parts: [Array(head.utf8) + body.prefix(5), Array(body.dropFirst(5))], pause: 2.5, port: port, timeout: 10)
        }.value
        try await Task.sleep(for: .milliseconds(1_500))
        let deleted = try await server.request("DELETE", "/_mock/tenants/slow")
        XCTAssertEqual(deleted.status, 409, String(decoding: deleted.body, as: UTF8.self))
        let reply = try await answer
        XCTAssertTrue(reply.hasPrefix("HTTP/1.1 200"), reply)
        let first = try await server.request("GET", "/t/slow/iql/v1/driver/first/info", headers: Self.iql)
        XCTAssertEqual(first.status, 200, "the tenant, and the driver made before the upload, are still there")
        let second = try await server.request("GET", "/t/slow/iql/v1/driver/second/info", headers: Self.iql)
        XCTAssertEqual(second.status, 200)
        try await Task.sleep(for: .milliseconds(1_600))
        let dropped = try await server.request("DELETE", "/_mock/tenants/slow")
        XCTAssertEqual(dropped.status, 404, "idle once the requests ended: swept")
        XCTAssertEqual(try server.stop(), 0)
    }

    /// Finding 11: 1,100 half-sent request heads (ulimit 1,024) stopped new clients until they
    /// closed, and a head was cut only after 30 s. Now connections past `--max-connections`
    /// are closed at once and counted, and a head must be complete within 10 s: the server
    /// answers new clients again within 12 s of the attack, whatever it holds open.
    func testHalfSentHeadsAreCutWithinTenSecondsAndExtraConnectionsClosedAtOnce() async throws {
        let server = try LiveServer(arguments: ["--port", "0", "--max-connections", "100"])
        let port = try XCTUnwrap(server.baseURL.port)
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        let half = Array("GET /_mock/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
        let attacked = Date()
        for _ in 0..<150 {
            let socket = try RawHTTP.connected(port: port)
            _ = half.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
            sockets.append(socket)
        }
        var answered: Date?
        while Date().timeIntervalSince(attacked) < 15 {
            if let reply = try? await server.request("GET", "/_mock/health"), reply.status == 200 {
                answered = Date()
                break
            }
            try await Task.sleep(for: .milliseconds(250))
        }
        let waited = try XCTUnwrap(answered, "no answer within 15 s").timeIntervalSince(attacked)
        XCTAssertLessThan(waited, 12, "the half-sent heads were cut after 10 s")
        let metrics = String(decoding: try await server.request("GET", "/_mock/metrics").body, as: UTF8.self)
        let refused = metrics.split(separator: "\n").first { $0.hasPrefix(#"mockplatform_limit_rejections_total{limit="connections"} "#) }
        let count = refused.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
        XCTAssertGreaterThanOrEqual(count, 50, "the connections past 100 were refused and counted: \(refused ?? "none")")
        XCTAssertEqual(try server.stop(), 0)
    }

    /// A state document of `drivers` copies of the driver a `PUT …/info` makes (about 300
    /// bytes each), written as `tenant`'s saved state under `data`; returns its size in bytes.
    private static func writeSavedTenant(_ tenant: String, drivers: Int, template: [String: Any], under data: URL) throws -> Int {
        var document = template
        var stores = try XCTUnwrap(document["stores"] as? [String: Any])
        var iql = try XCTUnwrap(stores["iql"] as? [String: Any])
        let driver = try XCTUnwrap((iql["drivers"] as? [String: Any])?["d1"] as? [String: Any])
        let driverText = String(decoding: try JSONSerialization.data(withJSONObject: driver.merging(["id": "@@ID@@"]) { _, new in new }), as: UTF8.self)
        let parts = driverText.components(separatedBy: "\"@@ID@@\"")
        iql["drivers"] = "@@DRIVERS@@"
        stores["iql"] = iql
        document["stores"] = stores
        let outer = String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self).components(separatedBy: "\"@@DRIVERS@@\"")
        var text = outer[0] + "{"
        text.reserveCapacity(drivers * (driverText.utf8.count + 24))
        for index in 1...drivers {
            if index > 1 { text += "," }
            text += "\"d\(index)\":" + parts[0] + "\"d\(index)\"" + parts[1]
        }
        text += "}" + outer[1]
        let folder = data.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("\(tenant).json"))
        return text.utf8.count
    }

    private static func cpuSeconds(of pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = try XCTUnwrap(stat.split(separator: ")").last).split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / ticks
    }

    /// Starts the server with `--persist` in `data` and asks for `/_mock/health`; returns how
    /// long after the launch the 200 came, and the server.
    private static func startAndAskForHealth(persistingIn data: URL) async throws -> (TimeInterval, LiveServer) {
        let launched = Date()
        let server = try LiveServer(
            arguments: ["--port", "0", "--persist", "--persist-interval", "1s", "--data-dir", data.path, "--max-tenants", "10"]
        )
        let health = try await server.request("GET", "/_mock/health")
        XCTAssertEqual(health.status, 200)
        return (Date().timeIntervalSince(launched), server)
    }

    /// Finding 5: with `--persist`, any request moved the change count, so a 41.6 MB tenant read
    /// once a second cost 68 % of a core in saves, and a restart took 27.5 s before it listened
    /// (health checks failed). Now saved tenants are read in behind the listening server
    /// (health as soon after start as with nothing saved, 503 `tenant restoring` until each is
    /// in), and a large tenant is written at most once per 40 times what writing it costs:
    /// reading it once a second costs under 5 % of a core.
    func testALargeSavedTenantNeitherDelaysHealthNorCostsACoreToKeep() async throws {
        let data = Self.folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let maker = try LiveServer()
        _ = try await maker.request("PUT", "/iql/v1/driver/d1/info", headers: Self.iql, body: #"{"country":"USA","state":"AZ"}"#)
        let template = try await maker.request("GET", "/_mock/state").json()
        XCTAssertEqual(try maker.stop(), 0)
        var saved = 0
        for tenant in ["big-a", "big-b", "big-c"] {
            saved += try Self.writeSavedTenant(tenant, drivers: 150_000, template: template, under: data)
        }
        XCTAssertGreaterThan(saved, 3 * 35_000_000, "three tenants of about 40 MB each")

        let empty = Self.folder()
        defer { try? FileManager.default.removeItem(at: empty) }
        let (baseline, unused) = try await Self.startAndAskForHealth(persistingIn: empty)
        XCTAssertEqual(try unused.stop(), 0)
        let (healthAfter, server) = try await Self.startAndAskForHealth(persistingIn: data)
        print("health after start: \(healthAfter) s with 120 MB saved, \(baseline) s with nothing saved")
        // A start alone takes 0.3–1.1 s of a debug build on a busy machine; reading the 120 MB in before listening took 27.5 s.
        XCTAssertLessThan(healthAfter, baseline + 1, "health answers as soon after start as with nothing saved (\(baseline) s), give or take a start's noise")
        let early = try await server.request("GET", "/t/big-c/iql/v1/driver/d7/info", headers: Self.iql)
        if early.status == 503 {
            XCTAssertEqual(try early.json()["error"] as? String, "tenant restoring", "IQL's shape")
            XCTAssertEqual(early.header("Retry-After"), "1")
        } else {
            XCTFail("the third 40 MB tenant was in \(healthAfter) s after start: nothing left to see restoring (\(early.status))")
        }
        let readyAfter = try await server.waitUntilReady(timeout: 300)
        let pid = try XCTUnwrap(server.processIdentifier)
        let before = try Self.cpuSeconds(of: pid)
        let window = 20.0
        let started = Date()
        var reads = 0
        while Date().timeIntervalSince(started) < window {
            let read = try await server.request("GET", "/t/big-a/iql/v1/driver/d\(reads + 1)/info", headers: Self.iql)
            XCTAssertEqual(read.status, 200)
            reads += 1
            try await Task.sleep(for: .seconds(1))
        }
        let share = (try Self.cpuSeconds(of: pid) - before) / Date().timeIntervalSince(started)
        XCTAssertLessThan(share, 0.05, "keeping a 40 MB tenant read once a second (\(reads) reads) costs under 5 % of a core; ready after \(readyAfter) s")
        XCTAssertEqual(try server.stop(timeout: 120), 0)
    }

    /// The server's resident memory, in MB.
    private static func residentMB(of pid: Int32) throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    /// Finding 2: the journal kept up to ~64 KB of headers per entry: 10,000 requests with 62
    /// headers of 1 KB took RSS from 48 MB to 1.14 GB in 3.3 s. Now an entry keeps ≤ 8 KiB of
    /// headers and the journal a quarter of the tenant's byte budget: the same flood (4,000
    /// requests, from eight clients) leaves RSS within 120 MB of where it started.
    func testHeaderFloodsDoNotGrowTheJournalPastItsBytes() async throws {
        let server = try LiveServer(arguments: ["--port", "0", "--tenant-max-bytes", "16MB"])
        let pid = try XCTUnwrap(server.processIdentifier)
        _ = try await server.request("GET", "/_mock/health")
        let before = try Self.residentMB(of: pid)
        var headers = ["Authorization": "APIKEY mock-api-key"]
        for index in 0..<62 { headers["X-Pad-\(index)"] = String(repeating: "p", count: 1_000) }
        let sent = headers
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<8 {
                group.addTask {
                    for index in 0..<500 {
                        _ = try await server.request("GET", "/iql/v1/driver/flood-\(client)-\(index)/status", headers: sent)
                    }
                }
            }
            try await group.waitForAll()
        }
        let after = try Self.residentMB(of: pid)
        XCTAssertLessThan(after - before, 120, "RSS \(before) → \(after) MB")
        let entry = try await server.request("GET", "/_mock/requests?limit=1").json()
        let newest = try XCTUnwrap((entry["requests"] as? [[String: Any]])?.first)
        XCTAssertGreaterThan(newest["headers_dropped"] as? Int ?? 0, 40, "an entry says how many fields it did not keep")
        XCTAssertEqual(try server.stop(), 0)
    }

    /// Finding 3: quotas counted items, not bytes: 40 triggers whose overrides held 1 MiB arrays
    /// took RSS to 900 MB. Now overrides are ≤ 64 KiB and the tenant has a byte budget: with
    /// `--tenant-max-bytes 2MB` and an endpoint that never answers, 200 triggers of 60 KB are
    /// all accepted (the event log and the delivery log drop their oldest), the state export
    /// stays within the budget and RSS grows by less than 60 MB; writes the stores keep are
    /// refused with 507 once it is reached.
    func testTriggersCannotGrowATenantPastItsByteBudget() async throws {
        let server = try LiveServer(arguments: ["--port", "0", "--tenant-max-bytes", "2MB"])
        let pid = try XCTUnwrap(server.processIdentifier)
        let json = ["Content-Type": "application/json"]
        let endpoint = try await server.request("POST", "/_mock/webhooks/endpoints", headers: json, body: #"{"url":"http://127.0.0.1:9/hook"}"#)
        XCTAssertEqual(endpoint.status, 201, String(decoding: endpoint.body, as: UTF8.self))
        let before = try Self.residentMB(of: pid)
        let huge = #"{"event":"engagement","driver_id":"d1","overrides":{"data.pad":"\#(String(repeating: "p", count: 70_000))"}}"#
        let tooBig = try await server.request("POST", "/_mock/webhooks/trigger", headers: json, body: huge)
        XCTAssertEqual(tooBig.status, 400, "overrides over 64 KiB")
        let pad = String(repeating: "p", count: 60_000)
        let body = #"{"event":"engagement","driver_id":"d1","overrides":{"data.pad":"\#(pad)"}}"#
        var statuses: [Int: Int] = [:]
        for _ in 0..<200 {
            let reply = try await server.request("POST", "/_mock/webhooks/trigger", headers: json, body: body)
            statuses[reply.status, default: 0] += 1
        }
        XCTAssertEqual(statuses, [202: 200], "logs drop their oldest and never refuse")
        let after = try Self.residentMB(of: pid)
        XCTAssertLessThan(after - before, 60, "RSS \(before) → \(after) MB")
        let state = try await server.request("GET", "/_mock/state")
        XCTAssertLessThan(state.body.count, 2_300_000, "the export holds about the budget, not 200 × 2 × 60 KB")
        let events = try await server.request("GET", "/_mock/events?type=engagement").json()["events"] as? [Any]
        XCTAssertLessThan(events?.count ?? 0, 35, "the oldest events went")
        let messages = try await server.request("GET", "/_mock/webhooks/messages").json()["messages"] as? [Any]
        XCTAssertLessThan(messages?.count ?? 0, 35, "the oldest deliveries went")
        XCTAssertGreaterThan(messages?.count ?? 0, 0, "the newest are kept")
        var stored = 0, refused: LiveServer.Reply?
        for index in 0..<60 {
            let reply = try await server.request(
                "PUT", "/iql/v1/driver/big-\(index)/info", headers: Self.iql,
                body: #"{"country":"USA","state":"AZ","zipcode":"85004","insurer":"\#(pad)"}"#
            )
            guard reply.status == 200 else {
                refused = reply
                break
            }
            stored += 1
        }
        XCTAssertEqual(refused?.status, 507, "writes the stores keep are refused past the budget")
        XCTAssertEqual(try refused?.json()["error"] as? String, "tenant storage exceeded", "in IQL's shape")
        XCTAssertGreaterThan(stored, 25, "the logs made room for the stores")
        XCTAssertLessThanOrEqual(stored, 35, "2 MB holds about 34 such drivers")
        let reset = try await server.request("POST", "/_mock/reset")
        XCTAssertEqual(reset.status, 200, "a full tenant can still be reset")
        XCTAssertEqual(try server.stop(), 0)
    }

    /// Finding 4: a 404 could cost 20–30 ms of CPU: four connections sending 65 KB, 31-segment
    /// unknown paths pushed every other client's p50 from 0.8 ms to 131 ms. Now the hint reads a
    /// bounded prefix within a budget. The figure held: the server's CPU per hostile 404 under
    /// four attacking clients — 23 ms in the release build before, 1.5 ms after (18–20 ms in
    /// this debug build); the test allows 80. The other client's median under the attack is
    /// printed (release: 38 ms before, 5 ms after).
    func testHugeUnknownPathsDoNotSlowOtherClients() async throws {
        let server = try LiveServer()
        let port = try XCTUnwrap(server.baseURL.port)
        func median() async throws -> Double {
            var times: [Double] = []
            for _ in 0..<60 {
                let started = Date()
                _ = try await server.request("GET", "/iql/v1/locations", headers: ["Authorization": "APIKEY mock-api-key"])
                times.append(Date().timeIntervalSince(started) * 1000)
            }
            return times.sorted()[times.count / 2]
        }
        let quiet = try await median()
        let segment = String(repeating: "Statuss", count: 300)
        let path = "/" + Array(repeating: segment, count: 31).joined(separator: "/")
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: APIKEY mock-api-key\r\nConnection: close\r\n\r\n".utf8)
        // Threads of their own, as four other clients are: blocking sockets must not take the
        // threads the test's own requests run on.
        let attack = Attack()
        for _ in 0..<4 {
            Thread.detachNewThread {
                while !attack.isOver {
                    _ = try? RawHTTP.exchange(request, port: port, timeout: 5)
                    attack.sent()
                }
            }
        }
        let pid = try XCTUnwrap(server.processIdentifier)
        let cpuBefore = try Self.cpuSeconds(of: pid), countBefore = attack.count
        try await Task.sleep(for: .milliseconds(300))
        let attacked = try await median()
        attack.end()
        let hostile = attack.count
        let perRequest = (try Self.cpuSeconds(of: pid) - cpuBefore) * 1000 / Double(max(1, hostile - countBefore))
        print("404 attack: p50 \(quiet) ms quiet, \(attacked) ms under \(hostile) hostile requests, \(perRequest) ms of CPU each at most")
        XCTAssertGreaterThan(hostile, 20, "the attack ran")
        XCTAssertLessThan(perRequest, 80, "the release build of the commit before spent 23 ms of CPU on each; this one 1.5 ms (18–20 in a debug build)")
        XCTAssertEqual(try server.stop(), 0)
    }
}

/// What the attacking threads share: whether to go on, and how many requests they sent.
private final class Attack: Sendable {
    private let state = Mutex((over: false, sent: 0))
    var isOver: Bool { state.withLock { $0.over } }
    var count: Int { state.withLock { $0.sent } }
    func sent() { state.withLock { $0.sent += 1 } }
    func end() { state.withLock { $0.over = true } }
}
