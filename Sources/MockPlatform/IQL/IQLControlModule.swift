import OpenAPIRuntime

/// IQL's control operations as a module: what a test reads and drives of the IQL store under
/// `/_mock/iql/` (`openapi/control.yaml`, tag iql) — drivers, leads, offer retraction and the
/// qualification campaigns. It keeps no store: it uses the one `IQLModule` gives each tenant.
struct IQLControlModule: PlatformModule {
    var name: String { "iql-control" }
    /// Its operations are the control API's.
    var document: String { "control" }
    var pathPrefixes: [String] { ["/_mock/iql/"] }
    var rules: [String: OperationRule] { IQLControlHandlers.rules }

    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try IQLControlHandlers().registerHandlers(on: transport, configuration: configuration)
    }
}
