import Foundation
import HTTPTypes
import NIOCore
import Synchronization

/// One tenant's cached answers to the reads its modules list in `cachedReads`: the 200 an operation
/// answered for a path and query, sent again without running the operation while its
/// `CacheValidity` holds. A reset makes a new tenant, and with it an empty set.
///
/// Bounded: at most `capacity` answers of at most `maxBodyBytes` each, for keys (`Key`: path,
/// query, declared header values and a POST read's body) of at most `maxKeyBytes`; keeping one
/// more when full forgets them all.
package final class ResponseCache: Sendable {
    package static let capacity = 128
    package static let maxBodyBytes = 4_096
    package static let maxKeyBytes = 512

    private struct Kept {
        let head: HTTPResponse
        let body: ByteBuffer
        let validity: CacheValidity
    }

    private let answers = Mutex<[Key: Kept]>([:])

    /// The answer kept for `key`, if it still holds at `now`.
    package func answer(for key: Key, at now: Date) -> (HTTPResponse, ByteBuffer)? {
        // A longer key is never kept: it is not hashed inside the lock either.
        guard key.bytes <= Self.maxKeyBytes else { return nil }
        return answers.withLock { answers in
            guard let kept = answers[key], kept.validity.holds(at: now) else { return nil }
            return (kept.head, kept.body)
        }
    }

    /// The bytes its kept answers and their keys hold in memory, slices counted by the storage
    /// they keep alive; the bound caps it at `capacity × (maxBodyBytes + maxKeyBytes)` plus the
    /// allocator's rounding.
    var heldBytes: Int {
        answers.withLock { answers in
            answers.reduce(0) { held, entry in
                held + entry.value.body.storageCapacity + entry.key.text.utf8.count + (entry.key.body?.storageCapacity ?? 0)
            }
        }
    }

    /// Keeps a 200 answer for `key` while `validity` holds.
    package func keep(_ head: HTTPResponse, body: ByteBuffer, for key: Key, while validity: CacheValidity) {
        guard head.status == .ok, body.readableBytes <= Self.maxBodyBytes, key.bytes <= Self.maxKeyBytes else { return }
        let key = key.compacted
        answers.withLock { answers in
            // Two reads of one key racing: an answer read before a change does not replace one
            // read after it.
            if let kept = answers[key], kept.validity.marks.allSatisfy(\.holds), !validity.marks.allSatisfy(\.holds) { return }
            if answers.count >= Self.capacity, answers[key] == nil { answers.removeAll(keepingCapacity: true) }
            answers[key] = Kept(head: head, body: body, validity: validity)
        }
    }
}
