import Foundation
import Glibc

/// Writes a file so that a reader, or a start after a crash, finds the old content or the new,
/// never a part: a temporary file beside it, flushed to disk, renamed over it, and the folder
/// flushed so that the rename itself survives a power cut. The temporary file is created anew
/// (`O_EXCL | O_NOFOLLOW`: never through a link someone placed there), and what a crash left
/// behind is removed at the next start (`removeLeftovers`).
package enum AtomicFile {
    /// Writes `data` to `url`, readable by its owner only; throws the failing call's `POSIXError`.
    package static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        unlink(temporary.path)
        let file = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw lastError() }
        do {
            try data.withUnsafeBytes { bytes throws in
                var offset = 0
                while offset < bytes.count {
                    let written = Glibc.write(file, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw lastError()
                    }
                    offset += written
                }
            }
            guard fsync(file) == 0 else { throw lastError() }
        } catch {
            close(file)
            unlink(temporary.path)
            throw error
        }
        close(file)
        guard rename(temporary.path, url.path) == 0 else {
            let error = lastError()
            unlink(temporary.path)
            throw error
        }
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// Removes from `folder` the temporary files of writes that never finished (a crash):
    /// `.<name>.<pid>.tmp` for a `name` that `isTarget` accepts. Returns how many it removed.
    @discardableResult
    package static func removeLeftovers(in folder: URL, of isTarget: (String) -> Bool) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let inner = name.dropFirst().dropLast(4)
            guard let dot = inner.lastIndex(of: "."), !inner[inner.index(after: dot)...].isEmpty,
                  inner[inner.index(after: dot)...].allSatisfy { $0.isASCII && $0.isNumber }, isTarget(String(inner[..<dot]))
            else { continue }
            if unlink(folder.appendingPathComponent(name).path) == 0 { removed += 1 }
        }
        return removed
    }

    private static func lastError() -> POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}
