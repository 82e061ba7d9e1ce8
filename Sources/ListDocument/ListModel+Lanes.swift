import TableKit
import ListStorage

/// The board view's lanes, read from a list as Obsidian's Kanban plugin writes its boards in
/// Markdown (docs/file-formats.md, "Kanban boards"): every section is a lane except an untitled
/// first section holding only passages (front matter) and the plugin's archive section (a
/// section titled `Archive` after a `***` that ends the section before it); a lane whose first
/// row is the passage `**Complete**` checks the cards moved into it and unchecks those moved out.
///
///     // ---, kanban-plugin: basic, ---; ## To do; ## Done with **Complete**, then ***; ## Archive
///     model.isLane(0)              // false: front matter only
///     model.isLane(1)              // true: To do
///     model.isCompleteLane(2)      // true: Done
///     model.isLane(3)              // false: the archive
///
/// The rules read the first and last rows of a section and its neighbour, never the whole
/// section: each is O(1).
extension ListModel {
    /// The first line of the passage that marks a lane as the done lane (`**Complete**`).
    public static let completeMark = "**Complete**"
    /// The thematic break the plugin writes before its archive section.
    public static let archiveBreak = "***"
    /// The title of the plugin's archive section.
    public static let archiveTitle = "Archive"

    /// Whether section `s` is a lane of the board: not an untitled first section holding only
    /// passages, and not the archive section.
    public func isLane(_ s: Int) -> Bool {
        guard sections.indices.contains(s) else { return false }
        let section = sections[s]
        if s == 0, section.title.isEmpty, section.rows.count > 0, section.rows.passageCount == section.rows.count { return false }
        return !isArchive(s)
    }

    /// Whether section `s` is the Kanban plugin's archive: titled `Archive`, right after a
    /// section whose last row is the passage `***`.
    public func isArchive(_ s: Int) -> Bool {
        guard s > 0, sections.indices.contains(s), sections[s].title == Self.archiveTitle else { return false }
        let above = sections[s - 1].rows
        guard let last = above.count > 0 ? above.count - 1 : nil, above.attributes(at: last).isPassage else { return false }
        return above[last].text.trimmingLaneSpaces == Self.archiveBreak
    }

    /// Whether section `s` is a done lane: its first row is the passage `**Complete**`.
    public func isCompleteLane(_ s: Int) -> Bool {
        guard sections.indices.contains(s) else { return false }
        let rows = sections[s].rows
        guard rows.count > 0, rows.attributes(at: 0).isPassage else { return false }
        return rows[0].text.trimmingLaneSpaces == Self.completeMark
    }

    /// Whether section `s` takes no rows, in a Kanban board (`kanbanBoard`: the file is one,
    /// `ListDocument.isKanbanBoard`): the untitled first section holding only passages (the front
    /// matter), which is no lane (`isLane`): the plugin reads no card there, so a card added or
    /// moved in would vanish from the board. The one rule the editor (`MovePlanner.takesNoRows`,
    /// its adds and pastes) and `listedit apply` (`ListDocument.refusal(of:)`) both ask.
    ///
    /// - Complexity: O(1).
    public func takesNoRows(_ s: Int, kanbanBoard: Bool) -> Bool {
        kanbanBoard && s == 0 && sections.indices.contains(0) && !isLane(0)
    }

    /// The sections that are lanes, in order.
    ///
    /// - Complexity: O(sections).
    public var laneSections: IndexSet {
        IndexSet(sections.indices.filter(isLane))
    }
}

extension ListDocument {
    /// What the editor and `listedit apply` say when a row would go into a Kanban board's front
    /// matter section (the untitled first section holding only passages, which is no lane: the
    /// plugin would not show a card there).
    public static let frontMatterRowRefusal = "nothing goes into the front matter: a board's cards go in its lanes"

    /// Whether the file is a board of Obsidian's Kanban plugin: Markdown whose front matter has
    /// a `kanban-plugin:` key. Such a file opens in the board view.
    ///
    /// - Complexity: O(the front matter's bytes).
    public var isKanbanBoard: Bool {
        guard format == .markdown, let file = markdown else { return false }
        if let loading, file.bytes.isEmpty {
            // A large file still loading (`openProgressively`) has no scan yet; its front matter,
            // which alone says it, is in the piece read first: scanned up to its closing line.
            let bytes = file.buffer.bytes, read = min(loading.bytesLoaded, bytes.count)
            guard bytes.starts(with: Array("---".utf8)) else { return false }
            var end = read, lineStart = 0
            for i in 0..<read where bytes[i] == 0x0A {
                var line = bytes[lineStart..<i]
                if line.last == 0x0D { line = line.dropLast() }
                if lineStart > 0, line.elementsEqual("---".utf8) || line.elementsEqual("...".utf8) { end = i + 1; break }
                lineStart = i + 1
            }
            let head = Array(bytes[..<end])
            return MarkdownScanner.scan(head).isKanbanBoard(head)
        }
        return file.scan.isKanbanBoard(file.bytes)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingLaneSpaces: Substring {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
        return s
    }
}
