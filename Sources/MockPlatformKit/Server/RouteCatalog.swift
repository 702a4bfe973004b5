import HTTPTypes

/// Every route the server answers, as registered by the generated code (`OperationRecorder`):
/// the operation answering each method of a path, which the front door calls, and so which
/// methods a path allows, so that unknown routes get a 404 and wrong methods a 405 with `Allow`.
package struct RouteCatalog: Sendable {
    /// One registered path template, split into segments (`{name}` marks a parameter).
    package struct Template: Sendable {
        /// One template segment, parsed once when the route is added.
        package enum Segment: Sendable, Equatable {
            case literal(Substring)
            /// `{name}`, `{name}suffix` or `prefix{name}`.
            case parameter(name: String, prefix: Substring, suffix: Substring)

            package init(_ template: Substring) {
                if let open = template.firstIndex(of: "{"), let close = template.firstIndex(of: "}") {
                    self = .parameter(
                        name: String(template[template.index(after: open)..<close]),
                        prefix: template[..<open], suffix: template[template.index(after: close)...]
                    )
                } else {
                    self = .literal(template)
                }
            }

            package func matches(_ value: Substring) -> Bool {
                switch self {
                case .literal(let literal):
                    return literal == value
                case .parameter(_, let prefix, let suffix):
                    if prefix.isEmpty && suffix.isEmpty { return !value.isEmpty }
                    return value.count > prefix.count + suffix.count && value.hasPrefix(prefix) && value.hasSuffix(suffix)
                }
            }
        }

        package let segments: [Substring]
        package let parsed: [Segment]
        /// The template as its spec writes it: `/iql/v1/driver/{driver_id}/info`.
        package let path: String
        /// The methods it answers, in registration order (the order of a 405's `Allow`).
        package var methods: [HTTPRequest.Method]
        /// The operation answering each method.
        package var operations: [HTTPRequest.Method: RouteOperation]
        /// Whether any segment is a parameter.
        package let hasParameters: Bool

        package init(segments: [Substring], method: HTTPRequest.Method, operation: RouteOperation) {
            self.segments = segments
            self.parsed = segments.map(Segment.init)
            self.path = "/" + segments.joined(separator: "/")
            self.methods = [method]
            self.operations = [method: operation]
            self.hasParameters = parsed.contains { if case .parameter = $0 { true } else { false } }
        }

        /// The path parameters of a concrete path this template matches, under the spec's names
        /// and as sent (percent-encoded): what the generated decoder reads.
        package func parameters(of path: [Substring]) -> [String: Substring] {
            guard hasParameters else { return [:] }
            var parameters: [String: Substring] = [:]
            for (segment, value) in zip(parsed, path) {
                if case .parameter(let name, let prefix, let suffix) = segment {
                    parameters[name] = value.dropFirst(prefix.count).dropLast(suffix.count)
                }
            }
            return parameters
        }

        package func matches(_ path: [Substring]) -> Bool {
            guard path.count == parsed.count else { return false }
            for (segment, value) in zip(parsed, path) where !segment.matches(value) { return false }
            return true
        }

    }

    private(set) var templates: [Template] = []
    /// Indices into `templates` by segment count, in registration order: only templates of a
    /// path's length can match it.
    private var bySegmentCount: [Int: [Int]] = [:]
    /// Indices into `templates` of those without parameters, by their path: most reads are
    /// found here at once, without splitting the path or comparing segments.
    private var byFixedPath: [String: Int] = [:]

    package init() {}

    /// Records one route.
    package mutating func add(method: HTTPRequest.Method, path: String, operation: RouteOperation) {
        let segments = RouteCatalog.segments(of: path)
        if let index = templates.firstIndex(where: { $0.segments == segments }) {
            templates[index].methods.append(method)
            templates[index].operations[method] = operation
        } else {
            let template = Template(segments: segments, method: method, operation: operation)
            bySegmentCount[segments.count, default: []].append(templates.count)
            if !template.hasParameters { byFixedPath[template.path] = templates.count }
            templates.append(template)
        }
    }

    /// The route a concrete path matches: the first template that matches it (the served
    /// documents have no two templates that match one path, which a test checks), with the
    /// path's segments; no template when none matches.
    package func match(_ path: String) -> RouteMatch {
        // A fixed template has no parameters to read from the segments.
        if let index = byFixedPath[path] { return RouteMatch(template: templates[index], segments: []) }
        let segments = RouteCatalog.segments(of: path)
        guard let candidates = bySegmentCount[segments.count] else { return RouteMatch(template: nil, segments: segments) }
        for index in candidates where templates[index].matches(segments) {
            return RouteMatch(template: templates[index], segments: segments)
        }
        return RouteMatch(template: nil, segments: segments)
    }

    /// Whether a path as sent (empty segments kept) names a route with an empty path parameter:
    /// `/_mock/campaigns/` is getCampaign with an empty id, `/_mock/campaigns//send` is
    /// sendCampaign with one. Folding the empty segment away would answer it as another
    /// operation (the list, a 405), so the front door answers 404 instead. Only routes that
    /// answer `method` count: `GET /_mock/tenants/` is the list with a trailing slash, as
    /// `/_mock/tenants/{name}` answers DELETE only.
    package func hasEmptyParameter(_ unfolded: Substring, method: HTTPRequest.Method) -> Bool {
        guard unfolded.utf8.last == UInt8(ascii: "/") || Self.hasRepeatedSlash(unfolded.utf8) else { return false }
        let segments = unfolded.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { Substring($0) }
        guard segments.contains(where: \.isEmpty), let candidates = bySegmentCount[segments.count] else { return false }
        return candidates.contains { index in
            templates[index].methods.contains(method) && zip(templates[index].parsed, segments).allSatisfy { segment, value in
                guard value.isEmpty else { return segment.matches(value) }
                if case .parameter = segment { return true }
                return false
            }
        }
    }

    /// Whether `//` occurs (a plain scan: Foundation's `contains` on a string goes through
    /// CFString, 1 % of a request).
    private static func hasRepeatedSlash(_ bytes: some Sequence<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/"), previous == byte { return true }
            previous = byte
        }
        return false
    }

    /// Every registered route as `METHOD /path/{param}`, sorted.
    package var routes: [String] {
        templates.flatMap { template in
            template.methods.map { "\($0.rawValue) \(template.path)" }
        }.sorted()
    }

    /// A path's non-empty segments between `/` characters. An ASCII path (nearly every one) is
    /// split by bytes, which is the same there and skips the walk by characters (perf: the split
    /// was 2.5 % of a request); any other by characters, as Swift's `String` sees them.
    package static func segments(of path: String) -> [Substring] {
        let bytes = path.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return path.split(separator: "/", omittingEmptySubsequences: true) }
        var segments: [Substring] = []
        var start = bytes.startIndex
        for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
            if start < index { segments.append(path[start..<index]) }
            start = bytes.index(after: index)
        }
        if start < bytes.endIndex { segments.append(path[start...]) }
        return segments
    }
}
