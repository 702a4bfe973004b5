import ArgumentParser

/// `mock-platform`: the MockPlatform command line.
@main
struct MockPlatformCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock-platform",
        abstract: "One server that stands in for IQL, loyalty and campaign platforms.",
        subcommands: [Serve.self, Trigger.self, Listen.self],
        defaultSubcommand: Serve.self
    )
}
