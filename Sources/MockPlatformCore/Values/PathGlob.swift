/// A path pattern of the journal and fault rules (`openapi/control.yaml`): segments compared
/// literally, `*` matches exactly one segment, `**` any number of segments (none included).
/// Patterns and paths are tenant-relative (`/iql/v2/driver_status/*`), repeated slashes folded.
///
/// A pattern has at most `maxSegments` segments and `maxAnySegments` `**`, and matching walks
/// the path once, keeping the set of pattern positions reached so far (no backtracking): time
/// is linear in path × pattern whatever either holds.
package struct PathGlob: Sendable, Equatable {
    package enum Segment: Sendable, Equatable {
        case literal(Substring)
        case one
        case any
    }

    /// Most segments a pattern may have.
    package static let maxSegments = 32
    /// Most `**` segments a pattern may have.
    package static let maxAnySegments = 4

    /// The pattern as given.
    package let pattern: String
    private let segments: [Segment]

    /// 400 when `pattern` does not start with `/`, or (`path glob too complex`, counted as the
    /// `path_glob` limit) when it has more than `maxSegments` segments or `maxAnySegments` `**`.
    package init(_ pattern: String) throws(APIError) {
        guard pattern.hasPrefix("/") else { throw .badRequest("path must start with /") }
        var segments: [Segment] = []
        for segment in pattern.split(separator: "/") {
            guard segments.count < Self.maxSegments else { throw Self.tooComplex }
            switch segment {
            case "*": segments.append(.one)
            case "**": segments.append(.any)
            default: segments.append(.literal(segment))
            }
        }
        guard segments.count(where: { $0 == .any }) <= Self.maxAnySegments else { throw Self.tooComplex }
        self.pattern = pattern
        self.segments = segments
    }

    private static var tooComplex: APIError {
        APIError.badRequest(
            "path glob too complex: at most \(maxSegments) segments and \(maxAnySegments) ** segments", limit: .pathGlob
        )
    }

    package func matches(_ path: String) -> Bool {
        // reached[i]: the path read so far can be matched by the first i pattern segments.
        var reached = Array(repeating: false, count: segments.count + 1)
        reached[0] = true
        Self.extendOverAny(&reached, segments)
        for part in path.split(separator: "/") {
            var next = Array(repeating: false, count: segments.count + 1)
            for (index, segment) in segments.enumerated() where reached[index] {
                switch segment {
                case .any: next[index] = true  // `**` takes this part too and stays
                case .one: next[index + 1] = true
                case .literal(let literal): if literal == part { next[index + 1] = true }
                }
            }
            Self.extendOverAny(&next, segments)
            guard next.contains(true) else { return false }
            reached = next
        }
        return reached[segments.count]
    }

    /// A `**` may match no segment: a position before one also reaches the position after it.
    private static func extendOverAny(_ reached: inout [Bool], _ segments: [Segment]) {
        for (index, segment) in segments.enumerated() where segment == .any && reached[index] {
            reached[index + 1] = true
        }
    }
}
