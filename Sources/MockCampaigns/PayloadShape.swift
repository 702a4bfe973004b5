import MockPlatformKit

/// A JSON shape from `openapi/campaigns.yaml`, checked with messages that name the bad field
/// (`payload.content.page.image is required`). Objects refuse keys they do not declare unless
/// they are open.
indirect enum PayloadShape: Sendable {
    /// A string meeting `rule`.
    case string(StringRule)
    case integer(ClosedRange<Int64>)
    case number(ClosedRange<Double>)
    case boolean
    /// A string, number or boolean.
    case scalar
    case array(PayloadShape, count: ClosedRange<Int>)
    /// An object with these keys; `open` takes any other key with any value.
    case object(required: [(String, PayloadShape)], optional: [(String, PayloadShape)], open: Bool = false)
    /// Any of `shapes`; refused as "must be `description`".
    case anyOf([PayloadShape], description: String)
    /// One of several objects, told apart by the string at `key` (`rich-media`'s `type`).
    case tagged(key: String, [(String, PayloadShape)])
    /// Any value.
    case any

    /// What a string must be.
    enum StringRule: Sendable {
        case any, nonEmpty, httpURL, color
        /// One or more ASCII digits.
        case digits
        case oneOf([String])

        func check(_ text: String) -> String? {
            switch self {
            case .any: return nil
            case .nonEmpty: return text.isEmpty ? "must not be empty" : nil
            case .httpURL:
                let lower = text.lowercased()
                return lower.hasPrefix("http://") || lower.hasPrefix("https://") ? nil : "must be an http(s) URL"
            case .digits:
                return !text.isEmpty && text.allSatisfy({ $0.isASCII && $0.isNumber }) ? nil : "must be a string of digits"
            case .color:
                let digits = text.dropFirst()
                return text.first == "#" && digits.count == 6 && digits.allSatisfy({ $0.isASCII && $0.isHexDigit })
                    ? nil : "must be a #rrggbb color"
            case .oneOf(let values):
                if values.contains(text) { return nil }
                return values.count == 1 ? "must be \"\(values[0])\"" : "must be one of \(values.joined(separator: ", "))"
            }
        }
    }

    /// Throws a 400 naming the first field of `value` (at `path`) that breaks the shape.
    func check(_ value: JSONValue, at path: String) throws(APIError) {
        switch (self, value) {
        case (.string(let rule), .string(let text)):
            if let problem = rule.check(text) { throw .badRequest("\(path) \(problem)") }
        case (.string, _): throw .badRequest("\(path) must be a string")
        case (.integer(let range), _):
            guard let integer = value.integerValue, range.contains(integer) else {
                throw .badRequest("\(path) must be an integer\(Self.describe(range))")
            }
        case (.number(let range), _) where value.numberValue.map(range.contains) == true: return
        case (.number(let range), _):
            guard range.lowerBound.isFinite, range.upperBound.isFinite else { throw .badRequest("\(path) must be a number") }
            throw .badRequest("\(path) must be a number between \(range.lowerBound.formatted()) and \(range.upperBound.formatted())")
        case (.boolean, .bool): return
        case (.boolean, _): throw .badRequest("\(path) must be a boolean")
        case (.scalar, .string), (.scalar, .integer), (.scalar, .number), (.scalar, .bool): return
        case (.scalar, _): throw .badRequest("\(path) must be a string, number or boolean")
        case (.array(let item, let count), .array(let items)):
            guard count.contains(items.count) else {
                switch (count.lowerBound, count.upperBound) {
                case (_, 0): throw .badRequest("\(path) must be empty")
                case (let low, .max): throw .badRequest("\(path) must have at least \(low) item(s)")
                case let (low, high): throw .badRequest("\(path) must have \(low) to \(high) item(s)")
                }
            }
            for (index, element) in items.enumerated() { try item.check(element, at: "\(path)[\(index)]") }
        case (.array, _): throw .badRequest("\(path) must be a list")
        case (.object(let required, let optional, let open), .object(let fields)):
            for (key, shape) in required {
                guard let field = fields[key], field != .null else { throw .badRequest("\(path).\(key) is required") }
                try shape.check(field, at: "\(path).\(key)")
            }
            for (key, shape) in optional {
                if let field = fields[key] { try shape.check(field, at: "\(path).\(key)") }
            }
            guard !open else { return }
            let known = Set((required + optional).map(\.0))
            if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
                throw .badRequest("\(path).\(unknown) is not allowed")
            }
        case (.object, _): throw .badRequest("\(path) must be an object")
        case (.tagged(let key, let shapes), .object(let fields)):
            guard let tag = fields[key], tag != .null else { throw .badRequest("\(path).\(key) is required") }
            try PayloadShape.string(.oneOf(shapes.map(\.0))).check(tag, at: "\(path).\(key)")
            guard let shape = shapes.first(where: { .string($0.0) == tag })?.1 else { throw .internal }
            try shape.check(value, at: path)
        case (.tagged, _): throw .badRequest("\(path) must be an object")
        case (.any, _): return
        case (.anyOf(let shapes, let description), _):
            for shape in shapes where (try? shape.check(value, at: path)) != nil { return }
            throw .badRequest("\(path) must be \(description)")
        }
    }

    /// The shape in words, as in "must be an integer of at least 0 or a string of digits".
    var summary: String {
        switch self {
        case .string(.any): "a string"
        case .string(.nonEmpty): "a non-empty string"
        case .string(.httpURL): "an http(s) URL"
        case .string(.color): "a #rrggbb color"
        case .string(.digits): "a string of digits"
        case .string(.oneOf(let values)): values.count == 1 ? "\"\(values[0])\"" : "one of \(values.joined(separator: ", "))"
        case .integer(let range): "an integer" + Self.describe(range)
        case .number: "a number"
        case .boolean: "a boolean"
        case .scalar: "a string, number or boolean"
        case .array: "a list"
        case .object, .tagged: "an object"
        case .anyOf(_, let description): description
        case .any: "any value"
        }
    }

    /// The bounds of an integer rule as words after "must be an integer".
    private static func describe(_ range: ClosedRange<Int64>) -> String {
        switch (range.lowerBound, range.upperBound) {
        case (.min, .max): return ""
        case let (low, high) where low == high: return " equal to \(low)"
        case (let low, .max): return " of at least \(low)"
        case let (low, high): return " between \(low) and \(high)"
        }
    }
}
