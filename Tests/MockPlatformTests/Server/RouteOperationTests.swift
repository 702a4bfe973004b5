import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
@testable import MockWebhooks
import OpenAPIRuntime
import Synchronization
import XCTest

/// `RouteOperation.call`: a body is parsed once. The handler receives what its rule validated,
/// typed by the rule's `RuleValue`, and a rule's refusal stops the request before the handler runs.
final class RouteOperationTests: XCTestCase {
    private static let seen = HTTPField.Name("X-Seen")!
    /// What the probe's handler reads.
    private static let probe = RuleValue<String>()
    /// Another rule's value, which the probe's handler never reads.
    private static let other = RuleValue<String>()

    /// An operation whose rule leaves `ruled` in `slot` (or only checks, when `slot` is nil, or
    /// throws `refusal`) and whose handler answers with `probe`'s value in a header.
    private func operation(ruled: String = "", into slot: RuleValue<String>? = probe, refusal: APIError? = nil) -> RouteOperation {
        let check: @Sendable (RawRequest) throws -> Void = { _ in if let refusal { throw refusal } }
        return RouteOperation(
            id: "probe",
            handler: { _, _, _ in
                let value = try Self.probe.current()
                return (HTTPResponse(status: .ok, headerFields: [Self.seen: value]), nil)
            },
            rule: slot.map { slot in
                .validating(into: slot) { request in
                    try check(request)
                    return ruled
                }
            } ?? .check(check),
            nullShape: nil, parameters: ParameterIndex(document: try! SpecDocument(yaml: "paths: {}"))
        )
    }

    private func call(_ operation: RouteOperation) async throws -> HTTPFields {
        let registry = try TenantRegistry(fixtures: TestFixtures.shared, modules: [])
        let response = try await Tenant.$binding.withValue(TenantBinding(name: .default, registry: registry)) {
            try await operation.call(HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/probe"), body: nil, pathParameters: [:])
        }
        return response.response.headers
    }

    func testTheHandlerReceivesWhatItsRuleValidated() async throws {
        let headers = try await call(operation(ruled: "parsed by the rule"))
        XCTAssertEqual(headers[Self.seen], "parsed by the rule")
    }

    /// A handler reading a value its rule did not leave (the rule only checks, or leaves
    /// another rule's value) is the server's bug: 500, and the value does not outlive its request.
    func testAHandlerAskingForAValueItsRuleDidNotLeaveIsAServerError() async throws {
        for operation in [operation(into: nil), operation(ruled: "for another handler", into: Self.other)] {
            do {
                _ = try await call(operation)
                XCTFail("answered although the rule left no value for the handler")
            } catch let error as APIError {
                XCTAssertEqual(error.status, .internalServerError)
            }
        }
        _ = try await call(operation(ruled: "once"))
        XCTAssertThrowsError(try Self.probe.current(), "outside the request, nothing is left")
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
        let operation = operation()
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
