import Foundation
@testable import MockPlatform
import XCTest

/// The bound on path globs (`PathGlob`: at most 32 segments and 4 `**`) where clients write
/// them, request journal queries and fault rules, at its boundary (`openapi/control.yaml`,
/// "Limits and hostile input"): N passes, N + 1 answers the documented error, changes nothing,
/// and is counted in `mockplatform_limit_rejections_total`.
final class PathGlobLimitTests: XCTestCase {
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
            let counted = Int(try await LimitMetrics.rejections("path_glob", platform))
            XCTAssertEqual(counted, 4)
        }
    }
}
