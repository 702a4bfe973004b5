import MockPlatformKit

/// The body of `createPushCampaign` (`openapi/control.yaml`): an optional name and the payload,
/// built into the campaign's kind and wire forms.
struct PushCampaignDraft: Sendable {
    let name: String?
    let built: PushCampaignBuilder.Built

    init(body: [String: JSONValue]) throws(APIError) {
        let fields = FieldReader(body)
        try fields.refuseUnknownKeys(allowing: ["name", "payload"])
        name = try fields.string("name")
        built = try PushCampaignBuilder.build(fields.required("payload", fields.value))
    }
}
