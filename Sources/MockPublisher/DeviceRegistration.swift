import MockPlatformKit

/// A push token registered for a driver (`openapi/publisher.yaml` registerDeviceToken).
package struct DeviceRegistration: Sendable, Equatable, Codable {
    package var driverID: String
    package var platform: MobilePlatform
    package var token: String
    package var bundleID: String?
}
