/// The body of `POST /_mock/campaigns/{id}/send` (`openapi/control.yaml` CampaignSend), checked:
/// 400 naming the first bad field.
struct CampaignSendRequest: Equatable {
    var platform: MobilePlatform?
    var deviceTokens: [String] = []
    var clientUUIDs: [String] = []
    var driverIDs: [String] = []

    init(body: [String: JSONValue]) throws(APIError) {
        if let unknown = body.keys.sorted().first(where: { !["platform", "device_tokens", "client_uuids", "driver_ids"].contains($0) }) {
            throw .badRequest("\(unknown) is not allowed")
        }
        if let value = body["platform"], value != .null {
            guard let platform = value.stringValue.flatMap(MobilePlatform.init(rawValue:)) else {
                throw .badRequest("platform must be ios or android")
            }
            self.platform = platform
        }
        deviceTokens = try Self.strings("device_tokens", in: body) { token in
            DeviceTokenFormat.isAPNs(token) || DeviceTokenFormat.isFCM(token) ? nil : "is neither an APNs nor an FCM token"
        }
        clientUUIDs = try Self.strings("client_uuids", in: body) { $0.isEmpty ? "must not be empty" : nil }
        driverIDs = try Self.strings("driver_ids", in: body) { id in
            (1...256).contains(id.count) && !id.contains("/") ? nil : "must be 1 to 256 characters without /"
        }
        guard !(deviceTokens.isEmpty && clientUUIDs.isEmpty && driverIDs.isEmpty) else {
            throw .badRequest("at least one of device_tokens, client_uuids, driver_ids must be a non-empty list")
        }
    }

    /// The platform an unregistered token is sent on: `platform`, else the token's format.
    func platform(ofUnregistered token: String) -> MobilePlatform {
        platform ?? (DeviceTokenFormat.isAPNs(token) ? .ios : .android)
    }

    private static func strings(
        _ key: String, in body: [String: JSONValue], _ problem: (String) -> String?
    ) throws(APIError) -> [String] {
        guard let value = body[key], value != .null else { return [] }
        guard case .array(let items) = value else { throw .badRequest("\(key) must be a list of strings") }
        var strings: [String] = []
        for (index, item) in items.enumerated() {
            guard let text = item.stringValue else { throw .badRequest("\(key)[\(index)] must be a string") }
            if let problem = problem(text) { throw .badRequest("\(key)[\(index)] \(problem)") }
            strings.append(text)
        }
        return strings
    }
}
