import Foundation

/// A platform module's state for one tenant (an actor).
package protocol ModuleStore: Sendable {
    /// The whole state as JSON, read in one isolated step; `PlatformModule.makeStore` restores
    /// an equal store from it.
    func snapshot() async throws -> JSONValue
    /// Called after the tenant's settings changed (`PATCH /_mock/config`), to bring what
    /// depends on them (timers, derived state) up to date.
    func settingsChanged() async
    /// Refuses settings the store cannot work with (a 400 naming the setting) before a
    /// `PATCH /_mock/config` applies them; it takes any unless it says.
    func checkSettings(_ settings: TenantSettings) throws(APIError)
    /// Returns once the store has taken in every event recorded so far (for a store that
    /// consumes the event log), so that a reader sees all their effects.
    func caughtUp() async
}

extension ModuleStore {
    package func settingsChanged() async {}
    package func checkSettings(_ settings: TenantSettings) throws(APIError) {}
    package func caughtUp() async {}

    /// A `Codable` state as the JSON a snapshot holds (read back with `JSONParser`: decoding a
    /// `JSONValue` through `JSONDecoder` tries each JSON type in turn, and the failed tries made
    /// a large state's export take minutes).
    static func json<State: Encodable>(_ state: State) throws -> JSONValue {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.timeIntervalSince1970)
        }
        return try JSONParser.parse(encoder.encode(state), maxDepth: JSONParser.documentDepth)
    }

    /// The state a snapshot's JSON holds; its instants are within years 1–9999
    /// (`RestoredValueCheck`). A state that does not decode is read again with its keys sorted,
    /// so that the error names the first problem by key, whatever order the tree held them in.
    static func state<State: Decodable>(_ type: State.Type, from json: JSONValue) throws -> State {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(RestoredValueCheck.instant(from:))
        do {
            return try decoder.decode(type, from: JSONWriter.data(of: json))
        } catch {
            return try decoder.decode(type, from: JSONWriter.data(of: json, sortingKeys: true))
        }
    }
}
