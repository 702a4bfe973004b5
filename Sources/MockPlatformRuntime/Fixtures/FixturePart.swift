import Foundation

/// A module's part of the fixtures: what it reads from the fixture folder for every new
/// tenant (IQL's `campaigns.json`, loyalty's `loyalty.json`). A module names its parts in
/// `PlatformModule.fixtureParts`; the server reads them from the folder when it starts, and
/// `Fixtures` keeps them by type without knowing any. A part the command line sets
/// (`DefaultTenantWebhooks`) is listed by no module and reads no file.
package protocol FixturePart: Sendable {
    /// The part with nothing read: what `Fixtures` answers for a part no one read or set.
    init()
    /// Reads its files from `folder`; the error names the first that is missing or malformed
    /// (`Fixtures.decode`).
    static func load(from folder: URL) throws -> Self
    /// Refuses what names an event kind no module of this server declares; nothing unless it says.
    func check(_ kinds: KnownKinds) throws(StartupError)
}

extension FixturePart {
    package func check(_ kinds: KnownKinds) throws(StartupError) {}
}
