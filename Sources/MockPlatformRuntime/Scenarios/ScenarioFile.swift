import Foundation

/// The JSON form of one scenario (`Resources/README.md`, Scenarios): `description`, optionally
/// `faults` (`POST /_mock/faults` bodies), and the fields the modules' parts read (`drivers`,
/// `members`). The file name is the scenario's name.
package enum ScenarioFile {
    package static func scenario(from data: Data, name: String, fixtures: Fixtures, parts: [any ScenarioPart.Type]) throws(StartupError) -> Scenario {
        guard TenantName(name) != nil else { throw StartupError("the name \(name) must be 1-40 of a-z, 0-9 and -") }
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw StartupError("not a valid scenario: \(DecodingFailure.describe(error))")
        }
        guard case .object(let object) = document else { throw StartupError("not a valid scenario: not a JSON object") }
        let fields = Set(["description", "faults"] + parts.map { $0.field })
        if let unknown = object.keys.sorted().first(where: { !fields.contains($0) }) {
            throw StartupError("`\(unknown)` is not a scenario field")
        }
        guard case .string(let description)? = object["description"] else {
            throw StartupError("not a valid scenario: description must be a string")
        }
        var read: [any ScenarioPart] = []
        for part in parts {
            guard let value = object[part.field], value != .null else { continue }
            read.append(try part.init(scenarioValue: value, fixtures: fixtures))
        }
        let faults = try faultRules(object["faults"])
        return Scenario(name: name, description: description, parts: read, faults: faults)
    }

    /// The `faults` bodies, each checked as `POST /_mock/faults` would check it.
    private static func faultRules(_ value: JSONValue?) throws(StartupError) -> [[String: JSONValue]] {
        guard let value, value != .null else { return [] }
        guard let faults = try? value.decoded(as: [[String: JSONValue]].self) else {
            throw StartupError("not a valid scenario: faults must be a list of objects")
        }
        let check = FaultRules(clock: TenantClock(wallClock: { Date() }, setting: .real), ids: IDGenerator(seed: 0))
        for (index, fault) in faults.enumerated() {
            do {
                _ = try check.add(fault)
            } catch {
                throw StartupError("faults[\(index)]: \(error.message)")
            }
        }
        return faults
    }
}
