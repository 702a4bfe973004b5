import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
@testable import MockWebhooks
import OpenAPIRuntime
import Synchronization
import XCTest

/// `RouteOperation.call`: a body is parsed once. The handler receives what its rule validated,
/// and a rule's refusal stops the request before the handler runs.
final class RouteOperationTests: XCTestCase {
    private static let seen = HTTPField.Name("X-Seen")!

    /// An operation whose rule returns `ruled` (or throws `refusal`) and whose handler answers
    /// with the `String` it reads as validated in a header.
    private func operation(ruled: (any Sendable)?, refusal: APIError? = nil) -> RouteOperation {
        RouteOperation(
            id: "probe",
            handler: { _, _, _ in
                let value = try RequestBody.validated(String.self)
                return (HTTPResponse(status: .ok, headerFields: [Self.seen: value]), nil)
            },
            rule: { _ in
                if let refusal { throw refusal }
                return ruled
            },
            nullShape: nil, parameters: ParameterIndex(document: try! SpecDocument(yaml: "paths: {}"))
        )
    }

    private func call(_ operation: RouteOperation) async throws -> HTTPFields {
        let registry = try TenantRegistry(fixtures: TestFixtures.shared, modules: [])
        let response = try await Tenant.$binding.withValue(TenantBinding(name: .default, registry: registry)) {
            try await operation.call(HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/probe"), body: nil, pathParameters: [:])
        }
        return response.headers
    }

    func testTheHandlerReceivesWhatItsRuleValidated() async throws {
        let headers = try await call(operation(ruled: "parsed by the rule"))
        XCTAssertEqual(headers[Self.seen], "parsed by the rule")
    }

    func testAHandlerAskingForAValueItsRuleDidNotReturnIsAServerError() async throws {
        for ruled in [nil, 42 as any Sendable] {
            do {
                _ = try await call(operation(ruled: ruled))
                XCTFail("answered although the rule returned \(String(describing: ruled))")
            } catch let error as APIError {
                XCTAssertEqual(error.status, .internalServerError)
            }
        }
    }

    func testARuleRefusalIsTheAnswer() async throws {
        do {
            _ = try await call(operation(ruled: "unused", refusal: .badRequest("reason is required")))
            XCTFail("answered although the rule refused")
        } catch let error as APIError {
            XCTAssertEqual(error.status, .badRequest)
            XCTAssertEqual(error.message, "reason is required")
        }
    }

    /// Only input the generated decoder refused is the client's fault (400); a decoding error of
    /// the server's own code, after the input was decoded, is a 500.
    func testDecodingErrorsOfHandlersAreServerErrors() {
        let decoding = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "ours"))
        func serverError(input: (any Sendable)?) -> ServerError {
            ServerError(
                operationID: "getIQLDriver", request: HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/"),
                requestBody: nil, requestMetadata: .init(), operationInput: input, operationOutput: nil,
                causeDescription: "Handler failed", underlyingError: decoding
            )
        }
        let operation = operation(ruled: nil)
        XCTAssertEqual(operation.refusal(for: serverError(input: nil)).status, .badRequest)
        XCTAssertEqual(operation.refusal(for: serverError(input: "decoded input")).status, .internalServerError)
    }

    /// A constant operation's handler answers once; later calls get its 200 again, head and
    /// body. An answer that is not a 200 is not kept.
    func testAConstantOperationAnswersOnceAndIsSentAgain() async throws {
        let calls = Mutex(0)
        let operation = RouteOperation(
            id: "constant",
            handler: { _, _, _ in
                let call = calls.withLock { count in
                    count += 1
                    return count
                }
                let status: HTTPResponse.Status = call == 1 ? .serviceUnavailable : .ok
                return (HTTPResponse(status: status, headerFields: [Self.seen: "\(call)"]), HTTPBody("call \(call)"))
            },
            rule: nil, nullShape: nil, parameters: ParameterIndex(document: try! SpecDocument(yaml: "paths: {}")),
            constantAnswer: ConstantAnswer()
        )
        var seen: [String?] = []
        for _ in 0..<4 { seen.append(try await call(operation)[Self.seen]) }
        XCTAssertEqual(seen, ["1", "2", "2", "2"])
        XCTAssertEqual(calls.withLock { $0 }, 2)
        let (_, body) = try XCTUnwrap(operation.constantAnswer?.answer)
        XCTAssertEqual(String(buffer: body), "call 2")
    }

    func testAnEmptyPathParameterIsNeverRoutedAsAnotherOperation() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.get, "/_mock/campaigns/").assertProblem(.notFound, "unknown control endpoint")
            try await platform.send(.post, "/_mock/campaigns//send", json: ["device_tokens": ["t"]]).assertProblem(.notFound, "unknown control endpoint")
            try await platform.send(.get, "/t/ci-1/_mock/campaigns/").assertProblem(.notFound, "unknown control endpoint")
            let list = try await platform.send(.get, "/_mock/campaigns")
            XCTAssertEqual(list.status, .ok)
            let trailing = try await platform.iql(.get, "/iql/v1/locations/")
            XCTAssertEqual(trailing.status, .ok, "a trailing slash is still accepted")
        }
    }
}
