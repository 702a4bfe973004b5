/// Comparison of secrets (admin token, API keys, pass tokens, signatures) in time that depends
/// only on their lengths, never on where the first difference is, so a client cannot find a
/// secret byte by byte from response times.
package enum ConstantTime {
    package static func equals(_ given: some Collection<UInt8>, _ expected: some Collection<UInt8>) -> Bool {
        var difference: UInt8 = given.count == expected.count ? 0 : 1
        for (left, right) in zip(given, expected) { difference |= left ^ right }
        return difference == 0
    }

    package static func equals(_ given: some StringProtocol, _ expected: some StringProtocol) -> Bool {
        equals(given.utf8, expected.utf8)
    }
}
