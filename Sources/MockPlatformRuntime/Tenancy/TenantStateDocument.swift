import Foundation

/// A tenant snapshot as the JSON document `/_mock/state`, `--state-file`, `--save-on-exit` and
/// `--persist` read and write (`openapi/control.yaml` exportState): sorted keys, instants as
/// seconds since 1970.
///
/// The module stores' states, nearly all of a large document, are never a tree of values here:
/// a document is written by splicing their texts (`StoreState`) into the rest, and read by
/// cutting them out of it after one checking pass over the bytes (`RestoredValueCheck`); only
/// the rest (clock, settings, event log, outbox) goes through `JSONEncoder` and `JSONDecoder`.
package enum TenantStateDocument {
    /// The document of `snapshot`.
    package static func data(_ snapshot: TenantSnapshot) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        var rest = snapshot
        rest.stores = [:]
        var document = try encoder.encode(rest)
        // `stores` sorts after every key but `version`, so its empty object is the last one.
        guard let empty = document.range(of: Data(#""stores":{}"#.utf8), options: .backwards) else { return try encoder.encode(snapshot) }
        var stores = Data(#""stores":{"#.utf8)
        for (index, key) in snapshot.stores.keys.sorted().enumerated() {
            if index > 0 { stores.append(UInt8(ascii: ",")) }
            stores.append(JSONValue.string(key).encoded())
            stores.append(UInt8(ascii: ":"))
            stores.append(snapshot.stores[key]?.text ?? Data("null".utf8))
        }
        stores.append(UInt8(ascii: "}"))
        document.replaceSubrange(empty, with: stores)
        return document
    }

    /// The snapshot in a document, every value checked (`RestoredValueCheck`, with the field
    /// names the server's modules declare, and its settings with `settings`); 400 naming what
    /// is wrong.
    package static func snapshot(from data: Data, fields: StateFields, settings: SettingsSchema) throws(APIError) -> TenantSnapshot {
        let parts: RestoredValueCheck.Parts
        do {
            parts = try RestoredValueCheck.check(data, fields: fields)
        } catch {
            // Read again as a tree, to refuse it in the order the checks are documented.
            let document: JSONValue
            do {
                document = try JSONParser.parse(data, maxDepth: JSONParser.documentDepth)
            } catch {
                throw .badRequest("state is not valid JSON: send a document GET /_mock/state exported")
            }
            return try snapshot(from: document, fields: fields, settings: settings)
        }
        return try snapshot(checked: data, parts: parts, settings: settings)
    }

    /// The snapshot in a document already read (a `PUT /_mock/state` body), checked the same
    /// way, its failures named in key order.
    package static func snapshot(from document: JSONValue, fields: StateFields, settings: SettingsSchema) throws(APIError) -> TenantSnapshot {
        guard case .object(let members) = document else {
            throw .badRequest("state must be a JSON object, as GET /_mock/state exports")
        }
        guard members["version"] == .integer(Int64(TenantSnapshot.currentVersion)) else { throw versionRefused }
        let text = JSONWriter.data(of: document, sortingKeys: true)
        return try snapshot(checked: text, parts: RestoredValueCheck.check(text, fields: fields), settings: settings)
    }

    private static let versionRefused = APIError.badRequest("state version must be \(TenantSnapshot.currentVersion)")

    /// The snapshot in a document whose values passed `RestoredValueCheck`: the stores' texts
    /// cut out as they stand, the rest decoded.
    private static func snapshot(checked data: Data, parts: RestoredValueCheck.Parts, settings: SettingsSchema) throws(APIError) -> TenantSnapshot {
        guard let members = parts.members else { throw .badRequest("state must be a JSON object, as GET /_mock/state exports") }
        guard let version = members["version"], (try? JSONParser.parse(data[version])) == .integer(Int64(TenantSnapshot.currentVersion)) else {
            throw versionRefused
        }
        var rest = Data("{".utf8)
        for (key, range) in members.sorted(by: { $0.key < $1.key }) {
            if rest.count > 1 { rest.append(UInt8(ascii: ",")) }
            rest.append(JSONValue.string(key).encoded())
            rest.append(UInt8(ascii: ":"))
            rest.append(parts.stores != nil && key == "stores" ? Data("{}".utf8) : data[range])
        }
        rest.append(UInt8(ascii: "}"))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(RestoredValueCheck.instant(from:))
        decoder.userInfo[SettingsSchema.userInfoKey] = settings
        var snapshot: TenantSnapshot
        do {
            snapshot = try decoder.decode(TenantSnapshot.self, from: rest)
        } catch {
            throw RestoredValueCheck.refusal(error)
        }
        if let stores = parts.stores {
            snapshot.stores = stores.mapValues { StoreState(text: data[$0]) }
        }
        try RestoredValueCheck.check(snapshot.events)
        return snapshot
    }
}
