import Foundation
import HTTPTypes
import Hummingbird
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
import NIOCore
import Synchronization
import XCTest

extension TestPlatform {
    /// What the generated handler of `GET target` answers, finished by the front door, for an
    /// operation whose module writes its answer itself (`WrittenAnswer`): the reference the
    /// written bytes are held to.
    func generatedAnswer(_ target: String) async throws -> (contentType: String?, text: String) {
        let path = String(target.prefix { $0 != "?" })
        var generated = try XCTUnwrap(routes.match(path).template?.operations[.get], "no GET \(path)")
        XCTAssertNotNil(generated.writtenAnswer, "GET \(path) is written by its module")
        generated.writtenAnswer = nil
        let reference = try await Tenant.$binding.withValue(TenantBinding(name: .default, registry: tenants)) {
            try await generated.call(HTTPRequest(method: .get, scheme: nil, authority: nil, path: target), body: nil, pathParameters: [:])
        }.response
        let body = CollectedBody()
        try await reference.body.write(body)
        return (reference.headers[.contentType], String(decoding: body.bytes.withLock { $0 }, as: UTF8.self))
    }
}

/// A response body's bytes, as a client would receive them.
private final class CollectedBody: ResponseBodyWriter, Sendable {
    let bytes = Mutex(Data())

    func write(_ buffer: ByteBuffer) async throws { bytes.withLock { $0.append(contentsOf: buffer.readableBytesView) } }
    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
