import Foundation
import MockPlatform

/// The repository's fixtures, loaded once for every in-process test.
enum TestFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/fixtures")

    /// The fixtures with the repository's scenarios.
    static let shared: Fixtures = {
        do {
            var fixtures = try Fixtures.load(from: folder)
            fixtures.scenarios = try ScenarioCatalog.load(from: scenarioFolder, fixtures: fixtures)
            return fixtures
        } catch {
            fatalError("fixtures: \(error)")
        }
    }()

    static let scenarioFolder = folder.deletingLastPathComponent().appendingPathComponent("scenarios")
}
