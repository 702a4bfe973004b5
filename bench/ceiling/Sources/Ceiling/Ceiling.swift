import Foundation
import Hummingbird

/// A bare Hummingbird server for `bench/hotpath.sh`: each `--route PATH=FILE` answers GET and
/// POST PATH with FILE's bytes as `application/json; charset=utf-8`, the headers the mock sends,
/// and no other work than taking in a POST's body: the framework's ceiling on this machine.
///
/// Usage: ceiling --port N --route /iql/v1/driver/d1/status=status.json [--route …]
@main
struct Ceiling {
    static func main() async throws {
        var port = 8080
        var routes: [(path: String, file: String)] = []
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let argument = arguments.next() {
            switch argument {
            case "--port":
                guard let value = arguments.next(), let number = Int(value) else { usage("--port needs a number") }
                port = number
            case "--route":
                guard let value = arguments.next(), let equals = value.firstIndex(of: "=") else {
                    usage("--route needs PATH=FILE")
                }
                routes.append((String(value[..<equals]), String(value[value.index(after: equals)...])))
            default:
                usage("unknown argument \(argument)")
            }
        }
        let router = Router()
        for route in routes {
            let body = ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: route.file)))
            let answer: @Sendable (Request, BasicRequestContext) async throws -> Response = { _, _ in
                Response(
                    status: .ok,
                    headers: [.contentType: "application/json; charset=utf-8"],
                    body: ResponseBody(byteBuffer: body)
                )
            }
            router.get(RouterPath(route.path), use: answer)
            // A POST read's answer is the answer to its body: the least a route doing that does
            // is take the body in.
            router.post(RouterPath(route.path)) { request, context in
                var request = request
                _ = try await request.collectBody(upTo: 1_048_576)
                return try await answer(request, context)
            }
        }
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "MockPlatform")
        )
        try await app.runService()
    }

    static func usage(_ message: String) -> Never {
        FileHandle.standardError.write(Data("ceiling: \(message)\nusage: ceiling --port N --route PATH=FILE ...\n".utf8))
        exit(2)
    }
}
