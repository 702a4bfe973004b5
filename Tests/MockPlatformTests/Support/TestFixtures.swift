import Foundation
import MockPlatform

/// The repository's fixtures, loaded once for every in-process test.
enum TestFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/fixtures")

    /// The repository's fixtures.
    static let shared: Fixtures = {
        do {
            return try Fixtures.load(from: folder)
        } catch {
            fatalError("fixtures: \(error)")
        }
    }()

    /// The repository's scenarios, which `TestPlatform` serves unless its options name others.
    static let scenarioFolder = folder.deletingLastPathComponent().appendingPathComponent("scenarios")
}
