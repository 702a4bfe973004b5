/// One platform as the app lists it (`MockPlatformServer.platforms`): the modules it answers
/// with, made once at start from what the server was given, and the process-wide options those
/// modules read. Adding a platform is one conforming type in its target and one line in that list.
package protocol Platform {
    /// The flags (and their variables) its modules read; none unless it says.
    static var processOptions: [ProcessOption] { get }

    /// Its modules, in the order their routes are registered; a start-up error names an option
    /// it refuses.
    static func modules(_ startup: ModuleStartup) throws -> [any PlatformModule]
}

extension Platform {
    package static var processOptions: [ProcessOption] { [] }
}
