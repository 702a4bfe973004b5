/// A device a push goes to: a registered token (with its holder and bundle id) or a token the
/// sender named that no registry knows.
package struct PushTarget: Sendable, Equatable {
    package var platform: MobilePlatform
    package var token: String
    /// Who holds the token, as its registry names them (`Push.holder`).
    package var holder: String?
    /// The apns-topic and simulator bundle: the registration's bundle id, else the tenant's.
    package var bundleID: String?

    package init(platform: MobilePlatform, token: String, holder: String?, bundleID: String?) {
        self.platform = platform
        self.token = token
        self.holder = holder
        self.bundleID = bundleID
    }
}
