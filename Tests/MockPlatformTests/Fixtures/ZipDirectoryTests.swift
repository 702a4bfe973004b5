import Foundation
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// `ZipDirectory`: the range-file parser and lookups.
final class ZipDirectoryTests: XCTestCase {
    func testFixtureDirectoryHoldsExactlyTheFileEntries() throws {
        let fixture = try ZipFixtureFile.load()
        let directory = TestFixtures.shared.zipcodes
        XCTAssertEqual(directory.count, fixture.headerCount)
        let entries = directory.allEntries()
        XCTAssertEqual(entries.map(\.zip), entries.map(\.zip).sorted(), "ascending")
        XCTAssertEqual(entries.count, fixture.codeByZip.count)
        var mismatches: [String] = []
        for entry in entries where fixture.codeByZip[entry.zip] != entry.stateCode {
            mismatches.append("\(entry.zip): \(entry.stateCode)")
        }
        XCTAssertEqual(mismatches, [])
        for zip in ZipFixtureFile.allFiveDigitStrings where directory.stateCode(of: zip) != fixture.codeByZip[zip] {
            mismatches.append(zip)
        }
        XCTAssertEqual(mismatches.prefix(20), [])
    }

    func testEveryCodeHasAnEnglishName() throws {
        let codes = Set(TestFixtures.shared.zipcodes.allEntries().map(\.stateCode))
        XCTAssertEqual(codes.count, 62, "Resources/README.md: 62 codes")
        for code in codes.sorted() {
            let name = USState.name(of: code)
            XCTAssertNotNil(name, code)
            XCTAssertNotEqual(name, code)
        }
        XCTAssertEqual(codes.filter(USState.isStateOrDC).count, 51, "50 states and DC")
    }

    func testSmallRangeFile() throws {
        let directory = try ZipDirectory(rangeFile: "# zipcodes v1 count=5\nAZ 85004,85006-85008\nNY 00501\n")
        XCTAssertEqual(directory.count, 5)
        XCTAssertEqual(directory.stateCode(of: "85004"), "AZ")
        XCTAssertNil(directory.stateCode(of: "85005"))
        XCTAssertEqual(directory.stateCode(of: "85006"), "AZ")
        XCTAssertEqual(directory.stateCode(of: "85008"), "AZ")
        XCTAssertNil(directory.stateCode(of: "85009"))
        XCTAssertEqual(directory.stateCode(of: "00501"), "NY")
        XCTAssertNil(directory.stateCode(of: "00000"))
        let entries = directory.allEntries()
        XCTAssertEqual(entries.map(\.zip), ["00501", "85004", "85006", "85007", "85008"])
        XCTAssertEqual(entries.map(\.stateCode), ["NY", "AZ", "AZ", "AZ", "AZ"])
    }

    func testLookupTakesOnlyFiveASCIIDigits() throws {
        let directory = try ZipDirectory(rangeFile: "# h\nAZ 08500,85004\n")
        for text in ["8500", "850041", "85a04", "+8500", " 8500", "8500 ", "-8500", "８５００４", "", "85004\n"] {
            XCTAssertNil(directory.stateCode(of: text), "'\(text)'")
        }
        XCTAssertEqual(directory.stateCode(of: "85004"), "AZ")
        XCTAssertEqual(directory.stateCode(of: "08500"), "AZ")
    }

    func testMalformedLinesAreRefused() {
        for text in ["AZ\n", "AZZ 85004\n", "A 85004\n", "AZ 8500\n", "AZ 850041\n", "AZ 85007-85006\n",
                     "AZ 85004-85005-85006\n", "AZ 8500a\n"] {
            XCTAssertThrowsError(try ZipDirectory(rangeFile: "# h\n" + text), text.debugDescription)
        }
    }

    /// Each refusal names the line (counting the header) and what is wrong with it.
    func testRefusalsNameTheLineAndTheRun() {
        func refusal(_ text: String) -> String? {
            do {
                _ = try ZipDirectory(rangeFile: text)
                return nil
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(refusal("# h\nAZ 85004\nNY 8500\n"), "zipcodes.txt line 3: bad run '8500'")
        XCTAssertEqual(refusal("# h\nAZ 00501\nNY 00500-00501\n"), "zipcodes.txt line 3: ZIP 00501 is listed twice")
        XCTAssertEqual(refusal("# h\nÉ 85004\n"), "zipcodes.txt line 2: expected '<CODE> <ranges>'", "a code is two ASCII characters")
    }

    /// A file saved with Windows line ends reads as the same directory.
    func testCRLFLineEndsAreRead() throws {
        let directory = try ZipDirectory(rangeFile: "# h\r\nAZ 85004,85006-85008\r\nNY 00501\r\n")
        XCTAssertEqual(directory.count, 5)
        XCTAssertEqual(directory.stateCode(of: "85008"), "AZ")
        XCTAssertEqual(directory.stateCode(of: "00501"), "NY")
    }
}
