/// Reads typed fields out of a raw JSON object, failing with the contract's field messages.
///
/// Messages follow `<field path> <problem>`: `state is required`, `segment must be an object`,
/// `data.error_code must be an integer`. `null` reads as absent.
package struct FieldReader: Sendable {
    package let object: [String: JSONValue]
    /// Dotted path of this object inside the body, empty at the top level.
    package let path: String

    package init(_ object: [String: JSONValue], path: String = "") {
        self.object = object
        self.path = path
    }

    /// The full dotted path of a key, as used in messages.
    package func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// True when the key is present with an explicit `null`.
    package func isExplicitNull(_ key: String) -> Bool { object[key] == .null }

    /// The raw value, with `null` folded into absent.
    package func value(_ key: String) -> JSONValue? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    package func required<T>(_ key: String, _ read: (String) throws(APIError) -> T?) throws(APIError) -> T {
        guard let value = try read(key) else { throw .badRequest("\(name(key)) is required", field: key) }
        return value
    }

    package func string(_ key: String) throws(APIError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let string) = value else { throw mismatch(key, "a string") }
        return string
    }

    package func integer(_ key: String) throws(APIError) -> Int64? {
        guard let value = value(key) else { return nil }
        switch value {
        case .integer(let integer): return integer
        case .number(let number) where number.rounded() == number && abs(number) < 9.0e15: return Int64(number)
        default: throw mismatch(key, "an integer")
        }
    }

    package func number(_ key: String) throws(APIError) -> Double? {
        guard let value = value(key) else { return nil }
        switch value {
        case .integer(let integer): return Double(integer)
        case .number(let number): return number
        default: throw mismatch(key, "a number")
        }
    }

    package func bool(_ key: String) throws(APIError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let bool) = value else { throw mismatch(key, "a boolean") }
        return bool
    }

    /// A nested object, read with its own path.
    package func object(_ key: String) throws(APIError) -> FieldReader? {
        guard let value = value(key) else { return nil }
        guard case .object(let nested) = value else { throw mismatch(key, "an object") }
        return FieldReader(nested, path: name(key))
    }

    private func mismatch(_ key: String, _ expected: String) -> APIError {
        .badRequest("\(name(key)) must be \(expected)", field: key)
    }
}
