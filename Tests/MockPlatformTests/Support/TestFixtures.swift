import Foundation
@testable import MockIQL
@testable import MockLoyalty
@testable import MockPlatform
@testable import MockPlatformRuntime
@testable import MockPublisher
@testable import MockWallet
@testable import MockWebhooks

/// The repository's fixtures, loaded once for every in-process test.
enum TestFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/fixtures")

    /// The bundled modules' settings parts.
    static let settingsParts: [any SettingsPart.Type] = [
        IQLSettings.self, PublisherSettings.self, LoyaltySettings.self, WalletSettings.self, WebhookSettings.self,
    ]

    /// The repository's fixtures, with the bundled modules' parts and settings read (the server
    /// orders the settings' keys as control.yaml does when it starts).
    static let shared: Fixtures = {
        do {
            var fixtures = try Fixtures.load(from: folder)
            try fixtures.load(settings: settingsParts, keyOrder: [])
            try fixtures.load([IQLFixtures.self, PublisherFixtures.self, LoyaltyFixtures.self, WebhookFixtures.self])
            return fixtures
        } catch {
            fatalError("fixtures: \(error)")
        }
    }()

    /// The repository's scenarios, which `TestPlatform` serves unless its options name others.
    static let scenarioFolder = folder.deletingLastPathComponent().appendingPathComponent("scenarios")
}
