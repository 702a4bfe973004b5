import Foundation

/// The bundled OpenAPI documents as the build parsed them (`SpecIndexPlugin` runs `SpecIndexer`
/// over `Specs/*.yaml`): each document's tree as JSON whose scalars are all text, found by its
/// YAML text, byte for byte. A start reads these instead of parsing YAML, which was the largest
/// part of the time from exec to ready (bench/RESULTS.md); a document that is not bundled, or
/// whose text differs from the bundled one, is parsed from its YAML.
package enum BundledSpecIndex {
    /// The tree of `yaml` when it is the text of a bundled document; nil otherwise.
    package static func tree(of yaml: String) -> JSONValue? {
        guard let entry = documents.values.first(where: { sameBytes($0.yaml, yaml) }) else { return nil }
        return try? JSONParser.parse(entry.json.utf8)
    }

    /// Whether two texts have the same UTF-8 bytes, compared with `memcmp`: `==` compares
    /// non-ASCII text by canonical equivalence, and `elementsEqual` on the UTF-8 views took 3 %
    /// of a start's samples.
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        guard a.utf8.count == b.utf8.count else { return false }
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard let first = x.baseAddress, let second = y.baseAddress else { return true }
                return memcmp(first, second, x.count) == 0
            }
        }
    }

    /// The tree of the bundled document `name` (`campaigns`).
    package static func tree(named name: String) throws(StartupError) -> JSONValue {
        guard let entry = documents[name] else { throw StartupError("no bundled document \(name).yaml") }
        do {
            return try JSONParser.parse(entry.json.utf8)
        } catch {
            throw StartupError("the build's index of \(name).yaml cannot be read: \(error)")
        }
    }
}
