import ServiceLifecycle

/// Gives the code pages back (`StartupPages.release()`) each time the server has gone without a
/// request for a while: the code the last requests ran is mapped back on first use after the
/// start, and stays resident after them until the kernel needs the memory. Looks every
/// `interval`; releases once no request came between two looks, and not again before one has.
/// So an idle server holds only the code its idle work runs, whatever part of the binary the
/// page cache holds, and a request after the pause maps the code it runs again from the page
/// cache (minor faults, no disk read while the binary stays cached).
package struct IdleCodePages: Service {
    package let activity: RequestActivity
    package var interval: Duration = .seconds(5)
    package let release: @Sendable () -> Void

    package init(activity: RequestActivity, interval: Duration = .seconds(5), release: @escaping @Sendable () -> Void) {
        self.activity = activity
        self.interval = interval
        self.release = release
    }

    package func run() async {
        await cancelWhenGracefulShutdown {
            var watch = Watch(answered: activity.answeredCount)
            while true {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                if watch.isNewlyIdle(answered: activity.answeredCount) { release() }
            }
        }
    }

    /// What the looks saw: the count of answered requests at the last look, and whether the
    /// pages were released since the count last moved.
    package struct Watch {
        private var answered: UInt64
        private var released = false

        package init(answered: UInt64) { self.answered = answered }

        /// Whether to release now: no request since the last look, and none released since the
        /// last request.
        package mutating func isNewlyIdle(answered now: UInt64) -> Bool {
            defer { answered = now }
            guard now == answered else {
                released = false
                return false
            }
            guard !released else { return false }
            released = true
            return true
        }
    }
}
