import Foundation
import Synchronization

/// The wall-clock time a log line starts with, `2026-11-28T20:26:34+0000` in the machine's time
/// zone as swift-log's stream handler writes it: formatted once a second and kept, rather than
/// looked up (`localtime` reads the zone file each time) for every line.
package final class LogTime: Sendable {
    package static let shared = LogTime()

    private let kept = Mutex<(second: Int, text: String)>((-1, ""))

    /// The current second, formatted.
    package func now() -> String {
        let second = time(nil)
        if let text = kept.withLock({ $0.second == second ? $0.text : nil }) { return text }
        let text = Self.format(second)
        kept.withLock { $0 = (second, text) }
        return text
    }

    private static func format(_ second: Int) -> String {
        var seconds = time_t(second)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "<unknown>" }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
