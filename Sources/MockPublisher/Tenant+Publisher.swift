import MockPlatformKit

extension Tenant {
    /// The tenant's device tokens.
    package var devices: DeviceRegistry { get throws(APIError) { try store(DeviceRegistry.self) } }
}
