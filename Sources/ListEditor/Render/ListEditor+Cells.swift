import ListDocument
import TableKit
import ListStorage
import TerminalUI

/// How a row is drawn: its level as the cell's indentation, its checkbox as the cell's accessory
/// (☐/☑), and in a Markdown file its inline Markdown rendered (emphasis, strong, code, link text,
/// strikethrough) while rename edits the source, an ordered item's number as the next save writes
/// it (`1. Unpack`), and a dim `…` after an item with more lines than its first; a passage dimmed,
/// showing its first line as the file has it.
extension ListEditor {
    /// Configures `cell` for the row at `p` (current space: the model's).
    func configure(_ cell: TableViewCell, at p: IndexPath) {
        let row = document.model[p]
        cell.indentationLevel = row.level
        cell.accessoryType = row.checkbox.map { $0 ? .checkmark : .uncheckedBox } ?? .none
        cell.textLabel?.isEnabled = !row.isPassage
        cell.textLabel?.runs = []
        guard document.format == .markdown else {
            cell.textLabel?.text = row.text
            return
        }
        if row.isPassage {
            // Its first line of content, dimmed whole (a disabled label).
            let mark = shownMark(p)
            cell.textLabel?.text = (mark?.passage ?? row.text) + (mark?.hasMoreLines == true ? " " + renderer.theme.ellipsis : "")
            return
        }
        // A text holding its item's first paragraph shows its first line (and the `…`).
        let rendered = MarkdownInline.render(Array(row.text.utf8.prefix { $0 != 0x0A }), references: document.linkReferences)
        let mark = shownMark(p)
        let number = mark?.number.map { $0 + " " } ?? ""
        let shift = number.utf8.count
        var text = number + rendered.text
        var runs: [Label.Run] = rendered.runs.compactMap { run in
            var emphasis = Label.Emphasis()
            if run.style.contains(.strong) { emphasis.insert(.bold) }
            if run.style.contains(.emphasis) { emphasis.insert(.italic) }
            if run.style.contains(.code) { emphasis.insert(.code) }
            if run.style.contains(.strikethrough) { emphasis.insert(.strikethrough) }
            if !run.style.isDisjoint(with: [.link, .image]) { emphasis.insert(.link) }
            return Label.Run(range: run.range.lowerBound + shift..<run.range.upperBound + shift, emphasis: emphasis)
        }
        if mark?.hasMoreLines == true {
            let more = (text.isEmpty ? "" : " ") + renderer.theme.ellipsis
            let start = text.utf8.count
            text += more
            runs.append(Label.Run(range: start + more.utf8.count - renderer.theme.ellipsis.utf8.count..<start + more.utf8.count,
                                  emphasis: .dimmed))
        }
        cell.textLabel?.text = text
        cell.textLabel?.runs = runs
    }

    /// Before a frame: the sections on screen whose rows changed since their marks were made
    /// (an edit, a move: other rows renumber) get them made again, and their visible rows
    /// reconfigured, so the numbers shown are the ones the next save writes.
    ///
    /// - Complexity: O(visible rows + sections), plus `ListDocument.shownMarks` for each changed
    ///   section whose marks are not read row by row (`ListDocument.marksAreByRow`).
    func refreshShownMarks() {
        guard document.format == .markdown else { return }
        let visible = tableView.indexPathsForVisibleRows ?? []
        var stale = Set<Int>()
        for p in visible where p.section < document.model.sections.count && !stale.contains(p.section) {
            if keptShownMarks(p.section) == nil { stale.insert(p.section) }
        }
        guard !stale.isEmpty else { return }
        for s in stale { shownMarks[s] = makeShownMarks(s) }
        tableView.reconfigureRows(at: visible.filter { stale.contains($0.section) && $0.row < realCount($0.section) })
    }

    /// The marks row `p` (current space) shows: read row by row where each row's are its own
    /// (`ListDocument.marksAreByRow`), else made once per section (`ListDocument.shownMarks`)
    /// and kept while the section's rows are the same stored rows; so drawing a screen costs
    /// O(rows drawn), and an edit lays a section out only where rows can be numbered.
    func shownMark(_ p: IndexPath) -> MarkdownWriter.ShownMark? {
        let entry = keptShownMarks(p.section) ?? {
            let made = makeShownMarks(p.section)
            shownMarks[p.section] = made
            return made
        }()
        guard let marks = entry.marks else {
            switch document.shownMark(ofRow: document.model[p]) {
            case .shown(let mark): return mark
            case .laidOut:
                // A row of an earlier version (undo across a save), or a renamed paragraph: the section is laid out.
                let laid = laidOutShownMarks(p.section)
                shownMarks[p.section] = laid
                return p.row < (laid.marks?.count ?? 0) ? laid.marks?[p.row] : nil
            }
        }
        return p.row < marks.count ? marks[p.row] : nil
    }

    /// The kept marks of section `s`, when still those of its rows.
    private func keptShownMarks(_ s: Int) -> ShownMarksEntry? {
        guard let kept = shownMarks[s], kept.loading == (document.loading != nil),
              kept.rows.sharesStorage(with: document.model.sections[s].rows) else { return nil }
        return kept
    }

    /// Section `s`'s marks as they are now (none while the file loads): read row by row when
    /// each row's are its own, else laid out.
    private func makeShownMarks(_ s: Int) -> ShownMarksEntry {
        if document.marksAreByRow(ofSection: s, ordered: orderedSpans) {
            return ShownMarksEntry(rows: document.model.sections[s].rows, loading: document.loading != nil, marks: nil)
        }
        return laidOutShownMarks(s)
    }

    /// Section `s`'s marks from its layout (`ListDocument.shownMarks`).
    private func laidOutShownMarks(_ s: Int) -> ShownMarksEntry {
        ShownMarksEntry(rows: document.model.sections[s].rows, loading: document.loading != nil,
                        marks: document.shownMarks(ofSection: s) ?? [])
    }

    /// The spans of `buffer` that rows of ordered lists can come from
    /// (`ListDocument.orderedSpans`), found once per buffer: the file as read and its earlier
    /// versions are asked at each edit.
    private func orderedSpans(_ buffer: TextBuffer) -> [Range<Int>] {
        if let known = orderedSpansKnown.first(where: { $0.buffer === buffer }) { return known.spans }
        let spans = document.orderedSpans(of: buffer)
        // (Only the versions the document still keeps are remembered.)
        let kept = document.markVersions
        orderedSpansKnown.removeAll { entry in !kept.contains { $0 === entry.buffer } }
        orderedSpansKnown.append((buffer, spans))
        return spans
    }
}
