import MockPlatformKit

extension PushTarget {
    /// The device a registered token names; its bundle id, else the tenant's.
    init(_ registration: DeviceRegistration, tenantBundleID: String?) {
        self.init(
            platform: registration.platform, token: registration.token, holder: registration.driverID,
            bundleID: registration.bundleID ?? tenantBundleID
        )
    }
}
