import Foundation
import Synchronization
import Yams

/// The query and path parameters each operation of one OpenAPI document declares, to name the
/// one a request got wrong when the generated decoder refuses its input (the decoder's error
/// names neither the parameter nor the value). Read from the document on the first refusal, so
/// a server that never sees one never parses it for this.
final class ParameterIndex: Sendable {
    private let specYAML: String
    private let operations = Mutex<[String: [DeclaredParameter]]?>(nil)

    init(specYAML: String) { self.specYAML = specYAML }

    /// Why the request's parameters do not fit `operationID`'s declaration: the first declared
    /// parameter (path ones first, then query ones, in document order) with a value its schema
    /// refuses; nil when every value fits.
    func refusal(operationID: String, path: String?, pathParameters: [String: Substring]) -> String? {
        let declared: [DeclaredParameter] = declarations()[operationID] ?? []
        let query = Self.queryItems(of: path)
        let ordered = declared.filter { $0.location == .path } + declared.filter { $0.location == .query }
        for parameter in ordered {
            var values: [String] = []
            switch parameter.location {
            case .path:
                if let value = pathParameters[parameter.name] { values = [Self.decoded(value)] }
            case .query:
                values = query.filter { $0.name == parameter.name }.map { $0.value }
            }
            for value in values {
                if let refusal = parameter.refusal(of: value) { return refusal }
            }
        }
        return nil
    }

    private func declarations() -> [String: [DeclaredParameter]] {
        operations.withLock { cached in
            if let cached { return cached }
            let built = Self.read(specYAML)
            cached = built
            return built
        }
    }

    /// `name=value` pairs of a request target's query, percent-decoded.
    static func queryItems(of path: String?) -> [(name: String, value: String)] {
        guard let path, let mark = path.firstIndex(of: "?") else { return [] }
        return path[path.index(after: mark)...].split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decoded(parts[0]), parts.count > 1 ? decoded(parts[1]) : "")
        }
    }

    private static func decoded(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }

    /// Parameters by operation id; an operation's own declaration of a name wins over its path's.
    private static func read(_ specYAML: String) -> [String: [DeclaredParameter]] {
        guard let document = try? Yams.load(yaml: specYAML, Yams.Resolver.basic) as? [String: Any] else { return [:] }
        let components = document["components"] as? [String: Any] ?? [:]
        let schemas = components["schemas"] as? [String: Any] ?? [:]
        let shared = components["parameters"] as? [String: Any] ?? [:]
        func parameters(_ list: Any?) -> [DeclaredParameter] {
            (list as? [Any] ?? []).compactMap { entry in
                guard var object = entry as? [String: Any] else { return nil }
                if let reference = object["$ref"] as? String {
                    guard let resolved = shared[String(reference.split(separator: "/").last ?? "")] as? [String: Any] else { return nil }
                    object = resolved
                }
                return DeclaredParameter(object, schemas: schemas)
            }
        }
        var operations: [String: [DeclaredParameter]] = [:]
        for case let item as [String: Any] in (document["paths"] as? [String: Any] ?? [:]).values {
            let common = parameters(item["parameters"])
            for case let operation as [String: Any] in item.values {
                guard let id = operation["operationId"] as? String else { continue }
                let own = parameters(operation["parameters"])
                let inherited = common.filter { shared in !own.contains { $0.name == shared.name && $0.location == shared.location } }
                operations[id] = inherited + own
            }
        }
        return operations
    }
}
