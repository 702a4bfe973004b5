import MockPlatformKit

/// The body of `POST /_mock/campaigns/{id}/send` (`openapi/control.yaml` CampaignSend), checked:
/// 400 naming the first bad field.
struct CampaignSendRequest: Equatable {
    var platform: MobilePlatform?
    var deviceTokens: [String] = []
    var clientUUIDs: [String] = []
    var driverIDs: [String] = []

    init(body: [String: JSONValue]) throws(APIError) {
        let fields = FieldReader(body)
        try fields.refuseUnknownKeys(allowing: ["platform", "device_tokens", "client_uuids", "driver_ids"])
        if let value = fields.value("platform") {
            guard let platform = value.stringValue.flatMap(MobilePlatform.init(rawValue:)) else {
                throw .badRequest("platform must be ios or android")
            }
            self.platform = platform
        }
        deviceTokens = try fields.strings("device_tokens") { token in
            DeviceTokenFormat.isAPNs(token) || DeviceTokenFormat.isFCM(token) ? nil : "is neither an APNs nor an FCM token"
        } ?? []
        clientUUIDs = try fields.strings("client_uuids") { $0.isEmpty ? "must not be empty" : nil } ?? []
        driverIDs = try fields.strings("driver_ids") { id in
            (1...256).contains(id.count) && !id.contains("/") ? nil : "must be 1 to 256 characters without /"
        } ?? []
        guard !(deviceTokens.isEmpty && clientUUIDs.isEmpty && driverIDs.isEmpty) else {
            throw .badRequest("at least one of device_tokens, client_uuids, driver_ids must be a non-empty list")
        }
    }

    /// The platform an unregistered token is sent on: `platform`, else the token's format.
    func platform(ofUnregistered token: String) -> MobilePlatform {
        platform ?? (DeviceTokenFormat.isAPNs(token) ? .ios : .android)
    }
}
