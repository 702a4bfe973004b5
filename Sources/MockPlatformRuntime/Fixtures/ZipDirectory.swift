import Foundation

/// Every US 5-digit ZIP code with its postal state code, from `Resources/fixtures/zipcodes.txt`.
///
/// Stored as one byte per possible ZIP (100,000 bytes): lookups are an array index, and loading
/// the compact range file takes about a millisecond.
package struct ZipDirectory: Sendable {
    /// Index into `codes` plus one for each ZIP, 0 when the number is no ZIP.
    private let table: [UInt8]
    private let codes: [String]
    /// How many ZIP codes the directory holds.
    package let count: Int

    /// Parses the range format: a `#` header line, then `<CODE> <run>,<run>,…` lines where a run
    /// is `NNNNN` or `NNNNN-NNNNN` and a code two ASCII characters. Lines may end in CRLF. Read as
    /// bytes: the file is ASCII, and reading it by characters took a fifth of the start-up time.
    package init(rangeFile text: String) throws(StartupError) {
        var table = [UInt8](repeating: 0, count: 100_000)
        var codes: [String] = []
        var count = 0
        for (number, rawLine) in Array(text.utf8).split(separator: UInt8(ascii: "\n")).enumerated() {
            let line = rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 1)
            guard fields.count == 2, fields[0].count == 2, fields[0].allSatisfy({ $0 < 0x80 }), codes.count < 255 else {
                throw StartupError("zipcodes.txt line \(number + 1): expected '<CODE> <ranges>'")
            }
            codes.append(String(decoding: fields[0], as: UTF8.self))
            let index = UInt8(codes.count)
            for run in fields[1].split(separator: UInt8(ascii: ",")) {
                let bounds = run.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
                guard (1...2).contains(bounds.count),
                      let low = Self.zip(bounds[0]), let high = Self.zip(bounds[bounds.count - 1]), low <= high
                else { throw StartupError("zipcodes.txt line \(number + 1): bad run '\(String(decoding: run, as: UTF8.self))'") }
                for zip in low...high {
                    guard table[zip] == 0 else {
                        throw StartupError("zipcodes.txt line \(number + 1): ZIP \(zip.zeroPadded(to: 5)) is listed twice")
                    }
                    table[zip] = index
                }
                count += high - low + 1
            }
        }
        self.table = table
        self.codes = codes
        self.count = count
    }

    /// The number five ASCII digits write, nil for anything else.
    private static func zip(_ digits: ArraySlice<UInt8>) -> Int? {
        guard digits.count == 5 else { return nil }
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// The postal code (`AZ`, `PR`, `AE`, …) of a 5-digit ZIP, nil when it is no ZIP.
    package func stateCode(of zip: String) -> String? {
        guard zip.isDigits(count: 5),
              let number = Int(zip) else { return nil }
        let index = Int(table[number])
        return index == 0 ? nil : codes[index - 1]
    }
}
