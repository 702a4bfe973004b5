import Foundation
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
import XCTest

/// A state file's failure in a log line says where and why, never what: the snapshot holds
/// ApplePass tokens, webhook secrets and the click secret.
final class StateFileFailureTests: XCTestCase {
    func testASaveFailureNamesThePlaceNotTheValue() {
        let secret = "whsec_c2VjcmV0LXRoYXQtbXVzdC1uZXZlci1iZS1sb2dnZWQ="
        let failure = EncodingError.invalidValue(
            ["secret": secret, "clickSecret": "mock-click-secret"],
            EncodingError.Context(codingPath: [], debugDescription: "Unable to encode the value")
        )
        XCTAssertTrue("\(failure)".contains(secret), "the error's own description holds the value")
        let reason = StateFileFailure.reason(failure)
        XCTAssertFalse(reason.contains(secret), reason)
        XCTAssertFalse(reason.contains("mock-click-secret"), reason)
        XCTAssertEqual(reason, "cannot encode the state: Unable to encode the value")
        XCTAssertEqual(StateFileFailure.reason(CocoaError(.fileWriteNoPermission)), "file error \(CocoaError.fileWriteNoPermission.rawValue)")
        XCTAssertEqual(StateFileFailure.reason(POSIXError(.ENOSPC)), "file error \(POSIXErrorCode.ENOSPC.rawValue) (No space left on device)")
    }
}
