/// The list as the editor holds it, for writing back into the Markdown file it was read from:
/// sections in order, each with its rows in order, every original part named by its block index
/// in the file's `MarkdownScan`.
///
///     var list = MarkdownList(scan)                      // the file as read
///     list.sections[1].rows.swapAt(0, 1)                 // a move
///     list.sections[1].rows[0].checkbox = true           // a toggle
///     list.sections[1].rows.append(.new("Bread", level: 0))
///     let bytes = try MarkdownWriter.write(file, scan, list, name: "list.md")
package struct MarkdownList: Equatable, Sendable {
    package var sections: [Section]

    package init(sections: [Section]) { self.sections = sections }

    /// The list the scan found, unchanged: writing it gives the file back byte for byte.
    ///
    /// - Complexity: O(blocks).
    package init(_ scan: MarkdownScan) {
        sections = scan.sections().map { section in
            Section(heading: section.heading.map { .original(block: $0, title: nil, level: Int(scan.blocks[$0].level)) } ?? .untitled,
                    rows: section.rows.map { Row(scan, block: $0) })
        }
    }

    package struct Section: Equatable, Sendable {
        package var heading: Heading
        package var rows: [Row]
        /// Set by a caller that knows the section is the file's section of these blocks as the
        /// file has it (heading, rows, order, levels, checkboxes, texts: what
        /// `MarkdownWriter.unchanged` would find): `rows` is then left empty, and the writer copies
        /// the blocks' bytes without looking at each row (`MarkdownFormat.list`, for sections the
        /// model did not touch since the file was read or saved). The range is the one
        /// `unchanged` returns: from the heading (or the first row) to the block before the next
        /// heading.
        package var untouched: ClosedRange<Int>?

        package init(heading: Heading, rows: [Row], untouched: ClosedRange<Int>? = nil) {
            self.heading = heading
            self.rows = rows
            self.untouched = untouched
        }

        /// The section with its rows as the scan read them when it is `untouched`.
        ///
        /// - Complexity: O(blocks of the section) when untouched, else O(1).
        func materialized(_ scan: MarkdownScan) -> Section {
            guard let range = untouched else { return self }
            return Section(heading: heading, rows: range.filter { scan.blocks[$0].isRow }.map { Row(scan, block: $0) })
        }
    }

    package enum Heading: Equatable, Sendable {
        /// The untitled first section: rows before the first heading. It must come first.
        case untitled
        /// An original heading; `title` is `nil` while unchanged; `level` is 1 to 6.
        case original(block: Int, title: String?, level: Int)
        /// A new section's heading, written `#` to `######` and the title.
        case new(title: String, level: Int)
    }

    /// A row: an original item or passage, or a new item.
    ///
    /// (Stored in 32 bytes, not the 56 its properties would take as declared: a save that
    /// touches every section of a 10^6-row file holds one per row. The block is a `UInt32`, as
    /// block indices of a file under 4 GiB are; the level and the checkbox share an `Int32`; the
    /// rare other lines are boxed. See `MarkdownList+RowStorage.swift`.)
    package struct Row: Equatable, Sendable {
        /// The item's text (see `MarkdownText`); `nil` keeps the original first line's text.
        package var text: String?
        /// A new item's other lines and a new first paragraph, boxed (`lines`, `paragraph`).
        private var linesBox: LinesBox?
        /// `block`, or `RowStorage.noBlock` for nil.
        private var storedBlock: UInt32
        /// `level` and `checkbox` (`RowStorage.pack`).
        private var levelAndCheckbox: Int32

        /// Depth among list items: 0 at the top, at most one more than the item row above it, and
        /// 0 for the first row of a section and after a passage. Passages ignore it.
        package var level: Int {
            get { RowStorage.level(levelAndCheckbox) }
            set { levelAndCheckbox = RowStorage.pack(level: newValue, checkbox: checkbox) }
        }
        /// A new item's other lines (a copy of an item pasted back: its wrapped text, its
        /// paragraphs and code), written under its first line at its content column; nil for
        /// none. Ignored for an original row, whose block holds its own.
        package var lines: OtherLines? {
            get { linesBox?.lines }
            set { linesBox = LinesBox.make(newValue, paragraph) }
        }
        /// The lines of the item's first paragraph after its first line (each its text, without
        /// indentation or line ending, as a row text is: escaped when written), when they are
        /// given anew: an original item's replace those of its block (an empty array joins the
        /// paragraph into its first line); a new item's are written under its first line, before
        /// its `lines`. nil: an original item keeps its block's, a new item has none. Set from a
        /// row text holding line breaks (`MarkdownFormat.list`; docs/file-formats.md, "Renaming
        /// a multi-line item").
        package var paragraph: [String]? {
            get { linesBox?.paragraph }
            set { linesBox = LinesBox.make(lines, newValue) }
        }
        /// The original item or passage (block index); `nil` for a new item.
        package var block: Int? {
            get { storedBlock == RowStorage.noBlock ? nil : Int(storedBlock) }
            set { storedBlock = RowStorage.block(newValue) }
        }
        /// `nil`: no checkbox; `false`: `[ ]`; `true`: `[x]`. An original item's checkbox is
        /// compared with the file's: a toggle changes one byte.
        package var checkbox: Bool? {
            get { RowStorage.checkbox(levelAndCheckbox) }
            set { levelAndCheckbox = RowStorage.pack(level: level, checkbox: newValue) }
        }

        package init(block: Int?, text: String?, checkbox: Bool?, level: Int, lines: OtherLines? = nil) {
            self.text = text
            self.linesBox = LinesBox.make(lines, nil)
            self.storedBlock = RowStorage.block(block)
            self.levelAndCheckbox = RowStorage.pack(level: level, checkbox: checkbox)
        }

        /// The original row `block` as the scan read it.
        package init(_ scan: MarkdownScan, block: Int) {
            self.init(block: block, text: nil, checkbox: scan.blocks[block].checkbox, level: Int(scan.blocks[block].level))
        }

        /// A new item.
        package static func new(_ text: String, checkbox: Bool? = nil, level: Int, lines: OtherLines? = nil) -> Row {
            Row(block: nil, text: text, checkbox: checkbox, level: level, lines: lines)
        }

        package static func == (a: Row, b: Row) -> Bool {
            a.text == b.text && a.storedBlock == b.storedBlock && a.levelAndCheckbox == b.levelAndCheckbox
                && a.lines == b.lines && a.paragraph == b.paragraph
        }
    }

    /// The lines of an item after its first line, and of the text under its nested items, taken
    /// out of the file so that a new item can carry them (`MarkdownWriter.otherLines`).
    ///
    ///     // "- Added\n  a second line\n\n  A paragraph.\n"
    ///     // bytes: "a second line\n\nA paragraph.\n", ending: .paragraph
    package struct OtherLines: Equatable, Sendable {
        /// The lines, each ending with its line break, indented from the item's content column
        /// (column 0); blank lines inside kept.
        package var bytes: [UInt8]
        /// How the last of them ends (see `MarkdownBlock.Ending`): never `.unclosed`.
        package var ending: MarkdownBlock.Ending

        package init(bytes: [UInt8], ending: MarkdownBlock.Ending) {
            self.bytes = bytes
            self.ending = ending
        }
    }
}
