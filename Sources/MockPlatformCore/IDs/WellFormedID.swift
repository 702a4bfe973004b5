/// The one rule for an id, at a request and in a restored state document alike (docs/operating.md "Sharing
/// one instance": what is accepted can be restored): 1 to `maxLength` characters,
/// no `/`, no control characters. What a request could store, an export can import again.
package enum WellFormedID {
    /// Longest id, in characters.
    package static let maxLength = 256
    /// The rule in words, after a field's name.
    package static let rule = "must be an id of 1 to \(maxLength) characters without / or control characters"

    /// What is wrong with an id.
    package enum Problem: Sendable, CustomStringConvertible {
        case empty, tooLong, slash, controlCharacter

        /// The words after the field's name (`driver_id is too long`).
        package var description: String {
            switch self {
            case .empty: "is required"
            case .tooLong: "is too long"
            case .slash: "must not contain /"
            case .controlCharacter: WellFormedID.rule
            }
        }
    }

    /// What is wrong with `id`; nil when it follows the rule.
    package static func problem(with id: some StringProtocol) -> Problem? {
        if isWellFormed(id) { return nil }
        if id.isEmpty { return .empty }
        if id.count > maxLength { return .tooLong }
        if id.contains("/") { return .slash }
        return .controlCharacter
    }

    /// Whether `id` follows the rule (an ASCII one is looked at byte by byte).
    package static func isWellFormed(_ id: some StringProtocol) -> Bool {
        id.utf8.allSatisfy { $0 < 0x80 }
            ? (1...maxLength).contains(id.utf8.count) && !id.utf8.contains { $0 == UInt8(ascii: "/") || $0 < 0x20 || $0 == 0x7F }
            : (1...maxLength).contains(id.count) && !id.unicodeScalars.contains { $0 == "/" || $0.properties.generalCategory == .control }
    }
}
