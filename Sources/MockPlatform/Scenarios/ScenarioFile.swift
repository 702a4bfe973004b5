import Foundation

/// The JSON form of one scenario (`Resources/README.md`, Scenarios): `description`, and
/// optionally `drivers`, `members` (as in `loyalty.json`) and `faults` (`POST /_mock/faults`
/// bodies). The file name is the scenario's name.
enum ScenarioFile {
    private struct Document: Decodable {
        var description: String
        var drivers: [ScenarioDriver]?
        var members: [MemberFixture]?
        var faults: [[String: JSONValue]]?
    }

    static let fields: Set<String> = ["description", "drivers", "members", "faults"]

    static func scenario(from data: Data, name: String, fixtures: Fixtures) throws -> Scenario {
        guard TenantName(name) != nil else { throw FixtureError("the name \(name) must be 1-40 of a-z, 0-9 and -") }
        if case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: data),
           let unknown = object.keys.sorted().first(where: { !fields.contains($0) }) {
            throw FixtureError("`\(unknown)` is not a scenario field")
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw FixtureError("not a valid scenario: \(error)")
        }
        let drivers = document.drivers ?? []
        if let problem = drivers.lazy.compactMap({ $0.problem(in: fixtures) }).first { throw FixtureError(problem) }
        if let id = duplicate(drivers.map(\.id)) { throw FixtureError("driver \(id) is listed twice") }
        let members = document.members ?? []
        if let id = duplicate(members.map(\.id)) { throw FixtureError("member \(id) is listed twice") }
        let faults = document.faults ?? []
        let check = FaultRules(clock: TenantClock(wallClock: { Date() }, setting: .real), ids: IDGenerator(seed: 0))
        for (index, fault) in faults.enumerated() {
            do {
                _ = try check.add(fault)
            } catch {
                throw FixtureError("faults[\(index)]: \(error.message)")
            }
        }
        return Scenario(name: name, description: document.description, drivers: drivers, members: members, faults: faults)
    }

    private static func duplicate(_ ids: [String]) -> String? {
        var seen: Set<String> = []
        return ids.first { !seen.insert($0).inserted }
    }
}
