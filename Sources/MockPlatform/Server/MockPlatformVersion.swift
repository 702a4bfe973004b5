/// The version of MockPlatform (`mock-platform --version`); its OpenAPI documents carry their own.
public enum MockPlatformVersion {
    public static let current = "1.0.0"
}
