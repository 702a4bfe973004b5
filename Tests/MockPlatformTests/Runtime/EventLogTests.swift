import Foundation
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// `EventLog` as a unit: numbering, retention and subscriptions.
final class EventLogTests: XCTestCase {
    private func event(_ id: String) -> PlatformEvent {
        PlatformEvent(id: id, kind: .engagement, subject: "d1", createdAt: Date(timeIntervalSince1970: 0), payload: .object([:]))
    }

    func testRetainsTheNewestEventsButSubscribersSeeAll() async {
        let log = EventLog(capacity: 3)
        let stream = log.subscribe()
        log.append((1...5).map { event("e\($0)") })
        XCTAssertEqual(log.list().map(\.id), ["e3", "e4", "e5"])
        XCTAssertEqual(log.list().map(\.sequence), [3, 4, 5])
        XCTAssertEqual(log.nextSequence, 6)
        log.finish()
        var seen: [String] = []
        for await event in stream { seen.append(event.id) }
        XCTAssertEqual(seen, ["e1", "e2", "e3", "e4", "e5"])
    }

    func testSnapshotRestoresNumbering() {
        let log = EventLog()
        log.append([event("a"), event("b")])
        let restored = EventLog(restoring: log.snapshot())
        restored.append([event("c")])
        XCTAssertEqual(restored.list().map(\.sequence), [1, 2, 3])
    }

    func testASubscriptionAfterFinishEndsAtOnce() async {
        let log = EventLog()
        log.finish()
        var count = 0
        for await _ in log.subscribe() { count += 1 }
        XCTAssertEqual(count, 0)
    }
}
