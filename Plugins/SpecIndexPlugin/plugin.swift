import Foundation
import PackagePlugin

/// Runs `SpecIndexer` over the target's `Specs/*.yaml` before it compiles, so the server reads
/// each bundled OpenAPI document as JSON at start instead of parsing its YAML.
@main
struct SpecIndexPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget,
              let folder = module.sourceFiles.map(\.url).first(where: { $0.lastPathComponent == "Specs" })
        else { throw SpecIndexError(description: "\(target.name) has no Specs folder") }
        let documents = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "yaml" }
            .sorted { $0.path < $1.path }
        guard !documents.isEmpty else { throw SpecIndexError(description: "no OpenAPI documents in \(folder.path)") }
        let output = context.pluginWorkDirectoryURL.appending(path: "BundledSpecIndex+Documents.swift")
        return [
            .buildCommand(
                displayName: "Indexing \(documents.count) OpenAPI documents of \(target.name)",
                executable: try context.tool(named: "SpecIndexer").url,
                arguments: [output.path] + documents.map(\.path),
                inputFiles: documents,
                outputFiles: [output]
            )
        ]
    }
}

/// The target has no documents to index.
struct SpecIndexError: Error, CustomStringConvertible {
    let description: String
}
