extension Fixtures {
    /// Refuses webhook endpoints (`webhooks.json`) subscribed to an event kind no module of
    /// this server declares, naming the first.
    func check(_ kinds: KnownKinds) throws(FixtureError) {
        for (index, endpoint) in webhookEndpoints.enumerated() {
            for (position, kind) in (endpoint.events ?? []).enumerated() where !kinds.eventKinds.contains(kind) {
                throw FixtureError(
                    "fixture file webhooks.json: endpoints.\(index).events.\(position) must be one of \(kinds.eventKindNames), got \"\(kind)\""
                )
            }
        }
    }
}
