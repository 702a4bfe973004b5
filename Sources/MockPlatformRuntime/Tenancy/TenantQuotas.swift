import Foundation

/// How many items of each client-growable collection one tenant may hold (`serve --quota
/// NAME=N`, docs/operating.md "Sharing one instance"). A request that would pass a bound is refused with
/// 429 `tenant quota exceeded: <collection>` in its API's error shape, and nothing changes.
package struct TenantQuotas: Sendable, Equatable {
    /// A bounded collection, named as `--quota` names it. The module that holds it declares it
    /// (`PlatformModule.quotaCollections`; a `static let` beside the store that admits to it:
    /// the fault rules' in `Faults/`, declared by the control module, which answers for them).
    /// Collections of two modules may share a name, which one `--quota` then bounds in each.
    package struct Collection: Hashable, Sendable {
        package let name: String
        /// The bound a server starts with.
        package let defaultLimit: Int

        package init(_ name: String, defaultLimit: Int) {
            self.name = name
            self.defaultLimit = defaultLimit
        }
    }

    /// The bounds `--quota` set, by collection name.
    private var limits: [String: Int] = [:]
    /// The names `--quota` set, first set first.
    private var names: [String] = []

    package init() {}

    /// The bound of `collection`.
    package subscript(collection: Collection) -> Int {
        get { limits[collection.name] ?? collection.defaultLimit }
        set { if limits.updateValue(newValue, forKey: collection.name) == nil { names.append(collection.name) } }
    }

    /// Sets one bound from `NAME=N` (N ≥ 0); the error says what is wrong. Whether a module
    /// holds a collection named NAME is checked when the server starts (`check(declared:)`),
    /// since the modules declare them.
    package mutating func set(parsing text: String) throws(QuotaError) {
        let parts = text.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty else { throw QuotaError("quota must be NAME=N, got '\(text)'") }
        guard let limit = Int(parts[1]), limit >= 0 else {
            throw QuotaError("quota \(parts[0]) must be a whole number of at least 0, got '\(parts[1])'")
        }
        if limits.updateValue(limit, forKey: parts[0]) == nil { names.append(parts[0]) }
    }

    /// Refuses the first bound set for a name no collection of `declared` has, listing those
    /// that do.
    package func check(declared: [Collection]) throws(QuotaError) {
        var known: [String] = []
        for collection in declared where !known.contains(collection.name) { known.append(collection.name) }
        if let unknown = names.first(where: { !known.contains($0) }) {
            throw QuotaError(
                "quota must be NAME=N with NAME one of \(known.joined(separator: ", ")), got '\(unknown)=\(limits[unknown] ?? 0)'"
            )
        }
    }

    /// Refuses a restored collection (`PUT /_mock/state`, `--state-file`, `--persist`) holding
    /// more than its bound: 400 naming it, as an over-quota write would have been refused, so
    /// that an import cannot grow a tenant past what requests could (docs/operating.md "Sharing one instance").
    package func checkRestored(_ collection: Collection, count: Int) throws(APIError) {
        guard count > self[collection] else { return }
        throw APIError.badRequest(
            "state is not valid: \(count) \(collection.name), over --quota \(collection.name)=\(self[collection])", limit: .quota(collection.name)
        )
    }

    /// Refuses adding `adding` items to a collection that holds `count` when that passes its
    /// bound.
    package func admit(_ collection: Collection, adding: Int = 1, to count: Int) throws(APIError) {
        guard count + adding > self[collection] else { return }
        throw APIError(.tooManyRequests, "tenant quota exceeded: \(collection.name)", limit: .quota(collection.name))
    }
}

/// A `--quota` value that is not `NAME=N`, or names no collection.
package struct QuotaError: Error, CustomStringConvertible, Sendable {
    package let description: String
    package init(_ description: String) { self.description = description }
}
