import Foundation

/// What every new tenant starts from, read once at start from the fixture folder.
///
/// The server's own files: `tenant.json` (settings) and `zipcodes.txt` (reference data IQL and
/// the publisher backend share). Every other file is a module's (`FixturePart`: IQL's
/// `campaigns.json`, the publisher's `insurers.json`, optionally `webhooks.json` and
/// `loyalty.json`), read when the server starts (`load(_:)`) and kept here by type (see
/// `Resources/README.md`).
package struct Fixtures: Sendable {
    package var settings: TenantSettings
    /// Reference data shared by every tenant; never changed by a request.
    package var zipcodes: ZipDirectory
    /// Where the modules' parts are read from; nil for fixtures built in code.
    package let folder: URL?
    /// The modules' parts read or set so far, by type.
    private var parts: [ObjectIdentifier: any FixturePart] = [:]

    package init(settings: TenantSettings, zipcodes: ZipDirectory, folder: URL? = nil) {
        self.settings = settings
        self.zipcodes = zipcodes
        self.folder = folder
    }

    /// A module's part: as read or set, else the part with nothing read.
    package subscript<Part: FixturePart>(part: Part.Type) -> Part {
        get { parts[ObjectIdentifier(part)] as? Part ?? Part() }
        set { parts[ObjectIdentifier(part)] = newValue }
    }

    /// Loads the server's own files from `folder`, failing with the first that is missing or
    /// malformed; the modules' parts are read by `load(_:)`.
    package static func load(from folder: URL) throws -> Fixtures {
        let settings = try decode(TenantSettings.self, "tenant.json", in: folder)
        let zipText = try String(contentsOf: try file("zipcodes.txt", in: folder), encoding: .utf8)
        return Fixtures(settings: settings, zipcodes: try ZipDirectory(rangeFile: zipText), folder: folder)
    }

    /// Reads each part of `types` not read or set yet from the folder, in order.
    package mutating func load(_ types: [any FixturePart.Type]) throws {
        guard let folder else { return }
        for type in types where parts[ObjectIdentifier(type)] == nil {
            parts[ObjectIdentifier(type)] = try type.load(from: folder)
        }
    }

    /// Refuses parts that name an event kind no module of this server declares.
    func check(_ kinds: KnownKinds) throws(FixtureError) {
        for part in parts.values { try part.check(kinds) }
    }

    /// The optional file `name` of `folder` read as `type`; nil when the folder has none.
    package static func decodeIfPresent<T: Decodable>(_ type: T.Type, _ name: String, in folder: URL) throws -> T? {
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) else { return nil }
        return try decode(type, name, in: folder)
    }

    private static func file(_ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw FixtureError("fixture file \(url.path) is missing")
        }
        return url
    }

    /// The file `name` of `folder` read as `type`; the error names the file and the mistake.
    package static func decode<T: Decodable>(_ type: T.Type, _ name: String, in folder: URL) throws -> T {
        let data = try Data(contentsOf: try file(name, in: folder))
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw FixtureError("fixture file \(name): \(DecodingFailure.describe(error))")
        }
    }
}
