import MockPlatformKit

/// Loyalty's part of a scenario: `members` as in `loyalty.json`, which replace the fixture
/// members of the same id and follow the others in a tenant the scenario is applied to.
struct ScenarioMembers: ScenarioPart {
    static let field = "members"
    let members: [MemberFixture]

    init(scenarioValue value: JSONValue, fixtures: Fixtures) throws(StartupError) {
        members = try Self.decode(value)
        if let id = Self.duplicate(in: ids) { throw StartupError("member \(id) is listed twice") }
    }

    var ids: [String] { members.map(\.id) }

    func fixtures(over base: Fixtures) -> Fixtures {
        var fixtures = base
        let replaced = Set(ids)
        fixtures.members = base.members.filter { !replaced.contains($0.id) } + members
        return fixtures
    }
}
