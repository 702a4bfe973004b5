/// The values given for the platforms' process-wide options (`ProcessOption`): a flag's, else
/// its variable's; an empty variable counts as unset.
package struct ProcessOptions: Sendable {
    private var values: [String: String] = [:]

    package init() {}

    /// Reads `arguments` (`--name value` or `--name=value`, each naming a declared option) over
    /// the declared options' variables in `environment`; a start-up error names the first
    /// argument no platform declares, or a flag without its value.
    package init(arguments: [String], environment: [String: String], declared: [ProcessOption]) throws(StartupError) {
        for option in declared {
            if let value = environment[option.environmentVariable], !value.isEmpty { values[option.name] = value }
        }
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            let (flag, inline) = Self.split(argument)
            guard let option = declared.first(where: { $0.flag == flag }) else {
                let names = declared.map(\.flag) + ["--help"]
                let hint = flag.hasPrefix("--") ? NearestName.to(flag, among: names).map { " (did you mean \($0)?)" } ?? "" : ""
                throw StartupError(flag.hasPrefix("-") ? "unknown option '\(flag)'\(hint)" : "unexpected argument '\(argument)'")
            }
            guard let value = inline ?? rest.popFirst() else { throw StartupError("missing value for '\(option.flag) \(option.valueName)'") }
            values[option.name] = value
        }
    }

    /// The value given for `option`, nil when neither its flag nor its variable was.
    package subscript(option: ProcessOption) -> String? {
        get { values[option.name] }
        set { values[option.name] = newValue }
    }

    private static func split(_ argument: String) -> (flag: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
