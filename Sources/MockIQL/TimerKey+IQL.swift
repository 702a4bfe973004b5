import MockPlatformKit

extension TimerKey {
    /// The next instant at which the IQL engine has something to do for a driver: a test-drive
    /// end, an offer expiry, an engagement milestone, a heartbeat gap (`iql_driver:<id>`).
    static func iqlDriver(_ driverID: String) -> TimerKey { TimerKey(owner: "iql_driver", name: driverID) }
}
