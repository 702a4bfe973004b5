import ControlAPI
import OpenAPIRuntime

/// The `/_mock` control API (`openapi/control.yaml`) as a module: it keeps no state of its own,
/// and reads and drives the tenant's runtime and the other modules' stores.
struct ControlModule: PlatformModule {
    let specs: SpecCatalog

    var name: String { "control" }
    var pathPrefixes: [String] { ["/_mock/"] }
    var errorShape: any ErrorShape { ProblemErrorShape() }
    var rules: [String: OperationRule] { ControlHandlers.rules }

    func registerHandlers(
        on transport: any ServerTransport, configuration: Configuration, middlewares: [any ServerMiddleware]
    ) throws {
        try ControlHandlers(specs: specs)
            .registerHandlers(on: transport, configuration: configuration, middlewares: middlewares)
    }
}
