/// One block of a scanned Markdown file: a heading, a list item, an item's tail, a passage, or the
/// blank lines that open a file. Blocks are stored in file order and their byte ranges partition the
/// file: block `i` runs from its `start` to the next block's `start` (or to the end of the file).
///
///     let scan = MarkdownScanner.scan(Array("# Todo\n- [ ] milk\n".utf8))
///     scan.blocks[1].kind                 // .item
///     scan.blocks[1].checkbox             // false (unchecked)
///     scan.text(of: 1)                    // "milk"
///
/// A block's bytes are its content followed by the blank lines after it (see `docs/file-formats.md`,
/// "Blank lines"). 24 bytes a block: offsets are `UInt32`, so a file is limited to 4 GiB.
package struct MarkdownBlock: Sendable, Equatable {
    package enum Kind: UInt8, Sendable {
        /// Blank lines at the very start of a file without front matter.
        case blank
        /// A heading (ATX or setext) at the top level: it starts a section.
        case heading
        /// A list item that is a row: its first line and what belongs to it, but not its nested
        /// items, and not what follows them (its tail).
        case item
        /// An item's content that comes after some of its nested items (a paragraph after a
        /// sub-list); `owner` is the item's block index.
        case tail
        /// Anything else at the top level, kept byte for byte: see `PassageKind`.
        case passage
    }

    /// What a passage is, for showing it; the writer treats every passage alike.
    package enum PassageKind: UInt8, Sendable {
        case paragraph, fencedCode, indentedCode, html, blockQuote, thematicBreak, table
        /// A paragraph that held only link reference definitions.
        case linkReferences
        /// YAML (`---`) or TOML (`+++`) front matter at the very start of the file.
        case frontMatter
    }

    /// How a heading is written.
    package enum HeadingStyle: UInt8, Sendable { case atx, setext }

    /// How a block's content (before its trailing blank lines) ends, which tells the writer what
    /// may follow it directly.
    package enum Ending: UInt8, Sendable {
        /// Nothing follows into it.
        case closed
        /// A paragraph or table: a following text line would continue it.
        case paragraph
        /// An HTML block that only a blank line ends (kinds 6 and 7).
        case htmlUntilBlank
        /// A fenced code block or an HTML block (kinds 1 to 5) that was never closed: it runs to
        /// the end of its container.
        case unclosed
    }

    /// An item's list marker: a bullet (`-`, `*`, `+`) or an ordered number with its delimiter
    /// (`.` or `)`).
    package enum Marker: Equatable, Sendable {
        case bullet(UInt8)
        case ordered(number: Int, delimiter: UInt8)
    }

    /// The first byte of the block (a line start, or a marker when an item opens on the same line
    /// as its parent, as in `- - a`).
    package var start: UInt32
    /// Item: first-line text start. Heading: title start. Tail: the owning item's block index.
    var word1: UInt32 = 0
    /// Item: first-line text end. Heading: title end.
    var word2: UInt32 = 0
    /// Item: the ordered number.
    var word3: UInt32 = 0
    /// Item: the marker's offset from `start`.
    var markerDelta: UInt16 = 0
    /// Packed flags, see the accessors.
    var bits: UInt16 = 0
    package var kind: Kind
    /// Item: depth among list items (0 top level). Heading: 1 to 6.
    package var level: UInt8 = 0

    init(kind: Kind, start: Int) {
        self.kind = kind
        self.start = UInt32(truncatingIfNeeded: start)
    }

    // bits, items:    0-2 marker char code, 3-6 marker width − 1, 7-9 padding bytes before the
    //                 checkbox, 10 has checkbox, 11 checked, 12 starts a list, 13 loose list
    // bits, headings: 0 setext
    // bits, passages: 0-3 passage kind
    // bits, all:      14-15 ending
    private static let markerChars: [UInt8] = [0x2D, 0x2A, 0x2B, 0x2E, 0x29]  // - * + . )

    /// The code of a marker character in `markerChars`.
    @inline(__always)
    private static func markerCode(_ c: UInt8) -> Int? {
        switch c {
        case 0x2D: 0
        case 0x2A: 1
        case 0x2B: 2
        case 0x2E: 3
        case 0x29: 4
        default: nil
        }
    }

    @inline(__always)
    private func field(_ shift: UInt16, _ width: UInt16) -> Int { Int((bits >> shift) & ((1 << width) - 1)) }
    @inline(__always)
    private mutating func setField(_ shift: UInt16, _ width: UInt16, _ value: Int) {
        let mask: UInt16 = ((1 << width) - 1) << shift
        bits = (bits & ~mask) | ((UInt16(truncatingIfNeeded: value) << shift) & mask)
    }

    // MARK: items

    /// Offset of the list marker's first byte.
    package var markerOffset: Int { Int(start) + Int(markerDelta) }
    /// Bytes of the marker (`-`: 1, `10.`: 3).
    package var markerWidth: Int { field(3, 4) + 1 }

    package var marker: Marker {
        get {
            let c = Self.markerChars[field(0, 3)]
            return c == 0x2E || c == 0x29 ? .ordered(number: Int(word3), delimiter: c) : .bullet(c)
        }
        @inline(__always)
        set {
            switch newValue {
            case .bullet(let c):
                setField(0, 3, Self.markerCode(c) ?? 0)
                word3 = 0
            case .ordered(let n, let d):
                setField(0, 3, Self.markerCode(d) ?? 3)
                word3 = UInt32(truncatingIfNeeded: n)
            }
        }
    }

    mutating func setMarkerWidth(_ width: Int) { setField(3, 4, width - 1) }

    /// The task checkbox: `nil` without one, `false` for `[ ]`, `true` for `[x]` or `[X]`.
    package var checkbox: Bool? {
        field(10, 1) == 0 ? nil : field(11, 1) == 1
    }

    /// Offset of the checkbox's state character (the space or `x` between the brackets).
    package var checkboxStateOffset: Int? {
        checkbox == nil ? nil : markerOffset + markerWidth + field(7, 3) + 1
    }

    mutating func setCheckbox(checked: Bool, paddingBytes: Int) {
        setField(10, 1, 1)
        setField(11, 1, checked ? 1 : 0)
        setField(7, 3, paddingBytes)
    }

    /// The first line's text: after the marker, its spacing and the checkbox; up to the line end
    /// (trailing spaces included, line ending excluded). What the row shows and a rename edits.
    package var textRange: Range<Int> { Int(word1)..<max(Int(word1), Int(word2)) }

    /// This item opened a new list (its predecessor at its level, if any, belongs to another list).
    package var startsList: Bool {
        get { field(12, 1) == 1 }
        set { setField(12, 1, newValue ? 1 : 0) }
    }

    /// Set on the first item of a list whose items are separated by blank lines (a loose list).
    package var looseList: Bool {
        get { field(13, 1) == 1 }
        set { setField(13, 1, newValue ? 1 : 0) }
    }

    // MARK: headings

    package var headingStyle: HeadingStyle {
        get { field(0, 1) == 1 ? .setext : .atx }
        set { setField(0, 1, newValue == .setext ? 1 : 0) }
    }

    /// The title as Markdown reads it: trimmed, an ATX heading's closing `#`s removed. A setext
    /// title may span lines.
    package var titleRange: Range<Int> { Int(word1)..<max(Int(word1), Int(word2)) }

    // MARK: passages and tails

    package var passageKind: PassageKind {
        get { PassageKind(rawValue: UInt8(field(0, 4))) ?? .paragraph }
        set { setField(0, 4, Int(newValue.rawValue)) }
    }

    /// A tail's owning item (block index).
    package var owner: Int { Int(word1) }

    package var ending: Ending {
        get { Ending(rawValue: UInt8(field(14, 2))) ?? .closed }
        set { setField(14, 2, Int(newValue.rawValue)) }
    }

    /// Items and passages are rows; headings start sections; tails and blank lines are neither.
    package var isRow: Bool { kind == .item || kind == .passage }
}
