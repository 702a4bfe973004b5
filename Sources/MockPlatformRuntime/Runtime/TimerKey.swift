/// What a tenant timer is for: the module that owns it and a name the module chooses (a driver
/// id, a message id). One timer per key: scheduling a key again moves its timer. The runtime
/// knows no owner by name; each module declares its own keys.
package struct TimerKey: Hashable, Sendable, CustomStringConvertible {
    /// The owning module's label (`iql_driver`, `webhooks`).
    package let owner: String
    package let name: String

    package init(owner: String, name: String) {
        self.owner = owner
        self.name = name
    }

    /// How `GET /_mock/timers` writes it: `<owner>:<name>`.
    package var description: String { "\(owner):\(name)" }
}
