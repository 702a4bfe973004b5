/// The bundled OpenAPI documents as the build parsed them (`SpecIndexPlugin` runs `SpecIndexer`
/// over `Specs/*.yaml`): each document's tree as JSON whose scalars are all text, found by its
/// YAML text, byte for byte. A start reads these instead of parsing YAML, which was the largest
/// part of the time from exec to ready (bench/RESULTS.md); a document that is not bundled, or
/// whose text differs from the bundled one, is parsed from its YAML.
enum BundledSpecIndex {
    /// The tree of `yaml` when it is the text of a bundled document; nil otherwise.
    static func tree(of yaml: String) -> JSONValue? {
        let text = yaml.utf8
        guard let entry = documents.values.first(where: { $0.yaml.utf8.count == text.count && $0.yaml.utf8.elementsEqual(text) }) else { return nil }
        return try? JSONParser.parse(entry.json.utf8)
    }

    /// The tree of the bundled document `name` (`campaigns`); nil when there is none.
    static func tree(named name: String) -> JSONValue? {
        documents[name].flatMap { try? JSONParser.parse($0.json.utf8) }
    }
}
