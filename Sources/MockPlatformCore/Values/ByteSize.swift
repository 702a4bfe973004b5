import Foundation

/// Sizes as flags write them (`--tenant-max-bytes 512KB`, `64MB`, `1GB`: binary multiples,
/// `B` alone for bytes) and as messages show them.
package enum ByteSize {
    /// The bytes `text` stands for; nil for anything else or a size of 0.
    package static func bytes(_ text: String) -> Int? {
        let upper = text.trimmingCharacters(in: .whitespaces).uppercased()
        let units: [(String, Int)] = [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10), ("B", 1)]
        guard let (unit, multiple) = units.first(where: { upper.hasSuffix($0.0) }),
              let number = Int(upper.dropLast(unit.count)), number > 0 else { return nil }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: multiple)
        return overflow ? nil : bytes
    }

    /// `bytes` in the largest unit it is a whole number of (`64MB`), else in bytes.
    package static func text(_ bytes: Int) -> String {
        for (unit, multiple) in [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)] where bytes % multiple == 0 && bytes >= multiple {
            return "\(bytes / multiple)\(unit)"
        }
        return "\(bytes)B"
    }
}
