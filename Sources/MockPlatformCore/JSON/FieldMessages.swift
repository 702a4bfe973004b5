/// How a `FieldReader` words a refused field, given the field's dotted path.
///
/// `contract`, the house style of the APIs this server defines: `<field path> <problem>`
/// (`state is required`, `data.error_code must be an integer`). `djangoREST`: the Django REST
/// framework field messages the IQL publisher backend's contract lists (`openapi/publisher.yaml`
/// registerDeviceToken: `This field is required.` for a missing or `null` field, `Not a valid
/// string.` for another JSON type); its error shape names the field.
package struct FieldMessages: Sendable {
    /// A required field that is absent or `null`.
    package let required: @Sendable (_ name: String) -> String
    /// A value (`found`) of another JSON type than the one expected.
    package let mismatch: @Sendable (_ name: String, _ expected: FieldType, _ found: JSONValue) -> String
    /// An empty string where a text is required.
    package let blank: @Sendable (_ name: String) -> String

    /// The JSON types a field is read as.
    package enum FieldType: Sendable {
        case string, integer, number, boolean, object, stringList
    }

    package static let contract = FieldMessages(
        required: { "\($0) is required" },
        mismatch: { name, expected, _ in
            let article = switch expected {
            case .string: "a string"
            case .integer: "an integer"
            case .number: "a number"
            case .boolean: "a boolean"
            case .object: "an object"
            case .stringList: "a list of strings"
            }
            return "\(name) must be \(article)"
        },
        blank: { "\($0) must not be empty" }
    )

    /// DRF's `CharField`, `IntegerField`, `FloatField`, `BooleanField`, `DictField` and
    /// `ListField` messages; the last two name the Python type the JSON value parses to.
    package static let djangoREST = FieldMessages(
        required: { _ in "This field is required." },
        mismatch: { _, expected, found in
            switch expected {
            case .string: "Not a valid string."
            case .integer: "A valid integer is required."
            case .number: "A valid number is required."
            case .boolean: "Must be a valid boolean."
            case .object: "Expected a dictionary of items but got type \"\(pythonType(of: found))\"."
            case .stringList: "Expected a list of items but got type \"\(pythonType(of: found))\"."
            }
        },
        blank: { _ in "This field may not be blank." }
    )

    /// The Python type Django's JSON parser makes of a value.
    private static func pythonType(of value: JSONValue) -> String {
        switch value {
        case .null: "NoneType"
        case .bool: "bool"
        case .integer: "int"
        case .number: "float"
        case .string: "str"
        case .array: "list"
        case .object: "dict"
        }
    }
}
