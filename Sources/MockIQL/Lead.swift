import Foundation
import MockPlatformKit

/// One accepted click: the user's details handed to the advertiser (`openapi/iql.yaml` clickAdUnit,
/// "Effects").
package struct Lead: Sendable, Equatable, Codable {
    package var leadID: String
    package var driverID: String
    package var offerID: String
    package var clickedAt: Date
    /// 1-based per (driver, offer).
    package var clickNumber: Int
    /// The decoded `pl` object.
    package var payload: [String: JSONValue]
}
