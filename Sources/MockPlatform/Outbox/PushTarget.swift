/// A device a push goes to: a registered token (with its driver and bundle id) or a token the
/// sender named that no driver holds.
public struct PushTarget: Sendable, Equatable {
    public var platform: MobilePlatform
    public var token: String
    public var driverID: String?
    /// The apns-topic and simulator bundle: the registration's bundle id, else the tenant's.
    public var bundleID: String?

    init(_ registration: DeviceRegistration, tenantBundleID: String?) {
        self.init(
            platform: registration.platform, token: registration.token, driverID: registration.driverID,
            bundleID: registration.bundleID ?? tenantBundleID
        )
    }

    init(platform: MobilePlatform, token: String, driverID: String?, bundleID: String?) {
        self.platform = platform
        self.token = token
        self.driverID = driverID
        self.bundleID = bundleID
    }
}
