import Foundation

/// The timers of a scheduler in firing order: a binary min-heap of (instant, order, key).
/// Entries are never removed from the middle; a moved or cancelled timer leaves a stale entry
/// that the scheduler skips, and `compact(keeping:)` drops them when they pile up.
package struct TimerQueue {
    package struct Entry {
        package var due: Date
        package var order: UInt64
        package var key: TimerKey

        package func precedes(_ other: Entry) -> Bool { (due, order) < (other.due, other.order) }
    }

    private(set) var entries: [Entry] = []

    package var count: Int { entries.count }
    package var first: Entry? { entries.first }

    package mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].precedes(entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Adds many entries at once: appended, then put in heap order in one pass (linear time).
    package mutating func push(contentsOf newEntries: [Entry]) {
        entries.append(contentsOf: newEntries)
        heapify()
    }

    @discardableResult
    package mutating func popFirst() -> Entry? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let first = entries.removeLast()
        siftDown(from: 0)
        return first
    }

    /// Keeps only the entries `isCurrent` accepts.
    package mutating func compact(keeping isCurrent: (Entry) -> Bool) {
        entries = entries.filter(isCurrent)
        heapify()
    }

    private mutating func heapify() {
        for parent in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(from: parent) }
    }

    private mutating func siftDown(from parent: Int) {
        var parent = parent
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].precedes(entries[smallest]) { smallest = left }
            if right < entries.count, entries[right].precedes(entries[smallest]) { smallest = right }
            guard smallest != parent else { return }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
