import Foundation

/// A tenant snapshot as the JSON document `/_mock/state`, `--state-file` and `--save-on-exit`
/// read and write (`openapi/control.yaml` exportState): sorted keys, instants as seconds since
/// 1970.
public enum TenantStateDocument {
    public static func data(_ snapshot: TenantSnapshot) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return try encoder.encode(snapshot)
    }

    /// The snapshot in a document, every value checked (`RestoredValueCheck`); 400 naming what
    /// is wrong.
    public static func snapshot(from data: Data) throws(APIError) -> TenantSnapshot {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(RestoredValueCheck.instant(from:))
        struct Version: Decodable { var version: Int? }
        guard let version = try? decoder.decode(Version.self, from: data), version.version == TenantSnapshot.currentVersion else {
            throw .badRequest("state version must be \(TenantSnapshot.currentVersion)")
        }
        let snapshot: TenantSnapshot
        do {
            try RestoredValueCheck.check(try decoder.decode(JSONValue.self, from: data))
            snapshot = try decoder.decode(TenantSnapshot.self, from: data)
        } catch {
            throw RestoredValueCheck.refusal(error)
        }
        try RestoredValueCheck.check(snapshot.events)
        return snapshot
    }

    /// A decoding error in one line: where and what.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
