import ArgumentParser
import Terminal

/// `listedit`: the command line. Each subcommand is a thin shell over the library.
@main
struct Listedit: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "listedit",
        abstract: "Edit lists of sections and rows in the terminal, the way a table view's edit mode does.",
        discussion: """
            FILES
              The format follows the extension; anything else is Markdown.
                .md    '# Title' starts a section, '- text' is a row, blank lines are ignored
                .txt   one row per non-blank line, one untitled section
                .json  {"sections": [{"title": "Groceries", "rows": ["Milk", "Eggs"]}]}
              Saving is atomic; an untouched Markdown file saves byte for byte.

            EXAMPLES
              listedit groceries.md
              listedit apply groceries.md --ops '{"deleteRows": [[0, 1]]}' --dry-run
            """,
        version: "listedit \(version) (\(CursesInfo.version))",
        subcommands: [Open.self, Apply.self, Demo.self],
        defaultSubcommand: Open.self
    )
}
