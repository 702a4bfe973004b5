import HTTPTypes

/// A request the server refuses, with the status and message the contract prescribes.
///
/// Handlers and rules throw it; the API surface the request arrived on renders it in that API's
/// own error shape (IQL `{"success":"false","error":…}`, publisher DRF, control problem+json).
public struct APIError: Error, Sendable, Equatable {
    public var status: HTTPResponse.Status
    public var message: String
    /// Field-level messages for APIs whose error shape names fields (the publisher's DRF shape).
    public var field: String?
    /// Extra response headers, e.g. `Allow` on a 405.
    public var headers: HTTPFields
    /// The reason as a code, for APIs whose error shape names one (the loyalty problem `type`).
    public var code: String?
    /// The limit on hostile input that refused the request (`quota_drivers`, `wallet_log`, ...),
    /// counted in `mockplatform_limit_rejections_total` when the error is answered.
    public var limit: String?

    public init(
        _ status: HTTPResponse.Status, _ message: String, field: String? = nil, headers: HTTPFields = [:], code: String? = nil,
        limit: String? = nil
    ) {
        self.status = status
        self.message = message
        self.field = field
        self.headers = headers
        self.code = code
        self.limit = limit
    }

    public static func badRequest(_ message: String, field: String? = nil) -> APIError {
        APIError(.badRequest, message, field: field)
    }

    /// A bug: the only 500 the server answers.
    public static let `internal` = APIError(.internalServerError, "internal server error")

    public static func notFound(_ message: String) -> APIError {
        APIError(.notFound, message)
    }
}
