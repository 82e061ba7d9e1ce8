/// The writer's promise, checked on every save: the bytes it wrote read back to exactly the list
/// it was given.
extension MarkdownWriter {
    func verify(_ output: [UInt8], _ list: MarkdownList) throws(DocumentError) {
        let back = MarkdownScanner.scan(output)
        let sections = back.sections()
        let expected = list.sections.enumerated().filter { !($0.element.heading == .untitled && $0.element.rows.isEmpty) }
        func fail(_ what: String, _ why: String) -> DocumentError {
            error("cannot write \(what) as Markdown without changing it (\(why)); nothing was written")
        }
        guard sections.count == expected.count else {
            throw fail("the list", "it would read back as \(sections.count) sections, not \(expected.count)")
        }
        for ((s, want), got) in zip(expected, sections) {
            let heading: (level: Int, title: String)?
            switch want.heading {
            case .untitled: heading = nil
            case .original(let b, let title, let level): heading = (level, title.map(MarkdownText.trimmedTitle) ?? titleText(b))
            case .new(let title, let level): heading = (level, MarkdownText.trimmedTitle(title))
            }
            if let heading {
                guard let h = got.heading else { throw fail("section \(s + 1)", "it would lose its heading") }
                let title = titleText(h, in: output, back)
                guard Int(back.blocks[h].level) == heading.level, title == heading.title else {
                    throw fail("the title of section \(s + 1)", "it would read back as level \(back.blocks[h].level) '\(title)'")
                }
            } else if got.heading != nil {
                throw fail("section \(s + 1)", "it would get a heading")
            }
            for (r, (row, i)) in zip(want.rows, got.rows).enumerated() {
                let block = back.blocks[i]
                if let b = row.block, scan.blocks[b].kind == .passage {
                    let original = withoutByteOrderMark(file, split(b).content)[...]
                    var written = withoutByteOrderMark(output, Self.split(i, output, back).content)
                    if scan.unclosedFences[b] != nil && written.count > original.count && written.starts(with: original) {
                        // The writer closed the fence left open (see `closing`).
                        written = written.prefix(original.count)
                    }
                    // (The file's last line may have gained or lost its line ending.)
                    guard block.kind == .passage, withoutLineEnding(written) == withoutLineEnding(original) else {
                        throw fail(Self.place(r, s), "the text around it would change its meaning")
                    }
                } else {
                    // Unchanged texts compare as bytes; others as the texts they read as.
                    let same = row.text == nil && block.kind == .item
                        && output[block.textRange].elementsEqual(file[scan.blocks[row.block!].textRange])
                    let text = same ? "" : MarkdownText.item(source: output[block.textRange])
                    let wanted = same ? "" : row.text ?? MarkdownText.item(source: file[scan.blocks[row.block!].textRange])
                    guard block.kind == .item, Int(block.level) == row.level, block.checkbox == row.checkbox, text == wanted else {
                        let box = block.checkbox.map { $0 ? "[x] " : "[ ] " } ?? ""
                        throw fail(Self.place(r, s), "it would read back as \(block.kind == .item ? "level \(block.level) '\(box)\(text)'" : "a passage")")
                    }
                }
            }
            guard got.rows.count == want.rows.count else {
                let r = min(got.rows.count, want.rows.count)
                throw fail(r < want.rows.count ? Self.place(r, s) : "section \(s + 1)",
                           got.rows.count < want.rows.count ? "it would become part of the row above it"
                               : "it would read back with \(got.rows.count) rows, not \(want.rows.count)")
            }
        }
    }

    /// The bytes of `range`, without the byte-order mark when it opens the file.
    private func withoutByteOrderMark(_ bytes: [UInt8], _ range: Range<Int>) -> ArraySlice<UInt8> {
        range.lowerBound == 0 && Self.hasByteOrderMark(bytes) ? bytes[min(3, range.upperBound)..<range.upperBound] : bytes[range]
    }

    private func withoutLineEnding(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var b = bytes
        if b.last == 0x0A { b.removeLast() }
        if b.last == 0x0D { b.removeLast() }
        return b
    }
}
