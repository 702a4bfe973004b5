import Hummingbird
import Logging
import NIOCore

/// Reads a request's JSON body once, for the front door.
package enum RequestBodyReader {
    /// Bodies larger than this are refused with 413.
    package static let maxBytes = 1_048_576

    /// The body of a POST/PUT/PATCH as a JSON object (an empty body reads as `{}`) and its bytes;
    /// nil for other methods: `bytes(of:logger:)`, then `object(in:shape:)`.
    package static func json(
        of request: inout Request, shape: any ErrorShape, logger: Logger
    ) async throws(APIError) -> (json: [String: JSONValue], bytes: ByteBuffer)? {
        guard let bytes = try await bytes(of: &request, logger: logger) else { return nil }
        return (try object(in: bytes, shape: shape), bytes)
    }

    /// The bytes of a POST/PUT/PATCH body said to be JSON; nil for other methods. 413 over
    /// `maxBytes`, 400 when the body cannot be read (the client went away or sent a broken
    /// stream), 415 when not JSON (or, from a browser — it sends `Origin` — when a body comes
    /// without `Content-Type`). With `acceptingYAML`, a YAML body is taken too, turned into
    /// JSON (`YAMLBody`): the operation is then called as if the request had said
    /// `Content-Type: application/json` (`PlatformResponder.operationHead`).
    package static func bytes(of request: inout Request, logger: Logger, acceptingYAML: Bool = false) async throws(APIError) -> ByteBuffer? {
        switch request.method {
        case .post, .put, .patch: break
        default: return nil
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maxBytes)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "request body exceeds \(maxBytes) bytes", limit: .bodySize)
        } catch {
            logger.debug("request body could not be read", metadata: ["error": "\(error)"])
            throw APIError.badRequest("request body could not be read")
        }
        if let contentType = request.headers.value(of: .contentType) {
            if acceptingYAML, YAMLBody.isYAML(contentType) {
                return try YAMLBody.json(from: buffer)
            }
            guard isJSON(contentType) else {
                throw APIError(.unsupportedMediaType, "Content-Type must be application/json" + (acceptingYAML ? " or application/yaml" : ""))
            }
        } else if request.headers.contains(.origin), buffer.readableBytes > 0 {
            // A page can send a body without Content-Type (or as text/plain) without asking the
            // server first; only test code and SDKs, which send no Origin, may leave it out.
            throw APIError(.unsupportedMediaType, "Content-Type must be application/json (a request with Origin must say it)")
        }
        return buffer
    }

    /// The JSON object a body holds (an empty body reads as `{}`): 400 when malformed, nested
    /// deeper than `JSONParser.maxDepth` or not an object.
    package static func object(in buffer: ByteBuffer, shape: any ErrorShape) throws(APIError) -> [String: JSONValue] {
        switch Result(catching: { () throws(JSONBodyError) in try JSONValue.parseObject(buffer.readableBytesView) }) {
        case .success(let object): return object
        case .failure(.malformed(let line, let column)): throw APIError.badRequest(shape.malformedJSONMessage(line: line, column: column))
        case .failure(.tooDeep):
            throw APIError.badRequest("JSON body nested deeper than \(JSONParser.maxDepth) levels", limit: .jsonDepth)
        case .failure(.notAnObject): throw APIError.badRequest("request body must be a JSON object")
        }
    }

    /// `application/json` in any case, with or without parameters such as `charset` and the
    /// spaces and tabs around it: compared byte by byte on the value's contiguous UTF-8 (perf:
    /// splitting, trimming and lower-casing the value was 3 % of a kept POST read's CPU, and
    /// trimming a slice of the generic UTF-8 view still 0.5 %).
    package static func isJSON(_ contentType: String) -> Bool {
        var contentType = contentType
        return contentType.withUTF8 { bytes in
            let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            var start = 0, end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            while start < end, isBlank(bytes[start]) { start += 1 }
            while end > start, isBlank(bytes[end - 1]) { end -= 1 }
            guard end - start == applicationJSON.count else { return false }
            return zip(bytes[start..<end], applicationJSON).allSatisfy { byte, expected in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == expected : byte == expected
            }
        }
    }

    private static let applicationJSON = Array("application/json".utf8)
}
