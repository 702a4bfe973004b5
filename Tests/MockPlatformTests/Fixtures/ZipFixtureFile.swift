import Foundation
import MockPlatformRuntime
import XCTest

/// `Resources/fixtures/zipcodes.txt`, parsed by the tests on their own (not by `ZipDirectory`),
/// strictly as `Resources/README.md` describes it.
struct ZipFixtureFile {
    /// `count=N` from the header line.
    let headerCount: Int
    /// Every ZIP with its code.
    let codeByZip: [String: String]
    /// ZIPs listed more than once.
    let duplicates: [String]

    static func load(file: StaticString = #filePath, line: UInt = #line) throws -> ZipFixtureFile {
        try ZipFixtureFile(text: RepositoryFiles.text("Resources/fixtures/zipcodes.txt"), file: file, line: line)
    }

    init(text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, "", "the file ends with a newline", file: file, line: line)
        if lines.last == "" { lines.removeLast() }
        let header = try XCTUnwrap(lines.first, "empty file", file: file, line: line)
        XCTAssertTrue(header.hasPrefix("# zipcodes v1 "), "header: \(header)", file: file, line: line)
        let countField = try XCTUnwrap(
            header.split(separator: " ").first { $0.hasPrefix("count=") }, "no count= in \(header)", file: file, line: line
        )
        headerCount = try XCTUnwrap(Int(countField.dropFirst("count=".count)), "count: \(countField)", file: file, line: line)

        func isFiveDigits(_ text: Substring) -> Bool {
            text.count == 5 && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        }
        var codeByZip: [String: String] = [:]
        var duplicates: [String] = []
        for entry in lines.dropFirst() {
            let parts = entry.split(separator: " ", omittingEmptySubsequences: false)
            XCTAssertEqual(parts.count, 2, "line: \(entry.prefix(40))", file: file, line: line)
            guard parts.count == 2 else { continue }
            let code = String(parts[0])
            XCTAssertTrue(code.count == 2 && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }, "code \(code)",
                          file: file, line: line)
            for run in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
                let bounds = run.split(separator: "-", omittingEmptySubsequences: false)
                guard (1...2).contains(bounds.count), bounds.allSatisfy(isFiveDigits),
                      let low = Int(bounds[0]), let high = Int(bounds[bounds.count - 1]), low <= high
                else {
                    XCTFail("bad run '\(run)' for \(code)", file: file, line: line)
                    continue
                }
                for number in low...high {
                    let zip = String(format: "%05d", number)
                    if codeByZip[zip] != nil { duplicates.append(zip) }
                    codeByZip[zip] = code
                }
            }
        }
        self.codeByZip = codeByZip
        self.duplicates = duplicates
    }

    /// Every 5-digit string, `00000` to `99999`.
    static var allFiveDigitStrings: [String] { (0..<100_000).map { String(format: "%05d", $0) } }
}

extension ZipDirectory {
    /// Every ZIP with its code, ascending, read through the lookup a request uses.
    func allEntries() -> [(zip: String, stateCode: String)] {
        ZipFixtureFile.allFiveDigitStrings.compactMap { zip in stateCode(of: zip).map { (zip, $0) } }
    }
}
