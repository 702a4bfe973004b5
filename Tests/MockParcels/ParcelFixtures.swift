import Foundation
import MockPlatformKit

/// The parcels module's fixture file: `parcels.json`, optional, the ids of parcels every new
/// tenant has delivered.
package struct ParcelFixtures: FixturePart, Decodable {
    package var delivered: [String] = []

    package init() {}

    package static func load(from folder: URL) throws -> ParcelFixtures {
        try Fixtures.decodeIfPresent(ParcelFixtures.self, "parcels.json", in: folder) ?? ParcelFixtures()
    }
}
