import Foundation

/// A platform module's state for one tenant (an actor).
package protocol ModuleStore: Sendable {
    /// The whole state as JSON, read in one isolated step; `PlatformModule.makeStore` restores
    /// an equal store from it.
    func snapshot() async throws -> StoreState
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

    /// A `Codable` state as a snapshot holds it: written by `JSONTextEncoder`, or by
    /// `JSONEncoder` when that refuses the state.
    package static func json<State: Encodable>(_ state: State) throws -> StoreState {
        if let text = try? JSONTextEncoder(date: \.timeIntervalSince1970).encode(state) { return StoreState(text: text) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.timeIntervalSince1970)
        }
        return StoreState(text: try encoder.encode(state))
    }

    /// The state a snapshot holds; its instants are within years 1–9999 (`RestoredValueCheck`).
    /// It is read by `JSONTextDecoder`, and by `JSONDecoder` when that refuses the text: for a
    /// text the first does not read, or for the error, which `JSONDecoder` reports after
    /// sorting the keys, so that it names the first problem by key whatever order the text
    /// holds them in.
    package static func state<State: Decodable>(_ type: State.Type, from state: StoreState) throws -> State {
        if let fast = try? JSONTextDecoder(date: RestoredValueCheck.instant(seconds:)).decode(type, from: state.text) { return fast }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(RestoredValueCheck.instant(from:))
        do {
            return try decoder.decode(type, from: state.text)
        } catch {
            return try decoder.decode(type, from: JSONWriter.data(of: state.json(), sortingKeys: true))
        }
    }
}
