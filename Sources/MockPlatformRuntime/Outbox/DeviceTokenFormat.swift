/// The push token formats of each mobile platform (`openapi/publisher.yaml` registerDeviceToken,
/// `openapi/control.yaml` CampaignSend).
package enum DeviceTokenFormat {
    /// An APNs device token: hex, even length, 64–200 characters (any case).
    package static func isAPNs(_ token: String) -> Bool {
        (64...200).contains(token.count) && token.count.isMultiple(of: 2) && token.allSatisfy { $0.isASCII && $0.isHexDigit }
    }

    /// An FCM registration token: 20–4096 characters of `[A-Za-z0-9_:-]`.
    package static func isFCM(_ token: String) -> Bool {
        (20...4096).contains(token.count)
            && token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" || $0 == "-") }
    }

    package static func isValid(_ token: String, for platform: MobilePlatform) -> Bool {
        platform == .ios ? isAPNs(token) : isFCM(token)
    }

    /// The token as stored: APNs tokens lower case.
    package static func normalized(_ token: String, for platform: MobilePlatform) -> String {
        platform == .ios ? token.lowercased() : token
    }
}
