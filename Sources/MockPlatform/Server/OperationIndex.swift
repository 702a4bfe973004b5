import HTTPTypes
import Synchronization
import Yams

/// Which operation (`operationId`) of the served documents answers a method and path, for
/// fault rules that name one. Read from the documents on first use, so that a server whose
/// rules never name an operation never parses them.
final class OperationIndex: Sendable {
    private struct Operation: Sendable {
        let template: RouteCatalog.Template
        let ids: [HTTPRequest.Method: String]
    }

    private let specs: SpecCatalog
    private let operations = Mutex<[Operation]?>(nil)

    init(specs: SpecCatalog) { self.specs = specs }

    /// The operation id for a tenant-relative path, nil when no documented operation answers it.
    func operationID(method: HTTPRequest.Method, path: String) -> String? {
        let segments = RouteCatalog.segments(of: path)
        let operations = operations.withLock { cached in
            if let cached { return cached }
            let built = Self.read(specs)
            cached = built
            return built
        }
        return operations.lazy.compactMap { $0.template.matches(segments) ? $0.ids[method] : nil }.first
    }

    private static func read(_ specs: SpecCatalog) -> [Operation] {
        var operations: [Operation] = []
        for name in specs.names {
            guard let text = specs.documents[name],
                  let document = try? Yams.load(yaml: text, Yams.Resolver.basic) as? [String: Any],
                  let paths = document["paths"] as? [String: Any]
            else { continue }
            for (path, item) in paths.sorted(by: { $0.key < $1.key }) {
                guard let item = item as? [String: Any] else { continue }
                var ids: [HTTPRequest.Method: String] = [:]
                for (key, operation) in item {
                    guard let method = HTTPRequest.Method(key.uppercased()),
                          let id = (operation as? [String: Any])?["operationId"] as? String
                    else { continue }
                    ids[method] = id
                }
                let segments = RouteCatalog.segments(of: path)
                operations.append(Operation(template: .init(segments: segments, methods: Array(ids.keys)), ids: ids))
            }
        }
        return operations
    }
}
