/// How one tenant setting's value is written in JSON (`openapi/control.yaml` TenantConfig): which
/// values are valid, the rule a refused value is told, and how a value is written back.
package struct SettingRule<Value> {
    /// What a valid value is, said after the key: `must be a boolean`.
    package let rule: String
    /// The value, or nil when the JSON breaks the rule.
    package let read: (JSONValue) -> Value?
    package let write: (Value) -> JSONValue

    package init(rule: String, read: @escaping (JSONValue) -> Value?, write: @escaping (Value) -> JSONValue) {
        self.rule = rule
        self.read = read
        self.write = write
    }
}

extension SettingRule where Value == Bool {
    package static var boolean: Self {
        Self(rule: "must be a boolean", read: { if case .bool(let value) = $0 { value } else { nil } }, write: JSONValue.bool)
    }
}

extension SettingRule where Value == String {
    /// Any string, or only a non-empty one.
    package static func text(nonEmpty: Bool) -> Self {
        Self(
            rule: nonEmpty ? "must be a non-empty string" : "must be a string",
            read: { if case .string(let text) = $0, !(nonEmpty && text.isEmpty) { text } else { nil } },
            write: JSONValue.string
        )
    }
}

extension SettingRule where Value == String? {
    /// `null`, or a non-empty string of ASCII letters, digits and the characters of `extra`
    /// (an app's bundle id or package name).
    package static func identifier(_ kind: String, extra: String) -> Self {
        let listed = extra.map(String.init).joined(separator: " and ")
        return Self(
            rule: "must be null or a \(kind) of letters, digits, \(listed)",
            read: { json in
                switch json {
                case .null: .some(nil)
                case .string(let text) where !text.isEmpty
                    && text.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || extra.contains($0) }): .some(text)
                default: nil
                }
            },
            write: { $0.map(JSONValue.string) ?? .null }
        )
    }
}

extension SettingRule where Value == Int {
    /// A whole number in `range`.
    package static func integer(_ range: ClosedRange<Int>) -> Self {
        Self(
            rule: "must be an integer between \(range.lowerBound) and \(range.upperBound)",
            read: { json in wholeNumber(json).flatMap { range.contains($0) ? $0 : nil } },
            write: { .integer(Int64($0)) }
        )
    }
}

extension SettingRule where Value == Double {
    /// A number greater than 0 and at most `max`.
    package static func positive(max: Int) -> Self {
        Self(
            rule: "must be a number greater than 0 and at most \(max)",
            read: { json in json.numberValue.flatMap { $0 > 0 && $0 <= Double(max) ? $0 : nil } },
            write: { $0.rounded() == $0 && abs($0) < 9.0e15 ? .integer(Int64($0)) : .number($0) }
        )
    }
}

extension SettingRule where Value == [Int] {
    /// A list of `count` whole numbers, each in `each`.
    package static func integers(count: ClosedRange<Int>, each: ClosedRange<Int>) -> Self {
        Self(
            rule: "must be a list of \(count.lowerBound) to \(count.upperBound) integers between \(each.lowerBound) and \(each.upperBound)",
            read: { json in
                guard case .array(let items) = json, count.contains(items.count) else { return nil }
                let values = items.compactMap { wholeNumber($0).flatMap { each.contains($0) ? $0 : nil } }
                return values.count == items.count ? values : nil
            },
            write: { .array($0.map { .integer(Int64($0)) }) }
        )
    }
}

extension SettingRule where Value == [String] {
    /// A list of strings, each kept as `normalized` gives it back (nil: refused); at least one
    /// when `nonEmpty`.
    package static func strings(rule: String, nonEmpty: Bool, _ normalized: @escaping (String) -> String?) -> Self {
        Self(
            rule: rule,
            read: { json in
                guard case .array(let items) = json, !(nonEmpty && items.isEmpty) else { return nil }
                let values = items.compactMap { item -> String? in
                    if case .string(let text) = item { normalized(text) } else { nil }
                }
                return values.count == items.count ? values : nil
            },
            write: { .array($0.map(JSONValue.string)) }
        )
    }
}

extension SettingRule where Value: RawRepresentable<String> & CaseIterable {
    /// One of the type's raw values: `must be ios or android`.
    package static var choice: Self {
        let names = Value.allCases.map(\.rawValue)
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "") : names.joined()
        return Self(
            rule: "must be \(list)",
            read: { if case .string(let text) = $0 { Value(rawValue: text) } else { nil } },
            write: { .string($0.rawValue) }
        )
    }
}

extension SettingRule where Value == GeoPoint {
    /// `{"latitude": -90…90, "longitude": -180…180}`, no other key.
    package static var location: Self {
        Self(
            rule: "must be an object with only latitude (-90 to 90) and longitude (-180 to 180)",
            read: { json in
                guard case .object(let object) = json, Set(object.keys) == ["latitude", "longitude"],
                      let latitude = object["latitude"]?.numberValue, abs(latitude) <= 90,
                      let longitude = object["longitude"]?.numberValue, abs(longitude) <= 180
                else { return nil }
                return GeoPoint(latitude: latitude, longitude: longitude)
            },
            write: { .object(["latitude": .number($0.latitude), "longitude": .number($0.longitude)]) }
        )
    }
}

/// A JSON integer, or a number with no fraction, as an `Int`.
private func wholeNumber(_ json: JSONValue) -> Int? { json.integerValue.flatMap { Int(exactly: $0) } }
