/// The field names of a module's stored state that a state document's check
/// (`RestoredValueCheck`) must know: what counts, what is keyed by id, and what a client wrote
/// that is kept verbatim. A module declares its own (`PlatformModule.stateFields`); the
/// runtime's parts (event log, outbox, id generators) are `StateFields.runtime`.
package struct StateFields: Sendable, Equatable {
    /// Fields whose values count (0…2^53), and objects all of whose values do (`clickCounts`).
    package var counters: Set<String> = []
    /// Objects keyed by id: each key is checked as an id.
    package var keyedByID: Set<String> = []
    /// Subtrees kept as they are: copied bodies and numbers a client sent.
    package var verbatim: Set<String> = []

    package init(counters: Set<String> = [], keyedByID: Set<String> = [], verbatim: Set<String> = []) {
        self.counters = counters
        self.keyedByID = keyedByID
        self.verbatim = verbatim
    }

    /// The event log's numbering, copied payloads and id generator states (any 64-bit value).
    package static let runtime = StateFields(counters: ["sequence", "nextSequence"], verbatim: ["payload", "ids"])

    /// What the server's modules declare, with the runtime's.
    package init(_ modules: [any TenantModule]) {
        self = modules.reduce(.runtime) { fields, module in
            StateFields(
                counters: fields.counters.union(module.stateFields.counters),
                keyedByID: fields.keyedByID.union(module.stateFields.keyedByID),
                verbatim: fields.verbatim.union(module.stateFields.verbatim)
            )
        }
    }
}
