import Foundation
import HTTPTypes
@testable import MockCampaigns
@testable import MockIQL
@testable import MockPlatform
@testable import MockPlatformKit
import OpenAPIRuntime
import XCTest

/// A query or path parameter whose value its schema does not take: the 400 names the parameter,
/// what it takes and what was sent, in the error shape of the API (`openapi/control.yaml`,
/// errors). The generated decoder's own error names neither.
final class ParameterErrorTests: XCTestCase {
    func testControlQueryParametersOfTheWrongTypeAreNamed() async throws {
        try await TestPlatform.run { platform in
            let cases: [(String, String)] = [
                ("/_mock/requests?limit=abc", #"query parameter limit must be an integer between 1 and 10000, got "abc""#),
                ("/_mock/requests/count?method=GET&status=2xx", #"query parameter status must be an integer between 0 and 599, got "2xx""#),
                ("/_mock/requests?since=yesterday", #"query parameter since must be an RFC 3339 date-time, got "yesterday""#),
                ("/_mock/events?since=2024-06-10", #"query parameter since must be an RFC 3339 date-time, got "2024-06-10""#),
                ("/_mock/webhooks/messages?status=bogus", #"query parameter status must be one of pending, delivered, failed, got "bogus""#),
                ("/_mock/pushes?platform=web", #"query parameter platform must be ios or android, got "web""#),
                (
                    "/_mock/webhooks/messages?event=bogus",
                    #"query parameter event must be one of qualification, non_telematics_qualification, disqualification_status, offer_retraction, offer_click, engagement, silent_push_notification, got "bogus""#
                ),
                (
                    "/_mock/pushes?kind=bogus",
                    #"query parameter kind must be one of iql_qualification, iql_heartbeat, synerise_campaign, wallet_pass_update, got "bogus""#
                ),
                ("/_mock/iql/drivers?limit=a%20b", #"query parameter limit must be an integer between 1 and 1000, got "a b""#),
                ("/t/ci-1/_mock/requests?limit=", #"query parameter limit must be an integer between 1 and 10000, got """#),
            ]
            for (path, detail) in cases {
                try await platform.send(.get, path).assertProblem(.badRequest, detail)
            }
            let long = String(repeating: "x", count: 100)
            try await platform.send(.get, "/_mock/requests?limit=\(long)")
                .assertProblem(.badRequest, "query parameter limit must be an integer between 1 and 10000, got \"\(long.prefix(64))…\"")
            try await platform.send(.get, "/_mock/requests?limit=0")
                .assertProblem(.badRequest, "limit must be between 1 and 10000")
            let fits = try await platform.send(.get, "/_mock/requests?limit=5&status=404")
            XCTAssertEqual(fits.status, .ok, fits.text)
        }
    }

    /// IQL checks its own parameters before the generated decoder (`limit must be an integer
    /// between 1 and 100`, `DriverTripsTests`); a refusal that reaches the decoder is still named,
    /// and in IQL's `{"success":"false","error":…}` shape.
    func testARefusalTheDecoderMakesIsNamedInIQLsShape() async throws {
        let document = """
        paths:
          /iql/v1/driver/{driver_id}/trips:
            parameters:
              - {name: driver_id, in: path, required: true, schema: {type: string}}
            get:
              operationId: listDriverTrips
              parameters:
                - {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 100}}
        """
        let operation = RouteOperation(
            id: "listDriverTrips",
            handler: { request, body, metadata in
                throw ServerError(
                    operationID: "listDriverTrips", request: request, requestBody: body, requestMetadata: metadata,
                    causeDescription: "Unknown", underlyingError: DecodingError.typeMismatch(Int.self, .init(codingPath: [], debugDescription: "Failed to convert"))
                )
            },
            rule: nil, nullShape: nil, parameters: ParameterIndex(document: try SpecDocument(yaml: document))
        )
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/iql/v1/driver/d1/trips?limit=abc")
        var refusal: APIError?
        do {
            _ = try await operation.call(request, body: nil, pathParameters: ["driver_id": "d1"])
        } catch {
            refusal = error as? APIError
        }
        let (response, body) = IQLErrorShape().render(try XCTUnwrap(refusal), context: ErrorContext(path: "/iql/v1/driver/d1/trips", now: Date()))
        XCTAssertEqual(response.status, .badRequest)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: body) as? [String: String])
        XCTAssertEqual(json, ["success": "false", "error": #"query parameter limit must be an integer between 1 and 100, got "abc""#])
    }

    /// Path parameters are checked too, before query ones; a request whose parameters all fit
    /// keeps the general message.
    func testPathParametersComeFirstAndAFitKeepsTheGeneralMessage() throws {
        let index = ParameterIndex(document: try SpecDocument(yaml: """
        components:
          schemas:
            Platform: {type: string, enum: [IOS, ANDROID]}
        paths:
          /p/{platform}:
            get:
              operationId: op
              parameters:
                - {name: platform, in: path, required: true, schema: {$ref: '#/components/schemas/Platform'}}
                - {name: dry, in: query, schema: {type: boolean}}
        """))
        XCTAssertEqual(
            index.refusal(operationID: "op", path: "/p/WEB?dry=maybe", pathParameters: ["platform": "WEB"]),
            #"path parameter platform must be IOS or ANDROID, got "WEB""#
        )
        XCTAssertEqual(
            index.refusal(operationID: "op", path: "/p/IOS?dry=maybe", pathParameters: ["platform": "IOS"]),
            #"query parameter dry must be true or false, got "maybe""#
        )
        XCTAssertNil(index.refusal(operationID: "op", path: "/p/IOS?dry=true", pathParameters: ["platform": "IOS"]))
    }
}
