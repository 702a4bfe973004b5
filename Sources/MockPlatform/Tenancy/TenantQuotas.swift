import Foundation

/// How many items of each client-growable collection one tenant may hold (`serve --quota
/// NAME=N`, README "Sharing one instance"). A request that would pass a bound is refused with
/// 429 `tenant quota exceeded: <collection>` in its API's error shape, and nothing changes.
package struct TenantQuotas: Sendable, Equatable {
    /// A bounded collection, named as `--quota` names it. The module that holds it declares it
    /// (`PlatformModule.quotaCollections`, a `static let` in its folder); collections of two
    /// modules may share a name, which one `--quota` then bounds in each.
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

    package init() {}

    /// The bound of `collection`.
    package subscript(collection: Collection) -> Int {
        get { limits[collection.name] ?? collection.defaultLimit }
        set { limits[collection.name] = newValue }
    }

    /// Sets one bound from `NAME=N` (N ≥ 0); the error says what is wrong. Whether a module
    /// holds a collection of that name is checked when the server starts (`check(declared:)`).
    package mutating func set(parsing text: String) throws(QuotaError) {
        let parts = text.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && ($0.isLowercase || $0 == "_") }) else {
            throw QuotaError("quota must be NAME=N, got '\(text)'")
        }
        guard let limit = Int(parts[1]), limit >= 0 else {
            throw QuotaError("quota \(parts[0]) must be a whole number of at least 0, got '\(parts[1])'")
        }
        limits[parts[0]] = limit
    }

    /// Refuses a bound set for a name no collection of `declared` has.
    package func check(declared: [Collection]) throws(QuotaError) {
        var names: [String] = []
        for collection in declared where !names.contains(collection.name) { names.append(collection.name) }
        if let unknown = limits.keys.sorted().first(where: { !names.contains($0) }) {
            throw QuotaError(
                "quota must be NAME=N with NAME one of \(names.joined(separator: ", ")), got '\(unknown)=\(limits[unknown] ?? 0)'"
            )
        }
    }

    /// Refuses adding `adding` items to a collection that holds `count` when that passes its
    /// bound.
    func admit(_ collection: Collection, adding: Int = 1, to count: Int) throws(APIError) {
        guard count + adding > self[collection] else { return }
        throw APIError(.tooManyRequests, "tenant quota exceeded: \(collection.name)", limit: .quota(collection.name))
    }
}

/// A `--quota` value that is not `NAME=N`, or names no collection.
package struct QuotaError: Error, CustomStringConvertible, Sendable {
    package let description: String
    init(_ description: String) { self.description = description }
}
