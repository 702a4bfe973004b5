/// The mobile platform of a device, a push or a driver's app: `ios` or `android`, as the
/// publisher API, the outbox, the settings and the state document write it.
public enum MobilePlatform: String, Sendable, CaseIterable, Codable {
    case ios, android
}
