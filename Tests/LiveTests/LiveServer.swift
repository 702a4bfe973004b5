import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// The real `mock-platform` binary, started on a free loopback port for one test, and spoken to
/// through URLSession as an app would.
final class LiveServer: @unchecked Sendable {
    // @unchecked: `process` and `pipe` are set once in init and only read afterwards.
    private let process: Process
    private let output: Pipe
    /// The server's standard error, when the test reads it (`errorText()`).
    private let errors: Pipe?
    /// `http://127.0.0.1:<port>`, as printed by the server.
    let baseURL: URL
    /// The line the server printed once ready.
    let readyLine: String
    /// The server process's id (for `/proc/<pid>/…`).
    var processIdentifier: Int32? { process.isRunning ? process.processIdentifier : nil }

    /// The built executable: `MOCK_PLATFORM_BINARY`, else next to the test bundle.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["MOCK_PLATFORM_BINARY"] { return URL(fileURLWithPath: path) }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundle.appendingPathComponent("mock-platform")
    }

    /// The repository root, so the server finds `Resources/fixtures`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Starts the server with `arguments` (after `serve`) in `directory` (the repository root
    /// unless given) and waits for its ready line; keeps its standard error for `errorText()`
    /// when `capturingErrors`.
    init(
        arguments: [String] = ["--port", "0"], environment: [String: String] = [:], directory: URL = repositoryRoot,
        capturingErrors: Bool = false
    ) throws {
        process = Process()
        process.executableURL = Self.binary
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = directory
        // No line per request on the test run's output unless a test asks for them.
        process.environment = ProcessInfo.processInfo.environment.merging(["MOCK_PLATFORM_QUIET": "true"]) { _, new in new }
            .merging(environment) { _, new in new }
        output = Pipe()
        process.standardOutput = output
        errors = capturingErrors ? Pipe() : nil
        if let errors { process.standardError = errors }
        try process.run()
        readyLine = try Self.readLine(containing: "listening on", from: output.fileHandleForReading, timeout: 60)
        guard let urlText = readyLine.split(separator: " ").first(where: { $0.hasPrefix("http://") }),
              let url = URL(string: String(urlText)) else {
            process.terminate()
            throw LiveServerError("no URL in ready line: \(readyLine)")
        }
        baseURL = url
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Waits until `/_mock/ready` answers 200 (with `--persist`, the saved tenants are read in
    /// behind the listening server); returns how long that took.
    @discardableResult
    func waitUntilReady(timeout: TimeInterval = 60) async throws -> TimeInterval {
        let started = Date()
        while Date().timeIntervalSince(started) < timeout {
            if try await request("GET", "/_mock/ready").status == 200 { return Date().timeIntervalSince(started) }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw LiveServerError("not ready within \(timeout) s")
    }

    /// Sends SIGTERM and waits for the process to end; returns its exit status.
    func stop(timeout: TimeInterval = 10) throws -> Int32 {
        process.terminate()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else { throw LiveServerError("server still running \(timeout) s after SIGTERM") }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return process.terminationStatus
    }

    /// Sends SIGKILL, as a crash would end it, and waits for the process to end.
    func kill(timeout: TimeInterval = 10) throws {
        Foundation.kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else { throw LiveServerError("server still running \(timeout) s after SIGKILL") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Everything the server wrote to standard error, once it has ended (`capturingErrors`).
    func errorText() -> String {
        guard let errors, !process.isRunning else { return "" }
        return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// One HTTP exchange.
    struct Reply {
        let status: Int
        let headers: [AnyHashable: Any]
        let body: Data

        func header(_ name: String) -> String? {
            headers.first { ($0.key as? String)?.lowercased() == name.lowercased() }?.value as? String
        }

        func json() throws -> [String: Any] {
            try XCTUnwrap(JSONSerialization.jsonObject(with: body) as? [String: Any], String(decoding: body, as: UTF8.self))
        }
    }

    /// A session that hands redirects back to the caller instead of following them, as a test
    /// of a 302 needs.
    private static let nonRedirectingSession = URLSession(
        configuration: .ephemeral, delegate: RedirectRefuser(), delegateQueue: nil
    )

    /// Sends a request to a path (with query) on the server, or to an absolute URL.
    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil) async throws -> Reply {
        let address = path.hasPrefix("http") ? path : baseURL.absoluteString + path
        var request = URLRequest(url: try XCTUnwrap(URL(string: address), address))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await Self.nonRedirectingSession.data(for: request)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        return Reply(status: http.statusCode, headers: http.allHeaderFields, body: data)
    }

    private static func readLine(containing marker: String, from handle: FileHandle, timeout: TimeInterval) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var buffered = ""
        while Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { throw LiveServerError("server exited before it was ready: \(buffered)") }
            buffered += String(decoding: chunk, as: UTF8.self)
            if let line = buffered.split(separator: "\n").first(where: { $0.contains(marker) }) { return String(line) }
        }
        throw LiveServerError("no '\(marker)' line within \(timeout) s: \(buffered)")
    }
}

/// Refuses every redirect, so the 302 itself reaches the test.
private final class RedirectRefuser: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

struct LiveServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
