/// A process-wide option a platform declares (`Platform.processOptions`): a flag of
/// `mock-platform serve` and its `MOCK_PLATFORM_<NAME>` variable, whose value the platform's
/// modules read when they are made (`ModuleStartup.options`).
package struct ProcessOption: Sendable, Hashable {
    /// The flag without its dashes: `webhook-allow` is `--webhook-allow` and
    /// `MOCK_PLATFORM_WEBHOOK_ALLOW`.
    package let name: String
    /// What the value is, for help: `<hosts>`.
    package let valueName: String
    /// What the option does and its default, for `mock-platform serve --help`.
    package let help: String

    package init(_ name: String, valueName: String, help: String) {
        self.name = name
        self.valueName = valueName
        self.help = help
    }

    /// `--<name>`.
    package var flag: String { "--" + name }

    /// `MOCK_PLATFORM_<NAME>`, dashes as underscores.
    package var environmentVariable: String { "MOCK_PLATFORM_" + name.uppercased().replacingOccurrences(of: "-", with: "_") }
}
