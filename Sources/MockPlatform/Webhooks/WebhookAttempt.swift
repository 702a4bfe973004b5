import Foundation

/// One try at delivering a message (`openapi/control.yaml` WebhookAttempt).
public struct WebhookAttempt: Sendable, Equatable, Codable {
    /// Tenant-clock instant the attempt started.
    public var at: Date
    /// Nil when no HTTP response came back.
    public var statusCode: Int?
    public var latencyMilliseconds: Int
    /// Why it failed, when it did.
    public var error: String?
    /// The first 1,024 bytes of the response body, as text.
    public var responseExcerpt: String?

    /// 2xx.
    public var delivered: Bool { statusCode.map { (200...299).contains($0) } ?? false }
}
