import Hummingbird
import Logging
import NIOCore

/// Reads a request's JSON body once, for the front door.
package enum RequestBodyReader {
    /// Bodies larger than this are refused with 413.
    package static let maxBytes = 1_048_576

    /// The body of a POST/PUT/PATCH as a JSON object (an empty body reads as `{}`) and its bytes;
    /// nil for other methods. 413 over `maxBytes`, 400 when the body cannot be read (the client went
    /// away or sent a broken stream), 415 when not JSON (or, from a browser — it sends `Origin` —
    /// when a body comes without `Content-Type`), 400 when malformed, nested deeper than
    /// `JSONParser.maxDepth` or not an object.
    package static func json(
        of request: inout Request, shape: any ErrorShape, logger: Logger
    ) async throws(APIError) -> (json: [String: JSONValue], bytes: ByteBuffer)? {
        guard [.post, .put, .patch].contains(request.method) else { return nil }
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maxBytes)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "request body exceeds \(maxBytes) bytes", limit: .bodySize)
        } catch {
            logger.debug("request body could not be read", metadata: ["error": "\(error)"])
            throw APIError.badRequest("request body could not be read")
        }
        if let contentType = request.headers[.contentType] {
            guard isJSON(contentType) else { throw APIError(.unsupportedMediaType, "Content-Type must be application/json") }
        } else if request.headers[.origin] != nil, buffer.readableBytes > 0 {
            // A page can send a body without Content-Type (or as text/plain) without asking the
            // server first; only test code and SDKs, which send no Origin, may leave it out.
            throw APIError(.unsupportedMediaType, "Content-Type must be application/json (a request with Origin must say it)")
        }
        switch Result(catching: { () throws(JSONBodyError) in try JSONValue.parseObject(buffer.readableBytesView) }) {
        case .success(let object): return (object, buffer)
        case .failure(.malformed(let line, let column)): throw APIError.badRequest(shape.malformedJSONMessage(line: line, column: column))
        case .failure(.tooDeep):
            throw APIError.badRequest("JSON body nested deeper than \(JSONParser.maxDepth) levels", limit: .jsonDepth)
        case .failure(.notAnObject): throw APIError.badRequest("request body must be a JSON object")
        }
    }

    /// `application/json`, with or without parameters such as `charset`.
    package static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        return mediaType == "application/json"
    }
}
