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
                .md    any Markdown: headings start sections, list items (nested, tasks) are
                       rows, anything else is a passage kept byte for byte
                .txt   one row per non-blank line, one untitled section; 'x ' is a checked row
                .json  {"sections": [{"title": "Groceries", "rows": ["Milk", {"text": "Eggs", "checked": true}]}]}
              Saving is atomic and rewrites only what changed; an untouched file saves byte for byte.

            EXAMPLES
              listedit groceries.md
              listedit apply groceries.md --ops '{"deleteRows": [[0, 1]]}' --dry-run
            """,
        version: "listedit \(version) (\(CursesInfo.version))",
        subcommands: [Open.self, Apply.self, Demo.self],
        defaultSubcommand: Open.self
    )
}
