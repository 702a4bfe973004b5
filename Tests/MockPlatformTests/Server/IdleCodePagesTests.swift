import Foundation
@testable import MockPlatform
@testable import MockPlatformKit
import ServiceLifecycle
import Synchronization
import XCTest

/// `IdleCodePages`: the code pages are given back once per idle stretch, never while requests come.
final class IdleCodePagesTests: XCTestCase {
    /// A look that saw requests since the last one does not release; the first quiet look after
    /// them does, and later quiet looks do not until requests come again.
    func testItReleasesOncePerIdleStretch() {
        var watch = IdleCodePages.Watch(answered: 0)
        XCTAssertEqual([3, 7, 7, 7, 7, 8, 8, 8, 9, 10, 10].map { watch.isNewlyIdle(answered: $0) },
                       [false, false, true, false, false, false, true, false, false, false, true])
    }

    /// The service: no release while every look sees a new request; one once they stop.
    func testTheServiceReleasesWhenRequestsStop() async throws {
        let activity = RequestActivity()
        let releases = Atomic<Int>(0)
        let service = IdleCodePages(activity: activity, interval: .milliseconds(100), release: { releases.add(1, ordering: .relaxed) })
        let running = Task { await service.run() }
        defer { running.cancel() }
        for _ in 0..<60 {
            activity.noteAnswered()
            try await Task.sleep(for: .milliseconds(5))
        }
        XCTAssertEqual(releases.load(ordering: .relaxed), 0, "released while requests came")
        for _ in 0..<100 where releases.load(ordering: .relaxed) == 0 {
            try await Task.sleep(for: .milliseconds(20))
        }
        try await Task.sleep(for: .milliseconds(300))
        XCTAssertEqual(releases.load(ordering: .relaxed), 1)
    }
}
