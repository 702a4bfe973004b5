import Foundation
import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformRuntime
import NIOCore
import XCTest

/// A tenant's kept answers: sent again only while the state they were read from is unchanged
/// and the clock within their span, and bounded.
final class ResponseCacheTests: XCTestCase {
    private let ok = HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"])
    private let start = Date(timeIntervalSince1970: 1_700_000_000)

    func testAnAnswerHoldsWhileItsStoreIsUnchangedAndTheClockInItsSpan() {
        let answers = ResponseCache(), revision = StateRevision()
        let validity = CacheValidity(revision: revision, readAt: revision.current, from: start, until: start + 60)
        answers.keep(ok, body: ByteBuffer(string: "{}"), for: .init("/a"), while: validity)
        XCTAssertNotNil(answers.answer(for: .init("/a"), at: start))
        XCTAssertNotNil(answers.answer(for: .init("/a"), at: start + 59))
        XCTAssertNil(answers.answer(for: .init("/a"), at: start + 60), "its span has ended")
        XCTAssertNil(answers.answer(for: .init("/a"), at: start - 1), "the clock was set back before it was read")
        XCTAssertNil(answers.answer(for: .init("/b"), at: start), "another path and query")
        revision.advance()
        XCTAssertNil(answers.answer(for: .init("/a"), at: start), "its store changed")
    }

    func testAnAnswerReadEarlierNeverReplacesOneReadLater() {
        let answers = ResponseCache(), revision = StateRevision()
        let earlier = CacheValidity(revision: revision, readAt: revision.current, from: start, until: .distantFuture)
        revision.advance()
        let later = CacheValidity(revision: revision, readAt: revision.current, from: start, until: .distantFuture)
        answers.keep(ok, body: ByteBuffer(string: "later"), for: .init("/a"), while: later)
        answers.keep(ok, body: ByteBuffer(string: "earlier"), for: .init("/a"), while: earlier)
        XCTAssertEqual(answers.answer(for: .init("/a"), at: start).map { String(buffer: $0.1) }, "later")
    }

    func testOnlyA200OfBoundedSizeIsKeptAndAFullSetStartsOver() {
        let answers = ResponseCache(), revision = StateRevision()
        let validity = CacheValidity(revision: revision, readAt: revision.current, from: start, until: .distantFuture)
        answers.keep(HTTPResponse(status: .notFound), body: ByteBuffer(string: "{}"), for: .init("/missing"), while: validity)
        XCTAssertNil(answers.answer(for: .init("/missing"), at: start))
        let large = ByteBuffer(repeating: UInt8(ascii: " "), count: ResponseCache.maxBodyBytes + 1)
        answers.keep(ok, body: large, for: .init("/large"), while: validity)
        XCTAssertNil(answers.answer(for: .init("/large"), at: start))
        let longKey = "/p?" + String(repeating: "q", count: ResponseCache.maxKeyBytes)
        answers.keep(ok, body: ByteBuffer(string: "{}"), for: .init(longKey), while: validity)
        XCTAssertNil(answers.answer(for: .init(longKey), at: start), "a long path and query is answered, not kept")

        for index in 0..<ResponseCache.capacity { answers.keep(ok, body: ByteBuffer(string: "\(index)"), for: .init("/\(index)"), while: validity) }
        XCTAssertNotNil(answers.answer(for: .init("/0"), at: start))
        answers.keep(ok, body: ByteBuffer(string: "more"), for: .init("/more"), while: validity)
        XCTAssertNil(answers.answer(for: .init("/0"), at: start), "keeping one more than the capacity forgets the others")
        XCTAssertNotNil(answers.answer(for: .init("/more"), at: start))
    }

    func testAKeptKeyHoldsOnlyItsOwnBodyNotTheBufferItWasReadFrom() {
        let answers = ResponseCache(), revision = StateRevision()
        let validity = CacheValidity(revision: revision, readAt: revision.current, from: start, until: .distantFuture)
        for index in 0..<ResponseCache.capacity {
            // A request's body as the server reads it: a few bytes sliced from a 64 KiB receive buffer.
            var received = ByteBuffer(repeating: UInt8(ascii: " "), count: 65_536)
            received.setString("{\"state\":\"CA\"}", at: 1_000)
            let body = received.getSlice(at: 1_000, length: 14)!
            answers.keep(ok, body: ByteBuffer(string: "{}"), for: .init("/states/\(index)", body: body), while: validity)
        }
        XCTAssertNotNil(answers.answer(for: .init("/states/0", body: ByteBuffer(string: "{\"state\":\"CA\"}")), at: start))
        XCTAssertLessThanOrEqual(
            answers.heldBytes, ResponseCache.capacity * 2 * (ResponseCache.maxBodyBytes + ResponseCache.maxKeyBytes),
            "\(ResponseCache.capacity) kept answers stay within their bound, allocator rounding included"
        )
    }
}
