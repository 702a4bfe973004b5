import Foundation

/// The parts of a tenant every platform module shares: clock, settings, event log, timers, and
/// where its ids start. A module's store is built from it.
public struct TenantRuntime: Sendable {
    public let name: TenantName
    public let clock: TenantClock
    public let configuration: TenantConfiguration
    public let events: EventLog
    public let scheduler: TenantScheduler
    /// Every push the tenant would have sent.
    public let outbox: PushOutbox
    /// The requests its APIs answered, newest kept.
    public let journal: RequestJournal
    /// Faults its requests and webhook attempts meet.
    public let faults: FaultRules
    public let seed: IDSeed
    /// How many items each client-growable collection may hold.
    public let quotas: TenantQuotas
    /// What a fresh tenant starts from.
    public let fixtures: Fixtures
    /// The event and push kinds the server's modules declare.
    public let kinds: KnownKinds

    /// The settings in force now.
    public var settings: TenantSettings { configuration.current }
}
