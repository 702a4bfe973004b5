import Foundation
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// `TenantScheduler` as a unit: time order, firing on clock moves and by itself, shutdown.
final class TenantSchedulerTests: XCTestCase {
    private let t0 = Date(timeIntervalSince1970: 1_717_416_000)

    func testDueTimersFireInTimeOrderWhenTheClockMoves() async throws {
        let clock = TenantClock(setting: .frozen(t0))
        let scheduler = TenantScheduler(clock: clock)
        let fired = Fired()
        for (name, hours) in [("c", 3.0), ("a", 1.0), ("late", 30.0), ("b", 2.0)] {
            scheduler.schedule(TimerKey(owner: "test", name: name), at: t0.addingTimeInterval(hours * 3600)) { await fired.add(name) }
        }
        await scheduler.fireDue()
        let none = await fired.names
        XCTAssertEqual(none, [], "nothing is due on a frozen clock before its instant")
        try clock.advance(by: 3 * 3600)
        await scheduler.fireDue()
        let names = await fired.names
        XCTAssertEqual(names, ["a", "b", "c"])
        XCTAssertEqual(scheduler.pending.map(\.key.description), ["test:late"])
    }

    /// Each timer fired advances the change count `--persist` reads, after its action ran.
    func testEachTimerFiredAdvancesTheChangeCountAfterItsAction() async throws {
        let clock = TenantClock(setting: .frozen(t0))
        let changes = StateRevision()
        let scheduler = TenantScheduler(clock: clock, changes: changes)
        let seen = Fired()
        for name in ["a", "b"] {
            scheduler.schedule(TimerKey(owner: "test", name: name), at: t0) { await seen.add("\(name)@\(changes.current)") }
        }
        scheduler.schedule(TimerKey(owner: "test", name: "later"), at: t0.addingTimeInterval(60)) { await seen.add("later") }
        await scheduler.fireDue()
        let names = await seen.names
        XCTAssertEqual(names, ["a@0", "b@1"])
        XCTAssertEqual(changes.current, 2, "the timer not due yet moved nothing")
    }

    func testATimerSetWhileFiringForAPastInstantFiresInTheSamePass() async throws {
        let clock = TenantClock(setting: .frozen(t0))
        let scheduler = TenantScheduler(clock: clock)
        let fired = Fired()
        let start = t0
        scheduler.schedule(TimerKey(owner: "test", name: "first"), at: start) {
            await fired.add("first")
            scheduler.schedule(TimerKey(owner: "test", name: "second"), at: start) { await fired.add("second") }
        }
        await scheduler.fireDue()
        let names = await fired.names
        XCTAssertEqual(names, ["first", "second"])
    }

    func testTimersFireByThemselvesWhileTheClockRunsAndNotAfterShutdown() async throws {
        let clock = TenantClock(setting: .offset(0))
        let scheduler = TenantScheduler(clock: clock)
        scheduler.start()
        let fired = Fired()
        scheduler.schedule(TimerKey(owner: "test", name: "soon"), at: Date().addingTimeInterval(0.2)) { await fired.add("soon") }
        for _ in 0..<50 where await fired.names.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        let first = await fired.names
        XCTAssertEqual(first, ["soon"])
        scheduler.shutdown()
        scheduler.schedule(TimerKey(owner: "test", name: "after"), at: Date()) { await fired.add("after") }
        await scheduler.fireDue()
        try await Task.sleep(for: .milliseconds(100))
        let final = await fired.names
        XCTAssertEqual(final, ["soon"], "a stopped scheduler fires nothing")
    }

    func testAnEarlierTimerWakesTheSleepingRunner() async throws {
        let clock = TenantClock(setting: .offset(0))
        let scheduler = TenantScheduler(clock: clock)
        scheduler.start()
        let fired = Fired()
        scheduler.schedule(TimerKey(owner: "test", name: "late"), at: Date().addingTimeInterval(3600)) { await fired.add("late") }
        try await Task.sleep(for: .milliseconds(50))
        scheduler.schedule(TimerKey(owner: "test", name: "soon"), at: Date().addingTimeInterval(0.1)) { await fired.add("soon") }
        for _ in 0..<100 where await fired.names.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        let names = await fired.names
        XCTAssertEqual(names, ["soon"])
        scheduler.shutdown()
    }

    func testATimerAlreadyDueOnAFrozenClockFiresWithoutAClockChange() async throws {
        let clock = TenantClock(setting: .frozen(t0))
        let scheduler = TenantScheduler(clock: clock)
        scheduler.start()
        let fired = Fired()
        try await Task.sleep(for: .milliseconds(50))
        scheduler.schedule(TimerKey(owner: "test", name: "now"), at: t0) { await fired.add("now") }
        scheduler.schedule(TimerKey(owner: "test", name: "later"), at: t0.addingTimeInterval(1)) { await fired.add("later") }
        for _ in 0..<100 where await fired.names.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        let names = await fired.names
        XCTAssertEqual(names, ["now"])
        scheduler.shutdown()
    }

    /// The IQL engine re-sets a driver's timer on every request. Each woken sleep holds memory
    /// until its deadline (weeks away for a test drive), so moving a timer later must not wake
    /// the runner: memory stays flat.
    func testMovingATimerLaterOnARunningClockKeepsMemoryFlat() async throws {
        let clock = TenantClock(setting: .offset(0))
        let scheduler = TenantScheduler(clock: clock)
        scheduler.start()
        let month = Date().addingTimeInterval(30 * 86_400)
        try await Task.sleep(for: .milliseconds(50))
        let before = Self.residentKiB()
        for index in 0..<20_000 {
            scheduler.schedule(TimerKey(owner: "test", name: "driver"), at: month.addingTimeInterval(Double(index))) {}
            try await Task.sleep(for: .microseconds(5))
        }
        let grown = Self.residentKiB() - before
        scheduler.shutdown()
        XCTAssertLessThan(grown, 2_048, "resident memory grew \(grown) KiB over 20,000 moves")
    }

    private static func residentKiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

/// Names of fired timers, in firing order.
private actor Fired {
    private(set) var names: [String] = []
    func add(_ name: String) { names.append(name) }
}

/// `TimerQueue` as a unit: earliest first, ties in the order set.
final class TimerQueueTests: XCTestCase {
    func testPopsInTimeThenInsertionOrder() {
        var queue = TimerQueue()
        let base = Date(timeIntervalSince1970: 0)
        let instants: [Double] = [5, 1, 3, 1, 9, 0, 3]
        for (order, seconds) in instants.enumerated() {
            queue.push(.init(due: base.addingTimeInterval(seconds), order: UInt64(order), key: TimerKey(owner: "t", name: "\(order)")))
        }
        var popped: [UInt64] = []
        while let entry = queue.popFirst() { popped.append(entry.order) }
        XCTAssertEqual(popped, [5, 1, 3, 2, 6, 0, 4])
    }
}
