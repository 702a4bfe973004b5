/// Reads typed fields out of a raw JSON object, failing with the field's message in its API's
/// wording (`FieldMessages`): by default the contract's `<field path> <problem>` (`state is
/// required`, `segment must be an object`, `data.error_code must be an integer`). `null` reads
/// as absent.
package struct FieldReader: Sendable {
    package let object: [String: JSONValue]
    /// Dotted path of this object inside the body, empty at the top level.
    package let path: String
    package let messages: FieldMessages

    package init(_ object: [String: JSONValue], path: String = "", messages: FieldMessages = .contract) {
        self.object = object
        self.path = path
        self.messages = messages
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

    /// 400 `<key> is not allowed` for the first key, in sorted order, that is not `allowed` (the
    /// contract's wording: DRF's serializers ignore unknown keys).
    package func refuseUnknownKeys(allowing allowed: Set<String>) throws(APIError) {
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw .badRequest("\(name(unknown)) is not allowed", field: unknown)
        }
    }

    package func required<T>(_ key: String, _ read: (String) throws(APIError) -> T?) throws(APIError) -> T {
        guard let value = try read(key) else { throw .badRequest(messages.required(name(key)), field: key) }
        return value
    }

    package func string(_ key: String) throws(APIError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let string) = value else { throw mismatch(key, .string, value) }
        return string
    }

    /// A string that is not empty.
    package func text(_ key: String) throws(APIError) -> String? {
        guard let string = try string(key) else { return nil }
        guard !string.isEmpty else { throw .badRequest(messages.blank(name(key)), field: key) }
        return string
    }

    package func integer(_ key: String) throws(APIError) -> Int64? {
        guard let value = value(key) else { return nil }
        guard let integer = value.integerValue else { throw mismatch(key, .integer, value) }
        return integer
    }

    package func number(_ key: String) throws(APIError) -> Double? {
        guard let value = value(key) else { return nil }
        guard let number = value.numberValue else { throw mismatch(key, .number, value) }
        return number
    }

    package func bool(_ key: String) throws(APIError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let bool) = value else { throw mismatch(key, .boolean, value) }
        return bool
    }

    /// A list of strings, each checked by `problem` (nil when fine): 400 `<key>[<index>]
    /// <problem>` for the first that is not.
    package func strings(_ key: String, each problem: (String) -> String? = { _ in nil }) throws(APIError) -> [String]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw mismatch(key, .stringList, value) }
        var strings: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item else {
                throw .badRequest(messages.mismatch("\(name(key))[\(index)]", .string, item), field: key)
            }
            if let problem = problem(text) { throw .badRequest("\(name(key))[\(index)] \(problem)", field: key) }
            strings.append(text)
        }
        return strings
    }

    /// A nested object, read with its own path.
    package func object(_ key: String) throws(APIError) -> FieldReader? {
        guard let value = value(key) else { return nil }
        guard case .object(let nested) = value else { throw mismatch(key, .object, value) }
        return FieldReader(nested, path: name(key), messages: messages)
    }

    private func mismatch(_ key: String, _ expected: FieldMessages.FieldType, _ found: JSONValue) -> APIError {
        .badRequest(messages.mismatch(name(key), expected, found), field: key)
    }
}
