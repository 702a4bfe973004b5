import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// Plays a client against the real binary and reads its audit as a CI step would: the report,
/// one rule's verdict for one subject, and the journal, event and push ids its evidence should
/// name.
enum AuditLiveProbe {
    /// The headers of an IQL call with a JSON body.
    static let key = ["Authorization": "APIKEY mock-api-key", "Content-Type": "application/json"]
    /// The headers of a JSON body.
    static let json = ["Content-Type": "application/json"]
    /// The loyalty member whose account, summary and pass the app shows.
    static let gold = ["Poq-User-Id": "member-gold"]
    /// The pass type the binary signs for out of the box.
    static let passType = "pass.com.example.mock.loyalty"
    /// The gold member's card number, its pass's serial number.
    static let serial = "6001234567890"
    /// A device's APNs token, as PassKit registers it.
    static let pushToken = String(repeating: "ab", count: 32)

    /// Sends one request and checks the status it was answered with.
    @discardableResult
    static func send(
        _ server: LiveServer, _ status: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> LiveServer.Reply {
        let reply = try await server.request(method, path, headers: headers, body: body)
        XCTAssertEqual(reply.status, status, "\(method) \(path): \(String(decoding: reply.body, as: UTF8.self))", file: file, line: line)
        return reply
    }

    /// `GET /_mock/audit` with `query` (from `?`).
    static func report(_ server: LiveServer, _ query: String = "") async throws -> [String: Any] {
        try await send(server, 200, "GET", "/_mock/audit" + query).json()
    }

    /// The result of `rule` for `subject` in `report`.
    static func result(_ report: [String: Any], _ subject: String, _ rule: String) throws -> [String: Any] {
        let subjects = report["subjects"] as? [[String: Any]] ?? []
        let results = try XCTUnwrap(subjects.first { $0["subject"] as? String == subject }?["results"] as? [[String: Any]], "no \(subject) in the report")
        return try XCTUnwrap(results.first { $0["rule"] as? String == rule }, "no \(rule) for \(subject)")
    }

    /// The verdict of `rule` for `subject`, from a fresh report.
    static func verdict(_ server: LiveServer, _ subject: String, _ rule: String) async throws -> [String: Any] {
        try result(try await report(server, "?subject=\(subject)"), subject, rule)
    }

    /// The journal ids of the tenant's requests to `path`, oldest first.
    static func requestIDs(_ server: LiveServer, path: String) async throws -> [String] {
        let entries = try await send(server, 200, "GET", "/_mock/requests?limit=1000").json()["requests"] as? [[String: Any]] ?? []
        return entries.filter { $0["path"] as? String == path }.compactMap { $0["id"] as? String }.reversed()
    }

    /// The ids of the tenant's events of `kind`, oldest first.
    static func eventIDs(_ server: LiveServer, kind: String) async throws -> [String] {
        let events = try await send(server, 200, "GET", "/_mock/events?type=\(kind)").json()["events"] as? [[String: Any]] ?? []
        return events.compactMap { $0["id"] as? String }
    }

    /// The ids of the pushes in the outbox, narrowed by `query` (from `?`), as the outbox lists them.
    static func pushIDs(_ server: LiveServer, _ query: String = "") async throws -> [String] {
        let pushes = try await send(server, 200, "GET", "/_mock/pushes" + query).json()["pushes"] as? [[String: Any]] ?? []
        return pushes.compactMap { $0["id"] as? String }
    }

    /// Creates driver `id` through driverInfo PUT, as the in-process tests' `createDriver` does.
    static func createDriver(_ server: LiveServer, _ id: String, state: String = "AZ", zipcode: String = "85004") async throws {
        try await send(server, 200, "PUT", "/iql/v1/driver/\(id)/info", headers: key,
                       body: #"{"country":"USA","state":"\#(state)","zipcode":"\#(zipcode)"}"#)
    }

    /// Five trips over three days for `driver`, which qualifies a driver in a covered state.
    static func qualify(_ server: LiveServer, _ driver: String) async throws {
        for (date, count) in [("2024-06-07", 2), ("2024-06-08", 2), ("2024-06-09", 1)] {
            try await send(server, 200, "POST", "/iql/v1/testing/driver/\(driver)/mock_trips", headers: key,
                           body: #"{"date":"\#(date)","count":\#(count),"distance_miles_each":3}"#)
        }
    }

    /// Sets the tenant clock to the day after `qualify`'s trips.
    static func setClock(_ server: LiveServer) async throws {
        try await send(server, 200, "POST", "/_mock/clock", headers: json, body: #"{"now":"2024-06-10T12:00:00Z"}"#)
    }

    /// The click's `pl` for `json`: URL-safe base64 without padding, as the ad unit's page makes it.
    static func clickPayload(_ json: String) -> String {
        Data(json.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The gold member's pass authentication token, read from the downloaded pass's `pass.json`
    /// as a device reads it (Python's `zipfile` opens the `.pkpass`).
    static func passAuthenticationToken(_ server: LiveServer) async throws -> String {
        let pass = try await send(server, 200, "GET", "/loyalty/v1/wallet-pass?passId=\(passType)", headers: gold)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        reader.arguments = [
            "python3", "-c",
            "import io, json, sys, zipfile; print(json.loads(zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())).read('pass.json'))['authenticationToken'])",
        ]
        let input = Pipe(), output = Pipe()
        reader.standardInput = input
        reader.standardOutput = output
        reader.standardError = FileHandle.nullDevice
        try reader.run()
        try input.fileHandleForWriting.write(contentsOf: pass.body)
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        XCTAssertEqual(reader.terminationStatus, 0, "the pass is a zip holding pass.json with an authenticationToken")
        return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Registers `device` for the gold member's pass with the pass's own token, as PassKit does
    /// once the pass is added.
    static func registerPass(_ server: LiveServer, device: String) async throws {
        let token = try await passAuthenticationToken(server)
        try await send(server, 201, "POST", "/wallet/v1/devices/\(device)/registrations/\(passType)/\(serial)",
                       headers: json.merging(["Authorization": "ApplePass \(token)"]) { _, new in new },
                       body: #"{"pushToken":"\#(pushToken)"}"#)
    }
}
