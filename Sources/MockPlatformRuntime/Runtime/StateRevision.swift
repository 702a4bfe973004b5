import Synchronization

/// A change counter, readable without entering what it counts: a store advances its own with
/// every change of its state, so an answer read at one revision is known to still hold while
/// the counter stays there (`CacheValidity`); a tenant's (`TenantRuntime.changes`) moves after
/// anything that may have changed the tenant, so a state written at one count is known to be
/// current while the count stays there (`TenantPersistence`).
package final class StateRevision: Sendable {
    private let value = Atomic<UInt64>(0)

    package init() {}

    /// The revision now.
    package var current: UInt64 { value.load(ordering: .acquiring) }

    /// Records a change.
    package func advance() { value.add(1, ordering: .releasing) }
}
