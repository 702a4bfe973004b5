import HTTPTypes
import Hummingbird
@testable import MockPlatformKit
import XCTest

/// `MeteredResponder.asksToClose`: the `close` option in any `Connection` field, in any case,
/// among other options; no other field and no other option counts.
final class ConnectionCloseTests: XCTestCase {
    private func request(_ fields: HTTPFields) -> Request {
        Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/iql/v1/locations", headerFields: fields),
            body: .init(buffer: .init())
        )
    }

    func testTheCloseOptionIsFoundInAnyConnectionField() {
        let asking: [HTTPFields] = [
            [.connection: "close"],
            [.connection: "Close"],
            [.connection: "keep-alive, CLOSE"],
            HTTPFields([HTTPField(name: .connection, value: "keep-alive"), HTTPField(name: .connection, value: " close ")]),
        ]
        for fields in asking {
            XCTAssertTrue(MeteredResponder.asksToClose(request(fields)), "\(fields)")
        }
        let notAsking: [HTTPFields] = [
            [:],
            [.connection: "keep-alive"],
            [.connection: "closed"],
            [.connection: "keep-alive, upgrade"],
            [.via: "close"],
            [HTTPField.Name("X-Connection")!: "close"],
        ]
        for fields in notAsking {
            XCTAssertFalse(MeteredResponder.asksToClose(request(fields)), "\(fields)")
        }
    }
}
