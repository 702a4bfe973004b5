/// The modules of a server, and which one owns a path.
struct ModuleDirectory: Sendable {
    /// (prefix, entry), longest prefix first.
    private let prefixes: [(String, ModuleEntry)]

    /// `controlPlane` checks and renders the paths of every prefix under `/_mock/`.
    init(_ modules: [any PlatformModule], controlPlane: ControlPlane) {
        prefixes = modules
            .flatMap { module in
                module.pathPrefixes.map { prefix in
                    (prefix, ControlPlane.contains(prefix: prefix) ? ModuleEntry(module, in: controlPlane) : ModuleEntry(module))
                }
            }
            .sorted { $0.0.count > $1.0.count }
    }

    /// The module owning a tenant-relative path: the longest matching prefix (a prefix `/x/`
    /// also owns `/x` itself; a module with `/` owns every path no other claims); nil when no
    /// module claims it. Compared byte by byte: prefixes are ASCII, and `String.hasPrefix`
    /// compares by Unicode rules.
    func module(for path: String) -> ModuleEntry? {
        let path = path.utf8
        for (prefix, entry) in prefixes {
            let prefix = prefix.utf8
            if path.starts(with: prefix) { return entry }
            if prefix.count > 1, prefix.last == UInt8(ascii: "/"), path.elementsEqual(prefix.dropLast()) { return entry }
        }
        return nil
    }
}
