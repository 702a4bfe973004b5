/// A fixture file that is missing or does not hold what the server needs.
public struct FixtureError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
