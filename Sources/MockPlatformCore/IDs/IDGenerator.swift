/// Ids and random bytes from a seeded generator (SplitMix64), so that the same requests give
/// the same ids on every run. Each tenant has its own, seeded from its name.
///
/// In a state document its state is written `{"state": "<decimal>"}`: a JSON number could not
/// hold every 64-bit value exactly. Documents that wrote a number are still read.
package struct IDGenerator: Sendable, Codable, Equatable {
    private var state: UInt64

    private enum CodingKeys: String, CodingKey { case state }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try? container.decode(String.self, forKey: .state) {
            guard let state = UInt64(text) else {
                throw DecodingError.dataCorruptedError(forKey: .state, in: container, debugDescription: "must be a decimal 64-bit unsigned integer")
            }
            self.state = state
        } else if let state = try? container.decode(UInt64.self, forKey: .state) {
            self.state = state
        } else {
            // A number past 2^63 read back through a Double: the nearest 64-bit value.
            self.state = UInt64(exactly: try container.decode(Double.self, forKey: .state).rounded()) ?? 0
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(String(state), forKey: .state)
    }

    package init(seed: UInt64) { state = seed }

    /// Seeds from a name with FNV-1a, so `default` always starts the same sequence.
    package init(seedName name: String) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        self.init(seed: hash)
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A version-4 UUID string, lower case.
    package mutating func uuid() -> String {
        var bytes = withUnsafeBytes(of: next().bigEndian, Array.init) + withUnsafeBytes(of: next().bigEndian, Array.init)
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}
