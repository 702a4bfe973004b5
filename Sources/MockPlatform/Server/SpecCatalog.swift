import Foundation

/// The OpenAPI documents the server is generated from, served by `/_mock/openapi/{name}.yaml`.
///
/// They are bundled as resources (`Sources/MockPlatform/Specs` links to `openapi/`), so the
/// served text is the one the code was generated from.
public struct SpecCatalog: Sendable {
    /// YAML text by name (`iql`, `publisher`, `control`).
    public let documents: [String: String]

    public init(documents: [String: String]) { self.documents = documents }

    /// The documents bundled with the server.
    public static func bundled() throws -> SpecCatalog {
        var documents: [String: String] = [:]
        for surface in APISurface.allCases {
            guard let url = Bundle.module.url(forResource: surface.specName, withExtension: "yaml", subdirectory: "Specs") else {
                throw FixtureError("bundled spec \(surface.specName).yaml is missing")
            }
            documents[surface.specName] = try String(contentsOf: url, encoding: .utf8)
        }
        return SpecCatalog(documents: documents)
    }

    /// Names, sorted.
    public var names: [String] { documents.keys.sorted() }

    func document(for surface: APISurface) throws -> String {
        guard let text = documents[surface.specName] else { throw FixtureError("no spec named \(surface.specName)") }
        return text
    }
}
