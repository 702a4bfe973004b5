/// The modules of a server, and which one owns a path.
struct ModuleDirectory: Sendable {
    let entries: [ModuleEntry]
    /// (prefix, entry index), longest prefix first.
    private let prefixes: [(String, Int)]

    init(_ modules: [any PlatformModule]) {
        entries = modules.map(ModuleEntry.init)
        prefixes = modules.enumerated()
            .flatMap { index, module in module.pathPrefixes.map { ($0, index) } }
            .sorted { $0.0.count > $1.0.count }
    }

    /// The module owning a tenant-relative path: the longest matching prefix (a prefix `/x/`
    /// also owns `/x` itself); nil when no module claims it (none claims `/`).
    func module(for path: String) -> ModuleEntry? {
        for (prefix, index) in prefixes where path.hasPrefix(prefix) || (prefix.count > 1 && prefix.hasSuffix("/") && path == prefix.dropLast()) {
            return entries[index]
        }
        return nil
    }
}
