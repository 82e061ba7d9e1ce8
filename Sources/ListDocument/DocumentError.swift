/// Why a file could not be read, parsed or saved. The description names the file and, where
/// there is one, the line: `groceries.md:3: not valid UTF-8; the file was not changed`.
public struct DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, for code that reacts to it (the message is for people).
    public enum Kind: Equatable, Sendable {
        /// A line that is neither a heading, a row nor blank (Markdown).
        case notAListLine
        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// Malformed JSON or a JSON value of the wrong shape.
        case json
        /// The file system refused (missing, unreadable, read-only, a directory…).
        case io
        /// The content cannot be written in this format without losing something.
        case cannotRepresent
        /// The file changed on disk since it was read (other bytes, or gone).
        case changedOnDisk
        /// Save as: the file named exists (and is not the document's own file).
        case fileExists
        /// A scripted batch (`--ops`) is malformed.
        case script
    }

    /// What went wrong.
    public var kind: Kind
    /// The file (or `ops`, `-` for standard input).
    public var file: String
    /// 1-based line, when the problem has one.
    public var line: Int?
    /// 1-based column, when the problem has one.
    public var column: Int?
    /// What is wrong there, as a sentence without the file and line.
    public var message: String

    /// An error of `kind` in `file` (at `line` and `column` when there are), saying `message`.
    public init(_ kind: Kind, file: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return "\(place): \(message)"
    }
}
