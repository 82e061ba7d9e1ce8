/// The blank lines of a board of Obsidian's Kanban plugin (docs/file-formats.md, "Kanban
/// boards"): where a move gives a lane new neighbours, the writer puts the blank lines the plugin
/// itself writes, so that a board saved by listedit and then by the plugin differs in nothing.
/// The plugin writes each lane as its heading, a blank line, `**Complete**` (a done lane), its
/// cards with none between, then two blank lines; the archive's `***` and the next lane follow
/// at once, the `%% kanban:settings` block after two more.
///
///     // `## Doing`, a blank line, `- [ ] Fix the bike`, two blank lines, `## Done`; the card
///     // moved to another lane: `## Doing`, three blank lines, `## Done`, as the plugin writes
///     // an empty lane (the writer's rule for other files keeps one)
extension MarkdownWriter {
    /// The blank lines between `x` and `y`, new neighbours in a Kanban board, where the plugin's
    /// own differ from the writer's rules: none between `**Complete**` and a card after it; at a
    /// lane's end (`x` its heading, `**Complete**` or a card, `y` the next lane's heading, `***`
    /// or the settings block) the plugin's. Nil elsewhere (the writer's rules) and in other files.
    /// A card copied as the file has it (seen as a passage, `Unit.verbatimItem`) that ended the
    /// file, which says nothing of the blank lines after it, is a card all the same: a lane moved
    /// below the last one, saved and moved back gets the plugin's blank lines again.
    ///
    /// - Complexity: O(1), except O(front matter) to tell a Kanban board, and O(blocks) once
    ///   before the settings block (whether an archive comes before it).
    func kanbanSeparator(_ x: Unit, _ y: Unit) -> [UInt8]? {
        let isComplete = x.kind == .passage && x.block.map { passage($0).elementsEqual(Self.completeMark) } == true
        let lastCard = x.verbatimItem && x.block == ownBlocks - 1
        guard x.kind == .heading || x.kind == .item || x.kind == .tail || lastCard || isComplete else { return nil }
        if isComplete, y.kind == .item, y.level == 0, let p = y.placed {
            // A card the paragraph does not swallow (any but an ordered item not numbered 1, or
            // an empty one): right under it.
            guard !(p.ordered && p.number != 1), !(p.noText && p.row.checkbox == nil), isKanbanBoard else { return nil }
            return []
        }
        guard let b = y.block, b < ownBlocks, y.kind == .heading || y.kind == .passage || y.kind == .verbatim else { return nil }
        let block = scan.blocks[b]
        let settings = block.kind == .passage && passage(b).starts(with: Self.settingsMark)
        guard block.kind == .heading || (block.kind == .passage && passage(b).elementsEqual(Self.archiveBreak)) || settings else { return nil }
        guard isKanbanBoard else { return nil }
        // The archive ends with its last card, right before the settings block.
        if settings && scan.blocks.prefix(b).contains(where: { $0.kind == .passage && $0.passageKind == .thematicBreak }) { return nil }
        let lines = (x.kind == .heading ? 3 : 2) + (settings ? 2 : 0)
        return Array((0..<lines).map { _ in newline }.joined())
    }

    /// Whether the file is a board of Obsidian's Kanban plugin: its front matter has a
    /// `kanban-plugin:` key (`MarkdownScan.isKanbanBoard`).
    var isKanbanBoard: Bool { scan.isKanbanBoard(file) }

    /// The bytes of passage `b` without its line ending and the blank lines after it.
    private func passage(_ b: Int) -> ArraySlice<UInt8> {
        var bytes = file[split(b).content]
        while let last = bytes.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
        return bytes
    }

    static let completeMark = Array("**Complete**".utf8)
    static let archiveBreak = Array("***".utf8)
    static let settingsMark = Array("%% kanban:settings".utf8)
}

extension MarkdownScan {
    /// Whether `file` (which this scan was made from) is a board of Obsidian's Kanban plugin:
    /// its first block is front matter with a line starting `kanban-plugin:`.
    ///
    /// - Complexity: O(the front matter's bytes).
    package func isKanbanBoard(_ file: [UInt8]) -> Bool {
        guard let first = blocks.first, first.kind == .passage, first.passageKind == .frontMatter else { return false }
        let end = min(end(of: 0), file.count)
        let key = Array("kanban-plugin:".utf8)
        var lineStart = 0
        for i in 0...end {
            guard i == end || file[i] == 0x0A else { continue }
            if i - lineStart >= key.count, file[lineStart..<(lineStart + key.count)].elementsEqual(key) { return true }
            lineStart = i + 1
        }
        return false
    }
}
