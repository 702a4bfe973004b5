import Foundation

/// A query or path parameter as an operation of an OpenAPI document declares it, with what its
/// schema accepts, to say in words why a value was refused:
/// `query parameter limit must be an integer between 1 and 10000, got "abc"`.
package struct DeclaredParameter: Sendable, Equatable {
    /// Where the parameter is read from.
    package enum Location: String, Sendable {
        case query
        case path
    }

    /// The values the generated decoder accepts; `text` is anything (patterns are not enforced
    /// by the decoder, so they are left to the operation's own rules).
    package enum Accepted: Sendable, Equatable {
        case integer(minimum: Int?, maximum: Int?)
        case number
        case boolean
        case oneOf([String])
        case dateTime
        case text
    }

    package let name: String
    package let location: Location
    package let accepted: Accepted

    package init(name: String, location: Location, accepted: Accepted) {
        self.name = name
        self.location = location
        self.accepted = accepted
    }

    /// Longest part of a refused value quoted back.
    package static let maxQuoted = 64

    /// The message for `value`, nil when the schema accepts it.
    package func refusal(of value: String) -> String? {
        guard !accepts(value) else { return nil }
        let shown = value.count > Self.maxQuoted ? value.prefix(Self.maxQuoted) + "…" : value
        return "\(location.rawValue) parameter \(name) must be \(expectation), got \"\(shown)\""
    }

    private func accepts(_ value: String) -> Bool {
        switch accepted {
        case .integer: Int(value) != nil
        case .number: Double(value) != nil
        case .boolean: value == "true" || value == "false"
        case .oneOf(let values): values.contains(value)
        case .dateTime: RFC3339.date(from: value) != nil
        case .text: true
        }
    }

    /// What the schema accepts, in words after "must be".
    private var expectation: String {
        switch accepted {
        case .integer(let minimum?, let maximum?): "an integer between \(minimum) and \(maximum)"
        case .integer(let minimum?, nil): "an integer of at least \(minimum)"
        case .integer(nil, let maximum?): "an integer of at most \(maximum)"
        case .integer(nil, nil): "an integer"
        case .number: "a number"
        case .boolean: "true or false"
        case .oneOf(let values) where values.count == 2: "\(values[0]) or \(values[1])"
        case .oneOf(let values): "one of \(values.joined(separator: ", "))"
        case .dateTime: "an RFC 3339 date-time"
        case .text: "a string"
        }
    }
}
