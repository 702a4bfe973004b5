import ArgumentParser
import Foundation
import MockPlatform

/// `mock-platform`: the MockPlatform command line.
@main
struct MockPlatformCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock-platform",
        abstract: "One server that stands in for IQL, loyalty and campaign platforms.",
        version: "mock-platform \(MockPlatformVersion.current)",
        subcommands: [Serve.self, Trigger.self, Listen.self, Wait.self],
        defaultSubcommand: Serve.self
    )

    /// Runs the command; any failure is one line on standard error (`mock-platform: …`, what
    /// is wrong and what to do) and a non-zero exit. `--help` and `--version` print as usual.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            let text = message(for: error)
            if code == .success {
                print(fullMessage(for: error))
            } else if !text.isEmpty {
                let hint = code == .validationFailure && !text.contains(" — ") ? " — see 'mock-platform help \(subcommandName)'" : ""
                FileHandle.standardError.write(Data("mock-platform: \(text.split(separator: "\n").joined(separator: "; "))\(hint)\n".utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }

    /// The subcommand the command line names (`serve` when it names none), for the help hint.
    static var subcommandName: String {
        let names = configuration.subcommands.map { $0._commandName }
        return CommandLine.arguments.dropFirst().first { names.contains($0) } ?? "serve"
    }
}
