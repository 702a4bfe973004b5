import Foundation
import Synchronization
import XCTest

/// A `mock-platform` subcommand run as a process, its standard output and error collected.
final class CLIProcess: Sendable {
    /// What the process printed; a class so the pipe's handler can share it.
    private final class Output: Sendable {
        let text = Mutex("")
    }

    private let process: Process
    private let output = Output()
    private let errors = Output()

    /// Starts `mock-platform <arguments>`.
    init(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = LiveServer.binary
        process.arguments = arguments
        process.currentDirectoryURL = LiveServer.repositoryRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        let output = output
        let errorPipe = Pipe()
        process.standardError = errorPipe
        for (handle, collected) in [(pipe.fileHandleForReading, output), (errorPipe.fileHandleForReading, errors)] {
            handle.readabilityHandler = { handle in
                let chunk = handle.availableData
                collected.text.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
            }
        }
        try process.run()
        self.process = process
    }

    deinit { if process.isRunning { process.terminate() } }

    /// Everything printed so far.
    var text: String { output.text.withLock { $0 } }

    /// Everything written to standard error so far.
    var errorText: String { errors.text.withLock { $0 } }

    /// The first printed line containing `marker`, waiting up to `timeout` seconds.
    func line(containing marker: String, timeout: TimeInterval = 20) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = text.split(separator: "\n").first(where: { $0.contains(marker) }) { return String(line) }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw LiveServerError("no line with '\(marker)' within \(timeout) s; printed: \(text)")
    }

    /// Waits for the process to end; returns its exit status.
    func wait(timeout: TimeInterval = 20) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else { throw LiveServerError("still running after \(timeout) s: \(text)") }
            try await Task.sleep(for: .milliseconds(50))
        }
        return process.terminationStatus
    }

    /// Sends SIGTERM and waits for the end.
    func stop() async throws -> Int32 {
        process.terminate()
        return try await wait()
    }
}
