import Dispatch
import HTTPTypes
import Yams

/// One served OpenAPI document, parsed once at start for what the front door needs of it: the
/// operation id of each method and path template, and the parts `NullCompletion` reads.
///
/// Only names, lists and mappings are read, so scalars stay strings (`Resolver.basic`): the
/// default resolver matches every scalar against its regular expressions, which was more than
/// half of the time from exec to ready.
struct SpecDocument {
    /// The document's `paths` mapping.
    let paths: [String: Any]
    /// The document's `components.schemas` mapping.
    let schemas: [String: Any]
    /// Operation ids keyed by `METHOD /path/{template}`.
    private let operationIDs: [String: String]

    init(yaml: String, basicResolver: Bool = true) throws {
        guard let document = try Yams.load(yaml: yaml, basicResolver ? Yams.Resolver.basic : Yams.Resolver.default) as? [String: Any] else {
            throw FixtureError("OpenAPI document is not a YAML mapping")
        }
        paths = document["paths"] as? [String: Any] ?? [:]
        schemas = ((document["components"] as? [String: Any])?["schemas"] as? [String: Any]) ?? [:]
        var operationIDs: [String: String] = [:]
        for (path, item) in paths {
            for case let (key, operation as [String: Any]) in item as? [String: Any] ?? [:] {
                if let id = operation["operationId"] as? String { operationIDs["\(key.uppercased()) \(path)"] = id }
            }
        }
        self.operationIDs = operationIDs
    }

    /// The `operationId` of `method` on a path template as the document writes it.
    func operationID(method: HTTPRequest.Method, path: String) -> String? {
        operationIDs["\(method.rawValue) \(path)"]
    }

    /// Parses several documents side by side, one per core, in their order: at start, parsing
    /// the served documents is the largest part of the time from exec to ready
    /// (bench/RESULTS.md). The first document that fails, in order, throws.
    static func parsing(_ texts: [String]) throws -> [SpecDocument] {
        var results = [Result<SpecDocument, any Error>](repeating: .failure(FixtureError("not parsed")), count: texts.count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each iteration writes its own slot, and concurrentPerform returns after the last.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: texts.count) { index in
                slots[index] = Result { try SpecDocument(yaml: texts[index]) }
            }
        }
        return try results.map { try $0.get() }
    }
}
