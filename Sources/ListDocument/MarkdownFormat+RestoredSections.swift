import TableKit
import ListStorage

/// Undo restores bytes: a section that an undo across saves brought back to what it was in an
/// earlier version of the file (its title, level, and every row's text, level, checkbox, in
/// order) is written as that version had it, byte for byte: markers, numbers, indentation
/// characters, the boundaries of neighbouring lists, blank lines. Without this the writer would
/// write it from the rows of the file as last saved, which a move may have rewritten (a row moved
/// out of an ordered list and back is a bullet there).
///
///     // "# L\n- a\n- b\n\n1. one\n2. two\n": `two` moved up twice, saved, both moves undone
///     let model = MarkdownFormat.restoringEarlierSections(model, current: saved, earlier: kept, untouched: nil)
///     // section 0 now holds the rows of the first version: written as "1. one\n2. two\n" again
///
/// The rows put back name that version's bytes, so the writer finds them through `combining`.
extension MarkdownFormat {
    /// The most bytes of earlier versions kept searchable: past it (a large file) a save does
    /// not look.
    static let restoringBudget = 4 << 20

    /// The sections of a version of the file, by what they show: equal ones in file order.
    /// Made once per version, when a save keeps it.
    /// A section with no rows is its heading and the blank lines after it: when it ends the
    /// file, which then says nothing of those (an older version may), it is kept apart, for a
    /// section that ends the model too (`SectionContent.endsFile`).
    ///
    /// - Complexity: O(rows) (their texts are decoded).
    static func sectionsByContent(_ model: ListModel) -> SectionsByContent {
        var byContent: SectionsByContent = [:]
        for (s, section) in model.sections.enumerated() where !section.rows.isEmpty || section.source != untitled {
            byContent[SectionContent(section, endsFile: endsFile(s, of: model)), default: []].append(section)
        }
        return byContent
    }

    /// A version's sections by what they show (`sectionsByContent`); equal ones in file order.
    typealias SectionsByContent = [SectionContent: [ListModel.Section]]

    /// Whether section `s` of `model` is a heading with no rows that ends it.
    private static func endsFile(_ s: Int, of model: ListModel) -> Bool {
        s == model.sections.count - 1 && model.sections[s].rows.isEmpty && model.sections[s].source != untitled
    }

    /// `model`, with each section that is neither `untouched` nor equal to a section of the file
    /// as it is (`current`: the model it reads as), but equal to a section of an earlier version
    /// (`earlier`, newest last: `sectionsByContent` of each), replaced by that section as read
    /// from that version. Where a version has equal sections (two empty `# Notes`), each is put
    /// back once: the one the section came from (same heading) first, else the first unused, so
    /// two sections never name the same heading.
    ///
    /// - Complexity: nothing without earlier versions; else O(rows of the model).
    static func restoringEarlierSections(_ model: ListModel, current: ListModel, earlier: [SectionsByContent],
                                         untouched: [ClosedRange<Int>?]?) -> ListModel {
        guard !earlier.isEmpty else { return model }
        let candidates = model.sections.indices.filter { s in
            !(untouched.map { $0.count == model.sections.count && $0[s] != nil } ?? false)
                && (!model.sections[s].rows.isEmpty || model.sections[s].source != untitled)
        }
        guard !candidates.isEmpty else { return model }
        let own = Set(current.sections.map { SectionContent($0) })
        var restored = model
        // The headings put back so far (a section of a version is put back at most once).
        var used = Set<UInt64>()
        func pick(_ equal: [ListModel.Section], for section: ListModel.Section) -> ListModel.Section? {
            if let source = section.source, !used.contains(source), let same = equal.first(where: { $0.source == source }) {
                return same
            }
            return equal.first { $0.source.map { !used.contains($0) } ?? true }
        }
        for s in candidates {
            let content = SectionContent(model.sections[s])
            guard !own.contains(content) else { continue }
            // A heading that ends the model: first as a version it ended too (then the blank
            // lines before it are that version's), else as one it was followed in.
            var keys = [content]
            if endsFile(s, of: model) { keys.insert(SectionContent(model.sections[s], endsFile: true), at: 0) }
            for key in keys {
                guard let section = earlier.reversed().lazy.compactMap({ $0[key].flatMap { pick($0, for: model.sections[s]) } }).first
                else { continue }
                if let source = section.source { used.insert(source) }
                restored.sections[s] = section
                break
            }
        }
        return restored
    }

    /// What a section shows: its title, level, whether it is the untitled first section, and
    /// its rows' texts and attributes; and, for a heading with no rows, whether it ends the file.
    struct SectionContent: Hashable, Sendable {
        var title: String
        var level: Int
        var untitled: Bool
        var rows: [String]
        var attributes: [UInt16]
        var endsFile = false

        init(_ section: ListModel.Section, endsFile: Bool = false) {
            self.endsFile = endsFile
            // A section the editor made for rows added to a list with none (no heading yet,
            // `source` nil) is the untitled first section the file will read as.
            untitled = section.source == MarkdownFormat.untitled || (section.source == nil && section.title.isEmpty)
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
