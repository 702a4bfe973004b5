import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OpenAPIRuntime

/// One generated operation as the front door calls it: its contract rules, the generated
/// handler (decoder, handler, encoder) and the finishing of its answer, which the generated
/// server would otherwise run as three middlewares behind a router.
package struct RouteOperation: Sendable {
    package typealias Handler = @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)

    /// The document's `operationId`.
    package let id: String
    package let handler: Handler
    /// Contract checks run on the raw request before the generated decoder.
    package let rule: OperationRule?
    /// Where the answer needs `null` written for keys the encoder left out.
    package let nullShape: NullCompletion.Shape?
    /// The module document's declared parameters, to name the one a refused request got wrong.
    package let parameters: ParameterIndex
    /// Where the answer is kept, for an operation whose answer depends on nothing.
    package var constantAnswer: ConstantAnswer? = nil
    /// How the tenant keys its answers, kept while they hold, for a read its module lists in
    /// `PlatformModule.cachedReads`.
    package var cachedRead: CachedRead? = nil
    /// The body of its 200, written by its module instead of the generated code.
    package var writtenAnswer: WrittenAnswer? = nil
    /// Whether its journal entries keep its 2xx answer (`PlatformModule.journalledAnswers`).
    package var journalsAnswer = false
    /// Whether it takes a YAML body as well as JSON (`PlatformModule.yamlBodies`).
    package var acceptsYAML = false

    /// An answer, with its body's bytes when they are in one buffer (every JSON answer, kept
    /// or built): what the journal keeps of an operation that journals its answers.
    package typealias Answer = (response: Response, body: ByteBuffer?)

    /// The answer kept for `head` addressed to `target` (tenant-relative, query included) with
    /// `body` (a POST read's): a constant operation's once it has one, or the tenant's while it
    /// holds, for an operation whose module caches its answers (`ResponseCache`). The front
    /// door and the forwarder send it without running the operation, reading its parameters or
    /// binding the tenant. Nil for any other operation, and when nothing is kept.
    package func keptAnswer(to target: String, head: HTTPRequest, body: ByteBuffer? = nil, of tenant: Tenant?) -> Answer? {
        let kept: (HTTPResponse, ByteBuffer)? = if let constant = constantAnswer?.answer {
            constant
        } else if let cachedRead, let tenant, let key = cachedRead.key(target: target, head: head, body: body) {
            tenant.responseCache.answer(for: key, at: tenant.clock.now)
        } else {
            nil
        }
        guard let (head, body) = kept else { return nil }
        return (Response(status: head.status, headers: head.headerFields, body: .init(byteBuffer: body)), body)
    }

    /// Runs the operation for a request whose JSON body (POST/PUT/PATCH) the front door has
    /// read, inside the request's tenant binding; the handler sees what the rule validated in it.
    /// A constant operation's cached answer, once there is one, is sent without running any of it.
    /// A cached read's answer is kept under its key (`CachedRead`) while the validity its handler
    /// reports holds (`keptAnswer(to:of:)` sends it). A written
    /// answer (`WrittenAnswer`) is sent in place of the generated handler's, unless it declines.
    /// A rule's or the generated code's failure is thrown as the `APIError` the module's
    /// shape renders; a failure to gather the answer's body is thrown as it is, for the front
    /// door to log.
    package func call(
        _ head: HTTPRequest, body: (json: [String: JSONValue], bytes: ByteBuffer)?, pathParameters: [String: Substring]
    ) async throws -> Answer {
        if let (head, body) = constantAnswer?.answer {
            return (Response(status: head.status, headers: head.headerFields, body: .init(byteBuffer: body)), body)
        }
        var keeping: (answers: ResponseCache, key: ResponseCache.Key, reported: ReportedCacheValidity)?
        if let cachedRead, let tenant = Tenant.binding?.tenant, let target = head.path,
           let key = cachedRead.key(target: target, head: head, body: body?.bytes) {
            keeping = (tenant.responseCache, key, ReportedCacheValidity())
        }
        if let writtenAnswer {
            let written: Data?
            do {
                written = try await writtenAnswer(head)
            } catch {
                throw refusal(for: error)
            }
            if let body = written {
                let buffer = ByteBuffer(bytes: body)
                return (Response(status: .ok, headers: [.contentType: Self.jsonContentType], body: .init(byteBuffer: buffer)), buffer)
            }
        }
        let answer: (HTTPResponse, HTTPBody?)
        do {
            let input = body.map { HTTPBody(Array($0.bytes.readableBytesView)) }
            let metadata = ServerRequestMetadata(pathParameters: pathParameters)
            let reported = keeping?.reported
            let operation: OperationRule.Operation = {
                guard let reported, var binding = Tenant.binding else { return try await handler(head, input, metadata) }
                binding.cacheValidity = reported
                return try await Tenant.$binding.withValue(binding) { try await handler(head, input, metadata) }
            }
            if let rule {
                let decoded = pathParameters.mapValues { String($0).removingPercentEncoding ?? String($0) }
                answer = try await rule(
                    RawRequest(json: body?.json ?? [:], pathParameters: decoded, headers: head.headerFields, target: head.path), then: operation
                )
            } else {
                answer = try await operation()
            }
        } catch {
            throw refusal(for: error)
        }
        return try await finished(answer.0, body: answer.1) { head, body in
            constantAnswer?.keep(head, body: body)
            if let keeping, let validity = keeping.reported.validity {
                keeping.answers.keep(head, body: body, for: keeping.key, while: validity)
            }
        }
    }

    /// The Hummingbird response for the generated handler's answer: the headers the runtime
    /// percent-encoded restored, `null`s completed, and a body of known length (every JSON body,
    /// every image) gathered into one buffer, so that Hummingbird writes head, body and end in
    /// one batch (perf: three writes through the channel were 15 % of CPU on driverStatus).
    /// Larger bodies stream with their Content-Length; bodies of unknown length stream chunked.
    /// `keep` sees every answer gathered into one buffer.
    private func finished(
        _ response: HTTPResponse, body: HTTPBody?, keep: (HTTPResponse, ByteBuffer) -> Void
    ) async throws -> Answer {
        var response = response
        HeaderEncodingRestorer.restore(&response.headerFields)
        guard let body else {
            return (Response(status: response.status, headers: response.headerFields, body: .init(byteBuffer: ByteBuffer())), nil)
        }
        if let nullShape, response.status == .ok || response.status == .created {
            guard let bytes = try? await [UInt8](collecting: body, upTo: Self.maxGatheredBody) else { throw APIError.internal }
            let (head, completed) = NullCompletion.completing(response, body: bytes, shape: nullShape, operationID: id) ?? (response, bytes)
            let buffer = ByteBuffer(bytes: completed)
            keep(head, buffer)
            return (Response(status: head.status, headers: head.headerFields, body: .init(byteBuffer: buffer)), buffer)
        }
        if case .known(let length) = body.length, length <= Self.maxGatheredBody {
            var buffer = ByteBuffer()
            buffer.reserveCapacity(Int(length))
            for try await chunk in body { buffer.writeBytes(chunk) }
            keep(response, buffer)
            return (Response(status: response.status, headers: response.headerFields, body: .init(byteBuffer: buffer)), buffer)
        }
        let buffers = body.map { ByteBuffer(bytes: $0) }
        if case .known(let length) = body.length {
            return (Response(status: response.status, headers: response.headerFields, body: .init(contentLength: numericCast(length)) { writer in
                for try await buffer in buffers { try await writer.write(buffer) }
                try await writer.finish(nil)
            }), nil)
        }
        return (Response(status: response.status, headers: response.headerFields, body: .init(asyncSequence: buffers)), nil)
    }

    /// The content type the generated code gives a JSON body.
    package static let jsonContentType = "application/json; charset=utf-8"

    /// Known-length bodies up to this size are sent as one buffer; larger ones stream.
    package static var maxGatheredBody: Int { 16 * 1_048_576 }

    /// The contract error behind a thrown error: a rule's or handler's own `APIError`; a 400 for
    /// input the generated decoder refused (the runtime then has no decoded input), naming the
    /// parameter whose value its declaration refuses when one does (the decoder's own error
    /// names neither); a 500 for anything else, decoding errors of the server's own code
    /// included.
    package func refusal(for error: any Error) -> APIError {
        if let error = error as? APIError { return error }
        if let error = error as? ServerError {
            if let underlying = error.underlyingError as? APIError { return underlying }
            if error.operationInput == nil, error.operationOutput == nil {
                let named = parameters.refusal(
                    operationID: error.operationID, path: error.request.path, pathParameters: error.requestMetadata.pathParameters
                )
                return .badRequest(named ?? "request does not match the \(error.operationID) schema")
            }
        }
        return .internal
    }
}
