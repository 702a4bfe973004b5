import Foundation
@testable import MockPlatform

/// A tenant built from the test fixtures with every module's store, outside any server, for
/// tests of one store.
enum TestTenant {
    static func fresh() throws -> Tenant {
        let registry = try TenantRegistry(fixtures: TestFixtures.shared, modules: MockPlatformServer.modules(
            fixtures: TestFixtures.shared, specs: try SpecCatalog.bundled(), publicURL: PublicBaseURL("http://x"),
            webhooks: WebhookTransport(), adminToken: nil,
            passIssuer: PassIssuer(
                identity: try SigningIdentity.development(in: URL(fileURLWithPath: ".mock-platform/wallet"), now: Date()),
                publicURL: PublicBaseURL("http://x")
            )
        ))
        return try registry.tenant(.default)
    }
}
