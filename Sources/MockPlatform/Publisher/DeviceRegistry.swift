/// One tenant's device tokens, keyed by (platform, token); the push outbox reads them.
public actor DeviceRegistry: ModuleStore {
    /// Registrations in first-registration order, so listings are stable.
    private var registrations: [DeviceRegistration]
    /// Index into `registrations` by `<platform>\n<token>`.
    private var positions: [String: Int] = [:]

    init(restoring snapshot: JSONValue? = nil) throws {
        let restored = try snapshot.map { try Self.state([DeviceRegistration].self, from: $0) } ?? []
        registrations = restored
        for (index, registration) in restored.enumerated() { positions[Self.key(registration)] = index }
    }

    public func snapshot() throws -> JSONValue { try Self.json(registrations) }

    /// Registers or re-registers a token: a repeat keeps one entry, moves it to `driverID`, and
    /// updates the bundle id when one is given.
    public func register(_ registration: DeviceRegistration) {
        let key = Self.key(registration)
        guard let index = positions[key] else {
            positions[key] = registrations.count
            return registrations.append(registration)
        }
        registrations[index].driverID = registration.driverID
        if let bundleID = registration.bundleID { registrations[index].bundleID = bundleID }
    }

    /// The tokens of one driver, in registration order.
    public func registrations(of driverID: String) -> [DeviceRegistration] {
        registrations.filter { $0.driverID == driverID }
    }

    private static func key(_ registration: DeviceRegistration) -> String {
        registration.platform.rawValue + "\n" + registration.token
    }
}
