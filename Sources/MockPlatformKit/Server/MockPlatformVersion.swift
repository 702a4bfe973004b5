/// The version of MockPlatform (`mock-platform --version`); its OpenAPI documents carry their own.
package enum MockPlatformVersion {
    package static let current = "1.0.0"
}
