import MockPlatformKit

/// The Android (FCM v1) form of a campaign, derived from its iOS payload
/// (`openapi/campaigns.yaml` AndroidCampaignPush): the Synerise keys inside `data`, `content`
/// JSON-encoded, every `data` value a string.
enum AndroidPushForm {
    /// The FCM message without `token`.
    static func message(kind: PushCampaignKind, ios: JSONValue) -> JSONValue {
        let fields = ios.objectValue ?? [:]
        var message: [String: JSONValue] = ["android": .object(["priority": .string("HIGH")])]
        guard kind != .silentData, kind != .customIssuer else {
            var data: [String: JSONValue] = [:]
            for (key, value) in fields where key != "aps" { data[key] = .string(value.stringValue ?? value.text) }
            message["data"] = .object(data)
            if let alert = fields["aps"]?.objectValue?["alert"]?.objectValue, alert["title"] != nil || alert["body"] != nil {
                message["notification"] = .object(["title": alert["title"] ?? .string(""), "body": alert["body"] ?? .string("")])
            }
            return .object(message)
        }
        message["data"] = .object([
            "issuer": fields["issuer"] ?? .string("Synerise"),
            "message-type": .string(messageType(kind: kind, ios: ios)),
            "content-type": fields["content-type"] ?? .null,
            "content": .string(content(kind: kind, ios: ios).text),
        ])
        if kind.isBanner, let notification = bannerNotification(ios) { message["notification"] = notification }
        return .object(message)
    }

    /// `message-type` on Android: `static-content` for simple pushes, as in Synerise's Android
    /// README; otherwise the iOS value.
    static func messageType(kind: PushCampaignKind, ios: JSONValue) -> String {
        kind.isSimplePush ? "static-content" : ios.objectValue?["message-type"]?.stringValue ?? "dynamic-content"
    }

    /// The `content` object on Android: a simple push's `notification` carries the shown text,
    /// sound, priority and action, from which Android builds the notification.
    static func content(kind: PushCampaignKind, ios: JSONValue) -> JSONValue {
        guard var content = ios.objectValue?["content"]?.objectValue else { return .object([:]) }
        guard kind.isSimplePush else { return .object(content) }
        let aps = ios.objectValue?["aps"]?.objectValue ?? [:]
        var notification = content["notification"]?.objectValue ?? [:]
        let alert = aps["alert"]?.objectValue ?? [:]
        notification["title"] = alert["title"]
        notification["body"] = alert["body"]
        notification["sound"] = aps["sound"]
        notification["priority"] = .string("HIGH")
        content["notification"] = .object(notification)
        return .object(content)
    }

    /// The `{title, body}` shown for a banner when the app is not visible: its header and
    /// description texts; nil when it has neither.
    static func bannerNotification(_ ios: JSONValue) -> JSONValue? {
        let page = ios.objectValue?["content"]?.objectValue?["page"]?.objectValue ?? [:]
        let title = page["header"]?.objectValue?["text"]
        let body = page["description"]?.objectValue?["text"]
        guard title != nil || body != nil else { return nil }
        return .object(["title": title ?? .string(""), "body": body ?? .string("")])
    }
}
