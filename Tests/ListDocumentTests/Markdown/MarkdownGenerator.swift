import TestSupport

/// Random CommonMark documents from a seed: headings (ATX and setext), nested lists of every
/// marker kind with tasks and odd spacing, paragraphs with lazy continuation lines, fences holding
/// `- ` lines (some never closed), indented code, block quotes with lists, tables, HTML blocks,
/// thematic breaks, link reference definitions, tabs, blank lines, CRLF and front matter.
///
/// The documents need not be tidy: misaligned indentation and stray lines are what exercise the
/// container rules. cmark-gfm says what they mean.
struct MarkdownGenerator {
    var g: SplitMix64

    init(seed: UInt64) { g = SplitMix64(seed: seed) }

    /// An open container while generating: an item (its content column) or a block quote.
    enum Frame { case item(Int), quote }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &g) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &g) < p }
    mutating func pick<T>(_ xs: [T]) -> T { xs[int(0...(xs.count - 1))] }

    static let words = ["milk", "eggs", "*em*", "**strong**", "`code`", "[x]", "[link](http://a.b)", "a|b",
                        "3.", "#", "\\", "&amp;", "~~gone~~", "<b>", "café", "日本", "_u_", "[ref]", "+", "-",
                        "x", "tasks", "1)", ">", "`", "**", "foo_bar", "www.example.com", "<http://x.y>"]

    mutating func text() -> String {
        (0..<int(1...5)).map { _ in pick(Self.words) }.joined(separator: " ")
    }

    mutating func marker() -> String {
        switch int(0...6) {
        case 0: return "-"
        case 1: return "*"
        case 2: return "+"
        case 3: return "\(pick([1, 2, 7, 9, 10, 0, 99, 123456789, 1234567890]))."
        case 4: return "\(pick([1, 3, 9])))"
        default: return pick(["-", "1."])
        }
    }

    /// The prefix that continues the first `depth` frames.
    func prefix(_ frames: ArraySlice<Frame>) -> String {
        var s = ""
        var column = 0
        for f in frames {
            switch f {
            case .item(let c):
                s += String(repeating: " ", count: max(0, c - column))
                column = max(column, c)
            case .quote:
                s += "> "
                column += 2
            }
        }
        return s
    }

    func column(_ frames: ArraySlice<Frame>) -> Int {
        var column = 0
        for f in frames {
            switch f {
            case .item(let c): column = max(column, c)
            case .quote: column += 2
            }
        }
        return column
    }

    mutating func document() -> [UInt8] {
        var lines: [String] = []
        if chance(0.15) {
            lines += chance(0.5) ? ["---", "title: \(text())", "- yaml: list", "---"] : ["+++", "a = 1", "+++"]
        }
        var frames: [Frame] = []
        for _ in 0..<int(3...40) {
            // Continue some of the open containers (usually all of them).
            var keep = frames.count
            if !frames.isEmpty && chance(0.3) { keep = int(0...frames.count) }
            frames.removeLast(frames.count - keep)
            let pre = prefix(frames[...])
            switch int(0...19) {
            case 0...5:
                // A list item, at this depth or as a sibling/child with jittered indentation.
                let m = marker()
                let jitter = chance(0.8) ? int(0...1) : int(0...4)
                let indent = String(repeating: " ", count: jitter)
                let pad = chance(0.85) ? " " : pick(["  ", "   ", "    ", "     ", "\t", ""])
                var body = chance(0.1) ? "" : text()
                if chance(0.3) { body = pick(["[ ] ", "[x] ", "[X] ", "[ ]", "[x]\t", "[ ]  "]) + (chance(0.8) ? body : "") }
                if chance(0.08) { body = "\(marker()) \(text())" }  // - - nested on one line
                let tab = chance(0.05)
                let line = (tab ? pre + "\t" : pre + indent) + m + (body.isEmpty && chance(0.5) ? "" : pad + body)
                lines.append(line)
                let content = column(frames[...]) + (tab ? 4 : jitter) + m.utf8.count + max(1, min(pad.count, 4))
                frames.append(.item(content))
            case 6...8:
                // Paragraph text, sometimes lazily outdented.
                lines.append((chance(0.2) ? "" : pre) + text())
            case 9, 10:
                lines.append(chance(0.8) ? "" : pre + pick(["  ", "\t", " "]))
                if chance(0.3) { frames.removeAll() }
            case 11:
                let hashes = String(repeating: "#", count: int(1...7))
                let closing = chance(0.2) ? " " + String(repeating: "#", count: int(1...3)) : ""
                lines.append(pre + String(repeating: " ", count: chance(0.8) ? 0 : int(1...4)) + hashes + (chance(0.9) ? " " + text() : "") + closing)
            case 12:
                lines.append(pre + pick(["===", "---", "- - -", "***", "___", "--", "= ="]))
            case 13:
                let fence = pick(["```", "~~~", "````"])
                lines.append(pre + fence + pick(["", "swift", "md"]))
                for _ in 0..<int(0...3) { lines.append(pre + pick(["- inside", "1. inside", "# not heading", "", "> no"])) }
                if chance(0.85) { lines.append(pre + fence) }
            case 14:
                lines.append(pre + "    " + pick(["- code", "let x = 1", "# code"]))
            case 15:
                let q = pick(["> ", ">", "> > ", "   > "])
                lines.append(pre + q + pick(["- quoted item", "text", "1. one", "- [ ] task", "# h"]))
                if chance(0.5) { frames.append(.quote) }
            case 16:
                lines.append(pre + pick(["| a | b |", "a | b", "|x|"]))
                lines.append(pre + pick(["|---|---|", "--|--", "|-|", ":-: | -:"]))
                for _ in 0..<int(0...2) { lines.append(pre + pick(["| 1 | 2 |", "c", "- not a row?"])) }
            case 17:
                lines.append(pre + pick(["<div>", "<!-- c", "-->", "<details>", "<b>x</b>", "<span>", "</div>", "<?x ?>"]))
            case 18:
                lines.append(pre + pick(["[ref]: http://example.com", "[Ref]: <u> \"t\"", "[x]: y", "[a]:"]))
            default:
                lines.append(pre + pick(["- ", "-", "1.", "*", "+ [ ]", "2)"]))
                frames.append(.item(column(frames[...]) + 2))
            }
        }
        let crlf = chance(0.15)
        var out = lines.joined(separator: crlf ? "\r\n" : "\n")
        if chance(0.9) { out += crlf ? "\r\n" : "\n" }
        if chance(0.05) { out = "\u{FEFF}" + out }
        return Array(out.utf8)
    }
}
