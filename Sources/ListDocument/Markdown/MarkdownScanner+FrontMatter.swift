/// Front matter: YAML between `---` and `---` (or `...`), or TOML between `+++` and `+++`, at the
/// very start of the file (after a byte-order mark). `cmark-gfm` does not know it; listedit keeps
/// it as the first passage. An opening line never closed is not front matter.
extension MarkdownScanner {
    /// Takes the line if front matter handling wants it (the opening line, a line inside, the
    /// closing line).
    mutating func frontMatterLine(_ b: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Bool {
        switch frontMatter {
        case .undecided:
            var from = start
            if end - start >= 3 && b[start] == 0xEF && b[start + 1] == 0xBB && b[start + 2] == 0xBF { from += 3 }
            for c: UInt8 in [0x2D, 0x2B] where isFrontMatterFence(b, from, end, c) {
                frontMatter = .pending(c)
                return true
            }
            frontMatter = .none
            return false
        case .pending(let c):
            let closes = c == 0x2D
                ? isFrontMatterFence(b, start, end, 0x2D) || isFrontMatterFence(b, start, end, 0x2E)
                : isFrontMatterFence(b, start, end, 0x2B)
            if closes {
                frontMatter = .none
                let i = emit(.passage, start: 0)
                result.blocks[i].passageKind = .frontMatter
            }
            return true
        case .none:
            return false
        }
    }

    /// Exactly three `c`, then only spaces and tabs.
    private func isFrontMatterFence(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ c: UInt8) -> Bool {
        guard end - start >= 3, b[start] == c, b[start + 1] == c, b[start + 2] == c else { return false }
        return b[(start + 3)..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}
