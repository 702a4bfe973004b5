import MockPlatformKit

/// The path template of every served operation: what the segments of a journalled path name.
package struct OperationPaths: Sendable {
    /// A served document's operation.
    package struct Key: Hashable, Sendable {
        package var api: String
        package var operation: String
    }

    /// Template segments by operation.
    private let templates: [Key: [Substring]]

    package init(templates: [Key: [Substring]]) { self.templates = templates }

    /// The served documents' templates.
    package static func of(_ specs: SpecCatalog) throws -> OperationPaths {
        var templates: [Key: [Substring]] = [:]
        for (name, document) in zip(specs.names, try specs.readDocuments(named: specs.names)) {
            for (path, item) in document.paths {
                for operation in (item.objectValue ?? [:]).values {
                    guard let id = operation.objectValue?["operationId"]?.stringValue else { continue }
                    templates[Key(api: name, operation: id)] = RouteCatalog.segments(of: path)
                }
            }
        }
        return OperationPaths(templates: templates)
    }

    /// The path parameters of `path`, sent to `operation` of `api`, under the spec's names
    /// and percent-decoded; empty when the path does not fit the template.
    package func parameters(api: String, operation: String, path: String) -> [String: String] {
        guard let template = templates[Key(api: api, operation: operation)], template.contains(where: Self.isParameter) else { return [:] }
        let segments = RouteCatalog.segments(of: path)
        guard segments.count == template.count else { return [:] }
        var parameters: [String: String] = [:]
        for (pattern, value) in zip(template, segments) where Self.isParameter(pattern) {
            let text = String(value)
            parameters[String(pattern.dropFirst().dropLast())] = text.contains("%") ? text.removingPercentEncoding ?? text : text
        }
        return parameters
    }

    /// Whether a template segment is a parameter (`{driver_id}`).
    private static func isParameter(_ segment: Substring) -> Bool { segment.hasPrefix("{") && segment.hasSuffix("}") }
}
