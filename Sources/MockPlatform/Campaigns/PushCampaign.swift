import Foundation

/// An authored Synerise campaign (`openapi/control.yaml` PushCampaign).
public struct PushCampaign: Sendable, Equatable, Codable {
    public var id: String
    public var name: String
    public var kind: PushCampaignKind
    /// The built iOS APNs body, or the walkthrough object.
    public var payload: JSONValue
    /// The FCM message without `token`; nil for a walkthrough.
    public var android: JSONValue?
    public var createdAt: Date
}
