extension Tenant {
    /// The tenant's device tokens.
    public var devices: DeviceRegistry { get throws(APIError) { try store(DeviceRegistry.self) } }
}
