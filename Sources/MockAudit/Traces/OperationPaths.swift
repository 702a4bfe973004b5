import MockPlatformKit

/// The path template of every served operation: what the segments of a journalled path name.
package struct OperationPaths: Sendable {
    /// Template segments by `api operationId`.
    private let templates: [String: [Substring]]

    package init(templates: [String: [Substring]]) { self.templates = templates }

    /// The served documents' templates.
    package static func of(_ specs: SpecCatalog) throws -> OperationPaths {
        var templates: [String: [Substring]] = [:]
        for (name, document) in zip(specs.names, try specs.readDocuments(named: specs.names)) {
            for (path, item) in document.paths {
                for operation in (item.objectValue ?? [:]).values {
                    guard let id = operation.objectValue?["operationId"]?.stringValue else { continue }
                    templates["\(name) \(id)"] = RouteCatalog.segments(of: path)
                }
            }
        }
        return OperationPaths(templates: templates)
    }

    /// The path parameters of `path`, sent to `operation` of `api`, under the spec's names
    /// and percent-decoded; empty when the path does not fit the template.
    package func parameters(api: String, operation: String, path: String) -> [String: String] {
        guard let template = templates["\(api) \(operation)"] else { return [:] }
        let segments = RouteCatalog.segments(of: path)
        guard segments.count == template.count else { return [:] }
        var parameters: [String: String] = [:]
        for (pattern, value) in zip(template, segments) where pattern.hasPrefix("{") && pattern.hasSuffix("}") {
            parameters[String(pattern.dropFirst().dropLast())] = String(value).removingPercentEncoding ?? String(value)
        }
        return parameters
    }
}
