import Foundation
import ListDocument

/// Compares the scanner's items and headings with cmark-gfm's reading of the same bytes.
package enum ScanComparison {
    /// The items and headings of a scan, in cmark-gfm's terms.
    package static func view(_ scan: MarkdownScan, _ bytes: [UInt8], lineOffset: Int) -> CmarkReference.Document {
        let lines = lineStarts(bytes)
        var doc = CmarkReference.Document()
        for (i, block) in scan.blocks.enumerated() {
            switch block.kind {
            case .item:
                let line = lineIndex(lines, block.markerOffset) + 1 - lineOffset
                doc.items.append(.init(level: Int(block.level), completed: block.checkbox, line: line,
                                       text: CmarkReference.trim(scan.text(of: i, in: bytes))))
            case .heading:
                doc.headings.append(.init(level: Int(block.level), text: title(scan, i, bytes)))
            default: break
            }
        }
        return doc
    }

    /// A heading's title as displayed (each line rendered, lines joined by line feeds).
    package static func title(_ scan: MarkdownScan, _ i: Int, _ bytes: [UInt8]) -> String {
        let lines = CmarkReference.sourceLines(Array(bytes[scan.blocks[i].titleRange]))
        let joined = lines.map { Array($0.drop { $0 == 0x20 || $0 == 0x09 }) }.joined(separator: [0x0A])
        return MarkdownInline.render(Array(joined), references: scan.linkReferences).text
    }

    /// The pattern cmark-gfm's task list extension looks for from a line's start.
    package static func looksLikeTask(_ line: String) -> Bool {
        line.range(of: #"^[ \t\x0B\x0C]*([-+*]|[0-9]+.)[ \t\x0B\x0C]+\[[ xX]\][ \t\x0B\x0C]+"#, options: .regularExpression) != nil
    }

    package static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A || bytes[i] == 0x0D {
                if bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        return starts
    }

    package static func lineIndex(_ starts: [Int], _ offset: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Differences between the scanner and cmark-gfm on `bytes` (empty when they agree). Front
    /// matter is cut before cmark-gfm sees the file (it does not know it).
    package static func differences(_ bytes: [UInt8], headingText: Bool = true) throws -> [String] {
        let scan = MarkdownScanner.scan(bytes)
        var body = bytes[...]
        var lineOffset = 0
        if let first = scan.blocks.first, first.kind == .passage, first.passageKind == .frontMatter {
            let cut = scan.end(of: 0)
            body = bytes[cut...]
            lineOffset = lineIndex(lineStarts(bytes), cut)
        }
        let reference = try CmarkReference.read(Array(body))
        let mine = view(scan, bytes, lineOffset: lineOffset)
        var problems: [String] = []
        let lines = CmarkReference.sourceLines(Array(body))
        for k in 0..<max(reference.items.count, mine.items.count) {
            guard k < reference.items.count, k < mine.items.count else {
                problems.append("item \(k): cmark \(k < reference.items.count ? "\(reference.items[k])" : "none"), mine \(k < mine.items.count ? "\(mine.items[k])" : "none")")
                break
            }
            let r = reference.items[k], m = mine.items[k]
            var expected = m
            if let checked = m.completed, m.line >= 1, m.line <= lines.count {
                // cmark-gfm 0.29 marks a task done when "[x]" appears anywhere on its line.
                let text = String(decoding: lines[m.line - 1], as: UTF8.self)
                expected.completed = checked || text.contains("[x]") || text.contains("[X]")
            }
            if r.text == nil { expected.text = nil }
            if m.line == 1 && body.starts(with: [0xEF, 0xBB, 0xBF]) {
                // cmark-gfm reads no checkbox on the line of a byte-order mark (listedit ignores it).
                if expected.completed != nil { expected.text = r.text }
                expected.completed = nil
            }
            if m.completed == nil, r.completed != nil, m.line >= 1, m.line <= lines.count,
               !looksLikeTask(String(decoding: lines[m.line - 1], as: UTF8.self)) {
                // cmark-gfm 0.29 also marks an item as a task when a later line of it, which opens
                // nothing, looks like a task item (`        - [ ] x` under a closed block).
                expected.completed = r.completed
            }
            let next = mine.items[(k + 1)...].first { $0.level <= m.level }?.line ?? lines.count + 1
            if let a = r.completed, let b = expected.completed, a != b,
               (m.line..<max(m.line, min(lines.count, next - 1)))
                   .contains(where: { looksLikeTask(String(decoding: lines[$0], as: UTF8.self)) }) {
                // ... and such a later line sets the state again.
                expected.completed = a
            }
            if r != expected { problems.append("item \(k): cmark \(r), mine \(m)") }
        }
        if reference.items.count == mine.items.count {
            // Which items share a list, and which item each is nested in.
            problems += ListStructure.of(scan).differences(reference)
        }
        if reference.headings.count != mine.headings.count {
            problems.append("headings: cmark \(reference.headings), mine \(mine.headings)")
        } else {
            for (r, m) in zip(reference.headings, mine.headings) where r.level != m.level || (headingText && r.text != m.text) {
                problems.append("heading: cmark \(r), mine \(m)")
            }
        }
        return problems
    }
}
