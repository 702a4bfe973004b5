/// The newest events of a log, at most `capacity` of them, oldest first.
struct RetainedEvents: Sendable {
    let capacity: Int
    private var ring: [PlatformEvent] = []
    /// Index of the oldest event once the ring is full.
    private var start = 0

    init(capacity: Int) { self.capacity = max(1, capacity) }

    mutating func append(_ event: PlatformEvent) {
        if ring.count < capacity {
            ring.append(event)
        } else {
            ring[start] = event
            start = (start + 1) % capacity
        }
    }

    var all: [PlatformEvent] { Array(ring[start...] + ring[..<start]) }
}
