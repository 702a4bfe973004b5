import MockPlatformKit

/// The silent pushes the IQL reference publisher backend sends its app (`IQLPush`).
extension PushKind {
    static let iqlQualification = PushKind(rawValue: "iql_qualification")
    static let iqlHeartbeat = PushKind(rawValue: "iql_heartbeat")
}
