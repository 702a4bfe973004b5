import HTTPTypes

/// A request the server refuses, with the status and message the contract prescribes.
///
/// Handlers and rules throw it; the API surface the request arrived on renders it in that API's
/// own error shape (IQL `{"success":"false","error":…}`, publisher DRF, control problem+json).
package struct APIError: Error, Sendable, Equatable {
    package var status: HTTPResponse.Status
    package var message: String
    /// Field-level messages for APIs whose error shape names fields (the publisher's DRF shape).
    package var field: String?
    /// Extra response headers, e.g. `Allow` on a 405.
    package var headers: HTTPFields
    /// The reason as a code, for APIs whose error shape names one (the loyalty problem `type`).
    package var code: String?
    /// The limit on hostile input this refusal enforces, counted in `/_mock/metrics` when the
    /// front door renders it.
    package var limit: LimitRejection?

    package init(
        _ status: HTTPResponse.Status, _ message: String, field: String? = nil, headers: HTTPFields = [:], code: String? = nil,
        limit: LimitRejection? = nil
    ) {
        self.status = status
        self.message = message
        self.field = field
        self.headers = headers
        self.code = code
        self.limit = limit
    }

    package static func badRequest(_ message: String, field: String? = nil, limit: LimitRejection? = nil) -> APIError {
        APIError(.badRequest, message, field: field, limit: limit)
    }

    /// A bug: the only 500 the server answers.
    package static let `internal` = APIError(.internalServerError, "internal server error")

    package static func notFound(_ message: String) -> APIError {
        APIError(.notFound, message)
    }
}
