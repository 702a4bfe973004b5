import Foundation
@testable import MockPlatform
@testable import MockPlatformKit
import XCTest

/// `StartupPages`: once the server listens, the code only its start ran leaves its resident memory.
final class StartupPagesTests: XCTestCase {
    /// Only executable mappings of a file that hold no private copy of a page are released.
    func testItPicksUnchangedExecutableFileMappings() {
        let smaps = """
            5636c796d000-5636c9804000 r-xp 00000000 fe:00 16220877                   /usr/local/bin/mock-platform
            Size:              31324 kB
            Rss:               17948 kB
            Anonymous:             0 kB
            5636c9805000-5636c98fe000 r--p 01e97000 fe:00 16220877                   /usr/local/bin/mock-platform
            Rss:                 996 kB
            Anonymous:           996 kB
            7f0000000000-7f0000100000 r-xp 00000000 fe:00 1234                       /usr/lib/libpatched.so
            Rss:                1024 kB
            Anonymous:             8 kB
            7f0000200000-7f0000300000 r-xp 00000000 fe:00 1235                       /usr/lib/libswiftCore.so
            Rss:                1024 kB
            Anonymous:             0 kB
            7ffd5a1f0000-7ffd5a1f2000 r-xp 00000000 00:00 0                          [vdso]
            Rss:                   8 kB
            Anonymous:             0 kB
            """
        XCTAssertEqual(StartupPages.unchangedExecutableMappings(in: smaps), [
            0x5636c796d000..<0x5636c9804000, 0x7f0000200000..<0x7f0000300000,
        ])
    }

    /// In this process: the resident code of those mappings falls, and the code keeps running.
    func testReleasingDropsResidentCodePagesAndTheProcessRunsOn() throws {
        let before = try Self.residentExecutableKilobytes()
        XCTAssertGreaterThan(StartupPages.release(), 0)
        let after = try Self.residentExecutableKilobytes()
        XCTAssertLessThan(after, before / 2, "before \(before) kB, after \(after) kB")
        XCTAssertEqual(try JSONParser.parse(Array(#"{"still":"running"}"#.utf8)), .object(["still": .string("running")]))
    }

    private static func residentExecutableKilobytes() throws -> Int {
        let smaps = try String(contentsOfFile: "/proc/self/smaps", encoding: .utf8)
        let released = Set(StartupPages.unchangedExecutableMappings(in: smaps).map(\.lowerBound))
        var total = 0, counting = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
                counting = UInt(first.split(separator: "-")[0], radix: 16).map(released.contains) ?? false
            } else if counting, fields.first == "Rss:", fields.count >= 2, let kilobytes = Int(fields[1]) {
                total += kilobytes
            }
        }
        return total
    }
}
