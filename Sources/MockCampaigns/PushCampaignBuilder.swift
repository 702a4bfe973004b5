import Crypto
import Foundation
import MockPlatformKit

/// Turns an authored campaign payload (`POST /_mock/campaigns`) into the campaign the mock
/// stores: checked against `openapi/campaigns.yaml` (400 naming the first bad field), completed
/// where the contract fixes a value, its kind derived and its Android form built.
enum PushCampaignBuilder {
    /// A checked, completed payload.
    struct Built: Equatable {
        var kind: PushCampaignKind
        /// The iOS APNs body, or the walkthrough object.
        var payload: JSONValue
        /// The FCM message without `token`; nil for a walkthrough.
        var android: JSONValue?
    }

    static let syneriseKeys = ["issuer", "message-type", "content-type", "content"]
    static let syneriseIssuer = "Synerise"
    static let singleMediaCategory = "synerise.notifications.category.single-media"
    static let carouselCategory = "synerise.notifications.category.carousel"
    /// The one banner page layout that needs no image.
    static let colorLayout = "color_as_background"
    /// The bundled shapes; the start has checked they can be read (`CampaignsModule.init`).
    private static var shapes: CampaignShapes {
        get throws(APIError) {
            guard case .success(let shapes) = CampaignShapes.bundled else { throw .internal }
            return shapes
        }
    }

    static func build(_ payload: JSONValue) throws(APIError) -> Built {
        guard case .object(var fields) = payload else { throw .badRequest("payload must be an object") }
        if case .string("walkthrough")? = fields["type"] { return try walkthrough(fields) }
        if case .string(let issuer)? = fields["issuer"], !issuer.isEmpty, issuer != syneriseIssuer {
            try Self.shapes.customIssuerPush.check(payload, at: "payload")
            return Built(kind: .customIssuer, payload: payload, android: AndroidPushForm.message(kind: .customIssuer, ios: payload))
        }
        if syneriseKeys.allSatisfy({ fields[$0] == nil }) {
            if fields["aps"]?.objectValue?["alert"] != nil {
                throw .badRequest(
                    "payload.issuer is required: a push with aps.alert is a Synerise campaign (issuer \"Synerise\", content-type and content) or another issuer's own push; only a plain-data silent push has no issuer"
                )
            }
            try Self.shapes.silentAps.check(fields["aps"] ?? .object([:]), at: "payload.aps")
            fields["aps"] = .object(["content-available": .integer(1)])
            let built = JSONValue.object(fields)
            return Built(kind: .silentData, payload: built, android: AndroidPushForm.message(kind: .silentData, ios: built))
        }
        try Self.shapes.envelope.check(payload, at: "payload")
        if fields["message-type"] == nil { fields["message-type"] = .string("dynamic-content") }
        guard case .string(let typeName)? = fields["content-type"], let type = CampaignShapes.ContentType(rawValue: typeName),
              case .object(var content)? = fields["content"] else { throw .internal }
        var aps = fields["aps"]?.objectValue ?? [:]
        let kind: PushCampaignKind
        switch type {
        case .simplePush:
            try Self.shapes.alertAps.check(.object(aps), at: "payload.aps")
            try Self.shapes.simplePushContent.check(.object(content), at: "payload.content")
            try checkActions(in: .object(content), at: "payload.content")
            kind = try richMedia(content["rich-media"], aps: &aps)
        case .silentSDKCommand, .silentCommand:
            try Self.shapes.silentAps.check(.object(aps), at: "payload.aps")
            let shape = try type == .silentSDKCommand ? Self.shapes.sdkCommandContent : Self.shapes.commandContent
            try shape.check(.object(content), at: "payload.content")
            aps = ["content-available": .integer(1)]
            kind = type == .silentSDKCommand ? .silentSDKCommand : .silentCommand
        case .templateBanner:
            try Self.shapes.silentAps.check(.object(aps), at: "payload.aps")
            disableMissingCloseButton(&content)
            try Self.shapes.bannerContent.check(.object(content), at: "payload.content")
            guard case .object(var page)? = content["page"] else { throw .internal }
            try checkPage(&page, index: 0, at: "payload.content.page")
            content["page"] = .object(page)
            aps = ["content-available": .integer(1)]
            kind = try bannerKind(content)
        }
        fields["aps"] = .object(aps)
        fields["content"] = .object(content)
        let built = JSONValue.object(fields)
        return Built(kind: kind, payload: built, android: AndroidPushForm.message(kind: kind, ios: built))
    }

    /// The rich-media kind (its shape was checked with the content's), with the category and
    /// `mutable-content` the SDK's content extension needs (a plain simple push gets neither).
    private static func richMedia(_ value: JSONValue?, aps: inout [String: JSONValue]) throws(APIError) -> PushCampaignKind {
        guard let value else { return .simplePush }
        let isCarousel = (value.objectValue?["type"]) == .string("carousel")
        let category = isCarousel ? carouselCategory : singleMediaCategory
        if let given = aps["category"], given != .string(category) {
            throw .badRequest("payload.aps.category must be \"\(category)\" with this rich media")
        }
        aps["category"] = .string(category)
        if aps["mutable-content"] == nil { aps["mutable-content"] = .integer(1) }
        return isCarousel ? .richMediaCarousel : .richMediaSingleImage
    }

    /// A banner authored without a close button is a mandatory upgrade ("a banner that does not
    /// have a close button"), whatever its free-text `campaign.type` says: it gets a disabled
    /// one, so that the banner's shape holds and the SDK shows none.
    private static func disableMissingCloseButton(_ content: inout [String: JSONValue]) {
        guard case .object(var page)? = content["page"], page["close_button"] == nil else { return }
        page["close_button"] = .object(["is_enabled": .bool(false), "alignment": .string("right")])
        content["page"] = .object(page)
    }

    /// A banner whose close button is disabled (or was absent) is a mandatory upgrade, with its
    /// own rules.
    private static func bannerKind(_ content: [String: JSONValue]) throws(APIError) -> PushCampaignKind {
        let page = content["page"]?.objectValue ?? [:]
        guard page["close_button"]?.objectValue?["is_enabled"] == .bool(false) else { return .templateBanner }
        let why = "in a mandatory upgrade (a banner without a close button)"
        guard page["button"]?.objectValue?["is_enabled"] == .bool(true) else {
            throw .badRequest("payload.content.page.button must be enabled \(why)")
        }
        guard page["action"]?.objectValue?["type"] == .string("OPEN_URL") else {
            throw .badRequest("payload.content.page.action.type must be OPEN_URL \(why)")
        }
        for key in ["auto_disappear", "trigger"] where content[key] != nil {
            throw .badRequest("payload.content.\(key) is not allowed \(why)")
        }
        return .mandatoryUpgrade
    }

    /// Index, image for image layouts, alignment (lower-cased) and action of one page.
    private static func checkPage(_ page: inout [String: JSONValue], index: Int, at path: String) throws(APIError) {
        guard page["index"].flatMap(\.integerValue) == Int64(index) else { throw .badRequest("\(path).index must be \(index)") }
        if case .string(let layout)? = page["type"], layout != colorLayout, page["image"] == nil {
            throw .badRequest("\(path).image is required")
        }
        guard case .object(var close)? = page["close_button"], case .string(let alignment)? = close["alignment"],
              ["left", "right"].contains(alignment.lowercased()) else {
            throw .badRequest("\(path).close_button.alignment must be one of left, right")
        }
        close["alignment"] = .string(alignment.lowercased())
        page["close_button"] = .object(close)
        try checkActions(in: .object(page), at: path)
    }

    /// Every `action` below `value`: `item` required for `OPEN_URL` and `DEEP_LINKING`, absent
    /// for `OPEN_APP`.
    private static func checkActions(in value: JSONValue, at path: String) throws(APIError) {
        switch value {
        case .object(let fields):
            for key in fields.keys.sorted() {
                guard let field = fields[key] else { continue }
                if key == "action", case .object(let action) = field {
                    let opensApp = action["type"] == .string("OPEN_APP")
                    if opensApp, action["item"] != nil { throw .badRequest("\(path).action.item is not allowed with OPEN_APP") }
                    if !opensApp, action["item"] == nil { throw .badRequest("\(path).action.item is required") }
                } else {
                    try checkActions(in: field, at: "\(path).\(key)")
                }
            }
        case .array(let items):
            for (index, item) in items.enumerated() { try checkActions(in: item, at: "\(path)[\(index)]") }
        default: return
        }
    }

    private static func walkthrough(_ fields: [String: JSONValue]) throws(APIError) -> Built {
        try Self.shapes.walkthrough.check(.object(fields), at: "payload")
        var fields = fields
        guard case .array(let pages)? = fields["pages"] else { throw .internal }
        var checked: [JSONValue] = []
        for (index, value) in pages.enumerated() {
            guard case .object(var page) = value else { throw .internal }
            try checkPage(&page, index: index, at: "payload.pages[\(index)]")
            checked.append(.object(page))
        }
        fields["pages"] = .array(checked)
        try checkActions(in: .object(["campaign": fields["campaign"] ?? .null]), at: "payload")
        if fields["id"] == nil {
            let digest = SHA256.hash(data: JSONValue.object(fields).encoded())
            fields["id"] = .string("wt-" + digest.prefix(8).map { String(format: "%02x", $0) }.joined())
        }
        return Built(kind: .walkthrough, payload: .object(fields), android: nil)
    }
}
