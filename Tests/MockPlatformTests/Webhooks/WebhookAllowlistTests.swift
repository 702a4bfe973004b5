import Foundation
@testable import MockPlatform
@testable import MockWebhooks
import XCTest

/// `--webhook-allow`: hosts, canonical IPv4 and IPv6 addresses and CIDRs; a name is checked by
/// every address it resolves to (A and AAAA) and reached at the address checked; never a host
/// whose address depends on who reads it.
final class WebhookAllowlistTests: XCTestCase {
    /// A resolver standing in for DNS: `hooks.internal` has an A record inside 10.0.0.0/8 and
    /// an AAAA record outside it; `hooks.lab` has A and AAAA both allowed.
    private static let resolver: @Sendable (String) -> [IPAddress] = { name in
        switch name {
        case "hooks.internal": ["10.0.0.5", "fd00::2"].compactMap(IPAddress.init)
        case "hooks.lab": ["10.0.0.6", "fd00:1::6"].compactMap(IPAddress.init)
        case "hooks.test": ["127.0.0.1"].compactMap(IPAddress.init)
        default: []
        }
    }

    func testAmbiguousIPv4FormsAreNeverAllowed() throws {
        let list = try WebhookAllowlist(parsing: "12.0.0.0/8, 127.0.0.0/8")
        XCTAssertTrue(list.allows(host: "12.0.0.1"))
        XCTAssertTrue(list.allows(host: "127.0.0.1"))
        // A resolver reads 012.0.0.1 as octal 10.0.0.1; 0x7f.1 and 2130706433 as 127.0.0.1.
        for host in ["012.0.0.1", "0x7f.0.0.1", "127.1", "2130706433", "0177.0.0.1", "0x7f000001"] {
            XCTAssertFalse(list.allows(host: host), host)
        }
        XCTAssertThrowsError(try WebhookAllowlist(parsing: "012.0.0.0/8"))
        XCTAssertThrowsError(try WebhookAllowlist(parsing: "fd00::/129"))
    }

    /// The finding: a name with A 10.0.0.5 and AAAA fd00::2 passed `10.0.0.0/8` (only its A
    /// record was looked at) and the delivery could go to fd00::2.
    func testANameIsCheckedByEveryAddressItResolvesTo() throws {
        let ten = try WebhookAllowlist(parsing: "10.0.0.0/8", resolver: Self.resolver)
        XCTAssertNil(ten.addresses(for: "hooks.internal"), "its AAAA record is outside 10.0.0.0/8")
        XCTAssertFalse(ten.allows(host: "no-such-host.invalid"), "a name that does not resolve")
        let both = try WebhookAllowlist(parsing: "10.0.0.0/8, fd00::/16", resolver: Self.resolver)
        XCTAssertEqual(both.addresses(for: "hooks.internal")?.map(\.description), ["10.0.0.5", "fd00::2"], "the addresses checked")
        XCTAssertEqual(both.addresses(for: "[FD00::9]"), [], "an allowed IPv6 literal is reached as written")
        XCTAssertNil(both.addresses(for: "fe80::1"))
        let narrow = try WebhookAllowlist(parsing: "10.0.0.0/8, fd00::/64", resolver: Self.resolver)
        XCTAssertNil(narrow.addresses(for: "hooks.lab"), "fd00:1::6 is outside fd00::/64")
        XCTAssertEqual(try WebhookAllowlist(parsing: "hooks.example.com").addresses(for: "HOOKS.example.com"), [], "a named host")
        XCTAssertEqual(WebhookAllowlist.any.addresses(for: "012.0.0.1"), [], "no allowlist: anything")
    }

    /// The delivery connects to the address the allowlist checked, not to what a second lookup
    /// says: `hooks.test` resolves (for the allowlist only) to the receiver's 127.0.0.1, and
    /// no DNS server knows it, so the attempt reaches the receiver only through the checked address.
    func testADeliveryConnectsToTheAddressChecked() async throws {
        let receiver = WebhookReceiver()
        let port = try await receiver.start()
        let transport = WebhookTransport(allowlist: try WebhookAllowlist(parsing: "127.0.0.0/8", resolver: Self.resolver))
        let outcome = await transport.post(
            url: "http://hooks.test:\(port)/hook", headers: [("Content-Type", "application/json")], body: Data("{}".utf8), timeout: .seconds(5)
        )
        XCTAssertEqual(outcome.statusCode, 200, outcome.error ?? "")
        XCTAssertEqual(receiver.deliveries.count, 1)
        let refused = await transport.post(url: "http://hooks.internal:\(port)/hook", headers: [], body: Data(), timeout: .seconds(5))
        XCTAssertEqual(refused.error, "target host is not allowed by --webhook-allow")
    }
}
