import Foundation

/// The query and path parameters each operation of one OpenAPI document declares, to name the
/// one a request got wrong when the generated decoder refuses its input (the decoder's error
/// names neither the parameter nor the value). Read at start from the parsed document.
package struct ParameterIndex: Sendable {
    /// Parameters by operation id; an operation's own declaration of a name wins over its path's.
    private let operations: [String: [DeclaredParameter]]

    package init(document: SpecDocument) {
        func parameters(_ list: JSONValue?) -> [DeclaredParameter] {
            guard case .array(let entries)? = list else { return [] }
            return entries.compactMap { entry in
                guard let object = entry.objectValue.flatMap({ SpecDocument.resolved($0, in: document.sharedParameters) }) else { return nil }
                return DeclaredParameter(object, schemas: document.schemas)
            }
        }
        var operations: [String: [DeclaredParameter]] = [:]
        for (pathItem, operation) in document.operations {
            guard let id = operation["operationId"]?.stringValue else { continue }
            let common = parameters(pathItem["parameters"])
            let own = parameters(operation["parameters"])
            let inherited = common.filter { shared in !own.contains { $0.name == shared.name && $0.location == shared.location } }
            operations[id] = inherited + own
        }
        self.operations = operations
    }

    /// Why the request's parameters do not fit `operationID`'s declaration: the first declared
    /// parameter (path ones first, then query ones, in document order) with a value its schema
    /// refuses; nil when every value fits.
    package func refusal(operationID: String, path: String?, pathParameters: [String: Substring]) -> String? {
        let declared = operations[operationID] ?? []
        let query = Self.queryItems(of: path)
        let ordered = declared.filter { $0.location == .path } + declared.filter { $0.location == .query }
        for parameter in ordered {
            var values: [String] = []
            switch parameter.location {
            case .path:
                if let value = pathParameters[parameter.name] { values = [Self.decoded(value)] }
            case .query:
                values = query.filter { $0.name == parameter.name }.map { $0.value }
            }
            for value in values {
                if let refusal = parameter.refusal(of: value) { return refusal }
            }
        }
        return nil
    }

    /// `name=value` pairs of a request target's query, percent-decoded.
    package static func queryItems(of path: String?) -> [(name: String, value: String)] {
        guard let path, let mark = path.firstIndex(of: "?") else { return [] }
        return path[path.index(after: mark)...].split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decoded(parts[0]), parts.count > 1 ? decoded(parts[1]) : "")
        }
    }

    private static func decoded(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }
}

private extension DeclaredParameter {
    /// Reads a parameter object (its `$ref` already resolved) of a `SpecDocument`, whose scalars
    /// are the document's text; `schemas` resolves a schema `$ref`. Nil for a parameter that is
    /// neither in the query nor in the path.
    init?(_ object: [String: JSONValue], schemas: [String: JSONValue]) {
        guard let name = object["name"]?.stringValue,
              let location = object["in"]?.stringValue.flatMap(Location.init(rawValue:))
        else { return nil }
        let schema = object["schema"]?.objectValue.flatMap { SpecDocument.resolved($0, in: schemas) } ?? [:]
        self.init(name: name, location: location, accepted: Self.accepted(by: schema))
    }

    /// What a parameter's schema accepts.
    static func accepted(by schema: [String: JSONValue]) -> Accepted {
        if let values = schema["enum"]?.strings { return .oneOf(values) }
        switch schema["type"]?.stringValue {
        case "integer": return .integer(minimum: schema["minimum"]?.stringValue.flatMap { Int($0) }, maximum: schema["maximum"]?.stringValue.flatMap { Int($0) })
        case "number": return .number
        case "boolean": return .boolean
        case "string" where schema["format"]?.stringValue == "date-time": return .dateTime
        default: return .text
        }
    }
}
