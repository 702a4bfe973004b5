import MockPlatformKit

/// The integration audit: the guides' rules checked against what clients did (`docs/audit.md`).
package enum AuditPlatform: Platform {
    package static func modules(_ startup: ModuleStartup) throws -> [any PlatformModule] {
        let operations = try AuditVocabulary.operations(of: startup.specs)
        let builtIn = try BuiltInGuides.bundled(reader: GuideReader(vocabulary: AuditVocabulary(operations: operations, kinds: nil)))
        return [AuditModule(builtIn: builtIn, operations: operations, paths: try OperationPaths.of(startup.specs))]
    }
}
