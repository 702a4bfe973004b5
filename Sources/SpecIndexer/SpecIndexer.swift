import Foundation
import Yams

/// Writes the Swift source that bundles each OpenAPI document's parsed form with the server:
/// the document as JSON whose scalars are all text (what `SpecDocument` reads) beside the YAML
/// text it was read from, keyed by the document's name, so that a start reads JSON instead of
/// parsing YAML. Run by `SpecIndexPlugin` at build time.
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
            let name = url.deletingPathExtension().lastPathComponent
            entries.append("        \"\(name)\": (yaml: \(escapedLiteral(text)), json: \(rawLiteral(json))),")
        }
        let source = """
            // Generated at build time by SpecIndexer from Sources/MockPlatformKit/Specs; do not edit.

            extension BundledSpecIndex {
                /// Each bundled document by name: its YAML text, and the document as JSON whose
                /// scalars are all text.
                static let documents: [String: (yaml: String, json: String)] = [
            \(entries.joined(separator: "\n"))
                ]
            }

            """
        try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    }

    /// A one-line string literal of `text`, which may hold line breaks: each byte of the text
    /// comes back from the literal as it was (no line-ending normalisation, no indentation).
    static func escapedLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
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
