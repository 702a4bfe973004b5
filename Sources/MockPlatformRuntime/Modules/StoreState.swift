import Foundation

/// A module store's state as a snapshot holds it: JSON text, sorted keys, instants as seconds
/// since 1970 (`ModuleStore.json(_:)` writes it, `ModuleStore.state(_:from:)` reads it).
///
/// A snapshot keeps the text as it is, and a state document is spliced together from, and cut
/// into, these texts (`TenantStateDocument`): a large state (a million drivers) goes from a file
/// to its store, and back, without ever being a tree of values.
package struct StoreState: Sendable {
    /// The JSON text.
    package let text: Data

    package init(text: Data) { self.text = text }

    /// The state `value` stands for, written compactly with sorted keys.
    package init(_ value: JSONValue) { text = JSONWriter.data(of: value, sortingKeys: true) }

    /// The state as a tree of values (for a look at a part of it).
    package func json() throws -> JSONValue { try JSONParser.parse(text, maxDepth: JSONParser.documentDepth) }
}

extension StoreState: Equatable {
    /// Two states are equal when their texts stand for the same JSON value.
    package static func == (left: StoreState, right: StoreState) -> Bool {
        guard left.text != right.text else { return true }
        guard let leftValue = try? left.json(), let rightValue = try? right.json() else { return false }
        return leftValue == rightValue
    }
}

extension StoreState: Codable {
    package init(from decoder: any Decoder) throws { self.init(try JSONValue(from: decoder)) }

    package func encode(to encoder: any Encoder) throws { try json().encode(to: encoder) }
}
