/// Why a push was sent, by its wire name (`iql_heartbeat`; `openapi/control.yaml` PushKind).
/// The module that sends a kind declares it (`PlatformModule.pushKinds`); the server accepts
/// only the kinds its modules declared (`KnownKinds`).
public struct PushKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}
