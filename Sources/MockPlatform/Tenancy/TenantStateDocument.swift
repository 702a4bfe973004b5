import Foundation

/// A tenant snapshot as the JSON document `/_mock/state`, `--state-file` and `--save-on-exit`
/// read and write (`openapi/control.yaml` exportState): sorted keys, instants as seconds since
/// 1970.
package enum TenantStateDocument {
    package static func data(_ snapshot: TenantSnapshot) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return try encoder.encode(snapshot)
    }

    /// The snapshot in a document, every value checked (`RestoredValueCheck`, with the field
    /// names the server's modules declare, and its settings with `settings`); 400 naming what
    /// is wrong.
    package static func snapshot(from data: Data, fields: StateFields, settings: SettingsSchema) throws(APIError) -> TenantSnapshot {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(RestoredValueCheck.instant(from:))
        decoder.userInfo[SettingsSchema.userInfoKey] = settings
        let document: JSONValue
        do {
            document = try decoder.decode(JSONValue.self, from: data)
        } catch {
            throw .badRequest("state is \(DecodingFailure.describe(error)): send a document GET /_mock/state exported")
        }
        guard case .object(let members) = document else {
            throw .badRequest("state must be a JSON object, as GET /_mock/state exports")
        }
        guard members["version"] == .integer(Int64(TenantSnapshot.currentVersion)) else {
            throw .badRequest("state version must be \(TenantSnapshot.currentVersion)")
        }
        let snapshot: TenantSnapshot
        do {
            try RestoredValueCheck.check(document, fields: fields)
            snapshot = try decoder.decode(TenantSnapshot.self, from: data)
        } catch {
            throw RestoredValueCheck.refusal(error)
        }
        try RestoredValueCheck.check(snapshot.events)
        return snapshot
    }

}
