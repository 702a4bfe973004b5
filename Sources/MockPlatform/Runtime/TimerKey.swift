/// What a tenant timer is for; one timer per key (scheduling a key again moves its timer).
public enum TimerKey: Hashable, Sendable, CustomStringConvertible {
    /// The next instant at which the IQL engine has something to do for a driver: a test-drive
    /// end, an offer expiry, an engagement milestone, a heartbeat gap.
    case iqlDriver(String)
    /// Any other platform's timer: the platform and a name it chooses.
    case named(platform: String, name: String)

    /// How `GET /_mock/timers` writes it: `iql_driver:<id>`, `<platform>:<name>`.
    public var description: String {
        switch self {
        case .iqlDriver(let id): "iql_driver:\(id)"
        case .named(let platform, let name): "\(platform):\(name)"
        }
    }
}
