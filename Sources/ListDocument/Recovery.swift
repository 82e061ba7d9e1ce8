internal import SystemPackage
import TableKit
import ListStorage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Recovery files, as vim's swap files: while listedit has a document open, a recovery file next
/// to it names the process (pid, name, host), the time of its last write and the document's stamp
/// when it was read, and holds the unsaved edits, so a closed terminal, a kill or a crash loses
/// nothing, and a second listedit on the same file knows about the first.
///
///     Recovery.path(for: "/home/me/groceries.md")             // "/home/me/.groceries.md.listedit-recovery"
///     Recovery.path(for: "/home/me/groceries.md", number: 2)  // "/home/me/.groceries.md.listedit-recovery-2"
///
///     for file in Recovery.pending(for: path) {               // on open, before `RecoverySession.begin`
///         switch file.status {
///         case .openElsewhere(let pid, _): ask("open in another listedit (pid \(pid))")
///         case .unsavedEdits: ask("Unsaved edits from \(file.writtenTimeOfDay) found")
///         case .stale: break                                  // `begin` removes it
///         }
///     }
///
/// Each session writes its own file (`RecoverySession`): the first free number, so after the user
/// leaves an offered file for later, the session's edits go to a second file and both are offered
/// next time. A file is removed only by an explicit call: `RecoverySession.restore`, `merge`,
/// `discard` or `close` (and, by `begin`, a stale one: its owner ended and it holds no edits).
/// The format is in docs/file-formats.md, "Recovery files".
public enum Recovery {
    /// The recovery file of `document` with `number` (1 is the first session's; 2, 3… follow).
    public static func path(for document: String, number: Int = 1) -> String {
        let name = ".\(FileAccess.fileName(document)).listedit-recovery" + (number > 1 ? "-\(number)" : "")
        return FileAccess.folder(of: FilePath(document)).appending(name).string
    }

    /// Every recovery file of `document`, by number, with what is known about it (`scan`'s
    /// files). Reading never removes one.
    ///
    /// - Complexity: as `scan`.
    public static func pending(for document: String) -> [RecoveryFile] {
        scan(for: document).files
    }

    /// What is at each recovery file path of `document`, by number: the recovery files, and what
    /// is there but is not one of this user's (a symbolic link, a directory, another user's
    /// file, a file not in the format), which is never offered, read as edits or removed.
    /// Reading never removes anything.
    ///
    /// - Complexity: one pass over the folder's entries, plus the first 4 KB of each recovery
    ///   file (all of a file without a header, to check that it holds a list) and, when its
    ///   stamp's metadata differ, a hash of the document.
    public static func scan(for document: String) -> (files: [RecoveryFile], ignored: [IgnoredRecoveryFile]) {
        var files: [RecoveryFile] = []
        var ignored: [IgnoredRecoveryFile] = []
        for number in numbers(for: document) {
            do throws(IgnoredRecoveryFile.Reason) {
                if let file = try RecoveryFile(document: document, number: number) { files.append(file) }
            } catch {
                ignored.append(IgnoredRecoveryFile(path: path(for: document, number: number), number: number, reason: error))
            }
        }
        return (files, ignored)
    }

    /// The numbers of the recovery file paths of `document` where something exists, in order.
    static func numbers(for document: String) -> [Int] {
        FileAccess.names(in: FileAccess.directory(of: document)).compactMap { number(ofName: $0, document: document) }.sorted()
    }

    /// The number `name` stands for as a recovery file of `document` (`.NAME.listedit-recovery`
    /// is 1, `…-recovery-2` is 2); `nil` for any other name (`-1`, `-02`, `-x`).
    static func number(ofName name: String, document: String) -> Int? {
        let prefix = ".\(FileAccess.fileName(document)).listedit-recovery"
        guard name.hasPrefix(prefix) else { return nil }
        let rest = name.dropFirst(prefix.count)
        if rest.isEmpty { return 1 }
        guard rest.first == "-", let n = Int(rest.dropFirst()), n >= 2, "\(n)" == rest.dropFirst() else { return nil }
        return n
    }

    /// Removes what a killed save or recovery write left next to `document`: files named
    /// `.NAME.listedit-XXXXXX` exactly, where NAME is the document's name (next to the file a
    /// symbolic link names, where saves write) or one of its recovery files' names, and only
    /// this user's regular files that no process holds (`FileAccess.removeIfUnused`). The
    /// recovery file holds the edits such a write was saving. Returns the paths removed.
    ///
    /// - Complexity: one pass over the entries of the document's folder (and of its link
    ///   target's, when elsewhere).
    @discardableResult
    static func removeLeftoverTemporaries(of document: String) -> [String] {
        let documentFolder = FileAccess.folder(of: FilePath(document))
        let target = FileAccess.resolvedTarget(FilePath(document))
        let targetFolder = FileAccess.folder(of: target)
        let saved = target.lastComponent?.string
        var removed: [String] = []
        for folder in targetFolder == documentFolder ? [documentFolder] : [documentFolder, targetFolder] {
            for name in FileAccess.names(in: folder.string) {
                guard let base = FileAccess.temporaryBase(of: name) else { continue }
                let ours = (folder == targetFolder && base == saved)
                    || (folder == documentFolder && number(ofName: base, document: document) != nil)
                let path = folder.appending(name).string
                if ours, FileAccess.removeIfUnused(path) { removed.append(path) }
            }
        }
        return removed
    }

    /// `model` encoded for a recovery file: JSON, which holds any text and every row's level,
    /// checkbox and passage flag, so any list comes back exactly.
    static func encode(_ model: ListModel, lineEnding: String, name: String) -> (RecoveryHeader.Encoding, [UInt8]) {
        (.json, JSONListFormat.serialize(model, passages: true))
    }

    /// The list of an earlier listedit's recovery file, which had no header: Markdown, or JSON
    /// (which always starts with `{`).
    static func decodeWithoutHeader(_ bytes: [UInt8], name: String) throws(DocumentError) -> ListModel {
        try decode(bytes, bytes.first == UInt8(ascii: "{") ? .json : .markdown, name: name)
    }

    static func decode(_ bytes: [UInt8], _ encoding: RecoveryHeader.Encoding, name: String) throws(DocumentError) -> ListModel {
        switch encoding {
        case .markdown: return try MarkdownFormat.read(bytes, name: name).model
        case .json: return try JSONListFormat.parseModel(bytes, name: name)
        }
    }
}
