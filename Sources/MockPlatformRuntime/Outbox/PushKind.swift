/// Why a push was sent, by its wire name (`iql_heartbeat`; `openapi/control.yaml` PushKind).
/// The module that sends a kind declares it (`PlatformModule.pushKinds`); the server accepts
/// only the kinds its modules declared (`KnownKinds`).
package struct PushKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    package var description: String { rawValue }
}
