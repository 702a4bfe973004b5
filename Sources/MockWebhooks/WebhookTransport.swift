import AsyncHTTPClient
import Foundation
import MockPlatformKit
import NIOCore
import NIOHTTP1
import Synchronization

/// Sends webhook attempts over HTTP with AsyncHTTPClient, shared by every tenant: redirects not
/// followed, one timeout per attempt, at most `overallLimit` under way (a bound on sockets).
/// Each tenant's `WebhookStore` lets at most `attemptsInFlight` of its attempts in here, far
/// fewer than the overall limit, so one tenant's hanging receivers never queue another
/// tenant's attempts behind them.
package final class WebhookTransport: Sendable {
    /// What one POST came to.
    struct Outcome: Sendable {
        var statusCode: Int?
        var latencyMilliseconds: Int
        var error: String?
        var responseExcerpt: String?
        /// `Retry-After`, in seconds, on a failed response that carried one.
        var retryAfter: TimeInterval?
        /// A fault rule stood in for the receiver: nothing was sent.
        var injected = false
    }

    /// Attempts under way at once, over all tenants.
    package static let overallLimit = 256

    package let allowlist: WebhookAllowlist
    /// Where finished attempts are counted.
    let metrics: PlatformMetrics
    /// One client for the process, never shut down (AsyncHTTPClient traps when a client is
    /// released unclosed): redirects are not followed, connecting may take 10 s, and a refused
    /// connection fails the attempt at once (the pool would retry it until the timeout).
    private static let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration(pinning: [:]))

    /// The shared client's configuration; `pinning` maps a host name to the address to connect
    /// to instead of resolving it (the name still goes in `Host` and TLS's server name).
    private static func configuration(pinning: [String: String]) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(10))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.dnsOverride = pinning
        return configuration
    }
    private let overall = AsyncSemaphore(limit: WebhookTransport.overallLimit)
    private let inFlight = Mutex(0)

    package init(allowlist: WebhookAllowlist = .any, metrics: PlatformMetrics = PlatformMetrics()) {
        self.allowlist = allowlist
        self.metrics = metrics
    }

    /// POSTs `body` to `url`; never throws: every failure is an outcome.
    func post(url: String, headers: [(String, String)], body: Data, timeout: Duration) async -> Outcome {
        inFlight.withLock { $0 += 1 }
        defer { inFlight.withLock { $0 -= 1 } }
        return await overall.withPermit { await send(url: url, headers: headers, body: body, timeout: timeout) }
    }

    private func send(url: String, headers: [(String, String)], body: Data, timeout: Duration) async -> Outcome {
        let started = ContinuousClock.now
        func elapsed() -> Int {
            let duration = ContinuousClock.now - started
            return Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
        }
        guard let host = URL(string: url)?.host, let checked = allowlist.addresses(for: host) else {
            return Outcome(statusCode: nil, latencyMilliseconds: 0, error: "target host is not allowed by --webhook-allow")
        }
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        // A name the allowlist resolved is reached at the address it checked, by a client of
        // its own (the shared client would look the name up again).
        let client = checked.first.map {
            HTTPClient(eventLoopGroupProvider: .singleton, configuration: Self.configuration(pinning: [host: $0.description]))
        }
        defer { if let client { Task { try? await client.shutdown() } } }
        do {
            let response = try await (client ?? Self.client).execute(
                request, timeout: .nanoseconds(Int64(timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000))
            )
            var excerpt = ByteBuffer()
            for try await chunk in response.body where excerpt.readableBytes < 1024 {
                var chunk = chunk
                excerpt.writeBuffer(&chunk)
            }
            let text = excerpt.readableBytes > 0 ? String(decoding: excerpt.readableBytesView.prefix(1024), as: UTF8.self) : nil
            let status = Int(response.status.code)
            let failed = !(200...299).contains(status)
            return Outcome(
                statusCode: status, latencyMilliseconds: elapsed(), error: failed ? "HTTP \(status)" : nil, responseExcerpt: text,
                retryAfter: failed ? response.headers.first(name: "Retry-After").flatMap(Self.retryAfter) : nil
            )
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            return Outcome(statusCode: nil, latencyMilliseconds: elapsed(), error: "timeout")
        } catch {
            let text = "\(error)"
            let reason = text.localizedCaseInsensitiveContains("connection refused") ? "connection refused" : text
            return Outcome(statusCode: nil, latencyMilliseconds: elapsed(), error: reason)
        }
    }

    /// `Retry-After` as seconds: a number of seconds or an HTTP-date.
    static func retryAfter(_ value: String) -> TimeInterval? {
        if let seconds = Double(value.trimmingCharacters(in: .whitespaces)), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSinceNow) }
    }

    /// Waits up to `limit` for the attempts under way to finish (at server shutdown).
    package func drain(waitingUpTo limit: Duration = .seconds(5)) async {
        let deadline = ContinuousClock.now + limit
        while inFlight.withLock({ $0 }) > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
