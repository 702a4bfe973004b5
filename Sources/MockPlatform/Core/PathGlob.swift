/// A path pattern of the journal and fault rules (`openapi/control.yaml`): segments compared
/// literally, `*` matches exactly one segment, `**` any number of segments (none included).
/// Patterns and paths are tenant-relative (`/iql/v2/driver_status/*`), repeated slashes folded.
public struct PathGlob: Sendable, Equatable {
    enum Segment: Sendable, Equatable {
        case literal(Substring)
        case one
        case any
    }

    /// The pattern as given.
    public let pattern: String
    private let segments: [Segment]

    /// Nil when `pattern` does not start with `/`.
    public init?(_ pattern: String) {
        guard pattern.hasPrefix("/") else { return nil }
        self.pattern = pattern
        segments = pattern.split(separator: "/").map { segment in
            switch segment {
            case "*": .one
            case "**": .any
            default: .literal(segment)
            }
        }
    }

    public func matches(_ path: String) -> Bool {
        Self.match(segments[...], path.split(separator: "/")[...])
    }

    private static func match(_ pattern: ArraySlice<Segment>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        switch first {
        case .any:
            let rest = pattern.dropFirst()
            if rest.isEmpty { return true }
            var remaining = path
            while true {
                if match(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        case .one:
            return !path.isEmpty && match(pattern.dropFirst(), path.dropFirst())
        case .literal(let literal):
            return path.first == literal && match(pattern.dropFirst(), path.dropFirst())
        }
    }
}
