import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// The limits on hostile input (`openapi/control.yaml`, "Limits and hostile input"), each at
/// its boundary: N passes, N + 1 answers the documented error, changes nothing, and is counted
/// in `mockplatform_limit_rejections_total`.
final class HostileInputTests: XCTestCase {
    private static func rejections(_ platform: TestPlatform, _ limit: String) async throws -> Int {
        let text = try await platform.send(.get, "/_mock/metrics").text
        let series = #"mockplatform_limit_rejections_total{limit="\#(limit)"} "#
        return text.split(separator: "\n").first { $0.hasPrefix(series) }.flatMap { Int($0.dropFirst(series.count)) } ?? 0
    }

    private static func path(segments: Int) -> String { String(repeating: "/a", count: segments) }

    func testPathGlobsAreBoundedInTheJournalAndInFaultRules() async throws {
        try await TestPlatform.run { platform in
            let tooComplex = "path glob too complex: at most 32 segments and 4 ** segments"
            try await platform.iql(.get, Self.path(segments: 32))
            let thirtyTwo = try await platform.send(.get, "/_mock/requests/count?path=\(Self.path(segments: 32))").json()
            XCTAssertEqual(thirtyTwo["count"] as? Int, 1)
            try await platform.send(.get, "/_mock/requests?path=\(Self.path(segments: 33))").assertProblem(.badRequest, tooComplex)
            let fourStars = try await platform.send(.get, "/_mock/requests/count?path=/**/a/**/a/**/a/**")
            XCTAssertEqual(try fourStars.json()["count"] as? Int, 1)
            try await platform.send(.get, "/_mock/requests/count?path=/**/a/**/a/**/a/**/**").assertProblem(.badRequest, tooComplex)

            let stored = try await platform.send(.post, "/_mock/faults", json: ["path": Self.path(segments: 32), "status": 503])
            XCTAssertEqual(stored.status, .created, stored.text)
            try await platform.send(.post, "/_mock/faults", json: ["path": Self.path(segments: 33), "status": 503])
                .assertProblem(.badRequest, tooComplex)
            try await platform.send(.post, "/_mock/faults", json: ["path": "/**/**/**/**/**", "status": 503])
                .assertProblem(.badRequest, tooComplex)
            let faults = try await platform.send(.get, "/_mock/faults").json()["faults"] as? [Any]
            XCTAssertEqual(faults?.count, 1, "nothing stored for a refused rule")
            let counted = try await Self.rejections(platform, "path_glob")
            XCTAssertEqual(counted, 4)
        }
    }
}
