import AuditControlAPI
import MockPlatformKit
import OpenAPIRuntime

/// The integration audit as a module: the built-in guides, each tenant's own guides
/// (`AuditGuideStore`), the report and the timeline, under `/_mock/audit` and `/_mock/timeline`
/// (`openapi/control.yaml`, tag audit). It reads the tenant's logs and the stores' `TraceSource`
/// seam; no platform depends on it.
package struct AuditModule: PlatformModule {
    /// The guides shipped with the server.
    package let builtIn: BuiltInGuides
    /// The served documents' operationIds, which a guide's request steps name.
    package let operations: [String: Set<String>]
    /// Their path templates, which say what a journalled path names.
    package let paths: OperationPaths

    package init(builtIn: BuiltInGuides, operations: [String: Set<String>], paths: OperationPaths) {
        self.builtIn = builtIn
        self.operations = operations
        self.paths = paths
    }

    package var name: String { "audit" }
    /// Its operations are the control API's.
    package var document: String { "control" }
    package var quotaCollections: [TenantQuotas.Collection] { [.auditGuides] }
    package var scenarioParts: [any ScenarioPart.Type] { [ScenarioAuditGuides.self] }
    package var pathPrefixes: [String] { ["/_mock/audit/", "/_mock/timeline/"] }
    /// A guide may be written as YAML, like the built-in guides' contract shows them.
    package var yamlBodies: Set<String> { [Operations.PutAuditGuide.id] }
    package var rules: [String: OperationRule] { AuditHandlers.rules(builtIn: builtIn, operations: operations) }

    package func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? {
        let reader = GuideReader(vocabulary: AuditVocabulary(operations: operations, kinds: runtime.kinds))
        return try AuditGuideStore(runtime: runtime, reader: reader, builtIn: builtIn, restoring: snapshot)
    }

    /// The report's JSON is written from its schema type without the generated encoder's tree
    /// (`AuditReportHandlers.writtenReport`); `AuditWrittenReportTests` holds it to the
    /// generated handler's bytes.
    package var writtenAnswers: [String: WrittenAnswer] {
        let reports = reports
        return [Operations.GetAuditReport.id: { head in try await reports.writtenReport(head) }]
    }

    private var reports: AuditReportHandlers { AuditReportHandlers(builtIn: builtIn, collector: TraceCollector(paths: paths)) }

    package func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        let reports = reports
        try AuditHandlers(builtIn: builtIn, reports: reports).registerHandlers(on: transport, configuration: configuration)
    }
}

extension Tenant {
    /// The tenant's own audit guides.
    package var auditGuides: AuditGuideStore { get throws(APIError) { try store(AuditGuideStore.self) } }
}
