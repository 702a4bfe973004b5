import MockPlatformKit

/// One tenant's device tokens, keyed by (platform, token), and the reference publisher
/// backend's own pushes: it consumes the tenant's events and, for a qualification or a missing
/// heartbeat, records a push to each of the driver's devices in the outbox. It is the tenant's
/// push address book: other senders address its tokens and drivers through that protocol.
package actor DeviceRegistry: PushAddressBook {
    /// Registrations in first-registration order, so listings are stable.
    private var registrations: [DeviceRegistration]
    /// Index into `registrations` by `<platform>\n<token>`.
    private var positions: [String: Int] = [:]
    /// The newest event turned into pushes.
    private var progress: EventProgress
    private let runtime: TenantRuntime

    init(runtime: TenantRuntime, restoring snapshot: StoreState? = nil) throws {
        let restored = try snapshot.map { try Self.state([DeviceRegistration].self, from: $0) } ?? []
        try runtime.quotas.checkRestored(.deviceTokens, count: restored.count)
        self.runtime = runtime
        registrations = restored
        progress = EventProgress(processedThrough: runtime.events.nextSequence - 1)
        for (index, registration) in restored.enumerated() { positions[Self.key(registration.platform, registration.token)] = index }
        let events = runtime.events.subscribe()
        Task { [weak self] in
            for await event in events { await self?.push(for: event) }
            await self?.eventsEnded()
        }
    }

    package func snapshot() throws -> StoreState { try Self.json(registrations) }

    /// Registers or re-registers a token: a repeat keeps one entry, moves it to `driverID`, and
    /// updates the bundle id when one is given. A new token past the tenant's quota: 429.
    package func register(_ registration: DeviceRegistration) throws(APIError) {
        let key = Self.key(registration.platform, registration.token)
        guard let index = positions[key] else {
            try runtime.quotas.admit(.deviceTokens, to: registrations.count)
            positions[key] = registrations.count
            return registrations.append(registration)
        }
        registrations[index].driverID = registration.driverID
        if let bundleID = registration.bundleID { registrations[index].bundleID = bundleID }
    }

    /// The tokens of one driver, in registration order.
    package func registrations(of driverID: String) -> [DeviceRegistration] {
        registrations.filter { $0.driverID == driverID }
    }

    /// The registration of a token, if it is registered.
    package func registration(platform: MobilePlatform, token: String) -> DeviceRegistration? {
        positions[Self.key(platform, token)].map { registrations[$0] }
    }

    package func target(token: String, tenantBundleID: String?) -> PushTarget? {
        for platform in MobilePlatform.allCases where DeviceTokenFormat.isValid(token, for: platform) {
            if let registered = registration(platform: platform, token: DeviceTokenFormat.normalized(token, for: platform)) {
                return PushTarget(registered, tenantBundleID: tenantBundleID)
            }
        }
        return nil
    }

    package func targets(holder: String, tenantBundleID: String?) -> [PushTarget] {
        registrations(of: holder).map { PushTarget($0, tenantBundleID: tenantBundleID) }
    }

    /// Returns once the pushes of every event recorded so far are in the outbox.
    package func caughtUp() async {
        let newest = runtime.events.nextSequence - 1
        if !progress.hasProcessed(newest) {
            await withCheckedContinuation { progress.wait(for: newest, $0) }
        }
    }

    private func push(for event: PlatformEvent) {
        let settings = runtime.settings
        let devices = targets(holder: event.subject, tenantBundleID: settings.iosBundleID)
        runtime.outbox.append(devices.compactMap { IQLPush.push(for: event, to: $0, settings: settings) })
        progress.advance(to: event.sequence)
    }

    private func eventsEnded() { progress.end() }

    private static func key(_ platform: MobilePlatform, _ token: String) -> String {
        platform.rawValue + "\n" + token
    }
}
