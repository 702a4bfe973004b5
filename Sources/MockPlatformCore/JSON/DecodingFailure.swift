import Foundation

/// A decoding error in one line a person can act on: where, and what is wrong there
/// (`clock is required`, `settings.api_keys must be a list`, `not valid JSON: …`), instead of
/// Foundation's `No value associated with key CodingKeys(stringValue: "clock", …)`.
package enum DecodingFailure {
    package static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is required"
        case .valueNotFound(_, let context):
            return "\(path(context.codingPath)) must not be null"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) must be \(kind(of: type))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, context.underlyingError != nil || context.debugDescription.contains("not valid JSON") {
                return "not valid JSON"
            }
            return context.codingPath.isEmpty ? context.debugDescription : "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// `settings.api_keys.0`, or `the document` for the root.
    private static func path(_ keys: [any CodingKey]) -> String {
        let names = keys.map { $0.intValue.map(String.init) ?? $0.stringValue }
        return names.isEmpty ? "the document" : names.joined(separator: ".")
    }

    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Int.Type, is Int64.Type, is UInt64.Type, is Int32.Type: "an integer"
        case is Double.Type, is Float.Type: "a number"
        case is [Any].Type: "a list"
        case is [String: Any].Type: "an object"
        default: "a \(type)".replacingOccurrences(of: "Swift.", with: "")
        }
    }
}
