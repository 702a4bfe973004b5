import Foundation
@testable import MockPlatform

/// Tenants built from the test fixtures with every module's store, outside any server, for
/// tests of one store or of the runtime (`TestPlatform` is the same behind the front door).
enum TestTenant {
    /// The default tenant of a fresh registry.
    static func fresh() throws -> Tenant {
        try registry().tenant(.default)
    }

    /// A registry of the bundled modules and then `extra`.
    static func registry(adding extra: [any PlatformModule] = []) throws -> TenantRegistry {
        let bundled = try MockPlatformServer.modules(
            fixtures: TestFixtures.shared, specs: try SpecCatalog.bundled(), publicURL: PublicBaseURL("http://x"),
            webhooks: WebhookTransport(),
            passIssuer: PassIssuer(
                identity: try SigningIdentity.development(in: URL(fileURLWithPath: ".mock-platform/wallet"), now: Date()),
                publicURL: PublicBaseURL("http://x")
            )
        )
        return try TenantRegistry(fixtures: TestFixtures.shared, modules: bundled + extra)
    }
}
