import Synchronization

/// A tenant's settings, held once: every store and handler of the tenant reads them from here.
package final class TenantConfiguration: Sendable {
    private let settings: Mutex<TenantSettings>

    package init(_ settings: TenantSettings) { self.settings = Mutex(settings) }

    /// The settings in force now.
    package var current: TenantSettings { settings.withLock { $0 } }

    /// Changes the settings in one step; true when they changed.
    package func update(_ change: (TenantSettings) -> TenantSettings) -> Bool {
        settings.withLock { current in
            let new = change(current)
            defer { current = new }
            return new != current
        }
    }
}
