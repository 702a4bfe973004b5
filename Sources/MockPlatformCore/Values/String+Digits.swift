extension StringProtocol {
    /// True when the text is exactly `count` ASCII digits (ZIP codes, phone numbers).
    package func isDigits(count: Int) -> Bool {
        utf8.count == count && utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// True when the text is one or more ASCII digits.
    package var isAllDigits: Bool { !isEmpty && utf8.allSatisfy { (0x30...0x39).contains($0) } }
}
