import Foundation
import MockPlatformKit

/// One try at delivering a message (`openapi/control.yaml` WebhookAttempt).
package struct WebhookAttempt: Sendable, Equatable, Codable {
    /// Tenant-clock instant the attempt started.
    package var at: Date
    /// Nil when no HTTP response came back.
    package var statusCode: Int?
    package var latencyMilliseconds: Int
    /// Why it failed, when it did.
    package var error: String?
    /// The first 1,024 bytes of the response body, as text.
    package var responseExcerpt: String?
    /// The wall-clock instant the attempt ended and was recorded; nil in a state document
    /// written before it was kept.
    package var recordedAt: Date?

    /// About the bytes the attempt takes in a state document (`TenantStorage`).
    var storedSize: Int { 120 + (error?.utf8.count ?? 0) + (responseExcerpt?.utf8.count ?? 0) }

    /// 2xx.
    package var delivered: Bool { statusCode.map { (200...299).contains($0) } ?? false }
}
