import Foundation
@testable import MockPlatform
@testable import MockPlatformCore
import XCTest

/// `TenantClock` against a hand-moved wall clock.
final class TenantClockTests: XCTestCase {
    private let wallStart = Date(timeIntervalSince1970: 1_741_593_600)
    private let t = Date(timeIntervalSince1970: 1_717_416_000) // 2024-06-03T12:00:00Z

    func testStartsReal() throws {
        let wall = ManualWallClock(wallStart)
        let clock = TenantClock(wallClock: wall.reader)
        var reading = clock.reading
        XCTAssertEqual(reading, ClockReading(now: wallStart, mode: .real))
        wall.advance(by: 42)
        reading = clock.reading
        XCTAssertEqual(reading, ClockReading(now: wallStart.addingTimeInterval(42), mode: .real))
        let now = clock.now
        XCTAssertEqual(now, wallStart.addingTimeInterval(42))
    }

    func testFrozenStandsStill() throws {
        let wall = ManualWallClock(wallStart)
        let clock = TenantClock(wallClock: wall.reader)
        try clock.freeze(at: t)
        wall.advance(by: 3_600)
        let reading = clock.reading
        XCTAssertEqual(reading, ClockReading(now: t, mode: .frozen))
    }

    func testRunningRunsAtWallSpeed() throws {
        let wall = ManualWallClock(wallStart)
        let clock = TenantClock(wallClock: wall.reader)
        try clock.run(from: t)
        var reading = clock.reading
        XCTAssertEqual(reading, ClockReading(now: t, mode: .offset))
        wall.advance(by: 10.5)
        reading = clock.reading
        XCTAssertEqual(reading, ClockReading(now: t.addingTimeInterval(10.5), mode: .offset))
    }

    func testAdvanceKeepsTheModeOfFrozenAndRunningClocks() throws {
        let wall = ManualWallClock(wallStart)
        let clock = TenantClock(wallClock: wall.reader)
        try clock.freeze(at: t)
        try clock.advance(by: 86_400)
        var reading = clock.reading
        XCTAssertEqual(reading, ClockReading(now: t.addingTimeInterval(86_400), mode: .frozen))

        try clock.run(from: t)
        try clock.advance(by: 60)
        wall.advance(by: 5)
        reading = clock.reading
        XCTAssertEqual(reading, ClockReading(now: t.addingTimeInterval(65), mode: .offset))
    }

    func testAdvanceFromRealBecomesOffsetAndRealTimeComesBack() throws {
        let wall = ManualWallClock(wallStart)
        let clock = TenantClock(wallClock: wall.reader)
        try clock.advance(by: 3_600)
        var reading = clock.reading
        XCTAssertEqual(reading, ClockReading(now: wallStart.addingTimeInterval(3_600), mode: .offset))
        wall.advance(by: 1)
        reading = clock.reading
        XCTAssertEqual(reading.now, wallStart.addingTimeInterval(3_601))

        clock.useRealTime()
        reading = clock.reading
        XCTAssertEqual(reading, ClockReading(now: wallStart.addingTimeInterval(1), mode: .real))
        try clock.freeze(at: t)
        clock.useRealTime()
        reading = clock.reading
        XCTAssertEqual(reading.mode, .real)
    }

    func testDefaultWallClockIsTheSystemClock() throws {
        let clock = TenantClock()
        let now = clock.now
        XCTAssertLessThan(abs(now.timeIntervalSinceNow), 5)
    }
}
