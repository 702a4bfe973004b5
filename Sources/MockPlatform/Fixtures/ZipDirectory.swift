import Foundation

/// Every US 5-digit ZIP code with its postal state code, from `Resources/fixtures/zipcodes.txt`.
///
/// Stored as one byte per possible ZIP (100,000 bytes): lookups are an array index, and loading
/// the compact range file takes a few milliseconds.
public struct ZipDirectory: Sendable {
    /// Index into `codes` plus one for each ZIP, 0 when the number is no ZIP.
    private let table: [UInt8]
    private let codes: [String]
    /// How many ZIP codes the directory holds.
    public let count: Int

    /// Parses the range format: a `#` header line, then `<CODE> <run>,<run>,…` lines where a run
    /// is `NNNNN` or `NNNNN-NNNNN`.
    public init(rangeFile text: String) throws(FixtureError) {
        var table = [UInt8](repeating: 0, count: 100_000)
        var codes: [String] = []
        var count = 0
        for (number, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
            let fields = line.split(separator: " ", maxSplits: 1)
            guard fields.count == 2, fields[0].count == 2, codes.count < 255 else {
                throw FixtureError("zipcodes.txt line \(number + 1): expected '<CODE> <ranges>'")
            }
            codes.append(String(fields[0]))
            let index = UInt8(codes.count)
            for run in fields[1].split(separator: ",") {
                let bounds = run.split(separator: "-", omittingEmptySubsequences: false)
                guard (1...2).contains(bounds.count),
                      bounds.allSatisfy({ $0.isDigits(count: 5) }),
                      let low = Int(bounds[0]), let high = Int(bounds[bounds.count - 1]), low <= high
                else { throw FixtureError("zipcodes.txt line \(number + 1): bad run '\(run)'") }
                for zip in low...high {
                    guard table[zip] == 0 else {
                        throw FixtureError("zipcodes.txt line \(number + 1): ZIP \(String(format: "%05d", zip)) is listed twice")
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

    /// The postal code (`AZ`, `PR`, `AE`, …) of a 5-digit ZIP, nil when it is no ZIP.
    public func stateCode(of zip: String) -> String? {
        guard zip.isDigits(count: 5),
              let number = Int(zip) else { return nil }
        let index = Int(table[number])
        return index == 0 ? nil : codes[index - 1]
    }

    /// Every ZIP with its code, ascending: for tests and exports.
    public func allEntries() -> [(zip: String, stateCode: String)] {
        table.enumerated().compactMap { zip, index in
            index == 0 ? nil : (String(format: "%05d", zip), codes[Int(index) - 1])
        }
    }
}
