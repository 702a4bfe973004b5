/// The payload shapes of `openapi/campaigns.yaml` (components/schemas), for checking authored
/// campaigns. Keep the two in step: the Python schema tests validate every served payload
/// against the YAML.
enum CampaignShapes {
    static let issuer = PayloadShape.string(.oneOf(["Synerise"]))
    static let messageType = PayloadShape.string(.oneOf(["static-content", "dynamic-content"]))
    static let color = PayloadShape.string(.color)
    static let alpha = PayloadShape.number(0...1)
    static let one = PayloadShape.integer(1...1)

    static let campaign = PayloadShape.object(required: [
        ("variant_id", .integer(.min ... .max)), ("hash_id", .string(.any)), ("type", .string(.any)), ("title", .string(.any)),
    ], optional: [])

    /// `item` is checked against `type` by `PushCampaignBuilder`.
    static let action = PayloadShape.object(
        required: [("type", .string(.oneOf(["OPEN_APP", "OPEN_URL", "DEEP_LINKING"])))],
        optional: [("item", .string(.nonEmpty))]
    )

    static let titleBody = PayloadShape.object(required: [("title", .string(.any)), ("body", .string(.any))], optional: [])

    static let button = PayloadShape.object(
        required: [("identifier", .string(.any)), ("text", .string(.any)), ("action", action)], optional: []
    )

    static let singleImage = PayloadShape.object(required: [
        ("type", .string(.oneOf(["single-image"]))),
        ("single-image", .object(required: [("image", .string(.httpURL))], optional: [])),
    ], optional: [])

    static let carousel = PayloadShape.object(required: [
        ("type", .string(.oneOf(["carousel"]))),
        ("carousel", .object(required: [
            ("orientation", .string(.oneOf(["PORTRAIT", "LANDSCAPE"]))),
            ("items", .array(.object(required: [
                ("caption", .string(.any)), ("subcaption", .string(.any)), ("image", .string(.httpURL)), ("url", .string(.any)),
            ], optional: []), count: 1...Int.max)),
        ], optional: [])),
    ], optional: [])

    /// Simple-push content; `rich-media` is checked by its `type`.
    static let simplePushContent = PayloadShape.object(required: [
        ("campaign", campaign),
        ("notification", .object(required: [], optional: [
            ("title", .string(.any)), ("body", .string(.any)), ("sound", .string(.any)), ("icon", .string(.any)),
            ("priority", .string(.oneOf(["NORMAL", "HIGH"]))), ("action", action),
        ])),
    ], optional: [
        ("buttons", .array(button, count: 0...Int.max)),
        ("rich-media", .object(required: [("type", .string(.oneOf(["single-image", "carousel"])))], optional: [], open: true)),
    ])

    /// As Synerise writes it, a string of digits (`"1"`), or an integer; kept as authored.
    static let badge = PayloadShape.anyOf([.integer(0 ... .max), .string(.digits)], description: "an integer of at least 0 or a string of digits")

    static let alertAps = PayloadShape.object(required: [("alert", titleBody)], optional: [
        ("sound", .string(.any)), ("badge", badge), ("category", .string(.any)), ("thread-id", .string(.any)),
        ("mutable-content", one), ("content-available", one),
    ])

    static let silentAps = PayloadShape.object(required: [], optional: [("content-available", one)])

    static let sdkCommandContent = PayloadShape.object(required: [
        ("class_name", .string(.oneOf(["com.synerise.sdk.injector.Injector"]))),
        ("method_name", .string(.oneOf(["SIGN_OUT", "GET_LOCATION"]))),
        ("method_parameters", .array(.scalar, count: 0...0)),
    ], optional: [])

    static let commandContent = PayloadShape.object(required: [
        ("class_name", .string(.nonEmpty)), ("method_name", .string(.nonEmpty)),
        ("method_parameters", .array(.object(required: [
            ("class_name", .string(.nonEmpty)), ("value", .scalar), ("position", .integer(0 ... .max)),
        ], optional: []), count: 0...Int.max)),
    ], optional: [])

    static let textStyle = PayloadShape.object(required: [
        ("text", .string(.any)), ("color", color), ("alpha", alpha), ("size", .integer(1 ... .max)),
    ], optional: [])

    /// `close_button.alignment` is checked (either case) by `PushCampaignBuilder`.
    static let page = PayloadShape.object(required: [
        ("index", .integer(0 ... .max)),
        ("type", .string(.oneOf(PageLayout.allCases.map(\.rawValue)))),
        ("background", .object(required: [("color", color), ("alpha", alpha)], optional: [])),
        ("close_button", .object(required: [("is_enabled", .boolean), ("alignment", .string(.any))], optional: [])),
        ("action", action),
    ], optional: [
        ("image", .object(required: [("url", .string(.httpURL))], optional: [])),
        ("header", textStyle), ("description", textStyle),
        ("button", .object(required: [
            ("is_enabled", .boolean), ("color", color), ("text", .string(.any)), ("text_color", color),
            ("corner_radius", .integer(0 ... .max)),
        ], optional: [])),
    ])

    static let bannerContent = PayloadShape.object(required: [("campaign", campaign), ("page", page)], optional: [
        ("auto_disappear", .object(required: [("is_enabled", .boolean), ("timeout", .integer(1 ... .max))], optional: [])),
        ("trigger", .string(.nonEmpty)),
    ])

    static let walkthrough = PayloadShape.object(required: [
        ("type", .string(.oneOf(["walkthrough"]))), ("is_loop_enabled", .boolean), ("are_indicators_visible", .boolean),
        ("campaign", campaign), ("pages", .array(page, count: 1...Int.max)),
    ], optional: [("id", .string(.nonEmpty))])

    /// The Synerise envelope of a pushed campaign; `aps` and `content` are checked by
    /// `content-type`.
    static let envelope = PayloadShape.object(required: [
        ("issuer", issuer), ("content-type", .string(.oneOf(ContentType.allCases.map(\.rawValue)))), ("content", anyObject),
    ], optional: [("aps", anyObject), ("message-type", messageType)])

    static let anyObject = PayloadShape.object(required: [], optional: [], open: true)

    /// A push whose `issuer` is not Synerise's, for the app to handle itself: an APNs body
    /// (`aps`) with any other keys, sent as authored.
    static let customIssuerPush = PayloadShape.object(
        required: [("aps", anyObject), ("issuer", .string(.nonEmpty))], optional: [], open: true
    )

    /// The Synerise `content-type`s.
    enum ContentType: String, CaseIterable {
        case simplePush = "simple-push"
        case silentSDKCommand = "silent-sdk-command"
        case silentCommand = "silent-command"
        case templateBanner = "template-banner"
    }

    /// The banner page layouts; all but `color_as_background` need an image.
    enum PageLayout: String, CaseIterable {
        case colorAsBackground = "color_as_background"
        case imageAsBackground = "image_as_background"
        case imageWithTextAtop = "image_with_text_atop"
        case imageWithTextBelow = "image_with_text_below"
    }
}
