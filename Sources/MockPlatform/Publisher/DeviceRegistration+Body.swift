/// A device-token registration read from its body (`openapi/publisher.yaml`
/// registerDeviceToken), refused with DRF field errors. `platform` is optional, as the reference app sends the token alone: an APNs-shaped
/// token (even-length hex, 64–200 characters, any case) is `ios`, any other `android`.
extension DeviceRegistration {
    /// The registration a valid body asks for; the first failing field otherwise.
    init(body: [String: JSONValue], driverID: String) throws(APIError) {
        guard driverID.count <= 256, !driverID.contains("/") else {
            throw .badRequest("Ensure this field has no more than 256 characters.", field: "driver_id")
        }
        let token = try Self.string("token", in: body)
        let platform: MobilePlatform
        switch body["platform"] {
        case nil:
            platform = DeviceTokenFormat.isAPNs(token) ? .ios : .android
        default:
            let platformName = try Self.string("platform", in: body)
            guard let named = MobilePlatform(rawValue: platformName) else {
                throw .badRequest("\"\(platformName)\" is not a valid choice.", field: "platform")
            }
            platform = named
        }
        let bundleID: String?
        switch body["bundle_id"] {
        case nil, .null?: bundleID = nil
        case .string(let value)?:
            guard !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) else {
                throw .badRequest("Enter a valid bundle id.", field: "bundle_id")
            }
            bundleID = value
        default: throw .badRequest("Not a valid string.", field: "bundle_id")
        }
        guard DeviceTokenFormat.isValid(token, for: platform) else {
            throw .badRequest(platform == .ios ? "Enter a valid APNs token." : "Enter a valid FCM token.", field: "token")
        }
        self.init(
            driverID: driverID, platform: platform, token: DeviceTokenFormat.normalized(token, for: platform), bundleID: bundleID
        )
    }

    private static func string(_ key: String, in body: [String: JSONValue]) throws(APIError) -> String {
        switch body[key] {
        case nil, .null?: throw .badRequest("This field is required.", field: key)
        case .string(let value)?:
            guard !value.isEmpty else { throw .badRequest("This field may not be blank.", field: key) }
            return value
        default: throw .badRequest("Not a valid string.", field: key)
        }
    }
}
