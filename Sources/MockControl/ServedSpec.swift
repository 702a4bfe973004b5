import Foundation
import MockPlatformKit

/// An OpenAPI document as the server serves it (`GET /_mock/openapi/{name}.yaml`): its text as
/// written, but for the URLs of its top-level `servers`, which name the base the request used
/// (`PublicBaseURL`, as every absolute URL the mock writes) instead of the written
/// `http://localhost:8080`, so that a client generated from it points at the mock it came from.
enum ServedSpec {
    /// The base the documents are written with.
    static let writtenBase = "http://localhost:8080"

    /// `document` with its `servers` URLs under `base` (no trailing slash).
    static func text(_ document: String, base: String) -> String {
        guard base != writtenBase else { return document }
        var lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        guard var index = lines.firstIndex(of: "servers:") else { return document }
        index += 1
        let written = "url: \(writtenBase)"
        while index < lines.count, lines[index].isEmpty || lines[index].first == " " {
            if lines[index].contains(written) {
                lines[index] = Substring(lines[index].replacingOccurrences(of: written, with: "url: \(base)"))
            }
            index += 1
        }
        return lines.joined(separator: "\n")
    }
}
