import Synchronization

/// A tenant's settings, held once: every store and handler of the tenant reads them from here.
public final class TenantConfiguration: Sendable {
    private let settings: Mutex<TenantSettings>

    public init(_ settings: TenantSettings) { self.settings = Mutex(settings) }

    /// The settings in force now.
    public var current: TenantSettings { settings.withLock { $0 } }

    /// Replaces the settings.
    public func replace(with new: TenantSettings) { settings.withLock { $0 = new } }

    /// Changes the settings in one step; true when they changed.
    public func update(_ change: (TenantSettings) -> TenantSettings) -> Bool {
        settings.withLock { current in
            let new = change(current)
            defer { current = new }
            return new != current
        }
    }
}
