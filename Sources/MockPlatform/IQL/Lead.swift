import Foundation

/// One accepted click: the user's details handed to the advertiser (`openapi/iql.yaml` clickAdUnit,
/// "Effects").
public struct Lead: Sendable, Equatable, Codable {
    public var leadID: String
    public var driverID: String
    public var offerID: String
    public var clickedAt: Date
    /// 1-based per (driver, offer).
    public var clickNumber: Int
    /// The decoded `pl` object.
    public var payload: [String: JSONValue]
}
