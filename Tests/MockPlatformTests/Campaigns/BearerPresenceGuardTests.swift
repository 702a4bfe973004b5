@testable import MockCampaigns
@testable import MockPlatform
import XCTest

/// The campaign backend's bearer rule (`openapi/campaigns.yaml` security scheme bearer): any
/// token, scheme in any case, spaces, then a visible ASCII character.
final class BearerPresenceGuardTests: XCTestCase {
    func testAnyTokenAfterTheSchemeInAnyCase() {
        for accepted in ["Bearer x", "bearer ci", "BEARER  token-with-two-spaces"] {
            XCTAssertTrue(BearerPresenceGuard.isBearer(accepted), accepted)
        }
        for refused in ["", "Bearer", "Bearer ", "Bearer    ", "Basic x", "Bearerx", "Bearer \u{7F}"] {
            XCTAssertFalse(BearerPresenceGuard.isBearer(refused), refused)
        }
    }
}
