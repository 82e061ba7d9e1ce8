internal import SystemPackage
import TableKit
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

    /// Every recovery file of `document`, by number, with what is known about it. Reading never
    /// removes one.
    ///
    /// - Complexity: one pass over the folder's entries, plus the first 4 KB of each recovery
    ///   file and, when its stamp's metadata differ, a hash of the document.
    public static func pending(for document: String) -> [RecoveryFile] {
        numbers(for: document).compactMap { RecoveryFile(document: document, number: $0) }
    }

    /// The numbers of the recovery files of `document` that exist, in order.
    static func numbers(for document: String) -> [Int] {
        let prefix = ".\(FileAccess.fileName(document)).listedit-recovery"
        let folder = FileAccess.directory(of: document)
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var found: [Int] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix) else { continue }
            let rest = name.dropFirst(prefix.count)
            if rest.isEmpty {
                found.append(1)
            } else if rest.first == "-", let n = Int(rest.dropFirst()), n >= 2, "\(n)" == rest.dropFirst() {
                found.append(n)
            }
        }
        return found.sorted()
    }

    /// `model` encoded for a recovery file: JSON, which holds any text and every row's level,
    /// checkbox and passage flag, so any list comes back exactly.
    static func encode(_ model: ListModel, lineEnding: String, name: String) -> (RecoveryHeader.Encoding, [UInt8]) {
        (.json, JSONListFormat.serialize(model, passages: true))
    }

    static func decode(_ bytes: [UInt8], _ encoding: RecoveryHeader.Encoding, name: String) throws(DocumentError) -> ListModel {
        switch encoding {
        case .markdown: return try MarkdownFormat.read(bytes, name: name).model
        case .json: return try JSONListFormat.parseModel(bytes, name: name)
        }
    }
}
