import Foundation
import HTTPTypes

/// RFC 9457 `application/problem+json`: the control API's errors (`openapi/control.yaml`
/// Problem), and the loyalty and wallet APIs', whose refusals carry a problem `type` URN (the
/// error's `code`) with its title; the front door's own errors are `about:blank` with the
/// reason phrase.
package struct ProblemErrorShape: ErrorShape {
    /// Titles by problem type, for errors that carry a `code`.
    package var titles: [String: String] = [:]
    package var unknownRouteMessage: String = "unknown control endpoint"

    package init(titles: [String: String] = [:], unknownRouteMessage: String = "unknown control endpoint") {
        self.titles = titles
        self.unknownRouteMessage = unknownRouteMessage
    }

    package func methodNotAllowedMessage(_ method: HTTPRequest.Method) -> String { "method \(method.rawValue) is not allowed" }
    package var malformedJSONMessage: String { "malformed JSON body" }
    package func malformedJSONMessage(line: Int, column: Int) -> String { "malformed JSON body at line \(line), column \(column)" }

    package func render(_ error: APIError, context: ErrorContext) -> (HTTPResponse, Data) {
        var fields = error.headers
        fields[.contentType] = "application/problem+json"
        let type = error.code.flatMap { titles[$0] == nil ? nil : $0 }
        let body: JSONValue = .object([
            "type": .string(type ?? "about:blank"),
            "title": .string(type.flatMap { titles[$0] } ?? error.status.reasonPhrase),
            "status": .integer(Int64(error.status.code)),
            "detail": .string(error.message),
        ])
        return (HTTPResponse(status: error.status, headerFields: fields), body.encoded())
    }
}
