import TableKit

extension ListModel.Row {
    /// A row's level, checkbox and passage flag packed in two bytes, so rows read from a file keep
    /// them in their 16-byte stored form (`RowList`).
    ///
    ///     var a = ListModel.Row.Attributes(level: 2, checkbox: false)
    ///     a.checkbox?.toggle()          // true
    ///     a.level                       // 2
    public struct Attributes: Hashable, Sendable {
        /// Bits 0-7 level, 8-9 checkbox (0 none, 1 unchecked, 2 checked), 10 passage.
        public private(set) var raw: UInt16 = 0

        /// - Parameters:
        ///   - level: clamped to 0...255.
        ///   - checkbox: `nil` none, `false` open, `true` checked.
        ///   - isPassage: whether the row is a passage rather than a list item.
        public init(level: Int = 0, checkbox: Bool? = nil, isPassage: Bool = false) {
            self.level = level
            self.checkbox = checkbox
            self.isPassage = isPassage
        }

        /// The row's indentation level (UIKit's `indentationLevel`): 0 at the top, its depth
        /// among nested list items otherwise.
        public var level: Int {
            get { Int(raw & 0xFF) }
            set { raw = raw & ~0xFF | UInt16(Swift.min(255, Swift.max(0, newValue))) }
        }

        /// The task checkbox: `nil` none, `false` open (`[ ]`), `true` checked (`[x]`).
        public var checkbox: Bool? {
            get {
                switch raw >> 8 & 3 {
                case 1: false
                case 2: true
                default: nil
                }
            }
            set { raw = raw & ~0x300 | (newValue.map { $0 ? 2 : 1 } ?? 0) << 8 }
        }

        /// Whether the row is a passage: text of the file that is not a list item (a paragraph,
        /// code, a quote, a table...), shown dimmed and kept byte for byte; not movable, not
        /// deletable, not counted as an item.
        public var isPassage: Bool {
            get { raw & 0x400 != 0 }
            set { raw = newValue ? raw | 0x400 : raw & ~0x400 }
        }
    }
}
