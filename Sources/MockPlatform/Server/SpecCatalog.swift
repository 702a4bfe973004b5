import Foundation

/// The OpenAPI documents the server is generated from, served by `/_mock/openapi/{name}.yaml`.
///
/// They are bundled as resources (`Sources/MockPlatform/Specs` is `openapi/`), so the served
/// text is the one the code was generated from.
package struct SpecCatalog: Sendable {
    /// YAML text by name (`iql`, `publisher`, `control`).
    package let documents: [String: String]

    package init(documents: [String: String]) { self.documents = documents }

    /// Every document bundled with the server.
    package static func bundled() throws -> SpecCatalog {
        guard let folder = Bundle.module.url(forResource: "Specs", withExtension: nil) else {
            throw FixtureError("the bundled Specs folder is missing")
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
    func document(named name: String) throws -> String {
        guard let text = documents[name] else { throw FixtureError("no spec named \(name)") }
        return text
    }
}
