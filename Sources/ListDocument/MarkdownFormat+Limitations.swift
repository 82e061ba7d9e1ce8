import TableKit
import ListStorage

extension MarkdownFormat {
    /// Markdown cannot hold a line break in a title; a row's line breaks are the lines of its
    /// item's first paragraph (docs/file-formats.md, "Renaming a multi-line item").
    static func limitations(of model: ListModel) -> [FormatLimitation] {
        lineBreaks(in: model, paragraphs: true).map { [$0] } ?? []
    }

    /// Whether a row text can be written as an item's first paragraph and read back: no
    /// carriage return, and a first line before any line break (`MarkdownText.paragraph(of:)`).
    static func holdsAsParagraph(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        !text.contains(0x0D) && text.first != 0x0A
    }

    /// Markdown holds whatever it cannot refuse: the list as it is.
    static func fitting(_ model: ListModel) -> ListModel { model }
}

extension MarkdownFormat {
    /// How many list items of `model` carry lines besides their first in `file` (the Markdown
    /// file the rows were read from): wrapped or lazy text, paragraphs or code inside the item,
    /// or content after its nested items. Rows added since, or read from another version of the
    /// file, have none.
    ///
    /// - Complexity: O(rows + the bytes of those items).
    static func itemsWithOtherLines(in model: ListModel, file: File) -> Int {
        let scan = file.scan
        let bytes = file.bytes
        var owners = Set<Int>()
        for block in scan.blocks where block.kind == .tail { owners.insert(block.owner) }
        var count = 0
        for section in model.sections {
            for row in section.rows where !row.isPassage {
                guard let offset = file.buffer.offset(of: row.id),
                      let i = block(at: offset, in: scan), scan.blocks[i].kind == .item else { continue }
                if owners.contains(i) { count += 1; continue }
                let range = scan.range(of: i)
                var k = Int(scan.blocks[i].start)
                while k < range.upperBound && bytes[k] != 0x0A { k += 1 }
                // Any non-blank byte after the first line, before the block's trailing blank lines.
                while k < range.upperBound {
                    let c = bytes[k]
                    if c != 0x0A && c != 0x0D && c != 0x20 && c != 0x09 { count += 1; break }
                    k += 1
                }
            }
        }
        return count
    }
}
