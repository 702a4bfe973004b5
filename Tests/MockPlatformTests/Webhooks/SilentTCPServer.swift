import NIOCore
import NIOPosix
import Synchronization

/// A loopback TCP server that accepts every connection and never answers: a webhook receiver
/// that hangs. `stop()` closes the connections, so attempts still waiting fail at once.
final class SilentTCPServer: Sendable {
    /// The connections accepted so far.
    private final class Connections: Sendable {
        let channels = Mutex<[any Channel]>([])
    }

    private let listener: any Channel
    private let connections = Connections()
    let port: Int

    init() async throws {
        let connections = connections
        listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 1_024)
            .childChannelInitializer { channel in
                connections.channels.withLock { $0.append(channel) }
                return channel.eventLoop.makeSucceededVoidFuture()
            }
            .bind(host: "127.0.0.1", port: 0).get()
        port = listener.localAddress?.port ?? 0
    }

    /// Connections accepted so far.
    var accepted: Int { connections.channels.withLock { $0.count } }

    func stop() async {
        try? await listener.close()
        for connection in connections.channels.withLock({ $0 }) { try? await connection.close() }
    }
}
