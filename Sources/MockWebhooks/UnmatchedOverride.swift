import MockPlatformKit

/// A trigger override whose dotted path the event's payload, as built, does not have
/// (`metadata.ofer_id`): a typo or a field of another event kind. It is applied all the same
/// (creating the path); the trigger's answer lists it with the payload's path it most likely
/// meant (`metadata.offer_id`), so a caller can warn.
struct UnmatchedOverride: Sendable, Equatable {
    let path: String
    /// The payload's path nearest to `path`, else one ending in the same member name; nil when
    /// neither exists (left out of the answer).
    let closest: String?

    /// The paths among `paths` that name no member of `payload`, in the given order.
    static func find(_ paths: [String], in payload: JSONValue) -> [UnmatchedOverride] {
        let known = memberPaths(of: payload).sorted()
        return paths.filter { !known.contains($0) }.map { path in
            let member = path.split(separator: ".").last.map(String.init) ?? path
            let sameMember = known.first { $0 == member || $0.hasSuffix("." + member) }
            return UnmatchedOverride(path: path, closest: NearestName.to(path, among: known) ?? sameMember)
        }
    }

    /// The dotted path of every object member in `value` (`metadata`, `metadata.offer_id`);
    /// members of arrays are not addressable by an override, so they are left out.
    static func memberPaths(of value: JSONValue, prefix: String = "") -> Set<String> {
        guard case .object(let fields) = value else { return [] }
        var paths: Set<String> = []
        for (key, member) in fields {
            let path = prefix.isEmpty ? key : prefix + "." + key
            paths.insert(path)
            paths.formUnion(memberPaths(of: member, prefix: path))
        }
        return paths
    }
}
