@testable import MockPlatform
import XCTest

/// `--webhook-allow`: hosts, canonical IPv4 addresses and CIDRs; never a host whose address
/// depends on who reads it.
final class WebhookAllowlistTests: XCTestCase {
    func testAmbiguousIPv4FormsAreNeverAllowed() throws {
        let list = try WebhookAllowlist(parsing: "12.0.0.0/8, 127.0.0.0/8")
        XCTAssertTrue(list.allows(host: "12.0.0.1"))
        XCTAssertTrue(list.allows(host: "127.0.0.1"))
        // A resolver reads 012.0.0.1 as octal 10.0.0.1; 0x7f.1 and 2130706433 as 127.0.0.1.
        for host in ["012.0.0.1", "0x7f.0.0.1", "127.1", "2130706433", "0177.0.0.1", "0x7f000001"] {
            XCTAssertFalse(list.allows(host: host), host)
        }
        XCTAssertThrowsError(try WebhookAllowlist(parsing: "012.0.0.0/8"))
    }

    func testANameIsCheckedByTheAddressItResolvesTo() throws {
        let loopback = try WebhookAllowlist(parsing: "127.0.0.0/8")
        XCTAssertTrue(loopback.allows(host: "localhost"), "localhost resolves into 127.0.0.0/8")
        let elsewhere = try WebhookAllowlist(parsing: "10.0.0.0/8")
        XCTAssertFalse(elsewhere.allows(host: "localhost"), "localhost resolves outside 10.0.0.0/8")
        XCTAssertFalse(elsewhere.allows(host: "no-such-host.invalid"), "a name that does not resolve")
        XCTAssertTrue(try WebhookAllowlist(parsing: "hooks.example.com").allows(host: "HOOKS.example.com"), "a named host")
        XCTAssertTrue(WebhookAllowlist.any.allows(host: "012.0.0.1"), "no allowlist: anything")
    }
}
