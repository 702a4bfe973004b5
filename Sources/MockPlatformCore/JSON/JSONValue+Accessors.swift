extension JSONValue {
    /// The fields, when this is an object.
    package var objectValue: [String: JSONValue]? { if case .object(let fields) = self { fields } else { nil } }
    /// The text, when this is a string.
    package var stringValue: String? { if case .string(let text) = self { text } else { nil } }
    /// The texts, when this is an array of strings only.
    package var strings: [String]? {
        guard case .array(let items) = self else { return nil }
        let texts = items.compactMap(\.stringValue)
        return texts.count == items.count ? texts : nil
    }
    /// The value, when this is an integer (or a number with no fraction).
    package var integerValue: Int64? {
        switch self {
        case .integer(let integer): integer
        case .number(let number) where number.rounded() == number && abs(number) < 9.0e15: Int64(number)
        default: nil
        }
    }
    /// The value, when this is a number (an integer included).
    package var numberValue: Double? {
        switch self {
        case .integer(let integer): Double(integer)
        case .number(let number): number
        default: nil
        }
    }
    /// Compact JSON text with sorted keys.
    package var text: String { String(decoding: encoded(), as: UTF8.self) }
}
