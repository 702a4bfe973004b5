import MockPlatformKit

/// One field of a pass style's field groups (`{key, label?, value, changeMessage?}`).
package struct PassField: Codable, Sendable, Equatable {
    /// A field value: a number or a string.
    package enum Value: Codable, Sendable, Equatable {
        case number(Int)
        case text(String)

        package init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .text(let text): try container.encode(text)
            }
        }
    }

    /// Unique across the whole pass.
    package var key: String
    package var label: String?
    package var value: Value
    /// Shown when an update changes the value; `%@` stands for the new value.
    package var changeMessage: String?

    package init(key: String, label: String?, value: Value, changeMessage: String? = nil) {
        self.key = key
        self.label = label
        self.value = value
        self.changeMessage = changeMessage
    }
}
