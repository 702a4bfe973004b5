import Foundation

/// A tenant's settings (`openapi/control.yaml` TenantConfig; `Resources/README.md`, tenant.json):
/// loaded from `tenant.json` over the defaults, read and changed through `/_mock/config`.
///
/// It holds the keys every platform shares and each module's part (`SettingsPart`) by type,
/// with the schema they are read and written through. Its JSON form is the config's (snake_case
/// keys, every key present); decoding one goes through the same rules as a PATCH
/// (`SettingsPatch`) over the defaults of the schema in the decoder's `userInfo`
/// (`SettingsSchema.userInfoKey`), so absent keys keep their defaults and an unknown key or a
/// bad value is refused.
package struct TenantSettings: Codable, Sendable, Equatable {
    /// Keys accepted in `Authorization: APIKEY <key>`; the first also signs outgoing webhooks.
    package var apiKeys = ["mock-api-key"]
    /// The app's iOS bundle id and Android package name, when set.
    package var iosBundleID: String?
    package var androidPackage: String?
    /// The keys it reads and writes.
    package private(set) var schema: SettingsSchema
    /// The modules' parts by type: each of the schema's from the start, with its defaults until
    /// set, so that reading one never builds its defaults again (perf: building IQL's on every
    /// supported-states request was 0.9 % of its CPU).
    private var parts: [ObjectIdentifier: any StoredPart] = [:]

    /// The defaults of `schema`'s keys.
    package init(schema: SettingsSchema = SettingsSchema()) {
        self.schema = schema
        boxDefaults()
    }

    /// A module's part: as set, else its defaults.
    package subscript<Part: SettingsPart>(part: Part.Type) -> Part {
        get { reading(part) { $0 } }
        set { parts[ObjectIdentifier(part)] = Stored(newValue) }
    }

    /// What `read` takes from a module's part (as set, else its defaults), the part lent rather
    /// than copied: for a guard that checks one of its values on every request. The part is
    /// found by its type with no runtime cast (perf: the cast from an existential and the copy
    /// of IQL's part were 0.7 % of a supported-states read).
    package func reading<Part: SettingsPart, Value>(_ part: Part.Type, _ read: (Part) -> Value) -> Value {
        guard let stored = parts[ObjectIdentifier(part)] else { return read(Part()) }
        // Stored under `Part`'s identifier, so a `Stored<Part>`.
        return read(unsafeDowncast(stored, to: Stored<Part>.self).value)
    }

    /// Adds the keys of each part of `types` it does not know yet, with their defaults.
    package mutating func add(_ types: [any SettingsPart.Type]) {
        schema.add(types)
        boxDefaults()
    }

    /// Holds the defaults of each of the schema's parts that it holds no value of yet.
    private mutating func boxDefaults() {
        for type in schema.parts where parts[ObjectIdentifier(type)] == nil {
            parts[ObjectIdentifier(type)] = Self.box(defaultsOf: type)
        }
    }

    private static func box<Part: SettingsPart>(defaultsOf type: Part.Type) -> any StoredPart { Stored(Part()) }

    /// Names its keys in `keyOrder`'s order (the config's) from now on.
    package mutating func orderKeys(_ keyOrder: [String]) { schema.keyOrder = keyOrder }

    /// Equal values in every key; a part one side never set counts as its defaults, and the
    /// schemas are not compared.
    package static func == (left: Self, right: Self) -> Bool {
        guard left.apiKeys == right.apiKeys, left.iosBundleID == right.iosBundleID, left.androidPackage == right.androidPackage
        else { return false }
        return Set(left.parts.keys).union(right.parts.keys).allSatisfy { key in
            switch (left.parts[key]?.part, right.parts[key]?.part) {
            case let (one?, other?): one.isEqual(to: other)
            case let (one?, nil), let (nil, one?): one.hasDefaults
            case (nil, nil): true
            }
        }
    }

    package init(from decoder: any Decoder) throws {
        guard case .object(let object) = try JSONValue(from: decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "settings must be an object"))
        }
        let defaults = TenantSettings(schema: decoder.userInfo[SettingsSchema.userInfoKey] as? SettingsSchema ?? SettingsSchema())
        do {
            self = try SettingsPatch(object, schema: defaults.schema).applied(to: defaults)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    package func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }

    /// Every setting as one JSON object, `null` for unset optional strings.
    package var json: JSONValue { schema.root.write(self) }
}

/// A part as `TenantSettings` holds it: by reference, never changed (a new value is a new
/// box), so that reading it is a pointer's cast.
private protocol StoredPart: AnyObject, Sendable {
    var part: any SettingsPart { get }
}

/// The box of one part type.
private final class Stored<Part: SettingsPart>: StoredPart {
    let value: Part
    var part: any SettingsPart { value }

    init(_ value: Part) { self.value = value }
}
