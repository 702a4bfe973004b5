import MockIQL
import MockPlatformKit

/// The pushes the IQL reference publisher backend sends its app (`openapi/control.yaml`
/// PushEntry; `openapi/campaigns.yaml` IOSQualificationPush, IOSHeartbeatPush and their
/// Android twins): silent, with the extra keys under `data` on Android. On iOS the reference app
/// reads the qualification keys at the top level and the heartbeat's `data["type"]` with a force
/// cast on every push, so the heartbeat carries `type` at the top level and under `data`, and the
/// qualification push its keys at the top level only, with no `data` to trap that cast.
enum IQLPush {
    /// The push an event makes for each of the driver's devices, if any: a qualification for
    /// any offer, telematics or not, is "a user qualified for an offer" to the backend.
    static func push(for event: PlatformEvent, to device: PushTarget, settings: TenantSettings) -> Push? {
        let kind: PushKind
        let data: [String: JSONValue]
        let repeatsUnderData: Bool
        switch event.kind {
        case .qualification, .nonTelematicsQualification:
            kind = .iqlQualification
            data = ["qualification_status": .string("qualified"), "msg": .string(settings.publisher.qualificationPushMessage)]
            repeatsUnderData = false
        case .silentPushNotification:
            kind = .iqlHeartbeat
            data = ["type": .string("heartbeat")]
            repeatsUnderData = true
        default:
            return nil
        }
        switch device.platform {
        case .ios:
            var payload = data
            payload["aps"] = .object(["content-available": .integer(1)])
            if repeatsUnderData { payload["data"] = .object(data) }
            return Push(
                platform: .ios, deviceToken: device.token, holder: device.holder, kind: kind, campaignID: nil,
                payload: .object(payload),
                apnsHeaders: .init(topic: device.bundleID, pushType: "background", priority: "5")
            )
        case .android:
            return Push(
                platform: .android, deviceToken: device.token, holder: device.holder, kind: kind, campaignID: nil,
                payload: .object(["data": .object(data)]), apnsHeaders: nil
            )
        }
    }
}
