import MockPlatformKit

/// The names a guide may use, from what this server serves: each served document's
/// operationIds, and the event and push kinds its modules declare.
package struct AuditVocabulary: Sendable {
    /// OperationIds by document name (`iql`, `publisher`, `control`, …).
    package let operations: [String: Set<String>]
    /// The kinds the modules declare; nil before they are known (the built-in guides are read
    /// as the modules are made, and `BuiltInGuidesTests` checks their kinds).
    package let kinds: (events: Set<String>, pushes: Set<String>)?

    package init(operations: [String: Set<String>], kinds: KnownKinds?) {
        self.operations = operations
        self.kinds = kinds.map { (Set($0.eventKinds.map(\.rawValue)), Set($0.pushKinds.map(\.kind.rawValue))) }
    }

    /// The operationIds of every served document.
    package static func operations(of specs: SpecCatalog) throws -> [String: Set<String>] {
        let documents = try specs.readDocuments(named: specs.names)
        return Dictionary(uniqueKeysWithValues: zip(specs.names, documents.map { document in
            Set(document.operations.compactMap { $0.operation["operationId"]?.stringValue })
        }))
    }
}
