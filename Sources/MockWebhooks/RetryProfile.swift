import Foundation
import MockPlatformKit

/// When a webhook message is attempted: the delay before each attempt, counted from the one
/// before (`openapi/control.yaml` WebhookMessage; the README's webhook section).
///
/// Written in settings as `"standard"`, `"fast"` or a list of milliseconds.
package enum RetryProfile: Sendable, Equatable, Codable {
    /// At once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (8 attempts), each delay
    /// ±10 % jitter.
    case standard
    /// 0, 100 ms, 200 ms, 400 ms, 800 ms (5 attempts), no jitter: for tests.
    case fast
    /// Delays in milliseconds, no jitter; the first is usually 0.
    case custom([Int])

    /// Delays before each attempt, in milliseconds, before jitter.
    package var delaysMilliseconds: [Int] {
        switch self {
        case .standard: [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]
        case .fast: [0, 100, 200, 400, 800]
        case .custom(let delays): delays
        }
    }

    /// The jitter applied to each delay, as a fraction (0.1 = ±10 %).
    package var jitter: Double { self == .standard ? 0.1 : 0 }

    /// Reads `"standard"`, `"fast"` or a list of 1 to 20 delays, each 0 to 86,400,000 ms.
    package init(json: JSONValue) throws(APIError) {
        switch json {
        case .string("standard"): self = .standard
        case .string("fast"): self = .fast
        case .array(let items):
            let delays = items.compactMap { item -> Int? in
                if case .integer(let value) = item, (0...86_400_000).contains(value) { return Int(value) }
                return nil
            }
            guard (1...20).contains(items.count), delays.count == items.count else {
                throw .badRequest("webhook_retry_profile " + Self.rule)
            }
            self = .custom(delays)
        default:
            throw .badRequest("webhook_retry_profile " + Self.rule)
        }
    }

    /// What a valid value is, said after the key.
    static let rule = "must be standard, fast or a list of 1 to 20 delays in milliseconds (0 to 86400000)"

    package var json: JSONValue {
        switch self {
        case .standard: .string("standard")
        case .fast: .string("fast")
        case .custom(let delays): .array(delays.map { .integer(Int64($0)) })
        }
    }

    package init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            self = try RetryProfile(json: value)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    package func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}
