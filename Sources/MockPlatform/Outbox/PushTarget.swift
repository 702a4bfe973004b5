/// A device a push goes to: a registered token (with its driver and bundle id) or a token the
/// sender named that no driver holds.
package struct PushTarget: Sendable, Equatable {
    package var platform: MobilePlatform
    package var token: String
    package var driverID: String?
    /// The apns-topic and simulator bundle: the registration's bundle id, else the tenant's.
    package var bundleID: String?

    init(platform: MobilePlatform, token: String, driverID: String?, bundleID: String?) {
        self.platform = platform
        self.token = token
        self.driverID = driverID
        self.bundleID = bundleID
    }
}
