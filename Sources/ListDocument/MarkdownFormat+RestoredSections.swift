import TableKit
import ListStorage

/// Undo restores bytes: a section that an undo across saves brought back to what it was in an
/// earlier version of the file (the same rows, by identity: that version's rows, or rows read
/// back from them at the saves since (`RowLineage`); with the same title, level, and every row's
/// text, level, checkbox, in order) is written as that version had it, byte for byte: markers,
/// numbers, indentation characters, the boundaries of neighbouring lists, blank lines. Without
/// this the writer would write it from the rows of the file as last saved, which a move may have
/// rewritten (a row moved out of an ordered list and back is a bullet there). Rows that only read
/// as that version's (a pasted copy, a row typed again) are never taken for them.
///
///     // "# L\n- a\n- b\n\n1. one\n2. two\n": `two` moved up twice, saved, both moves undone
///     let model = MarkdownFormat.restoringEarlierSections(model, document.restoringSections!, untouched: nil)
///     // section 0 now holds the rows of the first version: written as "1. one\n2. two\n" again
///
/// The rows put back name that version's bytes, so the writer finds them through `combining`.
extension MarkdownFormat {
    /// The most bytes of earlier versions kept searchable: past it (a large file) a save does
    /// not look.
    static let restoringBudget = 4 << 20

    /// Sections of a version of the file by what they show, equal ones in the file's order.
    typealias SectionsByContent = [SectionContent: [ListModel.Section]]

    /// The sections of a version of the file (as read: `model` is what its bytes read as), by
    /// what they show; equal ones (two empty `# Section 2`) in order, each put back once. Made
    /// once per version, when a save keeps it. A section with no rows is its heading and the
    /// blank lines after it: when it ends the file, which then says nothing of those (an older
    /// version may), it is kept apart, for a section that ends the model too
    /// (`SectionContent.endsFile`).
    ///
    /// - Complexity: O(rows) (their texts are decoded).
    static func sectionsByContent(_ model: ListModel) -> SectionsByContent {
        var byContent: SectionsByContent = [:]
        for (s, section) in model.sections.enumerated() where !section.rows.isEmpty || section.source != untitled {
            byContent[SectionContent(section, first: s == 0, endsFile: endsFile(s, of: model)), default: []].append(section)
        }
        return byContent
    }

    /// Whether section `s` of `model` is a heading with no rows that ends it.
    private static func endsFile(_ s: Int, of model: ListModel) -> Bool {
        s == model.sections.count - 1 && model.sections[s].rows.isEmpty && model.sections[s].source != untitled
    }

    /// What a save needs to put back sections undo brought back to an earlier version: the
    /// model the file reads as (`current`), the earlier versions kept with their sections by
    /// content (newest last), and the lineages that lead rows of later versions back to them.
    struct Restoring: Sendable {
        var current: ListModel
        var earlier: [SectionsByContent]
        var lineages: [UInt64: RowLineage]
    }

    /// `model`, with each section that is neither `untouched` nor equal to a section of the file
    /// as it is (`restoring.current`: the model it reads as), but that holds the rows of a
    /// section of an earlier version (`restoring.earlier`) by identity, replaced by that section
    /// as read from that version. Identity, not text: each row of the section is that version's
    /// row, or one read back from it at a later save, or the row that save read back for it
    /// (`RowLineage.root`; undo and redo), in that section's order, and the texts, levels and
    /// checkboxes, the title and level are as that version had them (`SectionContent`); a
    /// section with no rows (a heading, no row's lines) by its content alone. A section holding
    /// a row that is new (pasted, typed again) or of another section is never replaced: its rows
    /// are written, each with its own lines, so a pasted copy keeps the lines it carries and the
    /// lines of a deleted row stay deleted.
    ///
    /// A section under one of the file's headings, with the first row the file has under it
    /// (edited below its first row, not brought back), keeps that heading, with the blank lines
    /// after it, and takes that version's rows. An earlier section is put back once.
    ///
    /// - Complexity: nothing without earlier versions; else O(sections), plus, for each section
    ///   not untouched, O(its rows × versions × log rows) and the decoding of its texts and of
    ///   those of the file's sections with its title, level and count of rows.
    /// - Parameter only: the section to put back (the others are left as they are), for the
    ///   marks one section shows (`ListDocument.shownMarks`); nil: all.
    static func restoringEarlierSections(_ model: ListModel, _ restoring: Restoring, untouched: [ClosedRange<Int>?]?,
                                         only: Int? = nil) -> ListModel {
        guard !restoring.earlier.isEmpty else { return model }
        let candidates = (only.map { [$0] } ?? Array(model.sections.indices)).filter { s in
            model.sections.indices.contains(s)
                && !(untouched.map { $0.count == model.sections.count && $0[s] != nil } ?? false)
                && (!model.sections[s].rows.isEmpty || model.sections[s].source != untitled)
        }
        guard !candidates.isEmpty else { return model }
        let current = restoring.current
        // The file's sections by title, level and count of rows: only those can equal a
        // candidate, so only their texts are decoded. A heading with no rows is also its blank
        // lines after it: one that ends the file is not the file's own where it is followed
        // (redone above `# Shopping`, it comes back as a version that had it followed).
        // A heading with no rows is followed by its blank lines only up to the next heading: it
        // is the file's own only where the same heading follows it (`# Section 3` glued to
        // `## [Unreleased]` in the file, followed by a new `# Section 6` in the model, is put
        // back as a version that had it followed so, with the blank line between).
        var ownByShape: [Shape: [Int]] = [:]
        for (s, section) in current.sections.enumerated() { ownByShape[Shape(section), default: []].append(s) }
        func isOwn(_ s: Int) -> Bool {
            let section = model.sections[s]
            let content = SectionContent(section, first: s == 0, endsFile: endsFile(s, of: model))
            return (ownByShape[Shape(section)] ?? []).contains {
                SectionContent(current.sections[$0], first: $0 == 0, endsFile: endsFile($0, of: current)) == content
                    && (!section.rows.isEmpty || nextHeading(after: $0, in: current) == nextHeading(after: s, in: model))
            }
        }
        // The file's own headings, with their first rows: a section under one, still with that
        // first row, was edited below it (the heading and what follows it are as the file has
        // them), so the heading keeps the file's bytes and the blank lines after it; only the
        // rows are put back. (With another first row, undo brought the rows under it back: the
        // heading is written as the earlier version had it, blank lines and all; so is a heading
        // with no rows, which is its blank lines: `# Section 8` glued to `# Fruit` in the version
        // put back keeps no blank line the file has after it before another heading.)
        var ownHeadings: [UInt64: ListModel.RowID?] = [:]
        for section in current.sections {
            guard let source = section.source, source != untitled else { continue }
            ownHeadings[source] = section.rows.isEmpty ? nil : section.rows[0].id
        }
        var restored = model
        var used = Set<UInt64>()   // the sources of the earlier sections put back
        for s in candidates {
            let content = SectionContent(model.sections[s], first: s == 0)
            guard !isOwn(s) else { continue }
            // A heading that ends the model: first as a version it ended too (then the blank
            // lines before it are that version's), else as one it was followed in.
            var keys = [content]
            if endsFile(s, of: model) { keys.insert(SectionContent(model.sections[s], first: s == 0, endsFile: true), at: 0) }
            search: for key in keys {
                for sections in restoring.earlier.reversed() {
                    for section in sections[key] ?? [] where section.source.map({ !used.contains($0) }) ?? true {
                        guard holdsRows(of: section, model.sections[s], lineages: restoring.lineages) else { continue }
                        if let source = section.source { used.insert(source) }
                        let rows = model.sections[s].rows
                        if !rows.isEmpty, let heading = model.sections[s].source, let first = ownHeadings[heading], first == rows[0].id {
                            restored.sections[s].rows = section.rows
                        } else {
                            restored.sections[s] = section
                        }
                        break search
                    }
                }
            }
        }
        return restored
    }

    /// The heading of the section after `s` in `model` (its source: the file's heading it is,
    /// as `untouchedSections` compares them); nil when `s` is the last or that one is new.
    private static func nextHeading(after s: Int, in model: ListModel) -> UInt64? {
        s + 1 < model.sections.count ? model.sections[s + 1].source : nil
    }

    /// Whether `section` (of the model) holds the rows of `earlier` (a section as read from an
    /// earlier version) by identity, in order: each row and that version's row have the same
    /// root (`RowLineage.root`: the one read back from the other at the saves since, either way,
    /// as undo and redo bring them back). A section with no rows is its heading and the blank
    /// lines after it, which lose and bring back no row's lines: its content decides.
    ///
    /// - Complexity: O(rows × versions × log rows); no text is decoded.
    private static func holdsRows(of earlier: ListModel.Section, _ section: ListModel.Section, lineages: [UInt64: RowLineage]) -> Bool {
        guard earlier.rows.count == section.rows.count else { return false }
        var roots: [ListModel.RowID] = []
        roots.reserveCapacity(section.rows.count)
        section.rows.forEachRow(undecodedIn: section.rows.textBuffer) { id, _, _ in roots.append(RowLineage.root(of: id, through: lineages)) }
        var r = 0, same = true
        earlier.rows.forEachRow(undecodedIn: earlier.rows.textBuffer) { id, _, _ in
            if same { same = RowLineage.root(of: id, through: lineages) == roots[r] }
            r += 1
        }
        return same
    }

    /// What a section must have to equal another's content, found without decoding its texts.
    private struct Shape: Hashable {
        var title: String
        var level: Int
        var rows: Int
        init(_ section: ListModel.Section) {
            title = section.title
            level = section.level
            rows = section.rows.count
        }
    }

    /// What a section shows: its title, level, whether it is the untitled first section, and
    /// its rows' texts and attributes; and, for a heading with no rows, whether it ends the file.
    /// `first`: whether it is the first section (only there is a section with no title and no
    /// heading yet the untitled first section; elsewhere it is an empty heading at its level).
    struct SectionContent: Hashable, Sendable {
        var title: String
        var level: Int
        var untitled: Bool
        var rows: [String]
        var attributes: [UInt16]
        var endsFile = false

        init(_ section: ListModel.Section, first: Bool, endsFile: Bool = false) {
            self.endsFile = endsFile
            // A first section with rows and no title or heading yet (made by the editor for rows
            // added to a list with none, or inserted by `apply`) is the untitled first section
            // the file will read as, as `list` writes it. Not past the first section: there a
            // section with no title is an empty heading at its level (`##`), never to be put back
            // as an earlier version's untitled first section (written `#`, read at level 1).
            untitled = section.source == MarkdownFormat.untitled
                || (section.source == nil && section.title.isEmpty && first && !section.rows.isEmpty)
            title = section.title
            level = untitled ? 0 : section.level
            var rows: [String] = [], attributes: [UInt16] = []
            section.rows.forEachRow(undecodedIn: nil) { _, a, text in
                rows.append(text ?? "")
                attributes.append(a.raw)
            }
            self.rows = rows
            self.attributes = attributes
        }
    }
}
