import Foundation
import Synchronization

/// A tenant's fault rules (`/_mock/faults`), tried in creation order by the front door for
/// requests and by the webhook sender for attempts. Emptied by a reset (a new tenant starts
/// with none); not part of the state document.
package final class FaultRules: Sendable {
    private struct State {
        var rules: [FaultRule] = []
        var ids: IDGenerator
    }

    private let state: Mutex<State>
    /// True while some rule exists: lets the hot path skip the lock when there is none.
    private let armed = Atomic<Bool>(false)
    private let clock: TenantClock
    /// Bounds the number of rules.
    private let quotas: TenantQuotas

    package init(clock: TenantClock, ids: IDGenerator, quotas: TenantQuotas = TenantQuotas()) {
        self.clock = clock
        self.quotas = quotas
        state = Mutex(State(ids: ids))
    }

    /// Adds a rule from a `POST /_mock/faults` body; 400 naming the field when it is not one,
    /// 429 when the tenant holds its quota of rules.
    @discardableResult
    package func add(_ body: [String: JSONValue]) throws(APIError) -> FaultRule {
        try add(FaultRule(body: body, id: "", createdAt: clock.now))
    }

    /// Adds a rule already read from its body, giving it its id and creation instant; 429 when
    /// the tenant holds its quota of rules.
    @discardableResult
    package func add(_ draft: FaultRule) throws(APIError) -> FaultRule {
        let now = clock.now
        return try state.withLock { state throws(APIError) -> FaultRule in
            try quotas.admit(.faults, to: state.rules.count)
            var rule = draft
            rule.id = "flt_" + String(state.ids.next(), radix: 16)
            rule.createdAt = now
            state.rules.append(rule)
            armed.store(true, ordering: .relaxed)
            return rule
        }
    }

    /// Every rule, retired ones included, in creation order.
    package func list() -> [FaultRule] { state.withLock { $0.rules } }

    /// 404 for an unknown id.
    package func remove(_ id: String) throws(APIError) {
        try state.withLock { state throws(APIError) in
            guard let index = state.rules.firstIndex(where: { $0.id == id }) else { throw .notFound("no fault rule \(id)") }
            state.rules.remove(at: index)
            armed.store(!state.rules.isEmpty, ordering: .relaxed)
        }
    }

    package func clear() {
        state.withLock { state in
            state.rules.removeAll()
            armed.store(false, ordering: .relaxed)
        }
    }

    /// The effect of the first rule that covers this request and draws a hit; nil when none does.
    /// A rule whose probability draws a miss lets later rules be tried. `operationID` is asked
    /// only when a rule names one. Which rules cover the request is decided on a copy, outside
    /// the lock (path globs and the operation lookup cost time the client picks); only the
    /// draws, on the rules still there, run under it.
    package func effect(target: FaultTarget, method: String, path: String, operationID: () -> String?) -> FaultEffect? {
        guard armed.load(ordering: .relaxed) else { return nil }
        var operation: String??
        func resolvedOperation() -> String? {
            if let operation { return operation }
            let resolved = operationID()
            operation = .some(resolved)
            return resolved
        }
        let covering = Set(
            state.withLock { $0.rules }
                .filter { $0.covers(target: target, method: method, path: path, operationID: resolvedOperation) }
                .map(\.id)
        )
        guard !covering.isEmpty else { return nil }
        return state.withLock { state in
            for index in state.rules.indices where covering.contains(state.rules[index].id) && !state.rules[index].retired {
                if let effect = state.rules[index].draw() { return effect }
            }
            return nil
        }
    }
}

extension TenantQuotas.Collection {
    /// Fault rules (`/_mock/faults`).
    package static let faults = Self("faults", defaultLimit: 1_000)
}
