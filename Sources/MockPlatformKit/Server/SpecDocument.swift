import Dispatch
import HTTPTypes
import Yams

/// One served OpenAPI document, read once at start into a `JSONValue` tree of the parts the
/// front door reads: the operation id of each method and path template, the declared
/// parameters (`ParameterIndex`) and the response schemas (`NullCompletion`).
///
/// Only names, lists and mappings are read, so every scalar stays the text the document writes
/// (`"true"`, `"null"`, `"32"`). A bundled document's tree comes from the build
/// (`BundledSpecIndex`); any other is composed into YAML nodes and converted directly, without
/// Yams' constructor (constructing `Any` values and casting them back cost more than the parse).
package struct SpecDocument: Sendable {
    /// The document's `paths` mapping.
    package let paths: [String: JSONValue]
    /// The document's `components.schemas` mapping.
    package let schemas: [String: JSONValue]
    /// The document's `components.parameters` mapping.
    package let sharedParameters: [String: JSONValue]
    /// Operation ids keyed by `METHOD /path/{template}`.
    private let operationIDs: [String: String]

    /// The deepest nesting read; the served documents go about fifteen levels deep.
    package static let maxDepth = 64

    package init(yaml: String) throws {
        guard case .object(let document) = try BundledSpecIndex.tree(of: yaml) ?? Self.parsedTree(of: yaml) else {
            throw StartupError("OpenAPI document is not a YAML mapping")
        }
        let components = document["components"]?.objectValue ?? [:]
        paths = document["paths"]?.objectValue ?? [:]
        schemas = components["schemas"]?.objectValue ?? [:]
        sharedParameters = components["parameters"]?.objectValue ?? [:]
        var operationIDs: [String: String] = [:]
        for (path, item) in paths {
            for (key, operation) in item.objectValue ?? [:] {
                if let id = operation.objectValue?["operationId"]?.stringValue { operationIDs["\(key.uppercased()) \(path)"] = id }
            }
        }
        self.operationIDs = operationIDs
    }

    /// The keys of the tenant config its `TenantConfig` schema requires, in the order it lists
    /// them; nil when it has no such schema.
    package var tenantConfigKeys: [String]? { schemas["TenantConfig"]?.objectValue?["required"]?.strings }

    /// The `operationId` of `method` on a path template as the document writes it.
    package func operationID(method: HTTPRequest.Method, path: String) -> String? {
        operationIDs["\(method.rawValue) \(path)"]
    }

    /// The operations of the document: each operation object with its path item.
    package var operations: [(pathItem: [String: JSONValue], operation: [String: JSONValue])] {
        paths.values.flatMap { item in
            let fields = item.objectValue ?? [:]
            return fields.values.compactMap { $0.objectValue }.map { (fields, $0) }
        }
    }

    /// The node a `$ref` (`#/components/<kind>/<name>`) names among `components`, the node
    /// itself when it is no reference, nil for a reference to nothing there.
    package static func resolved(_ node: [String: JSONValue], in components: [String: JSONValue]) -> [String: JSONValue]? {
        guard let reference = node["$ref"]?.stringValue else { return node }
        return reference.split(separator: "/").last.flatMap { components[String($0)]?.objectValue }
    }

    /// The tree of a YAML document, parsed.
    package static func parsedTree(of yaml: String) throws -> JSONValue {
        guard let node = try Yams.compose(yaml: yaml, Yams.Resolver.basic) else { throw StartupError("OpenAPI document is empty") }
        return try value(of: node, depth: 0)
    }

    /// A YAML node as a JSON value whose scalars are all strings.
    private static func value(of node: Node, depth: Int) throws -> JSONValue {
        guard depth < maxDepth else { throw StartupError("OpenAPI document nests deeper than \(maxDepth) levels") }
        switch node {
        case .scalar(let scalar):
            return .string(scalar.string)
        case .mapping(let mapping):
            var fields: [String: JSONValue] = [:]
            fields.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                guard let name = key.string else { throw StartupError("OpenAPI document has a mapping key that is not a scalar") }
                fields[name] = try Self.value(of: value, depth: depth + 1)
            }
            return .object(fields)
        case .sequence(let sequence):
            return .array(try sequence.map { try Self.value(of: $0, depth: depth + 1) })
        case .alias(let alias):
            throw StartupError("OpenAPI document has an unresolved alias \(alias.anchor)")
        }
    }

    /// Parses several documents side by side, one per core, in their order: at start, parsing
    /// the served documents is the largest part of the time from exec to ready
    /// (bench/RESULTS.md). The first document that fails, in order, throws.
    package static func parsing(_ texts: [String]) throws -> [SpecDocument] {
        var results = [Result<SpecDocument, any Error>](repeating: .failure(StartupError("not parsed")), count: texts.count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each iteration writes its own slot, and concurrentPerform returns after the last.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: texts.count) { index in
                slots[index] = Result { try SpecDocument(yaml: texts[index]) }
            }
        }
        return try results.map { try $0.get() }
    }
}
