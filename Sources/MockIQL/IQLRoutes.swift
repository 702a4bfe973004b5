import MockPlatformKit

/// Route shapes IQL treats specially before routing.
enum IQLRoutes {
    static let supportedStateDetails = "/iql/v1/supported_state_details"

    /// `/iql/v?/ad_unit/…` (any one byte after the `v`): a cheap filter for the only paths
    /// `isClick` or `isImageOrLogo` can accept, told without splitting the path.
    static func isAdUnitPath(_ path: String) -> Bool {
        path.hasPrefix("/iql/v") && path.utf8.dropFirst(7).starts(with: "/ad_unit/".utf8)
    }

    /// `/iql/v3/ad_unit/{ad_id}/driver_id/{user_id}/click`: authorised by its token, not a key.
    static func isClick(_ segments: [Substring]) -> Bool {
        segments.count == 7 && segments[0] == "iql" && segments[1] == "v3" && segments[2] == "ad_unit"
            && segments[4] == "driver_id" && segments[6] == "click"
    }

    /// `/iql/v1|v2/ad_unit/{ad_id}/image|logo`.
    static func isImageOrLogo(_ segments: [Substring]) -> Bool {
        segments.count == 5 && segments[0] == "iql" && (segments[1] == "v1" || segments[1] == "v2")
            && segments[2] == "ad_unit" && (segments[4] == "image" || segments[4] == "logo")
    }
}
