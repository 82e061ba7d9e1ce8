import ArgumentParser
import ListDocument
import TableKit
import TerminalUI
import SystemPackage

/// `listedit apply FILE --ops OPS`: batches of operations on a file, without a terminal.
struct Apply: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Apply batches of operations to FILE, all or nothing.",
        discussion: """
            OPS is a JSON batch object or an array of them, applied in order. Index paths
            are [section, row]: deletes and reloads name original positions, inserts final
            positions, moves go from an original to a final position; order inside a batch
            does not matter.

              {"deleteRows": [[0, 2]], "insertRows": [{"at": [0, 0], "text": "Alaska"}],
               "reloadRows": [{"at": [0, 1], "text": "Arizona (AZ)"}],
               "moveRows": [{"from": [0, 0], "to": [1, 0]}],
               "deleteSections": [1],
               "insertSections": [{"at": 1, "title": "New", "rows": ["x"]}],
               "reloadSections": [{"at": 0, "title": "Renamed", "rows": ["a"]}],
               "moveSections": [{"from": 0, "to": 2}]}

            A row given as an object may carry "checked" (true or false: a checkbox; null:
            none) and "level" (its nesting), in insertRows, reloadRows (absent keys, "text"
            included, keep the row's) and a section's "rows": {"at": [0, 1], "text": "Milk",
            "checked": true}. In Markdown, a row inserted without "checked" next to a task
            in its list is an open task.

            Levels: a row is at most one level deeper than the row above it (0 at a
            section's top and after a passage). deleteRows deletes exactly the rows it names
            and moveRows moves exactly the named row: the nested rows they leave behind
            move up one level per named row they were under. An inserted or moved row lands
            at no lower level than the row it lands before (it never adopts rows) and at
            most one deeper than the row above; without "level" an inserted row takes the
            level of the row it lands before (at a list's end, of the row above), a moved
            row keeps its own; a given "level" is clamped to that.

            reloadSections without "rows" changes only the title. In Markdown, passages
            (paragraphs, code, tables...) are never rewritten: reloading one, or reloading
            a section holding one with "rows", is an error naming it; the untitled first
            section stays first, and takes no title when it opens with front matter; a new
            section takes the level of the one before it. In a Kanban board no row goes
            into the section holding only the front matter.

            An invalid batch exits 1 with the table's own message, and a result the format
            of FILE (or OUT) cannot hold exits 1 naming what it cannot hold; nothing is
            written. A usage error (a missing FILE or --ops) exits 64.
            """
    )

    @Argument(help: "The list file to change.")
    var file: String

    @Option(name: .customLong("ops"), help: "The operations: JSON text (starting with { or [), a JSON file, or - for standard input.")
    var ops: String

    @Flag(name: .customLong("dry-run"), help: "Print the result instead of writing it.")
    var dryRun = false

    @Option(name: .customLong("output"), help: "Write the result to OUT instead of FILE.")
    var output: String?

    func run() throws {
        do {
            var document = try ListDocument.open(file, createIfMissing: false)
            document.rereadsAfterSave = false  // one save, then the process ends
            let (opsBytes, opsName) = try readOps()
            let script = try BatchScript.decode(opsBytes, name: opsName)
            do {
                try document.apply(script)
            } catch {
                let notes = script.batches.count > 1
                    ? ["in batch \(error.batch + 1) of \(script.batches.count); nothing was written"]
                    : ["nothing was written"]
                throw ExitCode(fail(error.error.description, notes: notes))
            }
            if dryRun {
                writeAll(1, try document.serialized())
                return
            }
            if let output {
                // `--output` names the file to write, as `sort -o` does: it replaces one that
                // exists (only FILE itself is checked for changes on disk).
                try document.save(to: output, overwrite: output != file)
            } else {
                try document.save()
            }
        } catch let error as DocumentError {
            throw ExitCode(fail(error.description))
        }
    }

    /// The OPS bytes and the name messages use for them.
    func readOps() throws(DocumentError) -> ([UInt8], String) {
        if ops == "-" { return (try readStandardInput(), "<stdin>") }
        if let first = ops.first(where: { !$0.isWhitespace }), first == "{" || first == "[" {
            return (Array(ops.utf8), "ops")
        }
        return (try FileAccess.read(ops).bytes, ops)
    }

    func readStandardInput() throws(DocumentError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            // swift-system's read retries when a signal interrupts it.
            guard let n = try? chunk.withUnsafeMutableBytes({ try FileDescriptor.standardInput.read(into: $0) }) else {
                throw DocumentError(.io, file: "<stdin>", "cannot read standard input")
            }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
        }
    }
}
