import HTTPTypes
import Hummingbird
import Logging
@testable import MockPlatform
@testable import MockPlatformKit
import NIOCore
import XCTest

/// `RequestBodyReader`: only a body over the limit is a 413; a body that cannot be read is a 400;
/// a body is JSON when its media type is `application/json`, in any case.
final class RequestBodyReaderTests: XCTestCase {
    func testTheMediaTypeIsApplicationJSONInAnyCaseWithOrWithoutParameters() {
        for accepted in ["application/json", "Application/JSON; charset=utf-8", " application/json\t", "application/json;", "APPLICATION/JSON ;q=1"] {
            XCTAssertTrue(RequestBodyReader.isJSON(accepted), accepted)
        }
        for refused in ["", "application/jsonx", "text/json", "application/json-patch+json", "application /json", "application/json\u{0C}", "; application/json", " \t", "applicat\u{0131}on/json", "application/js"] {
            XCTAssertFalse(RequestBodyReader.isJSON(refused), refused)
        }
    }

    private struct ConnectionClosed: Error {}

    /// A body stream that yields one chunk and then fails, as a client that went away does.
    private struct BrokenBody: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        struct AsyncIterator: AsyncIteratorProtocol {
            var sent = false
            mutating func next() async throws -> ByteBuffer? {
                guard !sent else { throw ConnectionClosed() }
                sent = true
                return ByteBuffer(string: "{\"a\":")
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
    }

    private func request(_ body: RequestBody) -> Request {
        Request(head: HTTPRequest(method: .post, scheme: "http", authority: "localhost", path: "/_mock/clock"), body: body)
    }

    func testABrokenBodyIsABadRequestNotTooLarge() async {
        var broken = request(RequestBody(asyncSequence: BrokenBody()))
        do {
            _ = try await RequestBodyReader.json(of: &broken, shape: ProblemErrorShape(), logger: Logger(label: "test"))
            XCTFail("a broken body was read")
        } catch {
            XCTAssertEqual(error, APIError.badRequest("request body could not be read"))
        }
    }

    func testABodyOverTheLimitIsTooLarge() async {
        var large = request(RequestBody(buffer: ByteBuffer(repeating: 0x20, count: RequestBodyReader.maxBytes + 1)))
        do {
            _ = try await RequestBodyReader.json(of: &large, shape: ProblemErrorShape(), logger: Logger(label: "test"))
            XCTFail("an oversized body was read")
        } catch {
            XCTAssertEqual(error.status, .contentTooLarge)
        }
    }

    func testJSONBodiesNestDeeperThanSixtyFourLevelsAreRefusedInEachAPIsShape() async throws {
        try await TestPlatform.run { platform in
            func nested(_ depth: Int) -> String {
                #"{"payload":"# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
            }
            let deepest = try await platform.send(.post, "/_mock/campaigns", body: nested(64), headers: [.contentType: "application/json"])
            XCTAssertNotEqual(deepest.text, "", "64 levels parse")
            XCTAssertFalse(deepest.text.contains("nested deeper"), deepest.text)
            try await platform.send(.post, "/_mock/campaigns", body: nested(65), headers: [.contentType: "application/json"])
                .assertProblem(.badRequest, "JSON body nested deeper than 64 levels")
            let iql = try await platform.iql(.put, "/iql/v1/driver/d1/info", body: nested(65))
            XCTAssertEqual(iql.status, .badRequest)
            XCTAssertEqual(iql.iqlError, "JSON body nested deeper than 64 levels")
            let counted = Int(try await LimitMetrics.rejections("json_depth", platform))
            XCTAssertEqual(counted, 2)
        }
    }
}
