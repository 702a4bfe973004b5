/// The pushes the IQL reference publisher backend sends its app (`openapi/control.yaml`
/// PushEntry; `openapi/campaigns.yaml` IOSQualificationPush, IOSHeartbeatPush and their
/// Android twins): silent, with the extra keys at the top level and repeated under `data` on
/// iOS, under `data` on Android.
enum IQLPush {
    /// The push an event makes for each of the driver's devices, if any.
    static func push(for event: PlatformEvent, to device: PushTarget, settings: TenantSettings) -> Push? {
        let kind: PushKind
        let data: [String: JSONValue]
        switch event.kind {
        case .qualification:
            kind = .iqlQualification
            data = ["qualification_status": .string("qualified"), "msg": .string(settings.qualificationPushMessage)]
        case .silentPushNotification:
            kind = .iqlHeartbeat
            data = ["type": .string("heartbeat")]
        default:
            return nil
        }
        switch device.platform {
        case .ios:
            var payload = data
            payload["aps"] = .object(["content-available": .integer(1)])
            payload["data"] = .object(data)
            return Push(
                platform: .ios, deviceToken: device.token, driverID: device.driverID, kind: kind, campaignID: nil,
                payload: .object(payload),
                apnsHeaders: .init(topic: device.bundleID, pushType: "background", priority: "5")
            )
        case .android:
            return Push(
                platform: .android, deviceToken: device.token, driverID: device.driverID, kind: kind, campaignID: nil,
                payload: .object(["data": .object(data)]), apnsHeaders: nil
            )
        }
    }
}
