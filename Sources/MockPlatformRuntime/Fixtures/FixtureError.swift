/// A fixture file that is missing or does not hold what the server needs.
package struct FixtureError: Error, CustomStringConvertible, Sendable {
    package let description: String
    package init(_ description: String) { self.description = description }
}
