import MockPlatform

/// The platforms' own options (`Platform.processOptions`) as `serve --help` lists them, after
/// the server's: one entry per option, its flag and value, then its help and variable indented
/// beneath, wrapped here at `width` columns as the server's options are (the parser would
/// otherwise wrap the discussion itself and lose the indent).
enum ProcessOptionsHelp {
    /// The columns the help is written within: the parser wraps a discussion line of 80
    /// columns or more itself, at the 80 it uses off a terminal.
    static let width = 79

    static func text(_ options: [ProcessOption]) -> String {
        let entries = options.map { option in
            "  \(option.flag) \(option.valueName)\n" + wrapped("\(option.help) Env: \(option.environmentVariable).", indent: "        ")
        }
        return "PLATFORM OPTIONS:\n" + entries.joined(separator: "\n")
    }

    /// `text`'s words in lines of at most `width` columns, each starting with `indent`; a word
    /// longer than a line has one to itself.
    static func wrapped(_ text: String, indent: String) -> String {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            if line.count > indent.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += line.count > indent.count ? " \(word)" : String(word)
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
