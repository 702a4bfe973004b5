import Foundation
import HTTPTypes
import XCTest

extension TestPlatform.Reply {
    /// The body as any JSON value (object, array, fragment).
    func anyJSON() throws -> Any {
        try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    }

    /// Asserts the body is exactly this JSON value (compared as canonical JSON text, so `true`
    /// and `1` differ).
    func assertJSON(_ expected: Any, file: StaticString = #filePath, line: UInt = #line) {
        guard let actual = try? anyJSON() else {
            return XCTFail("not JSON: \(text)", file: file, line: line)
        }
        XCTAssertEqual(canonicalJSON(actual), canonicalJSON(expected), file: file, line: line)
    }

    /// Asserts an RFC 9457 problem with this status and detail.
    func assertProblem(
        _ status: HTTPResponse.Status, _ detail: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(self.status, status, text, file: file, line: line)
        XCTAssertEqual(headers[.contentType], "application/problem+json", file: file, line: line)
        let titles = [400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 409: "Conflict", 413: "Payload Too Large", 415: "Unsupported Media Type", 429: "Too Many Requests", 401: "Unauthorized", 507: "Insufficient Storage"]
        assertJSON(
            ["type": "about:blank", "title": titles[status.code] ?? "?", "status": status.code, "detail": detail],
            file: file, line: line
        )
    }

    /// Asserts a publisher (DRF) error with this status and body.
    func assertDRF(
        _ status: HTTPResponse.Status, _ expected: [String: Any], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(self.status, status, text, file: file, line: line)
        XCTAssertEqual(headers[.contentType]?.hasPrefix("application/json"), true, "\(headers)", file: file, line: line)
        assertJSON(expected.merging(["status": String(status.code)]) { given, _ in given }, file: file, line: line)
    }
}

/// JSON text with sorted keys, for comparing values; a marker when the value is no JSON.
func canonicalJSON(_ value: Any) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else {
        return "<not JSON: \(value)>"
    }
    return String(decoding: data, as: UTF8.self)
}
