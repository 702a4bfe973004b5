import Foundation
import MockPlatformKit

/// An authored Synerise campaign (`openapi/control.yaml` PushCampaign).
package struct PushCampaign: Sendable, Equatable, Codable {
    package var id: String
    package var name: String
    package var kind: PushCampaignKind
    /// The built iOS APNs body, or the walkthrough object.
    package var payload: JSONValue
    /// The FCM message without `token`; nil for a walkthrough.
    package var android: JSONValue?
    package var createdAt: Date

    /// What the reference apps' push readers would trap on or ignore in it
    /// (`ReferenceAppReading`); a walkthrough is never pushed.
    var readingWarnings: [String] {
        kind == .walkthrough ? [] : ReferenceAppReading.warnings(ios: payload, android: android)
    }
}
