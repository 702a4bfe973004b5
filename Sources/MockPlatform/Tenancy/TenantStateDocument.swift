import Foundation

/// A tenant snapshot as the JSON document `/_mock/state`, `--state-file` and `--save-on-exit`
/// read and write (`openapi/control.yaml` exportState): sorted keys, instants as seconds since
/// 1970.
package enum TenantStateDocument {
    /// The document of `snapshot`. The module stores' states, nearly all of a large one, are
    /// written by `JSONWriter` (sorted keys) into the place `JSONEncoder` left for them: through
    /// `JSONEncoder`, a `JSONValue` tree takes Foundation's generic path value by value.
    package static func data(_ snapshot: TenantSnapshot) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        var rest = snapshot
        rest.stores = [:]
        var document = try encoder.encode(rest)
        // `stores` sorts after every key but `version`, so its empty object is the last one.
        guard let empty = document.range(of: Data(#""stores":{}"#.utf8), options: .backwards) else { return try encoder.encode(snapshot) }
        document.replaceSubrange(empty, with: Data(#""stores":"#.utf8) + JSONWriter.data(of: .object(snapshot.stores), sortingKeys: true))
        return document
    }

    /// The snapshot in a document, every value checked (`RestoredValueCheck`, with the field
    /// names the server's modules declare, and its settings with `settings`); 400 naming what
    /// is wrong.
    package static func snapshot(from data: Data, fields: StateFields, settings: SettingsSchema) throws(APIError) -> TenantSnapshot {
        let document: JSONValue
        do {
            document = try JSONParser.parse(data, maxDepth: JSONParser.documentDepth)
        } catch {
            throw .badRequest("state is not valid JSON: send a document GET /_mock/state exported")
        }
        return try snapshot(from: document, fields: fields, settings: settings)
    }

    /// The snapshot in a document already read (a `PUT /_mock/state` body), checked the same way.
    ///
    /// The document is read once: the module stores' states are taken from it as they are, and
    /// only the rest (clock, settings, event log, outbox) goes through `JSONDecoder`.
    package static func snapshot(from document: JSONValue, fields: StateFields, settings: SettingsSchema) throws(APIError) -> TenantSnapshot {
        guard case .object(var members) = document else {
            throw .badRequest("state must be a JSON object, as GET /_mock/state exports")
        }
        guard members["version"] == .integer(Int64(TenantSnapshot.currentVersion)) else {
            throw .badRequest("state version must be \(TenantSnapshot.currentVersion)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(RestoredValueCheck.instant(from:))
        decoder.userInfo[SettingsSchema.userInfoKey] = settings
        var snapshot: TenantSnapshot
        do {
            try RestoredValueCheck.check(document, fields: fields)
            let stores = members["stores"]
            if case .object? = stores { members["stores"] = .object([:]) }
            snapshot = try decoder.decode(TenantSnapshot.self, from: JSONValue.object(members).encoded())
            if case .object(let states)? = stores { snapshot.stores = states }
        } catch {
            throw RestoredValueCheck.refusal(error)
        }
        try RestoredValueCheck.check(snapshot.events)
        return snapshot
    }

}
