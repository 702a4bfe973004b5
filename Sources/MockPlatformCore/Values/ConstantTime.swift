/// Comparison of secrets (admin token, API keys, pass tokens, signatures) in time that depends
/// only on their lengths, never on where the first difference is, so a client cannot find a
/// secret byte by byte from response times.
package enum ConstantTime {
    /// Whether the two texts have the same UTF-8 bytes.
    package static func equals(_ given: some StringProtocol, _ expected: some StringProtocol) -> Bool {
        var given = String(given), expected = String(expected)
        return given.withUTF8 { given in expected.withUTF8 { expected in equals(bytes: given, expected) } }
    }

    /// Whether the two byte sequences are equal.
    package static func equals(_ given: some Collection<UInt8>, _ expected: some Collection<UInt8>) -> Bool {
        let given = Array(given), expected = Array(expected)
        return given.withUnsafeBufferPointer { given in expected.withUnsafeBufferPointer { expected in equals(bytes: given, expected) } }
    }

    /// The comparison itself, on contiguous bytes: a caller in another target runs this
    /// compiled loop, whatever types it compares (a generic loop would not be specialised
    /// across targets).
    private static func equals(bytes given: UnsafeBufferPointer<UInt8>, _ expected: UnsafeBufferPointer<UInt8>) -> Bool {
        var difference: UInt8 = given.count == expected.count ? 0 : 1
        for index in 0..<min(given.count, expected.count) { difference |= given[index] ^ expected[index] }
        return difference == 0
    }
}
