import MockPlatformKit

/// A device-token registration read from its body (`openapi/publisher.yaml`
/// registerDeviceToken), refused with DRF field errors. `platform` is optional, as the reference app sends the token alone: an APNs-shaped
/// token (even-length hex, 64–200 characters, any case) is `ios`, any other `android`.
extension DeviceRegistration {
    /// The registration a valid body asks for; the first failing field otherwise.
    init(body: [String: JSONValue], driverID: String) throws(APIError) {
        guard driverID.count <= 256, !driverID.contains("/") else {
            throw .badRequest("Ensure this field has no more than 256 characters.", field: "driver_id")
        }
        let fields = FieldReader(body, messages: .djangoREST)
        let token = try fields.required("token", fields.text)
        let platform: MobilePlatform
        if body["platform"] == nil {
            platform = DeviceTokenFormat.isAPNs(token) ? .ios : .android
        } else {
            let platformName = try fields.required("platform", fields.text)
            guard let named = MobilePlatform(rawValue: platformName) else {
                throw .badRequest("\"\(platformName)\" is not a valid choice.", field: "platform")
            }
            platform = named
        }
        let bundleID = try fields.string("bundle_id")
        if let bundleID, bundleID.isEmpty || !bundleID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) {
            throw .badRequest("Enter a valid bundle id.", field: "bundle_id")
        }
        guard DeviceTokenFormat.isValid(token, for: platform) else {
            throw .badRequest(platform == .ios ? "Enter a valid APNs token." : "Enter a valid FCM token.", field: "token")
        }
        self.init(
            driverID: driverID, platform: platform, token: DeviceTokenFormat.normalized(token, for: platform), bundleID: bundleID
        )
    }
}
