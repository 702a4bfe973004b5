import Synchronization

/// A tenant's settings, held once: every store and handler of the tenant reads them from here.
package final class TenantConfiguration: Sendable {
    private let settings: Mutex<TenantSettings>
    /// Advanced with every change: an answer read from the settings holds while it stays
    /// (`CacheValidity`).
    package let revision = StateRevision()

    package init(_ settings: TenantSettings) { self.settings = Mutex(settings) }

    /// The settings in force now.
    package var current: TenantSettings { settings.withLock { $0 } }

    /// The settings in force now, and how long an answer read from them holds (at any instant
    /// of the clock, until they change).
    package var kept: (settings: TenantSettings, validity: CacheValidity) {
        let validity = CacheValidity(depending: [revision], at: .distantPast)
        return (current, validity)
    }

    /// Changes the settings in one step; true when they changed.
    package func update(_ change: (TenantSettings) -> TenantSettings) -> Bool {
        settings.withLock { current in
            let new = change(current)
            guard new != current else { return false }
            current = new
            revision.advance()
            return true
        }
    }
}
