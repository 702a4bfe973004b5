import HTTPTypes

/// WireMock-style "near misses" for a path no route answers: up to three routes of the served
/// specs closest to it, for the `Mock-Hint` header of the 404 (`did you mean GET
/// /iql/v1/driver/{driver_id}/status?`). Closeness is an edit distance over path segments: a
/// missing or extra segment costs 1, a wrong literal segment its share of changed characters, a
/// segment a parameter takes nothing. Only routes within one segment's worth of change, and
/// nearly as close as the closest, are named. The work is bounded whatever the path (docs/operating.md "Sharing
/// one instance", a 404 costs no more than its answer): only the path's first `maxBytes` bytes and
/// `maxSegments` segments are read, a template more than one segment longer or shorter is not
/// compared, and the character comparisons stop at `budget`.
package enum RouteHint {
    package static let header = HTTPField.Name("Mock-Hint")!
    /// The part of a path a hint reads.
    package static let maxBytes = 256
    package static let maxSegments = 16
    /// Most character comparisons one hint makes (a few hundred microseconds).
    package static let budget = 100_000

    /// The hint for `method path`, or nil when no route is close.
    package static func hint(for method: HTTPRequest.Method, path: String, in catalog: RouteCatalog) -> String? {
        let read = path.utf8.count <= maxBytes ? path : String(decoding: path.utf8.prefix(maxBytes), as: UTF8.self)
        let segments = Array(RouteCatalog.segments(of: read).prefix(maxSegments))
        var budget = Self.budget
        let ranked = catalog.templates.compactMap { template -> (route: String, cost: Double)? in
            guard abs(template.parsed.count - segments.count) <= 1, budget > 0 else { return nil }
            let cost = distance(segments, template.parsed, budget: &budget)
            guard cost <= 1 else { return nil }
            let shown = template.methods.contains(method) ? method : template.methods[0]
            return ("\(shown.rawValue) \(template.path)", cost + (template.methods.contains(method) ? 0 : 0.25))
        }
        let sorted = ranked.sorted { $0.cost < $1.cost || ($0.cost == $1.cost && $0.route < $1.route) }
        guard let closest = sorted.first?.cost else { return nil }
        let best = sorted.prefix { $0.cost <= closest + 0.34 }.prefix(3).map(\.route)
        guard let last = best.last else { return nil }
        let list = best.count == 1 ? last : best.dropLast().joined(separator: ", ") + " or " + last
        return "did you mean \(list)?"
    }

    /// Segment-level edit distance between a path and a template; `budget` loses the character
    /// comparisons made (at 0 every literal left counts as wholly different).
    package static func distance(_ path: [Substring], _ template: [RouteCatalog.Template.Segment], budget: inout Int) -> Double {
        var previous = (0...template.count).map(Double.init)
        var current = previous
        for i in 1...max(path.count, 1) where !path.isEmpty {
            current[0] = Double(i)
            for j in stride(from: 1, through: template.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost(path[i - 1], template[j - 1], budget: &budget))
            }
            swap(&previous, &current)
        }
        return path.isEmpty ? Double(template.count) : previous[template.count]
    }

    /// 0 when the segment fits, else the share of characters to change in a literal (a wrong
    /// value for a parameter, or a comparison past the budget, costs 1).
    private static func cost(_ value: Substring, _ segment: RouteCatalog.Template.Segment, budget: inout Int) -> Double {
        if segment.matches(value) { return 0 }
        guard case .literal(let literal) = segment else { return 1 }
        let a = Array(String(String.UnicodeScalarView(value.unicodeScalars.prefix(64))).lowercased().unicodeScalars)
        let b = Array(literal.lowercased().unicodeScalars)
        budget -= a.count * b.count
        guard budget >= 0 else { return 1 }
        return Double(NearestName.editDistance(a, b)) / Double(max(a.count, b.count, 1))
    }
}
