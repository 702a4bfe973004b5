/// The body of `createPushCampaign` (`openapi/control.yaml`): an optional name and the payload,
/// built into the campaign's kind and wire forms.
struct PushCampaignDraft: Sendable {
    let name: String?
    let built: PushCampaignBuilder.Built

    init(body: [String: JSONValue]) throws(APIError) {
        if let unknown = body.keys.sorted().first(where: { $0 != "name" && $0 != "payload" }) {
            throw .badRequest("\(unknown) is not allowed")
        }
        var name: String?
        if let value = body["name"], value != .null {
            guard let text = value.stringValue else { throw .badRequest("name must be a string") }
            name = text
        }
        guard let payload = body["payload"], payload != .null else { throw .badRequest("payload is required") }
        self.name = name
        built = try PushCampaignBuilder.build(payload)
    }
}
