import Foundation

/// A failure to write or read a tenant's state file (`--save-on-exit`, `--persist`), in words a
/// log line can carry.
package enum StateFileFailure {
    /// Why writing or reading a state file failed, without the values involved: an encoding
    /// error's description holds the value it could not encode — the snapshot with its secrets
    /// and tokens — so only where it failed and the encoder's own words are kept.
    package static func reason(_ error: any Error) -> String {
        switch error {
        case EncodingError.invalidValue(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return "cannot encode \(path.isEmpty ? "the state" : path): \(context.debugDescription)"
        case let error as POSIXError:
            return "file error \(error.code.rawValue) (\(String(cString: strerror(error.code.rawValue))))"
        case let error as CocoaError:
            return "file error \(error.code.rawValue)\(error.filePath.map { " at \($0)" } ?? "")"
        default:
            return "\(type(of: error))"
        }
    }
}
