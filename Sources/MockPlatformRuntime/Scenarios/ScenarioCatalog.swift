import Foundation

/// The scenarios a server offers, by name (`--scenarios`, default `Resources/scenarios`): every
/// `<name>.json` in the folder, checked against the fixtures when the server starts, so a
/// scenario that loads always applies.
package struct ScenarioCatalog: Sendable {
    /// In name order.
    package let scenarios: [Scenario]

    package static let empty = ScenarioCatalog(scenarios: [])

    package init(scenarios: [Scenario]) { self.scenarios = scenarios.sorted { $0.name < $1.name } }

    package func scenario(named name: String) -> Scenario? { scenarios.first { $0.name == name } }

    /// Every scenario file of `folder`, read into the modules' `parts`; fails with the first
    /// file that is malformed or names something the fixtures do not have.
    package static func load(from folder: URL, fixtures: Fixtures, parts: [any ScenarioPart.Type]) throws(StartupError) -> ScenarioCatalog {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw StartupError("scenario folder \(folder.path) cannot be read")
        }
        var scenarios: [Scenario] = []
        for file in names {
            let url = folder.appendingPathComponent(file)
            do {
                scenarios.append(try ScenarioFile.scenario(from: Data(contentsOf: url), name: String(file.dropLast(5)), fixtures: fixtures, parts: parts))
            } catch let error as StartupError {
                throw StartupError("scenario file \(url.path): \(error.description)")
            } catch {
                throw StartupError("scenario file \(url.path): \(error)")
            }
        }
        return ScenarioCatalog(scenarios: scenarios)
    }
}
