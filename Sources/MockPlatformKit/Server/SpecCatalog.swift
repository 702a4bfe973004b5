import Foundation

/// The OpenAPI documents the server is generated from, served by `/_mock/openapi/{name}.yaml`.
///
/// They are bundled as resources (`Sources/MockPlatformKit/Specs` is `openapi/`), so the served
/// text is the one the code was generated from.
package struct SpecCatalog: Sendable {
    /// YAML text by name (`iql`, `publisher`, `control`).
    package let documents: [String: String]
    /// The documents `reading()` has read, by name.
    private var read: [String: SpecDocument] = [:]

    package init(documents: [String: String]) { self.documents = documents }

    /// The catalog with every document read now (side by side, `SpecDocument.parsing`), so that
    /// a start can read them beside its other work; `makeResponder` reads any it finds unread.
    package func reading() throws -> SpecCatalog {
        var catalog = self
        catalog.read = try Dictionary(uniqueKeysWithValues: zip(names, SpecDocument.parsing(names.map { documents[$0] ?? "" })))
        return catalog
    }

    /// The read documents of `names`, in their order: those `reading()` read, the others parsed
    /// now, each once however often it is named.
    package func readDocuments(named names: [String]) throws -> [SpecDocument] {
        var seen: Set<String> = []
        let unread = names.filter { read[$0] == nil && seen.insert($0).inserted }
        var documents = read
        for (name, document) in zip(unread, try SpecDocument.parsing(unread.map(document(named:)))) { documents[name] = document }
        return try names.map { name in
            guard let document = documents[name] else { throw StartupError("no spec named \(name)") }
            return document
        }
    }

    /// Every document bundled with the server.
    package static func bundled() throws -> SpecCatalog {
        guard let folder = Bundle.module.url(forResource: "Specs", withExtension: nil) else {
            throw StartupError("the bundled Specs folder is missing")
        }
        var documents: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        where file.pathExtension == "yaml" {
            documents[file.deletingPathExtension().lastPathComponent] = try String(contentsOf: file, encoding: .utf8)
        }
        return SpecCatalog(documents: documents)
    }

    /// Names, sorted.
    package var names: [String] { documents.keys.sorted() }

    /// The document of a module.
    package func document(named name: String) throws -> String {
        guard let text = documents[name] else { throw StartupError("no spec named \(name)") }
        return text
    }
}
