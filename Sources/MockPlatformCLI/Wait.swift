import ArgumentParser
import Foundation
import MockPlatform

/// `mock-platform wait [--server URL] [--timeout 60s]`: returns once a mock answers
/// `GET /_mock/ready`, for CI steps that start the mock (a container, a background process) and
/// must not call it before it listens. Exit 0 when it is ready; 1, with one line, at the timeout.
struct Wait: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Wait until a mock answers /_mock/ready (exit 0), or give up at the timeout (exit 1)."
    )

    @Option(help: "How long to wait: a whole number and ms, s, m or h. Default: 60s.")
    var timeout: String = "60s"

    @OptionGroup var connection: ServerConnection

    /// How often the mock is asked.
    static let interval = Duration.milliseconds(250)

    func validate() throws {
        guard let limit = Duration(flagText: timeout), limit > .zero else {
            throw ValidationError("--timeout must be a duration such as 500ms, 60s or 2m, got '\(timeout)'")
        }
    }

    func run() async throws {
        let limit = Duration(flagText: timeout) ?? .seconds(60)
        let client = try connection.client()
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var lastReason = ""
        while true {
            do {
                try await client.send(.GET, "/_mock/ready")
                print("mock-platform wait: \(client.server) is ready")
                return
            } catch let error as CLIError {
                lastReason = error.description
            }
            guard clock.now + Self.interval < deadline else { break }
            try await Task.sleep(for: Self.interval)
        }
        FileHandle.standardError.write(Data("mock-platform wait: not ready after \(timeout): \(lastReason)\n".utf8))
        throw ExitCode.failure
    }
}
