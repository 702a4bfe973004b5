/// A push token registered for a driver (campaigns-push.md §D).
public struct DeviceRegistration: Sendable, Equatable {
    public enum Platform: String, Sendable, CaseIterable {
        case ios, android
    }

    public var driverID: String
    public var platform: Platform
    public var token: String
    public var bundleID: String?
}

/// One tenant's device tokens, keyed by (platform, token); the push outbox reads them.
public actor DeviceRegistry {
    private struct Key: Hashable {
        var platform: DeviceRegistration.Platform
        var token: String
    }

    private var registrations: [Key: DeviceRegistration] = [:]
    /// Keys in first-registration order, so listings are stable.
    private var order: [Key] = []

    public init() {}

    /// Registers or re-registers a token: a repeat keeps one entry, moves it to `driverID`, and
    /// updates the bundle id when one is given.
    public func register(_ registration: DeviceRegistration) {
        let key = Key(platform: registration.platform, token: registration.token)
        if var existing = registrations[key] {
            existing.driverID = registration.driverID
            if let bundleID = registration.bundleID { existing.bundleID = bundleID }
            registrations[key] = existing
        } else {
            registrations[key] = registration
            order.append(key)
        }
    }

    /// The tokens of one driver, in registration order.
    public func registrations(of driverID: String) -> [DeviceRegistration] {
        order.compactMap { registrations[$0] }.filter { $0.driverID == driverID }
    }
}
