import MockPlatform

/// The platforms' own options (`Platform.processOptions`) as `serve --help` lists them, after
/// the server's: one entry per option, its flag, value, help and variable.
enum ProcessOptionsHelp {
    static func text(_ options: [ProcessOption]) -> String {
        let entries = options.map { option in
            "  \(option.flag) \(option.valueName)\n        \(option.help) Env: \(option.environmentVariable)."
        }
        return "PLATFORM OPTIONS:\n" + entries.joined(separator: "\n")
    }
}
