import MockPlatformKit
import OpenAPIRuntime

/// IQL's control operations as a module: what a test reads and drives of the IQL store under
/// `/_mock/iql/` (`openapi/control.yaml`, tag iql) — drivers, leads, offer retraction and the
/// qualification campaigns. It keeps no store: it uses the one `IQLModule` gives each tenant.
package struct IQLControlModule: PlatformModule {

    package init() {}
    package var name: String { "iql-control" }
    /// Its operations are the control API's.
    package var document: String { "control" }
    package var pathPrefixes: [String] { ["/_mock/iql/"] }
    package var rules: [String: OperationRule] { IQLControlHandlers.rules }

    package func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try IQLControlHandlers().registerHandlers(on: transport, configuration: configuration)
    }
}
