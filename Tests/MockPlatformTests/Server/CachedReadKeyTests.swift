import HTTPTypes
@testable import MockPlatformKit
@testable import MockPlatformRuntime
import NIOCore
import XCTest

/// `CachedRead.key`: what of a request keys its kept answer.
final class CachedReadKeyTests: XCTestCase {
    private let head = HTTPRequest(method: .post, scheme: "http", authority: "mock.test", path: "/iql/v1/supported_state_details")

    func testABodyIsPartOfTheKeyByItsBytesOnlyWhenItIsShort() {
        let read = CachedRead(), target = "/iql/v1/supported_state_details"
        let arizona = read.key(target: target, head: head, body: ByteBuffer(string: #"{"state_code":"AZ"}"#))
        let texas = read.key(target: target, head: head, body: ByteBuffer(string: #"{"state_code":"TX"}"#))
        XCTAssertNotNil(arizona)
        XCTAssertNotEqual(arizona, texas, "two bodies, two keys")
        var framed = ByteBuffer(string: #"  {"state_code":"AZ"}"#)
        framed.moveReaderIndex(forwardBy: 2)
        XCTAssertEqual(read.key(target: target, head: head, body: framed), arizona, "the same bytes, wherever they sit in their buffer")
        XCTAssertNotEqual(read.key(target: target, head: head, body: ByteBuffer(bytes: [0x7B, 0xFF, 0x7D])),
                          read.key(target: target, head: head, body: ByteBuffer(bytes: [0x7B, 0xFE, 0x7D])), "bytes, not text")
        XCTAssertNotEqual(read.key(target: target, head: head, body: ByteBuffer()), read.key(target: target, head: head, body: nil),
                          "an empty body is not the absence of one")
        let long = ByteBuffer(repeating: UInt8(ascii: " "), count: ResponseCache.maxKeyBytes + 1)
        XCTAssertNil(read.key(target: target, head: head, body: long), "longer than any kept key: not copied into one")
    }

    func testDeclaredHeadersAndTheBaseArePartOfTheKey() {
        let member = HTTPField.Name("Poq-User-Id")!
        var gold = HTTPRequest(method: .get, scheme: "http", authority: "mock.test", path: "/loyalty/v1/summary")
        gold.headerFields[member] = "member-gold"
        var silver = gold
        silver.headerFields[member] = "member-silver"
        let perMember = CachedRead(headers: [member])
        XCTAssertNotEqual(perMember.key(target: "/loyalty/v1/summary", head: gold, body: nil),
                          perMember.key(target: "/loyalty/v1/summary", head: silver, body: nil))
        XCTAssertEqual(CachedRead().key(target: "/loyalty/v1/summary", head: gold, body: nil), ResponseCache.Key("/loyalty/v1/summary"))

        var elsewhere = gold
        elsewhere.authority = "elsewhere.test"
        let onBase = CachedRead(followsBase: true)
        XCTAssertNotEqual(onBase.key(target: "/iql/v2/ad_unit/d1", head: gold, body: nil),
                          onBase.key(target: "/iql/v2/ad_unit/d1", head: elsewhere, body: nil))
    }
}
