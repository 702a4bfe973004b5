/// The mobile platform of a device, a push or a driver's app: `ios` or `android`, as the
/// publisher API, the outbox, the settings and the state document write it.
package enum MobilePlatform: String, Sendable, CaseIterable, Codable {
    case ios, android

    /// Decodes the raw value; an unknown one is refused with the text a restored state document
    /// has always answered (the type was `DeviceRegistration.Platform` then).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        guard let platform = MobilePlatform(rawValue: raw) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Cannot initialize Platform from invalid String value \(raw)")
        }
        self = platform
    }
}
