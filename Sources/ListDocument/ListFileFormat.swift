import TableKit
import ListStorage

/// One file format, as one type (`MarkdownFormat`, `PlainTextFormat`, `JSONListFormat`): how it
/// reads a file into a model and what it keeps of the file (`File`) so that a save writes over
/// it, how a document is saved in it, and what it cannot hold. `ListFormat` names the formats and
/// picks the type (`ListFormat.implementation`); `ListDocument` holds the `File` of the one it
/// read, and asks the type, never switches over formats.
///
///     ListFormat(path: "todo.txt").implementation   // PlainTextFormat.self
///
/// A new format is a new conforming type in its own file, a case of `ListFormat` and its arm in
/// `implementation`.
protocol ListFileFormat {
    /// What a read keeps of the file for the next save (Markdown: its bytes and scan; plain text:
    /// its lines; JSON: the keys listedit does not know).
    associatedtype File: FormatFile

    /// The file name extensions of the format, lowercased, without the dot (`["txt"]`); the
    /// format of any other extension is Markdown's.
    static var extensions: [String] { get }

    /// The model of a file's bytes, and what a save keeps of them; `name` is used in error
    /// messages, `generation` makes the rows' identities differ from those of other versions of
    /// the file read before.
    ///
    /// - Complexity: O(size of the file).
    static func read(_ bytes: [UInt8], name: String, generation: UInt64) throws(DocumentError) -> (model: ListModel, file: File)

    /// The line ending a document read from `bytes` writes (`"\r\n"` or `"\n"`).
    static func lineEnding(of bytes: [UInt8]) -> String

    /// Titles and row texts of a file (what `ListFormat.parse` gives).
    static func parse(_ bytes: [UInt8], name: String) throws(DocumentError) -> ParsedList

    /// A new file of titles and row texts (what `ListFormat.serialize` gives).
    static func serialize(_ list: ParsedList, name: String) throws(DocumentError) -> [UInt8]

    /// What the format cannot hold of `model` (`ListFormat.limitations(of:)`).
    ///
    /// - Complexity: O(total length of the texts).
    static func limitations(of model: ListModel) -> [FormatLimitation]

    /// `model` with what the format cannot hold dropped or flattened (`ListFormat.fitting`).
    ///
    /// - Complexity: O(rows).
    static func fitting(_ model: ListModel) -> ListModel

    /// The extension of a format to suggest when this one cannot hold the list (`".md"`).
    static var holdsMore: String { get }

    /// `title` as a file of this format holds a section title (`ListDocument.heldTitle`).
    static func heldTitle(_ title: String) -> String

    /// The bytes of `document`'s model saved in this format as `name`, written over the file the
    /// document read when that is of this format; with what `finishSave` needs to take a written
    /// Markdown file without reading it again (nil: it is read again).
    ///
    /// - Complexity: O(size of the file).
    static func write(_ document: ListDocument, name: String) throws(DocumentError) -> (bytes: [UInt8], reread: ListDocument.SaveRequest.Reread?)

    /// Takes the bytes `request` wrote (in this format) as the file the document read: its
    /// `file`, and a model whose rows name those bytes when the format's rows point into them.
    /// Called by `ListDocument.finishSave`, which sets the rest (format, bytes, stamp), after it
    /// set the model to the list written and `savedModelIsRead` to whether it still is what the
    /// file as read reads as; `savedModelWasRead` is what that was before the save; `undoable` gives
    /// the rows undo may bring back, for a format that keeps earlier versions (Markdown).
    ///
    /// - Complexity: O(size of the file).
    static func finishSave(_ request: ListDocument.SaveRequest, in document: inout ListDocument, savedModelWasRead: Bool,
                           undoable: () -> [ListModel.RowID])
}

/// What a format keeps of a file it read (`ListFileFormat.File`), which a save writes over.
protocol FormatFile: Sendable {
    /// The buffer the rows read from the file point into (their identities are offsets in it);
    /// nil when they hold their texts.
    var rowBuffer: TextBuffer? { get }

    /// What saving `model` (read from this file) as `format` loses besides what `format` itself
    /// cannot hold (`ListDocument.limitations(savingAs:)`).
    ///
    /// - Complexity: O(rows + the bytes of the items that lose something).
    func limitations(of model: ListModel, savingAs format: ListFormat) -> [FormatLimitation]
}

extension ListFileFormat {
    /// `"\r\n"` when the first line of `bytes` ends so, else `"\n"`.
    static func lineEnding(of bytes: [UInt8]) -> String {
        let crlf = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } ?? false
        return crlf ? "\r\n" : "\n"
    }

    static var holdsMore: String { ".md" }

    static func heldTitle(_ title: String) -> String { title }

    /// `read`, with the line ending, its file as any format's (for `ListDocument`, which holds
    /// the file of whichever format it read).
    static func readDocument(_ bytes: [UInt8], name: String, generation: UInt64) throws(DocumentError)
        -> (model: ListModel, lineEnding: String, file: any FormatFile) {
        let (model, file) = try read(bytes, name: name, generation: generation)
        return (model, lineEnding(of: bytes), file)
    }
}

extension FormatFile {
    func limitations(of model: ListModel, savingAs format: ListFormat) -> [FormatLimitation] { [] }
}
