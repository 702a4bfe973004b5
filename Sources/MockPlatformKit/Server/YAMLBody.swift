import MockPlatformRuntime
import NIOCore
import Yams

/// A request body sent as YAML to an operation that takes it (`PlatformModule.yamlBodies`),
/// turned into the JSON the rest of the front door reads: scalars typed as YAML 1.1's core
/// schema types them (`true`, `60`, `null`), anything else a string. Bounded like a JSON body:
/// at most `JSONParser.maxDepth` levels, and at most `maxNodes` values once aliases are
/// followed (an alias repeated in a small document would otherwise expand without end).
package enum YAMLBody {
    /// The most values a body may stand for, aliases expanded.
    package static let maxNodes = 100_000

    /// `application/yaml`, `application/x-yaml`, `text/yaml` or `text/x-yaml`, any case, with
    /// or without parameters.
    package static func isYAML(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return ["application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml"].contains(mediaType ?? "")
    }

    /// The body as JSON bytes: 400 when it is not YAML, is empty, nests too deep or stands for
    /// too many values.
    package static func json(from buffer: ByteBuffer) throws(APIError) -> ByteBuffer {
        let text = String(decoding: buffer.readableBytesView, as: UTF8.self)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, Resolver.default)
        } catch {
            throw APIError.badRequest("request body is not YAML: \(Self.reason(error))")
        }
        guard let root else { throw APIError.badRequest("request body is empty YAML") }
        var nodes = 0
        return ByteBuffer(data: try value(of: root, depth: 0, nodes: &nodes).encoded())
    }

    private static func value(of node: Node, depth: Int, nodes: inout Int) throws(APIError) -> JSONValue {
        nodes += 1
        guard depth < JSONParser.maxDepth else {
            throw APIError.badRequest("YAML body nested deeper than \(JSONParser.maxDepth) levels", limit: .jsonDepth)
        }
        guard nodes <= maxNodes else { throw APIError.badRequest("YAML body stands for more than \(maxNodes) values (aliases expanded)") }
        switch node {
        case .scalar:
            if node.null != nil { return .null }
            if let bool = node.bool { return .bool(bool) }
            if let integer = node.int { return .integer(Int64(integer)) }
            if let number = node.float, number.isFinite { return .number(number) }
            return .string(node.string ?? "")
        case .mapping(let mapping):
            var fields: [String: JSONValue] = [:]
            for (key, value) in mapping {
                guard let name = key.string else { throw APIError.badRequest("YAML body has a mapping key that is not a scalar") }
                fields[name] = try Self.value(of: value, depth: depth + 1, nodes: &nodes)
            }
            return .object(fields)
        case .sequence(let sequence):
            var items: [JSONValue] = []
            for item in sequence { items.append(try Self.value(of: item, depth: depth + 1, nodes: &nodes)) }
            return .array(items)
        case .alias:
            throw APIError.badRequest("YAML body has an alias to no anchor")
        }
    }

    /// A parse error in one line.
    private static func reason(_ error: any Error) -> String {
        String(String(describing: error).split(separator: "\n").first ?? "")
    }
}
