import MockPlatformKit

/// The shapes authored campaigns are checked against (`POST /_mock/campaigns`), read from the
/// components/schemas of `openapi/campaigns.yaml`, the document the server is built with —
/// loosened only where authoring may leave out what the server fills in, as control.yaml's
/// `createPushCampaign` says.
struct CampaignShapes: Sendable {
    /// A push whose `issuer` is not Synerise's (`IOSCustomIssuerPush`): sent as authored.
    let customIssuerPush: PayloadShape
    /// The Synerise envelope of a pushed campaign; `aps` and `content` are checked by
    /// `content-type`.
    let envelope: PayloadShape
    let alertAps: PayloadShape
    /// `content-available` may be left out: the server sets it.
    let silentAps: PayloadShape
    /// Rich media included; each `action`'s `item` is checked against its `type` by
    /// `PushCampaignBuilder`.
    let simplePushContent: PayloadShape
    let sdkCommandContent: PayloadShape
    let commandContent: PayloadShape
    /// Close-button alignment in any case: `PushCampaignBuilder` checks and lower-cases it.
    let bannerContent: PayloadShape
    /// `id` may be left out: the server derives one.
    let walkthrough: PayloadShape

    /// The Synerise `content-type`s.
    enum ContentType: String, CaseIterable {
        case simplePush = "simple-push"
        case silentSDKCommand = "silent-sdk-command"
        case silentCommand = "silent-command"
        case templateBanner = "template-banner"
    }

    /// The shapes of the bundled `campaigns.yaml`, read once. The start fails when they cannot be
    /// read (`CampaignsModule.init`), so a change of the document the checker cannot follow
    /// never reaches a request.
    static let bundled = Result { () throws(StartupError) in try CampaignShapes(document: BundledSpecIndex.tree(named: "campaigns")) }

    /// The shapes of a campaigns document's tree.
    init(document: JSONValue) throws(StartupError) {
        let schemas = Self.authoring(document.objectValue?["components"]?.objectValue?["schemas"]?.objectValue ?? [:])
        func shape(_ name: String) throws(StartupError) -> PayloadShape {
            guard let schema = schemas[name] else { throw StartupError("campaigns.yaml has no schema \(name)") }
            return try PayloadShape(schema: schema, in: schemas, at: "#/components/schemas/\(name)")
        }
        customIssuerPush = try shape("IOSCustomIssuerPush")
        alertAps = try shape("AlertAps")
        silentAps = try shape("SilentAps")
        simplePushContent = try shape("SimplePushContent")
        sdkCommandContent = try shape("SilentSdkCommandContent")
        commandContent = try shape("SilentCommandContent")
        bannerContent = try shape("TemplateBannerContent")
        walkthrough = try shape("Walkthrough")
        let anyObject = PayloadShape.object(required: [], optional: [], open: true)
        envelope = .object(required: [
            ("issuer", try shape("Issuer")), ("content-type", .string(.oneOf(ContentType.allCases.map(\.rawValue)))), ("content", anyObject),
        ], optional: [("aps", anyObject), ("message-type", try shape("MessageType"))])
    }

    /// The schemas with what authoring may leave out made optional, and the close-button
    /// alignment taken in any case.
    private static func authoring(_ schemas: [String: JSONValue]) -> [String: JSONValue] {
        var schemas = schemas
        for (name, property) in [("SilentAps", "content-available"), ("Walkthrough", "id")] {
            guard case .object(var schema)? = schemas[name], let required = schema["required"]?.strings else { continue }
            schema["required"] = .array(required.filter { $0 != property }.map(JSONValue.string))
            schemas[name] = .object(schema)
        }
        schemas["Page"] = schemas["Page"]?.setting(path: "properties.close_button.properties.alignment", to: .object(["type": .string("string")]))
        return schemas
    }
}
