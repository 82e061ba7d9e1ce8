import Foundation
import TableKit
import ListStorage

extension ListDocument {
    /// Why a save would refuse rows of section `s` at new levels (an indent or outdent, before it
    /// is made), or nil when it would write them: the rule is the writer's own, asked of that
    /// section alone (`MarkdownFormat.write`, which reads back what it writes), so a key refuses
    /// exactly what saving would.
    ///
    ///     // "- a\n- b\n\n    code\n": b in under a would take the indented code in
    ///     doc.relevelRefusal(section: 0, rows: 1..<2, levels: [1])
    ///     // "the passage at row 2 of section 0 cannot follow row 1 of section 0: Markdown would read it, …"
    ///
    /// Nil also when the section cannot be saved as it is (the save fails whatever the key
    /// does), and for formats other than Markdown (plain text holds no levels; JSON any).
    ///
    /// - Parameters:
    ///   - s: the section (current space).
    ///   - rows: consecutive rows of it (current space): a row and its nested rows.
    ///   - levels: their new levels, in order.
    /// - Complexity: O(rows of section `s` + size of its part of the file).
    public func relevelRefusal(section s: Int, rows: Range<Int>, levels: [Int]) -> String? {
        guard format == .markdown, s < model.sections.count, rows.count == levels.count else { return nil }
        func refusal(_ section: ListModel.Section) -> DocumentError? {
            var alone = ListModel()
            alone.sections = [section]
            do { _ = try MarkdownFormat.write(alone, over: markdown, name: path ?? "list") } catch { return error }
            return nil
        }
        var changed = model.sections[s]
        for (r, level) in zip(rows, levels) {
            var a = changed.rows.attributes(at: r)
            a.level = level
            changed.rows.setAttributes(a, at: r)
        }
        guard let error = refusal(changed), refusal(model.sections[s]) == nil else { return nil }
        // The section was written alone, as the list's first.
        var message = error.message
        if s != 0 { message = message.replacingOccurrences(of: "of section 0", with: "of section \(s)") }
        if message.hasSuffix("; nothing was written") { message.removeLast("; nothing was written".count) }
        return message
    }
}
