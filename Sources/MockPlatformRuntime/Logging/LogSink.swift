import Foundation
import Synchronization

/// Where the log's lines go (standard error), in batches: a line is appended to a buffer, and a
/// thread of the sink's own, woken by the first line of a batch, writes what waits 10 ms later
/// in one system call, so the request log line costs an event loop no write and no wait on
/// other threads' writes; with nothing to write, the thread sleeps. At most
/// `maxPendingBytes` wait; past that (standard error not being read) lines are dropped, and a
/// line saying how many goes out with the next batch. `flush()` writes what waits at once: for
/// a warning or worse (`FlushingLogHandler`), and at exit.
package final class LogSink: Sendable {
    /// The process's standard error.
    package static let standardError = LogSink(descriptor: STDERR_FILENO)

    /// The most bytes that wait for the next batch.
    package static let maxPendingBytes = 4 << 20
    /// The largest buffer kept for the next batch (a batch after standard error stalled is
    /// let go).
    package static let maxSpareBytes = 256 << 10
    /// How long a line waits at most before it is written, in microseconds.
    package static let batchMicroseconds: UInt32 = 10_000

    private struct Pending {
        var bytes: [UInt8] = []
        /// The buffer of the batch written before, emptied with its capacity kept: the next
        /// batch goes into it without growing it again under the lock.
        var spare: [UInt8] = []
        var dropped = 0
        var writerStarted = false

        var isEmpty: Bool { bytes.isEmpty && dropped == 0 }
    }

    private let descriptor: Int32
    private let pending = Mutex(Pending())
    /// Held while a batch is written, so batches go out in order.
    private let writing = Mutex(())
    /// What the writer sleeps on while no line waits; the first line of a batch signals it.
    private let lineArrived = NSCondition()

    package init(descriptor: Int32) { self.descriptor = descriptor }

    /// Adds `line` (with its newline) to the next batch; starts the sink's writer the first time,
    /// and wakes it for the first line of a batch.
    package func write(_ line: String) {
        write(Array(line.utf8))
    }

    /// Adds `line`, UTF-8 with its newline, to the next batch.
    package func write(_ line: [UInt8]) {
        let (startWriter, firstOfBatch) = pending.withLock { pending in
            let firstOfBatch = pending.isEmpty
            if pending.bytes.count + line.count > Self.maxPendingBytes {
                pending.dropped += 1
            } else {
                pending.bytes.append(contentsOf: line)
            }
            defer { pending.writerStarted = true }
            return (!pending.writerStarted, firstOfBatch)
        }
        if startWriter {
            Thread.detachNewThread { [self] in runWriter() }
        } else if firstOfBatch {
            // Under the condition's lock, so the signal cannot fall between the writer's look
            // at the buffer and its wait.
            lineArrived.lock()
            lineArrived.signal()
            lineArrived.unlock()
        }
    }

    /// Writes every line that waits, now.
    package func flush() {
        writing.withLock { _ in
            var (batch, dropped) = pending.withLock { pending in
                var batch = pending.spare
                pending.spare = []
                swap(&batch, &pending.bytes)
                defer { pending.dropped = 0 }
                return (batch, pending.dropped)
            }
            if dropped > 0 { writeAll(Array("mock-platform: \(dropped) log lines dropped (standard error is not read fast enough)\n".utf8)) }
            if !batch.isEmpty { writeAll(batch) }
            guard batch.capacity <= Self.maxSpareBytes else { return }
            batch.removeAll(keepingCapacity: true)
            pending.withLock { $0.spare = batch }
        }
    }

    private func runWriter() {
        while true {
            usleep(Self.batchMicroseconds)
            flush()
            lineArrived.lock()
            while pending.withLock({ $0.isEmpty }) { lineArrived.wait() }
            lineArrived.unlock()
        }
    }

    /// Writes `bytes` whole, however many calls it takes; gives up on an error other than an
    /// interruption (there is nowhere left to report it).
    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
