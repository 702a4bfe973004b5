import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// A webhook receiver on a loopback port for delivery tests: answers each request with the
/// next scripted answer (then 200), and records what arrived.
final class WebhookReceiver: Sendable {
    /// How to answer one request.
    enum Answer: Sendable {
        case status(Int, retryAfter: String? = nil)
        /// Answer 200, but only after this long.
        case slow(Duration)
    }

    /// One request as it arrived.
    struct Delivery: Sendable {
        let headers: HTTPFields
        let body: Data

        func header(_ name: String) -> String? { HTTPField.Name(name).flatMap { headers[$0] } }
    }

    private struct State {
        var answers: [Answer] = []
        var deliveries: [Delivery] = []
        var server: Task<Void, any Error>?
    }

    private let state = Mutex(State())

    /// Answers for the next requests, in order.
    func script(_ answers: [Answer]) { state.withLock { $0.answers += answers } }

    var deliveries: [Delivery] { state.withLock { $0.deliveries } }

    /// Starts listening (on `port`, or a free one); returns the port.
    func start(port: Int = 0) async throws -> Int {
        let router = Router()
        router.post("/hook") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1_048_576)
            let answer = self.state.withLock { state -> Answer in
                state.deliveries.append(Delivery(headers: request.headers, body: Data(buffer: body)))
                return state.answers.isEmpty ? .status(200) : state.answers.removeFirst()
            }
            switch answer {
            case .status(let code, let retryAfter):
                var headers = HTTPFields()
                if let retryAfter { headers[.retryAfter] = retryAfter }
                return Response(status: .init(code: code), headers: headers, body: .init(byteBuffer: ByteBuffer(string: "answer \(code)")))
            case .slow(let delay):
                try? await Task.sleep(for: delay)
                return Response(status: .ok)
            }
        }
        let bound = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in
                bound.continuation.yield(channel.localAddress?.port ?? port)
                bound.continuation.finish()
            },
            logger: Logger(label: "receiver")
        )
        let server = Task { try await app.run() }
        state.withLock { $0.server = server }
        for await port in bound.stream { return port }
        throw CancellationError()
    }

    /// Stops listening; later connections are refused.
    func stop() async {
        let server = state.withLock { $0.server }
        server?.cancel()
        _ = await server?.result
    }

    /// Waits (up to 5 s) until `condition` holds.
    static func eventually(_ condition: @Sendable () async throws -> Bool) async throws -> Bool {
        for _ in 0..<250 {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}
