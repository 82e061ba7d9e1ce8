import Foundation
import Testing
import TestSupport

/// The command line a newcomer meets first: `--help`, usage errors and exit codes, run on the
/// real binary.
@Suite struct CommandLineTests {
    /// `listedit --help` fits an 80 x 24 screen whatever the terminal's width, names open's
    /// argument and options, and gives each subcommand one line.
    @Test(arguments: ["40", "80", "300"])
    func rootHelpFitsOneScreenAndNamesTheOpenOptions(columns: String) throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let r = try ListeditProcess.run(arguments, environment: ["COLUMNS": columns])
            #expect(r.status == 0)
            let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count <= 24, "\(arguments): \(lines.count) lines")
            for line in lines { #expect(line.count <= 80, "\(arguments): \(line)") }
            for name in ["[<file>]", "<file>", "--style <style>", "--no-animation", "--version", "-h, --help",
                         "listedit apply <file> --ops <ops>", "listedit demo <name>"] {
                #expect(r.stdout.contains(name), "\(arguments) lacks \(name)")
            }
            for command in ["open (default)", "apply", "merge", "demo"] {
                let line = lines.first { $0.hasPrefix("  \(command) ") }
                #expect(line != nil, "\(arguments): no line for \(command)")
                // One line each: the next line is another subcommand or the end of the section.
                if let line, let index = lines.firstIndex(of: line), index + 1 < lines.count {
                    #expect(!lines[index + 1].hasPrefix("                "), "\(command) wraps")
                }
            }
        }
    }

    /// Every help's prose is written to fit 80 columns: laid out for 300 columns, the only
    /// lines wider than 80 are argument and option rows (which the parser wraps with a hanging
    /// indent at 80). A discussion line over 80 would wrap to column 0 in an 80-column terminal.
    @Test(arguments: [[], ["open"], ["apply"], ["demo"]])
    func everyHelpIsWrittenForEightyColumns(command: [String]) throws {
        let r = try ListeditProcess.run(command + ["--help"], environment: ["COLUMNS": "300"])
        #expect(r.status == 0)
        for line in r.stdout.split(separator: "\n") where line.count > 80 {
            #expect(line.hasPrefix("  -") || line.hasPrefix("  <"), "\(command): \(line)")
        }
        let narrow = try ListeditProcess.run(command + ["--help"], environment: ["COLUMNS": "80"])
        for line in narrow.stdout.split(separator: "\n") { #expect(line.count <= 80, "\(command): \(line)") }
        #expect(narrow.stdout.contains("--no-animation") || command == ["apply"])
    }

    /// `listedit demo --help` names the keys the demos answer to beyond the table's, read from
    /// the host's key table: the bar buttons', the context menu's and the leading swipe's.
    @Test func demoHelpNamesTheHostsOwnKeys() throws {
        let r = try ListeditProcess.run(["demo", "--help"], environment: ["COLUMNS": "80"])
        #expect(r.status == 0)
        let text = r.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        for phrase in ["'b' runs the batch", "'.' opens a row's menu", "'D' swipes it from the left",
                       "'m' moves them by code", "'x' deletes the section", "'B': the list"] {
            #expect(text.contains(phrase), "demo --help lacks \(phrase)")
        }
    }

    /// Usage errors (the argument parser's and listedit's own validation) print `error: ` in
    /// lower case, then the usage, and exit 64 (EX_USAGE); nothing starts `Error:`.
    @Test(arguments: [
        (["--bogus"], "error: Unknown option '--bogus'"),
        (["apply", "g.md"], "error: Missing expected argument '--ops <ops>'"),
        (["--style", "fancy", "g.md"], "error: The value 'fancy' is invalid for '--style <style>'"),
        (["demo", "nope"], "error: unknown demo 'nope'; choose one of: states, sections, numbers, board"),
        (["a.md", "b.md"], "error: Unexpected argument 'b.md'"),
    ])
    func usageErrorsSayErrorAndExit64(_ sample: ([String], String)) throws {
        let r = try ListeditProcess.run(sample.0)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix(sample.1 + "\n") || r.stderr.hasPrefix(sample.1 + "."), "\(r.stderr)")
        #expect(r.stderr.contains("\nUsage: listedit "))
        #expect(!r.stderr.contains("Error:"))
        #expect(r.stdout.isEmpty)
    }

    /// docs/listedit.1's EXIT STATUS lists each code the binary uses, and each one is what the
    /// binary really returns when triggered.
    @Test func manPageExitCodesMatchTheBinary() throws {
        let codes = try Self.manPageExitCodes()
        let dir = TempFolder()
        defer { dir.remove() }
        let triggers: [Int32: (arguments: [String], stderrPrefix: String)] = [
            0: (["--version"], ""),
            1: (["apply", dir.path + "/missing.md", "--ops", "{}"], "error: "),
            64: (["--no-such-option"], "error: "),
        ]
        #expect(Set(codes) == Set(triggers.keys), "man page lists \(codes)")
        for code in codes {
            guard let trigger = triggers[code] else { continue }
            let r = try ListeditProcess.run(trigger.arguments)
            #expect(r.status == code, "\(trigger.arguments): \(r.status), \(r.stderr)")
            if code == 0 { #expect(r.stderr.isEmpty) } else { #expect(r.stderr.hasPrefix(trigger.stderrPrefix)) }
        }
    }

    /// The codes in the man page's EXIT STATUS section: each `.TP` entry's `.B <number>` tag.
    static func manPageExitCodes() throws -> [Int32] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/listedit.1"), encoding: .utf8)
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: ".SH EXIT STATUS") else { return [] }
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix(".SH ") }
        var codes: [Int32] = []
        var afterTP = false
        for line in section {
            if afterTP, line.hasPrefix(".B "), let code = Int32(line.dropFirst(3)) { codes.append(code) }
            afterTP = line == ".TP"
        }
        return codes
    }
}
