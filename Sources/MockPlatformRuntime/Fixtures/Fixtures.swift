import Foundation

/// What every new tenant starts from, read once at start from the fixture folder.
///
/// The server's own files: `tenant.json` (settings) and `zipcodes.txt` (reference data IQL and
/// the publisher backend share). Every other file is a module's (`FixturePart`: IQL's
/// `campaigns.json`, the publisher's `insurers.json`, optionally `webhooks.json` and
/// `loyalty.json`), read when the server starts (`load(_:)`) and kept here by type (see
/// `Resources/README.md`). `tenant.json` is read with the modules' settings parts once they are
/// known (`load(settings:keyOrder:)`).
package struct Fixtures: Sendable {
    /// The settings a new tenant starts with: the shared keys' defaults until
    /// `load(settings:keyOrder:)` reads `tenant.json`.
    package var settings = TenantSettings()
    /// `tenant.json`'s keys, until `load(settings:keyOrder:)` reads them; the command line
    /// replaces keys here (`--webhook-retry-profile`).
    package var settingsFile: [String: JSONValue]?
    /// Reference data shared by every tenant; never changed by a request.
    package var zipcodes: ZipDirectory
    /// Where the modules' parts are read from.
    package let folder: URL
    /// The modules' parts read or set so far, by type.
    private var parts: [ObjectIdentifier: any FixturePart] = [:]
    /// The keys of `parts`, first read or set first.
    private var order: [ObjectIdentifier] = []

    private init(settingsFile: [String: JSONValue], zipcodes: ZipDirectory, folder: URL) {
        self.settingsFile = settingsFile
        self.zipcodes = zipcodes
        self.folder = folder
    }

    /// A module's part: as read or set, else the part with nothing read. A part set before
    /// `load(_:)` reads its type counts as read: change a part only once it has been read.
    package subscript<Part: FixturePart>(part: Part.Type) -> Part {
        get { parts[ObjectIdentifier(part)] as? Part ?? Part() }
        set { store(newValue, as: ObjectIdentifier(part)) }
    }

    /// Loads the server's own files from `folder`, failing with the first that is missing or
    /// malformed; the modules' parts are read by `load(_:)`, the settings by
    /// `load(settings:keyOrder:)`.
    package static func load(from folder: URL) throws -> Fixtures {
        guard case .object(let settingsFile) = try decode(JSONValue.self, "tenant.json", in: folder) else {
            throw StartupError("fixture file tenant.json: settings must be an object")
        }
        let zipText = try String(contentsOf: try file("zipcodes.txt", in: folder), encoding: .utf8)
        return Fixtures(settingsFile: settingsFile, zipcodes: try ZipDirectory(rangeFile: zipText), folder: folder)
    }

    /// Adds the keys of the settings parts `types` to `settings`, named in `keyOrder`'s order,
    /// and reads `tenant.json` over their defaults if it has not been read yet; the error names
    /// every problem of the file.
    package mutating func load(settings types: [any SettingsPart.Type], keyOrder: [String]) throws(StartupError) {
        settings.add(types)
        settings.orderKeys(keyOrder)
        guard let file = settingsFile else { return }
        do {
            settings = try SettingsPatch(file, schema: settings.schema).applied(to: settings)
        } catch {
            throw StartupError("fixture file tenant.json: \(error.message)")
        }
        settingsFile = nil
    }

    /// Reads each part of `types` not read or set yet from the folder, in order.
    package mutating func load(_ types: [any FixturePart.Type]) throws {
        for type in types where parts[ObjectIdentifier(type)] == nil {
            store(try type.load(from: folder), as: ObjectIdentifier(type))
        }
    }

    /// Refuses parts that name an event kind no module of this server declares, in the order
    /// they were read.
    package func check(_ kinds: KnownKinds) throws(StartupError) {
        for key in order { try parts[key]?.check(kinds) }
    }

    private mutating func store(_ part: any FixturePart, as key: ObjectIdentifier) {
        if parts.updateValue(part, forKey: key) == nil { order.append(key) }
    }

    /// The optional file `name` of `folder` read as `type`; nil when the folder has none.
    package static func decodeIfPresent<T: Decodable>(_ type: T.Type, _ name: String, in folder: URL) throws -> T? {
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) else { return nil }
        return try decode(type, name, in: folder)
    }

    private static func file(_ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StartupError("fixture file \(url.path) is missing")
        }
        return url
    }

    /// The file `name` of `folder` read as `type`; the error names the file and the mistake.
    package static func decode<T: Decodable>(_ type: T.Type, _ name: String, in folder: URL) throws -> T {
        let data = try Data(contentsOf: try file(name, in: folder))
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw StartupError("fixture file \(name): \(DecodingFailure.describe(error))")
        }
    }
}
