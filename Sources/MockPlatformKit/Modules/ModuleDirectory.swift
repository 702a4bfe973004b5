/// The modules of a server, and which one owns a path.
package struct ModuleDirectory: Sendable {
    /// The modules, in the order the server lists them.
    package let all: [any PlatformModule]
    /// (prefix, entry), longest prefix first; each prefix as its UTF-8 bytes.
    private let prefixes: [(bytes: [UInt8], entry: ModuleEntry)]

    /// `controlPlane` checks and renders the paths of every prefix under `/_mock/`.
    package init(_ modules: [any PlatformModule], controlPlane: ControlPlane) {
        all = modules
        prefixes = modules
            .flatMap { module in
                module.pathPrefixes.map { prefix in
                    (Array(prefix.utf8), ControlPlane.contains(prefix: prefix) ? ModuleEntry(module, in: controlPlane) : ModuleEntry(module))
                }
            }
            .sorted { $0.bytes.count > $1.bytes.count }
    }

    /// The module owning a tenant-relative path: the longest matching prefix (a prefix `/x/`
    /// also owns `/x` itself; a module with `/` owns every path no other claims); nil when no
    /// module claims it. Compared byte by byte: prefixes are ASCII, and `String.hasPrefix`
    /// compares by Unicode rules.
    package func module(for path: String) -> ModuleEntry? {
        path.utf8.withContiguousStorageIfAvailable(module(for:)) ?? module(for: Array(path.utf8))
    }

    private func module(for path: some Collection<UInt8>) -> ModuleEntry? {
        for (prefix, entry) in prefixes {
            if path.starts(with: prefix) { return entry }
            if path.count == prefix.count - 1, prefix.count > 1, prefix.last == UInt8(ascii: "/"), path.elementsEqual(prefix.dropLast()) {
                return entry
            }
        }
        return nil
    }
}
