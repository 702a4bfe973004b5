import Foundation

/// The parts of a tenant every platform module shares: clock, settings, event log, timers, and
/// where its ids start. A module's store is built from it.
package struct TenantRuntime: Sendable {
    package let name: TenantName
    package let clock: TenantClock
    package let configuration: TenantConfiguration
    package let events: EventLog
    package let scheduler: TenantScheduler
    /// Every push the tenant would have sent.
    package let outbox: PushOutbox
    /// The requests its APIs answered, newest kept.
    package let journal: RequestJournal
    /// Faults its requests and webhook attempts meet.
    package let faults: FaultRules
    package let seed: IDSeed
    /// How many items each client-growable collection may hold.
    package let quotas: TenantQuotas
    /// How many bytes its state may take (`--tenant-max-bytes`).
    package let storage: TenantStorage
    /// What a fresh tenant starts from.
    package let fixtures: Fixtures
    /// The event and push kinds the server's modules declare.
    package let kinds: KnownKinds
    /// Changes that span more than one store, which a snapshot never splits.
    package let crossStoreChanges = CrossStoreChanges()
    /// Advanced after anything that may have changed the tenant's state: each request to it
    /// (the front door, once the answer is made), each timer fired (`TenantScheduler`), and
    /// work a store finishes on its own (a webhook attempt's outcome).
    package let changes: StateRevision

    /// The settings in force now.
    package var settings: TenantSettings { configuration.current }

    /// Frees `bytes` of the tenant's byte budget from its logs, oldest entries first, taking
    /// from the log that holds the most first (the webhook deliveries make room as they grow).
    package func makeRoom(_ bytes: Int) {
        guard bytes > 0 else { return }
        let logs: [(held: Int, dropOldest: (Int) -> Int)] = [
            (journal.bytes, journal.dropOldest(freeing:)), (events.bytes, events.dropOldest(freeing:)),
            (outbox.bytes, outbox.dropOldest(freeing:)),
        ]
        var needed = bytes
        for log in logs.sorted(by: { $0.held > $1.held }) where needed > 0 { needed -= log.dropOldest(needed) }
    }
}
