@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
import OpenAPIRuntime
import XCTest

/// `PlatformModule.stateKey`: where a module's store is kept in a snapshot. Two stores under one
/// key would overwrite each other, so a tenant refuses them and the start fails naming the key.
final class ModuleStateKeyTests: XCTestCase {
    func testTwoStoresUnderOneKeyStopTheStart() {
        let document = "openapi: 3.1.0\ninfo: {title: clash, version: '1'}\npaths: {}\n"
        XCTAssertThrowsError(try TestTenant.registry(adding: [ClashingModule()], documents: ["clash": document])) { error in
            XCTAssertTrue("\(error)".contains("two modules keep their state under loyalty"), "\(error)")
        }
    }

    func testTheWebhookStoreIsKeptUnderControl() async throws {
        let tenant = try TestTenant.fresh()
        let endpoint = try await tenant.webhooks.createEndpoint(url: "http://127.0.0.1:1/hook", events: nil, secret: nil, enabled: false)
        let stores = try await tenant.snapshot().stores
        let control = try XCTUnwrap(stores["control"]?.json().text, "no control section")
        XCTAssertTrue(control.contains(endpoint.id), control)
        XCTAssertNil(stores["webhooks"])
    }
}

/// A module whose store claims the loyalty module's key.
private struct ClashingModule: PlatformModule {
    var name: String { "clash" }
    var stateKey: String { "loyalty" }
    var pathPrefixes: [String] { ["/clash/"] }

    func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? { ClashingStore() }
    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {}
}

private actor ClashingStore: ModuleStore {
    func snapshot() -> StoreState { StoreState(.object([:])) }
}
