import Foundation
import MockPlatformKit

/// The publisher backend's part of the fixtures: the insurer picker's choices
/// (`insurers.json`), without the trailing `Other` the API adds.
struct PublisherFixtures: FixturePart {
    var insurers: [String] = []

    static func load(from folder: URL) throws -> PublisherFixtures {
        struct InsurerFile: Decodable { var insurers: [String] }
        return PublisherFixtures(insurers: try Fixtures.decode(InsurerFile.self, "insurers.json", in: folder).insurers.filter { $0 != "Other" })
    }
}

extension Fixtures {
    /// Insurer picker choices, without the trailing `Other` the API adds.
    package var insurers: [String] {
        get { self[PublisherFixtures.self].insurers }
        set { self[PublisherFixtures.self].insurers = newValue }
    }
}
