import Foundation

/// How many items of each client-growable collection one tenant may hold (`serve --quota
/// NAME=N`, README "Sharing one instance"). A request that would pass a bound is refused with
/// 429 `tenant quota exceeded: <collection>` in its API's error shape, and nothing changes.
package struct TenantQuotas: Sendable, Equatable {
    /// A bounded collection, named as `--quota` names it.
    package enum Collection: String, CaseIterable, Sendable {
        case drivers
        /// Per driver.
        case trips
        case deviceTokens = "device_tokens"
        case members
        case faults
        /// IQL campaigns and push campaigns, each.
        case campaigns
        case endpoints
        case registrations
        /// Synerise client UUIDs a campaign was sent to (`client_uuids`).
        case clients

        /// The bound a server starts with.
        package var defaultLimit: Int {
            switch self {
            case .drivers, .deviceTokens, .members, .registrations, .clients: 1_000_000
            case .trips: 10_000
            case .faults, .campaigns: 1_000
            case .endpoints: 100
            }
        }
    }

    private var limits: [Collection: Int] = [:]

    package init() {}

    /// The bound of `collection`.
    package subscript(collection: Collection) -> Int {
        get { limits[collection] ?? collection.defaultLimit }
        set { limits[collection] = newValue }
    }

    /// Sets one bound from `NAME=N` (N ≥ 0); the error says what is wrong.
    package mutating func set(parsing text: String) throws(QuotaError) {
        let parts = text.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
        let names = Collection.allCases.map(\.rawValue).joined(separator: ", ")
        guard parts.count == 2, let collection = Collection(rawValue: parts[0]) else {
            throw QuotaError("quota must be NAME=N with NAME one of \(names), got '\(text)'")
        }
        guard let limit = Int(parts[1]), limit >= 0 else {
            throw QuotaError("quota \(collection.rawValue) must be a whole number of at least 0, got '\(parts[1])'")
        }
        self[collection] = limit
    }

    /// Refuses adding `adding` items to a collection that holds `count` when that passes its
    /// bound.
    func admit(_ collection: Collection, adding: Int = 1, to count: Int) throws(APIError) {
        guard count + adding > self[collection] else { return }
        throw APIError(.tooManyRequests, "tenant quota exceeded: \(collection.rawValue)", limit: .quota(collection.rawValue))
    }
}

/// A `--quota` value that is not `NAME=N`.
package struct QuotaError: Error, CustomStringConvertible, Sendable {
    package let description: String
    init(_ description: String) { self.description = description }
}
