// listedit: the command line (swift-argument-parser): `listedit [FILE]`, `apply`, `merge`, `demo`,
// `--help`, `--version`. Each command is a thin shell: it opens what it needs, then runs a
// program over the curses backend with TerminalUI's run loop, or applies a batch script. It may
// import every module of the package, swift-argument-parser and swift-system.
import ArgumentParser
import Terminal

/// `listedit`: the command line. Each subcommand is a thin shell over the library.
///
/// `listedit --help` is composed in `Listedit+Help.swift` (the open options and a line per
/// subcommand on one screen); `main()` there prints it.
@main
struct Listedit: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "listedit",
        abstract: "Edit lists of sections and rows the way a table view's edit mode does.",
        discussion: """
            FILES: .md (headings are sections, items rows, other text kept), .txt, .json.
            EXAMPLE: listedit apply g.md --ops '{"deleteRows": [[0, 1]]}' --dry-run
            """,
        version: "listedit \(version) (\(CursesInfo.version))",
        subcommands: [Open.self, Apply.self, Merge.self, Demo.self],
        defaultSubcommand: Open.self
    )

    /// Every message on standard error starts `error: `, the argument parser's usage errors too
    /// (its default is `Error: `).
    static var _errorPrefix: String { "error: " }
}
