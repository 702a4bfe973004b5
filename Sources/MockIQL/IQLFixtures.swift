import Foundation
import MockPlatformKit

/// IQL's part of the fixtures: the qualification campaigns every tenant starts with
/// (`campaigns.json`).
struct IQLFixtures: FixturePart {
    /// In file order.
    var campaigns: [QualificationCampaign] = []

    static func load(from folder: URL) throws -> IQLFixtures {
        IQLFixtures(campaigns: try Fixtures.decode([QualificationCampaign].self, "campaigns.json", in: folder))
    }
}

extension Fixtures {
    package var campaigns: [QualificationCampaign] {
        get { self[IQLFixtures.self].campaigns }
        set { self[IQLFixtures.self].campaigns = newValue }
    }
}
