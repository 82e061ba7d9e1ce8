/// How `MarkdownList.Row` packs its properties into 32 bytes (a `String?`, a reference, two
/// 32-bit words), so that the list of a save that touches every section of a 10^6-row file
/// takes 32 MB rather than 56.
///
///     MarkdownList.RowStorage.pack(level: 2, checkbox: true)   // 2 << 2 | 2
///
/// Nothing is lost for any list that can be written: a block index is below the file's size
/// (under 4 GiB, so never `UInt32.max`), and a level beyond ±2^29 is clamped, which keeps it
/// as far out of the level rule as it was (a level L needs L rows above it, each indented
/// deeper: more than 2^58 bytes of output), so the writer refuses the same row either way.
extension MarkdownList {
    enum RowStorage {
        /// The stored block of a new row (none).
        static let noBlock = UInt32.max

        /// The largest level stored as it is (and, negated, the lowest).
        static let levelLimit = (1 << 29) - 1

        static func block(_ block: Int?) -> UInt32 {
            guard let block else { return noBlock }
            return UInt32(truncatingIfNeeded: block)
        }

        /// `level` in the high 30 bits, the checkbox in the low two (0: none, 1: `[ ]`, 2: `[x]`).
        static func pack(level: Int, checkbox: Bool?) -> Int32 {
            let box: Int32 = checkbox.map { $0 ? 2 : 1 } ?? 0
            return Int32(min(levelLimit, max(-levelLimit, level))) << 2 | box
        }

        static func level(_ packed: Int32) -> Int { Int(packed >> 2) }

        static func checkbox(_ packed: Int32) -> Bool? {
            switch packed & 3 {
            case 0: nil
            case 1: false
            default: true
            }
        }
    }

    /// A row's other lines and new first paragraph, boxed: most rows have neither, and a box
    /// takes one word in the row where the lines themselves would take more.
    final class LinesBox: Sendable {
        let lines: OtherLines?
        let paragraph: [String]?
        init(_ lines: OtherLines?, _ paragraph: [String]?) {
            self.lines = lines
            self.paragraph = paragraph
        }

        /// A box for these, or nil when both are nil.
        static func make(_ lines: OtherLines?, _ paragraph: [String]?) -> LinesBox? {
            lines == nil && paragraph == nil ? nil : LinesBox(lines, paragraph)
        }
    }
}
