import Foundation

/// A wall clock a test moves by hand.
final class ManualWallClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date

    init(_ instant: Date) { self.instant = instant }

    var now: Date { lock.withLock { instant } }

    func advance(by seconds: TimeInterval) { lock.withLock { instant = instant.addingTimeInterval(seconds) } }

    var reader: @Sendable () -> Date { { self.now } }
}
