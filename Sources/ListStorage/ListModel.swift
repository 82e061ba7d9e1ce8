import TableKit
import Foundation

/// The in-memory list: sections with titles, rows with text, each row with a stable identity.
///
///     var list = ListModel(sections: [("Groceries", ["Milk", "Eggs"])])
///     list.insertRow("Bread", at: IndexPath(row: 1, section: 0))
///     list.sections[0].rows.map(\.text)      // ["Milk", "Bread", "Eggs"]
///
/// Identities (`RowID`) survive moves and reloads, so undo, the cursor and the view can follow a
/// row. The model validates nothing itself: change it through a `TableView` batch (or a
/// `BatchPlan`) to get UIKit's checks.
///
/// The level rule (`RowList.levelCap`: a row at most one level deeper than the row above) is
/// the caller's too: the mutators are the parts a change is made of, and a change passes
/// through states that break it (a block moved row by row), so none of them clamps or traps.
/// Every entry point that changes levels or order keeps it (the editor's steps, `apply`, paste,
/// merge: `clampLevels`) and debug builds check it after each (`_checkLevels`). A list that
/// still breaks it is never written otherwise than it is: the Markdown save refuses it, naming
/// the row (`ListDocument.save`).
public struct ListModel: Sendable, Equatable {
    /// A row's identity, unique within one model.
    public struct RowID: Hashable, Sendable {
        /// The identity's number: a row read from a file is numbered by its byte offset there
        /// (plus its version's base, `TextBuffer.idBase`), a new row from 2^40 up (`makeRow`,
        /// `isNew`).
        public let raw: UInt64
        /// The identity numbered `raw` (a file's reader numbers its rows; see `raw`).
        public init(raw: UInt64) { self.raw = raw }

        /// Where new rows' identities start (`makeRow` numbers from one above it): above any
        /// offset in a file (files are limited to 4 GiB), below the first later version's rows.
        package static let newRowsStart: UInt64 = 1 << 40
        /// A file version's rows are numbered from `generation << versionShift` (`TextBuffer`):
        /// the first version's rows lie below `newRowsStart`, later versions' above all new rows.
        package static let versionShift: UInt64 = 41

        /// Whether the row was made by `makeRow` (a new row: added, pasted, typed), not read from
        /// a file.
        package var isNew: Bool { raw > Self.newRowsStart && raw < 1 << Self.versionShift }
    }

    /// A row: its text, and what a Markdown or JSON list says about it besides (see
    /// `Attributes`).
    public struct Row: Sendable, Equatable {
        /// Stable across moves, edits and reloads.
        public let id: RowID
        /// The row's text, one line.
        public var text: String
        /// Its level, checkbox and whether it is a passage.
        public var attributes: Attributes

        /// A row with identity `id` (unique within its model: new rows get theirs from `makeRow`).
        public init(id: RowID, text: String, attributes: Attributes = .init()) {
            self.id = id
            self.text = text
            self.attributes = attributes
        }

        /// Indentation: 0 at the top, one more per nesting (a Markdown sub-item).
        public var level: Int {
            get { attributes.level }
            set { attributes.level = newValue }
        }

        /// `nil`: no checkbox; `false`: unchecked; `true`: checked.
        public var checkbox: Bool? {
            get { attributes.checkbox }
            set { attributes.checkbox = newValue }
        }

        /// Text of the file that is not a list item (a paragraph, code, a quote...): shown by its
        /// first line, kept byte for byte, never edited, moved or deleted, and not counted as an item.
        public var isPassage: Bool {
            get { attributes.isPassage }
            set { attributes.isPassage = newValue }
        }
    }

    /// A section: its title and its rows.
    public struct Section: Sendable, Equatable {
        /// The heading; `""` for an untitled section.
        public var title: String
        /// The rows, top to bottom; rows read from a file keep pointing into its bytes.
        public var rows: RowList
        /// The heading's level: 1 (`#`) to 6 (`######`).
        public var level: Int = 1
        /// Where the section came from in the file it was read from, for the file's reader and
        /// writer (opaque to the table); `nil` for a new section.
        public var source: UInt64?
        /// A section titled `title` (`""`: untitled) holding `rows`.
        public init(title: String, rows: [Row]) { self.title = title; self.rows = RowList(rows) }
        /// A section holding `rows` as they are (a file's rows stay in its bytes).
        public init(title: String, rows: RowList) { self.title = title; self.rows = rows }
    }

    /// The sections, top to bottom.
    public var sections: [Section]
    /// Identities of new rows start above any file offset (`RowID.isNew`).
    var nextID: UInt64 = RowID.newRowsStart

    /// A list whose rows point into `buffer`: `rows[s]` holds `(offset, length)` of each row's
    /// text in it. Reading a million rows this way allocates no strings.
    public init(buffer: TextBuffer, sections: [(title: String, rows: [(offset: UInt32, length: UInt32)])]) {
        self.sections = sections.map {
            Section(title: $0.title, rows: RowList(stored: $0.rows.map { StoredRow.file(offset: $0.offset, length: $0.length, attributes: .init()) }, buffer: buffer))
        }
    }

    /// A section whose rows point into `buffer` (see `init(buffer:sections:)`), each with its
    /// attributes; rows whose text is not their bytes (`text` given) are held as their own text,
    /// with the identity of their offset.
    public static func fileSection(buffer: TextBuffer, title: String,
                                   rows: [(offset: UInt32, length: UInt32, attributes: Row.Attributes, text: String?)]) -> Section {
        var builder = FileSectionBuilder(buffer: buffer)
        for row in rows {
            if let text = row.text {
                builder.append(text: text, offset: row.offset, attributes: row.attributes)
            } else {
                builder.append(offset: row.offset, length: row.length, attributes: row.attributes)
            }
        }
        return builder.section(title: title)
    }

    /// An empty list: no sections.
    public init() { sections = [] }

    /// The file bytes the rows point into, if the list was read that way.
    var buffer: TextBuffer? { sections.lazy.compactMap(\.rows.buffer).first }

    /// - Parameter sections: titles and row texts; `""` is an untitled section.
    public init(sections: [(String, [String])]) {
        self.sections = []
        for (title, rows) in sections {
            self.sections.append(Section(title: title, rows: rows.map { makeRow($0) }))
        }
    }

    /// A new row with a fresh identity (not yet placed in the model).
    public mutating func makeRow(_ text: String, attributes: Row.Attributes = .init()) -> Row {
        nextID += 1
        return Row(id: RowID(raw: nextID), text: text, attributes: attributes)
    }

    /// This list, with new rows numbered after those of `other` (a list it replaces), so a row
    /// kept from `other` (in an undo step) never shares an identity with a new one.
    public func continuingIdentities(of other: ListModel) -> ListModel {
        var list = self
        list.nextID = Swift.max(nextID, other.nextID)
        return list
    }

    /// Row counts per section, as a table's snapshot would hold them.
    public var rowCounts: [Int] { sections.map(\.rows.count) }

    /// List items (rows that are not passages) in all sections: what counts show the user.
    public var itemCount: Int { sections.reduce(0) { $0 + $1.rows.itemCount } }

    /// Titles and texts only, for comparisons and saving.
    public var contents: [(title: String, rows: [String])] {
        sections.map { ($0.title, $0.rows.map(\.text)) }
    }

    /// The row at `path` (current space).
    public subscript(path: IndexPath) -> Row {
        get { sections[path.section].rows[path.row] }
        set { sections[path.section].rows[path.row] = newValue }
    }

    /// Inserts a new row with a fresh identity.
    ///
    /// - Parameters:
    ///   - text: the row's text.
    ///   - path: where the row lands (final space).
    @discardableResult
    public mutating func insertRow(_ text: String, at path: IndexPath) -> Row {
        let row = makeRow(text)
        sections[path.section].rows.insert(row, at: path.row)
        return row
    }

    /// Puts back an existing row (its identity kept), as undo does.
    public mutating func insert(_ row: Row, at path: IndexPath) {
        sections[path.section].rows.insert(row, at: path.row)
    }

    /// A new, empty section with a title (sharing the list's file bytes, so rows can move in).
    public func makeSection(_ title: String) -> Section {
        var rows = RowList()
        rows.buffer = buffer
        return Section(title: title, rows: rows)
    }

    /// Inserts `section` at `index` (final space).
    public mutating func insertSection(_ section: Section, at index: Int) {
        sections.insert(section, at: index)
    }

    /// Removes and returns the section at `index` (original space).
    @discardableResult
    public mutating func removeSection(at index: Int) -> Section {
        sections.remove(at: index)
    }

    /// Removes and returns the row at `path` (original space).
    @discardableResult
    public mutating func removeRow(at path: IndexPath) -> Row {
        sections[path.section].rows.remove(at: path.row)
    }

    /// Removes the row at `source`, then inserts it at `destination` (UIKit's `moveRowAt`). The
    /// row's text is not decoded: a row still in its file stays there.
    public mutating func moveRow(from source: IndexPath, to destination: IndexPath) {
        let stored = sections[source.section].rows.stored(at: source.row)
        let from = sections[source.section].rows.buffer
        sections[source.section].rows.remove(at: source.row)
        if sections[destination.section].rows.buffer == nil { sections[destination.section].rows.buffer = from }
        sections[destination.section].rows.insertStored(sections[destination.section].rows.adopting(stored, from: from), at: destination.row)
    }

    /// Removes the section at `source`, then inserts it at `destination`.
    public mutating func moveSection(from source: Int, to destination: Int) {
        let section = sections.remove(at: source)
        sections.insert(section, at: destination)
    }

    public static func == (a: ListModel, b: ListModel) -> Bool { a.sections == b.sections }
}
