import HTTPTypes

/// Every route the server answers, as registered by the generated code: which methods a path
/// allows, so that unknown routes get a 404 and wrong methods a 405 with `Allow`.
public struct RouteCatalog: Sendable {
    /// One registered path template, split into segments (`{name}` marks a parameter).
    struct Template: Sendable {
        let segments: [Substring]
        var methods: [HTTPRequest.Method]

        func matches(_ path: [Substring]) -> Bool {
            guard path.count == segments.count else { return false }
            return zip(segments, path).allSatisfy { Template.segment($0, matches: $1) }
        }

        /// Matches a literal, `{param}`, `{param}suffix` or `prefix{param}` segment.
        static func segment(_ template: Substring, matches value: Substring) -> Bool {
            guard let open = template.firstIndex(of: "{"), let close = template.firstIndex(of: "}") else {
                return template == value
            }
            let prefix = template[..<open]
            let suffix = template[template.index(after: close)...]
            return value.count > prefix.count + suffix.count && value.hasPrefix(prefix) && value.hasSuffix(suffix)
        }
    }

    private(set) var templates: [Template] = []

    public init() {}

    /// Records one route.
    mutating func add(method: HTTPRequest.Method, path: String) {
        let segments = RouteCatalog.segments(of: path)
        if let index = templates.firstIndex(where: { $0.segments == segments }) {
            templates[index].methods.append(method)
        } else {
            templates.append(Template(segments: segments, methods: [method]))
        }
    }

    /// The methods a concrete path answers; empty when no route matches it.
    public func methods(for path: String) -> [HTTPRequest.Method] {
        let segments = RouteCatalog.segments(of: path)
        return templates.filter { $0.matches(segments) }.flatMap(\.methods)
    }

    /// Every registered route as `METHOD /path/{param}`, sorted.
    public var routes: [String] {
        templates.flatMap { template in
            template.methods.map { "\($0.rawValue) /" + template.segments.joined(separator: "/") }
        }.sorted()
    }

    static func segments(of path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }
}
