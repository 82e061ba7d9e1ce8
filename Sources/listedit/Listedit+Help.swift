import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

extension Listedit {
    /// The width `listedit --help` is laid out for, whatever the terminal's width.
    static let helpColumns = 80

    /// Parses the command line and runs the command, as the argument parser's own `main()`
    /// does, except that `listedit --help` (and `listedit help`) prints `rootHelp()`. Exit
    /// codes: 0, 1 for a failure, 64 (EX_USAGE) for a usage error; docs/listedit.1 lists them.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .success,
               fullMessage(for: error, columns: helpColumns) == helpMessage(columns: helpColumns) {
                writeAll(1, Array(rootHelp().utf8))
                Glibc.exit(0)
            }
            exit(withError: error)
        }
    }

    /// The help a newcomer sees first: the default command's (open's) usage, arguments and
    /// options, one usage line and one summary line per subcommand, then the formats and
    /// examples. Built from the argument parser's own sections, so it cannot drift from the
    /// options; fits 80 columns and a 24-line screen.
    static func rootHelp() -> String {
        let open = blocks(Open.helpMessage(columns: helpColumns))
        let root = blocks(helpMessage(columns: helpColumns))
        let usage = ["listedit " + Open.usageString().dropPrefix("open "),
                     "listedit " + Apply.usageString(),
                     "listedit " + Demo.usageString()]
        var parts = ["OVERVIEW: \(configuration.abstract)",
                     "USAGE: " + usage.joined(separator: "\n       ")]
        parts += open.filter { $0.hasPrefix("ARGUMENTS:") }
        // open's options, then the root's (--version, -h) that open's own help lacks.
        var options = open.first { $0.hasPrefix("OPTIONS:") }?.split(separator: "\n").map(String.init) ?? []
        let rootOptions = root.first { $0.hasPrefix("OPTIONS:") }?.split(separator: "\n").dropFirst() ?? []
        options.removeAll { line in rootOptions.contains { $0 == line } }
        parts.append((options + rootOptions.map(String.init)).joined(separator: "\n"))
        parts += root.filter { $0.hasPrefix("SUBCOMMANDS:") }
        parts.append(configuration.discussion)
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// A help text's paragraphs (separated by blank lines), without trailing newlines.
    private static func blocks(_ text: String) -> [String] {
        text.split(separator: "\n\n", omittingEmptySubsequences: true)
            .map { String($0).trimmingTrailingNewlines() }
    }
}

extension String {
    fileprivate func dropPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }

    fileprivate func trimmingTrailingNewlines() -> String {
        var s = self
        while s.last == "\n" { s.removeLast() }
        return s
    }
}
