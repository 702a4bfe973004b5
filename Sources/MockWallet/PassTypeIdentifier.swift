import MockPlatformKit

/// What a Wallet pass type id is: `pass.` and then ASCII letters, digits, `.` and `-`, at most
/// 255 characters in all (a tenant's `wallet_pass_type_id`, a download's `passId`).
enum PassTypeIdentifier {
    /// The rule as a refusal says it, after the key: `passId must be a pass type id: …`.
    static let rule = "a pass type id: pass. followed by letters, digits, . and -"

    static func isWellFormed(_ text: String) -> Bool {
        text.hasPrefix("pass.") && text.count > 5 && text.count <= 255
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }
}
