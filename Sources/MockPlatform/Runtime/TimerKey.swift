/// What a tenant timer is for; one timer per key (scheduling a key again moves its timer).
public enum TimerKey: Hashable, Sendable {
    /// The next instant at which the IQL engine has something to do for a driver: a test-drive
    /// end, an offer expiry, an engagement milestone, a heartbeat gap.
    case iqlDriver(String)
    /// Any other platform's timer, by a name it chooses.
    case named(String)
}
