import ArgumentParser
import ListDocument
import TableKit
#if canImport(Glibc)
import Glibc
#endif

/// `listedit [FILE]`: opens FILE (or the built-in example) in the editor.
struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open FILE in the interactive editor (the default command).",
        discussion: "Without FILE, the built-in example list opens in memory; saving asks for a file name."
    )

    @Argument(help: "The list file; a missing file is created on the first save.")
    var file: String?

    func run() throws {
        let document: ListDocument
        do {
            document = try file.map { (f) throws(DocumentError) in try ListDocument.open(f) }
                ?? ListDocument(model: ExampleList.model)
        } catch {
            throw ExitCode(fail(error.description))
        }
        for section in document.model.sections {
            print(section.title.isEmpty ? "(untitled)" : section.title)
            for row in section.rows { print("  \(row.text)") }
        }
    }
}
