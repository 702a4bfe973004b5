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
        subcommands: [Serve.self, Trigger.self, Listen.self, Wait.self, Audit.self],
        defaultSubcommand: Serve.self
    )

    /// Runs the command; any failure is one line on standard error (`mock-platform: …`, what
    /// is wrong and what to do) and a non-zero exit. `--help` and `--version` print as usual.
    static func main() async {
        if let refusal = unknownCommand(in: Array(CommandLine.arguments.dropFirst())) {
            FileHandle.standardError.write(Data("mock-platform: \(refusal)\n".utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
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

    /// The refusal of a command line whose first word is no command (`serve` takes no
    /// arguments, so a word there is a mistyped command), naming the closest and every command.
    static func unknownCommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.map { $0._commandName }
        guard !names.contains(first), first != "help" else { return nil }
        let hint = NearestName.to(first, among: names).map { " (did you mean \($0)?)" } ?? ""
        return "unknown command '\(first)'\(hint) — the commands are \(names.joined(separator: ", ")); see 'mock-platform --help'"
    }

    /// The subcommand the command line names (`serve` when it names none), for the help hint.
    static var subcommandName: String {
        let names = configuration.subcommands.map { $0._commandName }
        return CommandLine.arguments.dropFirst().first { names.contains($0) } ?? "serve"
    }
}
