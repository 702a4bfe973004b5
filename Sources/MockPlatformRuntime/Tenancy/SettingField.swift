/// One key of the tenant config (`openapi/control.yaml` TenantConfig): a value stored in
/// `TenantSettings`, or an object of further keys (`engagement` and its subtypes) that merges
/// key by key.
package struct SettingField {
    /// The outcome of checking a value: the changes it makes, or the problems found (each a
    /// full message naming its key).
    package struct Check {
        package var changes: [(inout TenantSettings) -> Void] = []
        package var problems: [String] = []
    }

    package let name: String
    /// Checks a value found at `path` (the key's dotted path).
    package let check: (_ value: JSONValue, _ path: String) -> Check
    /// The key's value in `settings`.
    package let write: (_ settings: TenantSettings) -> JSONValue

    /// A value: replaced whole when given.
    package static func value<Value>(_ name: String, _ keyPath: WritableKeyPath<TenantSettings, Value>, _ rule: SettingRule<Value>) -> Self {
        Self(
            name: name,
            check: { json, path in
                guard let value = rule.read(json) else { return Check(problems: ["\(path) \(rule.rule)"]) }
                return Check(changes: [{ $0[keyPath: keyPath] = value }])
            },
            write: { rule.write($0[keyPath: keyPath]) }
        )
    }

    /// An object of `fields`: each key given changes only that key; an unknown key is a problem.
    package static func group(_ name: String, _ fields: [SettingField]) -> Self {
        Self(
            name: name,
            check: { json, path in
                guard case .object(let object) = json else { return Check(problems: ["\(path) must be an object"]) }
                func dotted(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
                let known = Set(fields.map(\.name))
                var result = Check(problems: object.keys.filter { !known.contains($0) }.sorted().map { key in
                    let hint = NearestName.to(key, among: known.sorted()).map { " (did you mean \(dotted($0))?)" } ?? ""
                    return "unknown setting \(dotted(key))\(hint)"
                })
                for field in fields {
                    guard let value = object[field.name] else { continue }
                    let nested = field.check(value, dotted(field.name))
                    result.changes += nested.changes
                    result.problems += nested.problems
                }
                return result
            },
            write: { settings in .object(Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0.write(settings)) })) }
        )
    }
}
