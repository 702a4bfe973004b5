import Foundation

/// One push the platform would have sent to APNs or FCM (`openapi/control.yaml` PushEntry).
package struct PushEntry: Sendable, Equatable, Codable {
    /// The APNs request headers of an iOS push.
    package struct APNsHeaders: Sendable, Equatable, Codable {
        /// The app's bundle id (or the pass type id); nil when none is known.
        package var topic: String?
        /// `alert` or `background`.
        package var pushType: String
        /// `10` or `5`.
        package var priority: String

        package init(topic: String?, pushType: String, priority: String) {
            self.topic = topic
            self.pushType = pushType
            self.priority = priority
        }

        /// `alert`/10 for a payload with `aps.alert`, else `background`/5.
        package static func forPayload(_ payload: JSONValue, topic: String?) -> APNsHeaders {
            let alerts = payload.objectValue?["aps"]?.objectValue?["alert"] != nil
            return APNsHeaders(topic: topic, pushType: alerts ? "alert" : "background", priority: alerts ? "10" : "5")
        }
    }

    package var id: String
    package var createdAt: Date
    package var push: Push
    /// The wall-clock instant the outbox recorded the push; nil in a state document written
    /// before it was kept.
    package var recordedAt: Date?

    /// About the bytes an entry holding `push` takes in a state document (`TenantStorage`).
    package static func storedSize(of push: Push) -> Int {
        240 + push.deviceToken.utf8.count + (push.holder?.utf8.count ?? 0) + (push.campaignID?.utf8.count ?? 0)
            + (push.apnsHeaders?.topic?.utf8.count ?? 0) + push.payload.storedSize
    }
}
