import Foundation
import MockPlatformKit

/// Loyalty's part of the fixtures: the members every tenant starts with (`loyalty.json`,
/// optional).
struct LoyaltyFixtures: FixturePart {
    var members: [MemberFixture] = []

    static func load(from folder: URL) throws -> LoyaltyFixtures {
        struct MemberFile: Decodable { var members: [MemberFixture] }
        return LoyaltyFixtures(members: try Fixtures.decodeIfPresent(MemberFile.self, "loyalty.json", in: folder)?.members ?? [])
    }
}

extension Fixtures {
    /// Loyalty members every new tenant starts with.
    package var members: [MemberFixture] {
        get { self[LoyaltyFixtures.self].members }
        set { self[LoyaltyFixtures.self].members = newValue }
    }
}
