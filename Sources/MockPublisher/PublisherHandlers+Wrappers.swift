import Foundation
import HTTPTypes
import MockPlatformKit
import PublisherAPI

/// The reference backend's wrappers for the app (`openapi/publisher.yaml` updateDriverInfo,
/// getDriverStatus, getAdUnit, postSupportedStateDetails). The app's `API` calls its own
/// backend, which proxies IQL with the tenant's API key: each wrapper's rule forwards the
/// request to its IQL operation (`RouteForwarder`), so that IQL's checks, messages and effects
/// come first; the handler then answers what IQL answered, in the app's own reader's form.
extension PublisherHandlers {
    static let wrapperRules: [String: OperationRule] = [
        Operations.UpdateDriverInfo.id: .validating(into: iqlAnswer) { request in
            try await forward(.put, "/iql/v1/driver/\(driverSegment(request))/info", request, json: request.json)
        },
        Operations.GetDriverStatus.id: .validating(into: iqlAnswer) { request in
            try await forward(.get, "/iql/v1/driver/\(driverSegment(request))/status", request)
        },
        Operations.GetAdUnit.id: .validating(into: iqlAnswer) { request in
            try await forward(.get, "/iql/v2/ad_unit/\(driverSegment(request))", request)
        },
        Operations.PostSupportedStateDetails.id: .validating(into: iqlAnswer) { request in
            try await forward(.post, "/iql/v1/supported_state_details", request, json: request.json)
        },
    ]

    /// What IQL answered the wrapper's forwarded request (each wrapper's rule leaves it here).
    private static let iqlAnswer = RuleValue<IQLAnswer>()

    /// The app decodes `Bool`: IQL's `{"success": "true"}` becomes `true`.
    func updateDriverInfo(_ input: Operations.UpdateDriverInfo.Input) async throws -> Operations.UpdateDriverInfo.Output {
        _ = try Self.iqlAnswer.current()
        return .ok(.init(body: .json(true)))
    }

    func getDriverStatus(_ input: Operations.GetDriverStatus.Input) async throws -> Operations.GetDriverStatus.Output {
        .ok(.init(body: .json(try Self.iqlAnswer.current().decoded())))
    }

    func getAdUnit(_ input: Operations.GetAdUnit.Input) async throws -> Operations.GetAdUnit.Output {
        .ok(.init(headers: .init(cacheControl: .noStore), body: .json(try Self.iqlAnswer.current().decoded())))
    }

    func postSupportedStateDetails(
        _ input: Operations.PostSupportedStateDetails.Input
    ) async throws -> Operations.PostSupportedStateDetails.Output {
        .ok(.init(body: .json(try Self.iqlAnswer.current().decoded())))
    }

    /// IQL's answer to a forwarded request, or its refusal as the backend passes it on: the
    /// same status, IQL's message as `detail` (`DRFErrorShape`).
    private static func forward(
        _ method: HTTPRequest.Method, _ path: String, _ request: RawRequest, json: [String: JSONValue]? = nil
    ) async throws -> IQLAnswer {
        guard let forwarder = Tenant.binding?.forwarder else { throw APIError.internal }
        do {
            let answer = try await forwarder.answer(method, request.query.map { path + "?" + $0 } ?? path, json: json)
            return IQLAnswer(body: Data(answer.body.readableBytesView))
        } catch let refusal as APIError {
            throw APIError(refusal.status, refusal.message, headers: refusal.headers, limit: refusal.limit)
        }
    }

    private static func driverSegment(_ request: RawRequest) -> String {
        (request.pathParameters["driver_id"] ?? "").percentEncodedPathSegment
    }
}

/// The body of IQL's 200 to a forwarded request.
private struct IQLAnswer: Sendable {
    let body: Data

    /// The body as the wrapper's generated type, which its document declares as IQL's.
    func decoded<Value: Decodable>() throws -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: body)
        } catch {
            throw APIError.internal
        }
    }
}
