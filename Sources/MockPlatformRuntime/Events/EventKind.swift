/// A webhook event kind, by its wire name (`qualification`; `openapi/control.yaml` EventKind).
/// The module that emits a kind declares it (`PlatformModule.eventKinds`, the constants in its
/// own folder); the server accepts only the kinds its modules declared (`KnownKinds`).
package struct EventKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    package var description: String { rawValue }
}
