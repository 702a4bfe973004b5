import Foundation
import Glibc

/// Code only the start ran — reading the OpenAPI documents, registering every generated route,
/// loading the fixtures — stays mapped after it and counts as the server's resident memory
/// until the kernel reclaims it. `release()`, called once the server listens (and again each time
/// it has been idle a while, `IdleCodePages`), drops the pages of
/// the executable file mappings (the binary's code, and the shared libraries') from this
/// process's page tables (`MADV_DONTNEED`); the code a request runs comes back on first use
/// from the page cache, the rest stays out.
///
/// Only executable mappings that hold the file's bytes unchanged (no private copy of any page,
/// `Anonymous: 0 kB` in `/proc/self/smaps`) are released: dropping one loses nothing, while a
/// relocated or written mapping would lose what was written to it.
package enum StartupPages {
    /// Drops the resident pages of every unchanged executable file mapping; returns how many
    /// mappings it released. Nothing when `/proc/self/smaps` cannot be read.
    @discardableResult
    package static func release() -> Int {
        guard let smaps = try? String(contentsOfFile: "/proc/self/smaps", encoding: .utf8) else { return 0 }
        var released = 0
        for mapping in unchangedExecutableMappings(in: smaps) {
            if madvise(UnsafeMutableRawPointer(bitPattern: mapping.lowerBound), Int(mapping.upperBound - mapping.lowerBound), MADV_DONTNEED) == 0 {
                released += 1
            }
        }
        return released
    }

    /// The address ranges of the mappings in `smaps` (the text of `/proc/<pid>/smaps`) that are
    /// executable, backed by a file, and hold no private copy of a page.
    package static func unchangedExecutableMappings(in smaps: String) -> [Range<UInt>] {
        var mappings: [Range<UInt>] = []
        var candidate: Range<UInt>?
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
                candidate = nil
                let bounds = first.split(separator: "-")
                guard fields.count >= 6, fields[1] == "r-xp", fields[5].hasPrefix("/"), bounds.count == 2,
                      let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16), start < end
                else { continue }
                candidate = start..<end
            } else if fields.first == "Anonymous:", let range = candidate {
                if fields.count >= 2, fields[1] == "0" { mappings.append(range) }
                candidate = nil
            }
        }
        return mappings
    }
}
