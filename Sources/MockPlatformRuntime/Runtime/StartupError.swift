/// Why the server cannot start: a fixture or scenario file that is missing or does not hold what
/// the server needs, a module declaration two modules share, an option its module refuses.
package struct StartupError: Error, CustomStringConvertible, Sendable {
    package let description: String
    package init(_ description: String) { self.description = description }
}
