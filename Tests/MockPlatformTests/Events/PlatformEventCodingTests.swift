import Foundation
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// How a state document keeps an event: its subject under `driverID`, the key it has always had,
/// so documents exported before the subject had its own name import unchanged.
final class PlatformEventCodingTests: XCTestCase {
    func testTheSubjectIsStoredUnderDriverID() throws {
        let stored = #"{"id":"e1","kind":"engagement","driverID":"d1","createdAt":0,"payload":{},"sequence":3}"#
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let event = try decoder.decode(PlatformEvent.self, from: Data(stored.utf8))
        XCTAssertEqual(event.subject, "d1")
        XCTAssertEqual(event.sequence, 3)

        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let written = try XCTUnwrap(JSONSerialization.jsonObject(with: encoder.encode(event)) as? [String: Any])
        XCTAssertEqual(Set(written.keys), ["id", "kind", "driverID", "createdAt", "payload", "sequence"])
        XCTAssertEqual(written["driverID"] as? String, "d1")
    }
}
