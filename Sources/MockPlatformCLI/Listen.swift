import ArgumentParser
import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import HTTPTypes

/// `mock-platform listen [--forward-to URL]`: registers a webhook endpoint on a running mock
/// that points at a local receiver, prints every delivery, and forwards it (headers and body
/// as received) to `--forward-to`, answering the mock with the forward's answer. Every 2 s it
/// checks the endpoint is still there and registers again when it is not (a reset, a scenario
/// applied, a restarted server), saying so in one line. The endpoint is removed on exit. The
/// offline twin of `stripe listen`.
struct Listen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Receive a running mock's webhooks locally, print and forward them.")

    @Option(help: "Where to forward each delivery; without it every delivery is answered 200.")
    var forwardTo: String?

    @Option(help: "Event kinds to receive, comma-separated. Default: all.")
    var events: String?

    @OptionGroup var connection: ServerConnection

    @Option(help: "Local port of the receiver; 0 picks a free one.")
    var port: Int = 0

    @Option(help: "Address the receiver listens on; 0.0.0.0 lets a mock in Docker reach it (with --public-url).")
    var host: String = "127.0.0.1"

    @Option(help: "The receiver's URL as the mock reaches it, e.g. http://host.docker.internal:9000/ for a mock in Docker. Default: http://127.0.0.1:<port>/.")
    var publicURL: String?

    @Flag(help: "Print each delivery's JSON payload after its line.")
    var printJSON = false

    func run() async throws {
        let client = try connection.client()
        let forward = forwardTo
        if let forward, URL(string: forward).flatMap({ ["http", "https"].contains($0.scheme?.lowercased() ?? "") && $0.host != nil }) != true {
            throw ValidationError("--forward-to must be an http(s) URL such as http://localhost:9000/hook, got '\(forward)'")
        }
        let printJSON = printJSON
        let router = Router()
        router.post("/") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 16 * 1_048_576)
            let id = HTTPField.Name("webhook-id").flatMap { request.headers[$0] } ?? "?"
            let kind = Self.kind(of: Data(buffer: body))
            defer { if printJSON { Self.line(String(buffer: body)) } }
            guard let forward else {
                Self.line("\(id) \(kind) → 200")
                return Response(status: .ok)
            }
            var outgoing = HTTPClientRequest(url: forward)
            outgoing.method = .POST
            for field in request.headers where field.name != .contentLength {
                outgoing.headers.add(name: field.name.rawName, value: field.value)
            }
            outgoing.body = .bytes(body)
            do {
                let answer = try await CLIHTTPClient.shared.execute(outgoing, timeout: .seconds(30))
                let answerBody = try await answer.body.collect(upTo: 1_048_576)
                Self.line("\(id) \(kind) → \(forward) \(answer.status.code)")
                return Response(status: .init(code: Int(answer.status.code)), body: .init(byteBuffer: answerBody))
            } catch {
                Self.line("\(id) \(kind) → \(forward) failed: \(CLIHTTPClient.reason(error)) (answered 502)")
                return Response(status: .badGateway)
            }
        }
        let kinds = events.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        let registered = RegisteredEndpoint(client: client, events: kinds)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "mock-platform-listen"),
            onServerRunning: { [publicURL] channel in
                let url = publicURL ?? "http://127.0.0.1:\(channel.localAddress?.port ?? 0)/"
                do {
                    let endpoint = try await registered.register(at: url)
                    Self.line("Ready: endpoint \(endpoint.id) receives \(client.tenantPrefix.isEmpty ? "default" : client.tenantPrefix)'s events at \(url) (secret \(endpoint.secret))")
                } catch {
                    FileHandle.standardError.write(Data("mock-platform listen: \(error)\n".utf8))
                    Foundation.exit(1)
                }
            },
            logger: Logger(label: "mock-platform-listen", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            group.addTask { await registered.keep(checkingEvery: Self.checkInterval) }
            try await group.next()
            group.cancelAll()
        }
        if let id = await registered.id { _ = try? await client.send(.DELETE, "/_mock/webhooks/endpoints/\(id)") }
    }

    /// How often `listen` asks the mock whether its endpoint is still there.
    static let checkInterval = Duration.seconds(2)

    /// The event kind a body looks like, for the printed line.
    static func kind(of body: Data) -> String {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return "event" }
        if let subtype = object["subtype"] as? String { return "\(object["type"] as? String ?? "event")/\(subtype)" }
        if object["info"] != nil, object["time"] != nil { return "silent_push_notification" }
        if object["info"] != nil { return "qualification" }
        if object["ad_id"] != nil { return "offer_retraction" }
        if object["test_drive_completed"] != nil { return "disqualification_status" }
        return "event"
    }

    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}

/// The endpoint `listen` registered, removed on exit, and registered again when the mock no
/// longer has it (a reset, a scenario applied, the endpoint deleted, the server restarted).
private actor RegisteredEndpoint {
    private let client: ControlClient
    /// The event kinds it takes; nil: all.
    private let events: [String]?
    private(set) var id: String?
    private var url: String?

    init(client: ControlClient, events: [String]?) {
        self.client = client
        self.events = events
    }

    /// Registers an endpoint for `url`; its id and secret.
    func register(at url: String) async throws -> (id: String, secret: String) {
        var body: [String: Any] = ["url": url]
        if let events { body["events"] = events }
        let endpoint = try await client.send(.POST, "/_mock/webhooks/endpoints", json: body)
        let id = endpoint["id"] as? String ?? "?"
        self.id = id
        self.url = url
        return (id, endpoint["secret"] as? String ?? "?")
    }

    /// Asks the mock every `interval` whether the endpoint is still there; when the mock answers
    /// that it is not (404), registers again and says so in one line. A mock that does not answer
    /// (restarting) is asked again at the next interval.
    func keep(checkingEvery interval: Duration) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            guard let id, let url else { continue }
            do {
                try await client.send(.GET, "/_mock/webhooks/endpoints/\(id)")
            } catch let error as CLIError where error.status == 404 {
                do {
                    let endpoint = try await register(at: url)
                    Listen.line("Endpoint \(id) is gone from the mock; registered again as \(endpoint.id) (secret \(endpoint.secret))")
                } catch {
                    continue
                }
            } catch {
                continue
            }
        }
    }
}
