@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime

/// Tenants of the server `TestPlatform` runs — the same modules, fixtures and composition
/// (`TestPlatform.makeResponder`) — taken without sending requests, for tests of one store or
/// of the runtime.
enum TestTenant {
    /// The default tenant of a fresh registry.
    static func fresh() throws -> Tenant {
        try registry().tenant(.default)
    }

    /// The registry of a server with the bundled modules and then `extra` (their documents in
    /// `documents`, by module name).
    static func registry(
        platforms: [any Platform.Type] = MockPlatformServer.platforms, adding extra: [any PlatformModule] = [], documents: [String: String] = [:]
    ) throws -> TenantRegistry {
        try TestPlatform.makeResponder(platforms: platforms, plugging: extra, documents: documents).0.tenants
    }
}
