import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Talks to a running mock's control API for the `trigger` and `listen` commands.
struct ControlClient {
    /// `http://127.0.0.1:8080`, without a trailing slash.
    let server: String
    /// Empty for `default`.
    let tenantPrefix: String
    /// `--admin-token` of the server, if it has one.
    let adminToken: String?

    init(server: String, tenant: String?, adminToken: String?) {
        self.adminToken = adminToken.flatMap { $0.isEmpty ? nil : $0 }
        var base = server
        while base.hasSuffix("/") { base.removeLast() }
        self.server = base
        tenantPrefix = tenant.map { $0 == "default" ? "" : "/t/\($0)" } ?? ""
    }

    /// Sends a request to `path` (under the tenant prefix); returns the status and the JSON
    /// object answered. A problem answer throws its `detail`; a server that cannot be reached
    /// throws one line saying so within two seconds.
    @discardableResult
    func send(_ method: HTTPMethod, _ path: String, json: [String: Any]? = nil) async throws -> [String: Any] {
        try await exchange(method, path, json: json, expecting: "json").object
    }

    /// `GET path` answered with `contentType` (`xml`): its text.
    func text(_ path: String, expecting contentType: String) async throws -> String {
        try await exchange(.GET, path, json: nil, expecting: contentType).text
    }

    /// One exchange: the answer as text, and as a JSON object when it is one.
    private func exchange(
        _ method: HTTPMethod, _ path: String, json: [String: Any]?, expecting expected: String
    ) async throws -> (text: String, object: [String: Any]) {
        var request = HTTPClientRequest(url: server + tenantPrefix + path)
        request.method = method
        if let adminToken { request.headers.add(name: "Authorization", value: "Bearer \(adminToken)") }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: try JSONSerialization.data(withJSONObject: json)))
        }
        let response: HTTPClientResponse
        do {
            response = try await CLIHTTPClient.shared.execute(request, timeout: .seconds(30))
        } catch {
            throw CLIError(
                "no mock answers at \(server) (\(CLIHTTPClient.reason(error))) — start one with 'mock-platform serve', or point --server (MOCK_PLATFORM_SERVER) at it"
            )
        }
        let body = try await response.body.collect(upTo: 16 * 1_048_576)
        let contentType = response.headers.first(name: "Content-Type") ?? "no Content-Type"
        let object = (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
        guard (200...299).contains(Int(response.status.code)) || !contentType.lowercased().contains("json") else {
            throw CLIError(
                "\(method.rawValue) \(path): \(response.status.code) \(object["detail"] as? String ?? String(buffer: body))",
                status: Int(response.status.code)
            )
        }
        guard contentType.lowercased().contains(expected), (200...299).contains(Int(response.status.code)) else {
            throw CLIError(
                "\(server) answered \(method.rawValue) \(path) with \(response.status.code) and \(contentType), not the mock's \(expected.uppercased()): is it a mock-platform server? Point --server (MOCK_PLATFORM_SERVER) at one",
                status: Int(response.status.code)
            )
        }
        return (String(buffer: body), object)
    }
}

/// A command-line failure: one line on standard error and a non-zero exit.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    /// The status the mock answered; nil when no mock answered.
    let status: Int?

    init(_ description: String, status: Int? = nil) {
        self.description = description
        self.status = status
    }
}
