extension JSONValue {
    /// This value with the member at a dotted path (`metadata.offer_id`) set to `value`,
    /// creating objects on the way (a value that is not an object on the way is replaced by
    /// one); nil when the path is empty or has an empty segment.
    package func setting(path: String, to value: JSONValue) -> JSONValue? {
        let keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !keys.isEmpty, !keys.contains(where: \.isEmpty) else { return nil }
        return Self.setting(keys[...], in: self, to: value)
    }

    private static func setting(_ keys: ArraySlice<String>, in node: JSONValue, to value: JSONValue) -> JSONValue {
        guard let key = keys.first else { return value }
        var fields: [String: JSONValue] = [:]
        if case .object(let existing) = node { fields = existing }
        fields[key] = setting(keys.dropFirst(), in: fields[key] ?? .object([:]), to: value)
        return .object(fields)
    }
}
