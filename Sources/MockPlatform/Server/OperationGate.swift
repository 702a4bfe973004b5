import Foundation
import HTTPTypes
import OpenAPIRuntime

/// What an operation's contract rules see of a request before its input is decoded.
public struct RawRequest: Sendable {
    /// The JSON body, for operations that take one.
    public var json: [String: JSONValue]
    /// Path parameters, percent-decoded.
    public var pathParameters: [String: String]
    /// The request's header fields (those the generated input leaves out, such as
    /// `Authorization`, included).
    public var headers: HTTPFields = [:]
}

/// Contract checks of one operation, run before the generated decoder so that each rule's own
/// message and the contract's check order hold. Throws the first failure.
public typealias OperationRule = @Sendable (RawRequest) async throws -> Void

/// The generated server's outermost middleware for one module: runs the operation's rules, then
/// renders any error a handler throws in that module's error shape, counting the refusals that
/// enforce a limit on hostile input.
struct OperationGate: ServerMiddleware {
    let shape: any ErrorShape
    let rules: [String: OperationRule]
    let metrics: PlatformMetrics
    /// The module document's declared parameters, to name the one a refused request got wrong.
    var parameters: ParameterIndex?

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        do {
            if let rule = rules[operationID] {
                let parameters = metadata.pathParameters.mapValues { String($0).removingPercentEncoding ?? String($0) }
                try await rule(RawRequest(json: RequestBody.json ?? [:], pathParameters: parameters, headers: request.headerFields))
            }
            return try await next(request, body, metadata)
        } catch {
            let binding = try? Tenant.boundBinding()
            let context = ErrorContext(
                path: String((request.path ?? "/").prefix { $0 != "?" }), now: binding.map { $0.registry.now(of: $0.name) } ?? Date()
            )
            let refusal = Self.apiError(for: error, parameters: parameters)
            if let limit = refusal.limit { metrics.recordLimitRejection(limit) }
            let rendered = shape.render(refusal, context: context)
            return (rendered.0, HTTPBody(rendered.1))
        }
    }

    /// The contract error behind a thrown error: a handler's own `APIError`; a 400 for input the
    /// generated decoder refused (the runtime then has no decoded input), naming the parameter
    /// whose value its declaration refuses when `parameters` finds one (the decoder's own error
    /// names neither); a 500 for anything else, decoding errors of the server's own code
    /// included. The middlewares inside this one throw only `APIError`s, so a missing input
    /// otherwise means the request was at fault.
    static func apiError(for error: any Error, parameters: ParameterIndex? = nil) -> APIError {
        if let error = error as? APIError { return error }
        if let error = error as? ServerError {
            if let underlying = error.underlyingError as? APIError { return underlying }
            if error.operationInput == nil, error.operationOutput == nil {
                let named = parameters?.refusal(
                    operationID: error.operationID, path: error.request.path, pathParameters: error.requestMetadata.pathParameters
                )
                return .badRequest(named ?? "request does not match the \(error.operationID) schema")
            }
        }
        return .internal
    }
}
