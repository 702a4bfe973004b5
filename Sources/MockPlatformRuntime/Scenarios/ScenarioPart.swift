/// A module's part of a scenario (`Resources/README.md`, Scenarios): one top-level field of a
/// scenario file, read and checked against the fixtures when the server starts, and what it puts
/// into a tenant the scenario is applied to. A module names its parts in
/// `PlatformModule.scenarioParts`; the scenario itself knows none of them.
package protocol ScenarioPart: Sendable {
    /// The scenario file's field it is read from (`drivers`).
    static var field: String { get }
    /// Reads the field's value, checked against `fixtures`; the error names the first problem.
    init(scenarioValue value: JSONValue, fixtures: Fixtures) throws(StartupError)
    /// The ids of what it adds, in file order (the scenario listing's `drivers`, `members`).
    var ids: [String] { get }
    /// The fixtures a tenant of the scenario starts from, given those it would start from
    /// otherwise; `base` unless it says.
    func fixtures(over base: Fixtures) -> Fixtures
    /// Puts the part into `tenant`, a fresh tenant no request sees yet; nothing unless it says.
    func populate(_ tenant: Tenant) async throws(APIError)
}

extension ScenarioPart {
    package func fixtures(over base: Fixtures) -> Fixtures { base }
    package func populate(_ tenant: Tenant) async throws(APIError) {}

    /// The field's value read as `T`; the error names the field and what is wrong.
    package static func decode<T: Decodable>(_ value: JSONValue, as type: T.Type = T.self) throws(StartupError) -> T {
        do {
            return try value.decoded()
        } catch {
            throw StartupError("not a valid scenario: \(field): \(DecodingFailure.describe(error))")
        }
    }

    /// The ids of `ids` listed more than once: the first such, or nil.
    package static func duplicate(in ids: [String]) -> String? {
        var seen: Set<String> = []
        return ids.first { !seen.insert($0).inserted }
    }
}
