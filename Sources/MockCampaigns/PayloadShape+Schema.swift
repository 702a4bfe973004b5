import MockPlatformKit

extension PayloadShape {
    /// The shape of a JSON Schema as `openapi/campaigns.yaml` writes them, `$ref`s resolved in
    /// `schemas` (the document's components/schemas). Throws on a keyword, pattern or `oneOf` it
    /// cannot check, so a change of the document that the checker does not follow fails at start
    /// (and in a test that reads the bundled one), never by checking less than the document says.
    /// One deliberate difference: `^https?://` takes the scheme in any case, as URLs do.
    init(schema: JSONValue, in schemas: [String: JSONValue], at path: String = "#") throws(StartupError) {
        self = try Self.reading(schema, in: schemas, at: path, depth: 0)
    }

    /// How deep `$ref`s and nested schemas may go.
    static let maxSchemaDepth = 32

    /// Keywords that describe and never refuse.
    private static let annotations: Set<String> = ["description", "title", "example", "examples", "default", "deprecated"]

    /// The validation keywords read for each `type`.
    private static let keywords: [String: Set<String>] = [
        "object": ["properties", "required", "additionalProperties"],
        "string": ["const", "enum", "minLength", "pattern"],
        "integer": ["const", "minimum", "maximum"],
        "number": ["minimum", "maximum"],
        "boolean": [],
        "array": ["items", "minItems", "maxItems"],
    ]

    /// The patterns the document uses, as the rules that check them (with their messages).
    /// `^https?://` takes the scheme in any case, as URLs do (RFC 3986 §3.1).
    private static let patterns: [String: StringRule] = [
        "^#[0-9A-Fa-f]{6}$": .color, "^https?://": .httpURL, "^[0-9]+$": .digits,
    ]

    private static func reading(_ schema: JSONValue, in schemas: [String: JSONValue], at path: String, depth: Int) throws(StartupError) -> PayloadShape {
        guard depth < maxSchemaDepth else { throw StartupError("\(path): schemas nested deeper than \(maxSchemaDepth) levels") }
        guard case .object(let node) = schema else { throw StartupError("\(path): a schema must be an object") }
        if let reference = node["$ref"] {
            if let sibling = node.keys.sorted().first(where: { $0 != "$ref" && !annotations.contains($0) }) {
                throw StartupError("\(path): cannot check \(sibling) beside $ref")
            }
            let prefix = "#/components/schemas/"
            guard case .string(let target) = reference, target.hasPrefix(prefix),
                  let referenced = schemas[String(target.dropFirst(prefix.count))] else {
                throw StartupError("\(path): cannot resolve $ref \(reference.text)")
            }
            return try reading(referenced, in: schemas, at: target, depth: depth + 1)
        }
        let checked = node.filter { !annotations.contains($0.key) }
        if case .array(let branches)? = checked["anyOf"], checked.count == 1 {
            var shapes: [PayloadShape] = []
            for (index, branch) in branches.enumerated() {
                shapes.append(try reading(branch, in: schemas, at: "\(path)/anyOf/\(index)", depth: depth + 1))
            }
            return .anyOf(shapes, description: shapes.map(\.summary).joined(separator: " or "))
        }
        if case .array(let branches)? = checked["oneOf"], checked.count == 1 {
            return try tagged(branches, in: schemas, at: path, depth: depth)
        }
        if checked.isEmpty { return .any }
        if let types = checked["type"]?.strings, Set(types) == ["string", "number", "boolean"], checked.count == 1 {
            return .scalar
        }
        guard case .string(let type)? = checked["type"], let allowed = keywords[type] else {
            throw StartupError("\(path): cannot check a schema of type \(checked["type"]?.text ?? "none") with \(checked.keys.sorted())")
        }
        if let unknown = checked.keys.sorted().first(where: { $0 != "type" && !allowed.contains($0) }) {
            throw StartupError("\(path): cannot check the keyword \(unknown) of a \(type)")
        }
        switch type {
        case "object": return try object(checked, in: schemas, at: path, depth: depth)
        case "string": return .string(try stringRule(checked, at: path))
        case "integer":
            if let value = try integer(checked["const"], at: path) {
                guard checked.count == 2 else { throw StartupError("\(path): cannot check an integer's const with bounds") }
                return .integer(value...value)
            }
            let low = try integer(checked["minimum"], at: path) ?? .min, high = try integer(checked["maximum"], at: path) ?? .max
            guard low <= high else { throw StartupError("\(path): minimum \(low) and maximum \(high) admit no integer") }
            return .integer(low...high)
        case "number":
            let low = try number(checked["minimum"], at: path) ?? -.infinity, high = try number(checked["maximum"], at: path) ?? .infinity
            guard low <= high else { throw StartupError("\(path): minimum \(low) and maximum \(high) admit no number") }
            return .number(low...high)
        case "boolean": return .boolean
        default:
            let items = try checked["items"].map { (items) throws(StartupError) in
                try reading(items, in: schemas, at: "\(path)/items", depth: depth + 1)
            } ?? .any
            let low = try integer(checked["minItems"], at: path) ?? 0, high = try integer(checked["maxItems"], at: path) ?? Int64(Int.max)
            guard low >= 0, low <= high else { throw StartupError("\(path): minItems \(low) and maxItems \(high) admit no list") }
            let count = Int(low)...Int(high)
            return .array(items, count: count)
        }
    }

    /// An object: required keys in the document's `required` order, then the others by name (a
    /// parsed document keeps no order of `properties`); open unless `additionalProperties` is
    /// false.
    private static func object(_ node: [String: JSONValue], in schemas: [String: JSONValue], at path: String, depth: Int) throws(StartupError) -> PayloadShape {
        guard let properties = node["properties"].map({ $0.objectValue }) ?? [:] else {
            throw StartupError("\(path): properties must be a mapping")
        }
        guard let requiredNames = node["required"].map({ $0.strings }) ?? [] else {
            throw StartupError("\(path): required must be a list of names")
        }
        let names = properties.keys.sorted()
        var required: [(String, PayloadShape)] = []
        var optional: [(String, PayloadShape)] = []
        for name in requiredNames where properties[name] == nil {
            throw StartupError("\(path): required property \(name) is not among its properties")
        }
        for name in requiredNames + names.filter({ !requiredNames.contains($0) }) {
            guard let property = properties[name] else { continue }
            let shape = try reading(property, in: schemas, at: "\(path)/properties/\(name)", depth: depth + 1)
            if requiredNames.contains(name) { required.append((name, shape)) } else { optional.append((name, shape)) }
        }
        let open: Bool
        switch node["additionalProperties"] {
        case nil, .bool(true), .string("true"): open = true
        case .bool(false), .string("false"): open = false
        case let other?: throw StartupError("\(path): cannot check additionalProperties \(other.text)")
        }
        return .object(required: required, optional: optional, open: open)
    }

    /// `oneOf` objects told apart by a required property whose `const` differs in each.
    private static func tagged(_ branches: [JSONValue], in schemas: [String: JSONValue], at path: String, depth: Int) throws(StartupError) -> PayloadShape {
        var shapes: [(String, PayloadShape)] = []
        var key: String?
        for (index, branch) in branches.enumerated() {
            let branchPath = "\(path)/oneOf/\(index)"
            let shape = try reading(branch, in: schemas, at: branchPath, depth: depth + 1)
            guard case .object(let required, _, _) = shape,
                  let (name, tag) = required.lazy.compactMap({ field -> (String, String)? in
                      guard case .string(.oneOf(let values)) = field.1, values.count == 1 else { return nil }
                      return (field.0, values[0])
                  }).first(where: { key == nil || $0.0 == key }) else {
                throw StartupError("\(branchPath): a oneOf branch must be an object with a required constant to tell it apart")
            }
            key = name
            shapes.append((tag, shape))
        }
        guard let key, Set(shapes.map(\.0)).count == shapes.count else {
            throw StartupError("\(path): the oneOf branches must differ in one constant")
        }
        return .tagged(key: key, shapes)
    }

    private static func stringRule(_ node: [String: JSONValue], at path: String) throws(StartupError) -> StringRule {
        let rules = node.filter { $0.key != "type" }
        guard rules.count <= 1, let (keyword, value) = rules.first else {
            if rules.isEmpty { return .any }
            throw StartupError("\(path): cannot check a string with \(rules.keys.sorted()) together")
        }
        switch (keyword, value) {
        case ("const", .string(let text)): return .oneOf([text])
        case ("enum", _) where value.strings != nil: return .oneOf(value.strings ?? [])
        case ("minLength", _) where (try? integer(value, at: path)) == 1: return .nonEmpty
        case ("pattern", .string(let pattern)):
            guard let rule = patterns[pattern] else { throw StartupError("\(path): cannot check the pattern \(pattern)") }
            return rule
        default: throw StartupError("\(path): cannot check a string's \(keyword) \(value.text)")
        }
    }

    /// A number the document writes: its scalars are text when read from YAML
    /// (`SpecDocument`), numbers when written as JSON.
    private static func integer(_ value: JSONValue?, at path: String) throws(StartupError) -> Int64? {
        guard let value else { return nil }
        guard let integer = value.stringValue.flatMap({ Int64($0) }) ?? value.integerValue else {
            throw StartupError("\(path): \(value.text) is not an integer")
        }
        return integer
    }

    private static func number(_ value: JSONValue?, at path: String) throws(StartupError) -> Double? {
        switch value {
        case nil: return nil
        case .integer(let integer)?: return Double(integer)
        case .number(let number)?: return number
        case .string(let text)?: if let number = Double(text), number.isFinite { return number }
        default: break
        }
        throw StartupError("\(path): \(value?.text ?? "") is not a number")
    }
}
