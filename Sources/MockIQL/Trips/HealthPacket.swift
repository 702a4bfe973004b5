import Foundation
import MockPlatformKit

/// One SDK health packet from the testing endpoint (`openapi/iql.yaml` postSdkHealth): the app's
/// permissions at `timestamp`, which also counts as a heartbeat.
package struct HealthPacket: Sendable, Equatable, Codable {
    package enum LocationPermission: String, Sendable, CaseIterable, Codable {
        case always
        case whileInUse = "while_in_use"
        case denied
        case notDetermined = "not_determined"
    }

    package enum ActivityPermission: String, Sendable, CaseIterable, Codable {
        case granted
        case denied
        case notDetermined = "not_determined"
    }

    /// How old a packet's `timestamp` may be.
    static let maxAgeMilliseconds: Int64 = 86_400_000

    package var locationPermission: LocationPermission
    package var activityPermission: ActivityPermission
    package var preciseLocation: Bool
    package var notifications: Bool
    /// The device's location setting (`location_services`): nil when the packet did not say,
    /// which reads as on; a packet with the setting off is unhealthy whatever it grants.
    package var locationServices: Bool?
    package var platform: MobilePlatform
    package var timestamp: Date

    /// Every permission the onboarding guides ask for: always-on location, activity, precise
    /// location and notifications, with the device's location services on.
    package var isHealthy: Bool {
        locationServicesOn && locationPermission == .always && activityPermission == .granted && preciseLocation && notifications
    }

    /// Whether the device's location services are on (the permission guide's
    /// `locationServicesTurnedOff` when not).
    package var locationServicesOn: Bool { locationServices ?? true }

    /// Reads a body in table order, first failure only; enum values in any case. A packet
    /// without `platform` takes `knownPlatform`, else `defaultPlatform` (the tenant's
    /// `default_platform`).
    init(
        body: [String: JSONValue], now: Date, knownPlatform: MobilePlatform?,
        defaultPlatform: MobilePlatform
    ) throws(APIError) {
        let fields = FieldReader(body)
        locationPermission = try fields.required("location_permission") { key throws(APIError) in
            try Self.choice(key, in: fields, aliases: ["always allow": .always])
        }
        activityPermission = try fields.required("activity_permission") { key throws(APIError) in
            try Self.choice(key, in: fields)
        }
        preciseLocation = try fields.required("precise_location", fields.bool)
        notifications = try fields.required("notifications", fields.bool)
        locationServices = try fields.bool("location_services")
        platform = try Self.choice("platform", in: fields) ?? knownPlatform ?? defaultPlatform
        let nowMilliseconds = now.epochMilliseconds
        if let milliseconds = try fields.integer("timestamp") {
            guard milliseconds <= nowMilliseconds, milliseconds >= nowMilliseconds - Self.maxAgeMilliseconds else {
                throw .badRequest("timestamp must be within the last 24 hours")
            }
            timestamp = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        } else {
            timestamp = now
        }
    }

    /// An enum field in any case: `<path> must be a, b or c` for anything else.
    private static func choice<Choice: RawRepresentable<String> & CaseIterable>(
        _ key: String, in fields: FieldReader, aliases: [String: Choice] = [:]
    ) throws(APIError) -> Choice? {
        guard let text = try fields.string(key) else { return nil }
        let name = text.lowercased()
        guard let choice = Choice(rawValue: name) ?? aliases[name] else {
            let names = Choice.allCases.map(\.rawValue)
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "") : names.joined()
            throw .badRequest("\(fields.name(key)) must be \(list)")
        }
        return choice
    }
}

extension Driver {
    /// Health packets kept per driver, the newest by arrival.
    static let packetCapacity = 1_000

    /// Stores a health packet (dropping the oldest past `packetCapacity`): the driver's
    /// platform, its heartbeat, and the end of any 410 pause.
    mutating func record(_ packet: HealthPacket) {
        packets.append(packet)
        if packets.count > Self.packetCapacity { packets.removeFirst(packets.count - Self.packetCapacity) }
        platform = packet.platform
        lastHeartbeatAt = max(lastHeartbeatAt ?? packet.timestamp, packet.timestamp)
        silentPushPaused = false
    }
}
