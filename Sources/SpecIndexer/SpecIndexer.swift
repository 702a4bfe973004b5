import Crypto
import Foundation
import Yams

/// Writes the Swift source that bundles each OpenAPI document's parsed form with the server:
/// the document as JSON whose scalars are all text (what `SpecDocument` reads), keyed by the
/// document's name and the SHA-256 of its text, so that a start reads JSON instead of parsing
/// YAML. Run by `SpecIndexPlugin` at build time.
///
/// Usage: `SpecIndexer OUTPUT.swift DOCUMENT.yaml...`
@main
struct SpecIndexer {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let output = arguments.first else {
            FileHandle.standardError.write(Data("usage: SpecIndexer OUTPUT.swift DOCUMENT.yaml...\n".utf8))
            exit(2)
        }
        var entries: [String] = []
        for path in arguments.dropFirst().sorted() {
            let url = URL(fileURLWithPath: path)
            let text = try String(contentsOf: url, encoding: .utf8)
            guard let document = try Yams.load(yaml: text, Yams.Resolver.basic) else {
                throw IndexerError("\(path) holds no YAML document")
            }
            let json = String(decoding: try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
            let digest = SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
            let name = url.deletingPathExtension().lastPathComponent
            entries.append("        \"\(name)\": (sha256: \"\(digest)\", json: \(rawLiteral(json))),")
        }
        let source = """
            // Generated at build time by SpecIndexer from Sources/MockPlatform/Specs; do not edit.

            extension BundledSpecIndex {
                /// Each bundled document by name: the SHA-256 of its YAML text, and the document as
                /// JSON whose scalars are all text.
                static let documents: [String: (sha256: String, json: String)] = [
            \(entries.joined(separator: "\n"))
                ]
            }

            """
        try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    }

    /// A raw string literal of `text` with as many `#` as its contents need.
    static func rawLiteral(_ text: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        return hashes + "\"" + text + "\"" + hashes
    }
}

/// A document the indexer cannot read.
struct IndexerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
