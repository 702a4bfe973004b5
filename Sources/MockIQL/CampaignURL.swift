import MockPlatformKit

/// A campaign's link as the fixtures may write it, with `{mock}` standing for the mock's own
/// base (the request's, tenant prefix included), so that the default fixtures' landing,
/// privacy and terms links open the mock's local pages (`/_mock/pages/{page}`) in a lab with
/// no internet, at whatever address the app uses.
enum CampaignURL {
    static let placeholder = "{mock}"

    /// `template` with `{mock}` replaced by `base`.
    static func resolved(_ template: String, base: String) -> String {
        template.contains(placeholder) ? template.replacingOccurrences(of: placeholder, with: base) : template
    }
}
