import Foundation

/// Where `--persist` keeps tenants' states: `<data-dir>/state`, one `<tenant>.json` each, in
/// the format of `GET /_mock/state`.
package struct TenantStateFolder: Sendable {
    package let url: URL

    package init(dataDirectory: URL) { url = dataDirectory.appendingPathComponent("state", isDirectory: true) }

    /// The file of tenant `name`.
    package func file(of name: TenantName) -> URL { url.appendingPathComponent("\(name.rawValue).json") }

    /// The state files in the folder, `default.json` first, then by name; none when there is
    /// no folder. Temporary files (`.<name>.tmp`) and files set aside are not among them.
    package func files() throws -> [URL] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted { ($0 == "default.json" ? 0 : 1, $0) < ($1 == "default.json" ? 0 : 1, $1) }
        return names.map { url.appendingPathComponent($0) }
    }

    /// Writes tenant `name`'s state (`AtomicFile`), creating the folder when needed.
    package func write(_ data: Data, of name: TenantName) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try AtomicFile.write(data, to: file(of: name))
    }

    /// Removes tenant `name`'s file, if there is one.
    package func remove(_ name: TenantName) throws {
        let file = file(of: name)
        if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
    }

    /// Renames `file` to `<file>.set-aside-<n>` (the first `n` not taken), so that no later
    /// start reads it; returns the new name.
    package func setAside(_ file: URL) throws -> URL {
        var number = 1
        while FileManager.default.fileExists(atPath: file.path + ".set-aside-\(number)") { number += 1 }
        let target = URL(fileURLWithPath: file.path + ".set-aside-\(number)")
        try FileManager.default.moveItem(at: file, to: target)
        return target
    }
}
