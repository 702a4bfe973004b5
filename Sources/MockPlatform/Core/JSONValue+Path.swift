extension JSONValue {
    /// This value with the member at a dotted path (`metadata.offer_id`) set to `value`,
    /// creating objects on the way; nil when the path is empty, has an empty segment, or
    /// passes through something that is not an object.
    func setting(path: String, to value: JSONValue) -> JSONValue? {
        let keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !keys.isEmpty, !keys.contains(where: \.isEmpty) else { return nil }
        return Self.setting(keys[...], in: self, to: value)
    }

    private static func setting(_ keys: ArraySlice<String>, in node: JSONValue, to value: JSONValue) -> JSONValue? {
        guard let key = keys.first else { return value }
        guard case .object(var fields) = node else { return nil }
        guard let changed = setting(keys.dropFirst(), in: fields[key] ?? .object([:]), to: value) else { return nil }
        fields[key] = changed
        return .object(fields)
    }
}
