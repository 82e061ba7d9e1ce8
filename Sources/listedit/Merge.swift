import ArgumentParser
import ListDocument

/// `listedit merge BASE OURS THEIRS`: the list-aware three-way merge, as git's merge driver
/// (docs/merging.md).
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge list files row by row (a git merge driver).",
        discussion: """
            Merges rows, not lines: a row moved on one side and edited on the other gets
            both; rows both sides added at one place are kept, ours first; a row added by
            one side follows the row it followed there; nested rows travel with their
            parent. Bytes no change involves stay as they were. A conflict (a row edited
            two ways, deleted on one side and edited on the other, moved to two places)
            is written between git's conflict markers around that row only.

            The result is written into OURS (or OUT). Exit status: 0 merged cleanly, 1
            with conflicts, 2 on any other error (OURS is then left as it was), 64 for
            a usage error. The format follows the extension of NAME, else of OURS.

            As git's merge driver:
              git config merge.listedit.driver "listedit merge %O %A %B --path %P"
              echo '*.md merge=listedit' >> .gitattributes
            """
    )

    @Argument(help: "The common ancestor (git's %O).")
    var base: String

    @Argument(help: "Our version (git's %A): the result is written here.")
    var ours: String

    @Argument(help: "Their version (git's %B).")
    var theirs: String

    @Option(name: .customLong("path"), help: ArgumentHelp("The file's name in the repository (git's %P): its extension picks the format.", valueName: "NAME"))
    var path: String?

    @Option(name: .customLong("output"), help: ArgumentHelp("Write the result to OUT instead of OURS.", valueName: "OUT"))
    var output: String?

    func run() throws {
        do {
            // `--path`'s extension, else OURS's (git's `%P` may have none, a to-do file named without one).
            let format = ListFormat(path: path.flatMap { FileAccess.fileName($0).dropFirst().contains(".") ? $0 : nil } ?? ours)
            // Under git the files are temporary ones: errors say which version of which file.
            func name(_ file: String, _ version: String) -> String { path.map { "\(file) (\(version) of \($0))" } ?? file }
            let (bytes, conflicts) = try ListDocument.merge(
                base: .init(bytes: try FileAccess.read(base).bytes, name: name(base, "base")),
                ours: .init(bytes: try FileAccess.read(ours).bytes, name: name(ours, "ours")),
                theirs: .init(bytes: try FileAccess.read(theirs).bytes, name: name(theirs, "theirs")),
                format: format, name: path ?? ours)
            _ = try FileAccess.writeAtomically(bytes, to: output ?? ours)
            if conflicts > 0 {
                writeAll(2, Array("listedit merge: \(conflicts) conflict\(conflicts == 1 ? "" : "s") in \(path ?? ours)\n".utf8))
                throw ExitCode(1)
            }
        } catch let error as DocumentError {
            _ = fail(error.description, notes: ["nothing was written"])
            throw ExitCode(2)
        }
    }
}
