@testable import MockPlatform
import XCTest

/// `ModuleDirectory`: which module owns a path — the longest prefix that starts it, a prefix
/// `/x/` owning `/x` too, and IQL (`/`) whatever no other module claims.
final class ModuleDirectoryTests: XCTestCase {
    func testTheLongestPrefixOwnsAPathAndItsBareFolder() async throws {
        try await TestPlatform.run { platform in
            let owners = [
                "/wallet/v1/passes/p", "/wallet", "/walletx", "/wallet_/x", "/_mock", "/_mock/health", "/_mockx",
                "/loyalty", "/account/points", "/publisher/", "/campaign-backend", "/wallét/x", "/", "/iql/v1/driver/d1/status",
                "/_mock/webhooks/endpoints", "/_mock/webhooks", "/_mock/webhooksx", "/_mock/iql/drivers", "/_mock/iqlx",
                "/_mock/campaigns", "/_mock/campaigns/c1/send", "/_mock/wallet/logs", "/_mock/walletx",
            ].map { platform.modules.module(for: $0)?.module.name ?? "none" }
            XCTAssertEqual(owners, [
                "wallet", "wallet", "iql", "iql", "control", "control", "iql",
                "loyalty", "loyalty", "publisher", "campaigns", "iql", "iql", "iql",
                "webhooks", "webhooks", "control", "iql-control", "control",
                "campaigns-control", "campaigns-control", "wallet-control", "control",
            ])
        }
    }
}
