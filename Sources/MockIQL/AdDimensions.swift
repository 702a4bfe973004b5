import MockPlatformKit

/// Pixel dimensions from query strings (`openapi/iql.yaml` getAdUnit and the image and logo
/// operations): integers clamped to 1...2000.
struct AdDimensions: Equatable, Sendable {
    static let range = 1...2000

    var width: Int
    var height: Int

    /// Reads `x`/`y`; when either is missing the answer is `fallback`.
    init(x: String?, y: String?, names: (x: String, y: String), fallback: AdDimensions) throws(APIError) {
        let width = try Self.integer(x, name: names.x)
        let height = try Self.integer(y, name: names.y)
        guard let width, let height else {
            self = fallback
            return
        }
        self.init(width: width, height: height)
    }

    init(width: Int, height: Int) {
        self.width = min(max(width, Self.range.lowerBound), Self.range.upperBound)
        self.height = min(max(height, Self.range.lowerBound), Self.range.upperBound)
    }

    private static func integer(_ text: String?, name: String) throws(APIError) -> Int? {
        guard let text else { return nil }
        let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .badRequest("\(name) must be an integer")
        }
        // Out-of-range integers clamp like any other: only their sign matters then.
        return Int(text) ?? (text.hasPrefix("-") ? Int.min : Int.max)
    }
}
