/// A request's target (`HTTPRequest.path`) split at its first `?` into the path and the query,
/// once for every layer that needs either (routing, the operation's head, the journal).
///
/// The `?` is the first one among the target's characters as Swift's `String` sees them: a `?`
/// joined to a combining mark is not one. It is found by bytes, which is the same wherever the
/// bytes beside the first `?` are ASCII (nearly every target), and by characters otherwise (perf:
/// the character search was 1.5 % of a request, and it ran three times).
package struct RequestTarget {
    /// Everything before the `?`, or the whole target.
    package let path: Substring
    /// Everything after the `?`, nil when there is none.
    package let query: Substring?

    package init(_ raw: String) {
        let separator = Self.firstQuestionMark(in: raw)
        path = raw[..<(separator ?? raw.endIndex)]
        query = separator.map { raw[raw.index(after: $0)...] }
    }

    private static func firstQuestionMark(in raw: String) -> String.Index? {
        let bytes = raw.utf8
        guard let byte = bytes.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        let next = bytes.index(after: byte)
        let asciiBefore = byte == bytes.startIndex || bytes[bytes.index(before: byte)] < 0x80
        let asciiAfter = next == bytes.endIndex || bytes[next] < 0x80
        return asciiBefore && asciiAfter ? byte : raw.firstIndex(of: "?")
    }
}
