import TableKit

/// Undo restores bytes: a section that an undo across saves brought back to what it was in an
/// earlier version of the file (its title, level, and every row's text, level, checkbox, in
/// order) is written as that version had it, byte for byte: markers, numbers, indentation
/// characters, the boundaries of neighbouring lists, blank lines. Without this the writer would
/// write it from the rows of the file as last saved, which a move may have rewritten (a row moved
/// out of an ordered list and back is a bullet there).
///
///     // "# L\n- a\n- b\n\n1. one\n2. two\n": `two` moved up twice, saved, both moves undone
///     let model = MarkdownFormat.restoringEarlierSections(model, over: file, earlier: kept, untouched: nil)
///     // section 0 now holds the rows of the first version: written as "1. one\n2. two\n" again
///
/// The rows put back name that version's bytes, so the writer finds them through `combining`.
extension MarkdownFormat {
    /// The most bytes of earlier versions searched: past it (a large file) a save does not look.
    static let restoringBudget = 4 << 20

    /// `model`, with each section that is neither `untouched` nor the file's own section as it
    /// is, but equal to a section of an earlier version (newest first), replaced by that
    /// section as read from that version.
    ///
    /// - Complexity: nothing when there is no earlier version or they are larger than
    ///   `restoringBudget`; else O(size of the earlier versions + rows of the sections compared).
    static func restoringEarlierSections(_ model: ListModel, over file: File, earlier: [TextBuffer],
                                         untouched: [ClosedRange<Int>?]?) -> ListModel {
        guard !earlier.isEmpty, earlier.reduce(0, { $0 + $1.bytes.count }) <= restoringBudget else { return model }
        let candidates = model.sections.indices.filter { s in
            !(untouched.map { $0.count == model.sections.count && $0[s] != nil } ?? false) && !model.sections[s].rows.isEmpty
        }
        guard !candidates.isEmpty else { return model }
        // The file's own sections: a section equal to one of them is written from it as it is.
        guard let (current, _) = try? read(file.bytes, name: "", generation: file.buffer.idBase >> 41) else { return model }
        let own = Set(current.sections.map(Content.init))
        var versions: [[Content: ListModel.Section]] = []
        for buffer in earlier.reversed() {
            guard let (read, _) = try? read(buffer.bytes, name: "", generation: buffer.idBase >> 41) else { continue }
            var byContent: [Content: ListModel.Section] = [:]
            for section in read.sections where !section.rows.isEmpty { byContent[Content(section)] = byContent[Content(section)] ?? section }
            versions.append(byContent)
        }
        var restored = model
        for s in candidates {
            let content = Content(model.sections[s])
            guard !own.contains(content), let section = versions.lazy.compactMap({ $0[content] }).first else { continue }
            restored.sections[s] = section
        }
        return restored
    }

    /// What a section shows: its title, level, whether it is the untitled first section, and
    /// its rows' texts and attributes.
    private struct Content: Hashable {
        var title: String
        var level: Int
        var untitled: Bool
        var rows: [String]
        var attributes: [UInt16]

        init(_ section: ListModel.Section) {
            untitled = section.source == MarkdownFormat.untitled
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
