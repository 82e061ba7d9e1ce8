import Testing
import TerminalUI

import TestSupport

/// The grid holds grapheme clusters of any width whole: a cluster is written with all its columns
/// or not at all, and writing over any of its columns blanks the rest.
@Suite struct CellGridClusterTests {
    /// Widths tmux 3.3a draws these clusters with.
    static let tmux = WidthProfile(measured: ["👍🏽": 4, "❤️": 1, "1️⃣": 1, "🇫🇷": 2, "👨‍👩‍👧": 2])

    @Test func aClusterTakesTheColumnsOfItsProfile() {
        var grid = CellGrid(width: 12, height: 1, widths: Self.tmux)
        #expect(grid.put("👍🏽❤️a", x: 0, y: 0) == 6)
        #expect(grid[0, 0].text == "👍🏽")
        #expect(grid.clusterWidth(x: 0, y: 0) == 4)
        #expect((1...3).allSatisfy { grid[$0, 0].isContinuation })
        #expect(grid[4, 0].text == "❤️" && grid.clusterWidth(x: 4, y: 0) == 1)
        #expect(grid.clustersAreWhole)
        var unicode = CellGrid(width: 12, height: 1)
        #expect(unicode.put("👍🏽❤️a", x: 0, y: 0) == 5)
    }

    @Test func writingOverAnyColumnOfAClusterBlanksTheRest() {
        for column in 0..<4 {
            var grid = CellGrid(width: 8, height: 1, widths: Self.tmux)
            grid.put("x👍🏽y", x: 0, y: 0)
            grid.put("-", x: column + 1, y: 0)
            var expected = Array("x    y  ")
            expected[column + 1] = "-"
            #expect(grid.lines == [String(expected)])
            #expect(grid.clustersAreWhole)
        }
    }

    @Test func aClusterThatDoesNotFitIsLeftOut() {
        var grid = CellGrid(width: 5, height: 1, widths: Self.tmux)
        #expect(grid.put("ab👍🏽", x: 0, y: 0) == 2)
        #expect(grid.lines == ["ab   "])
        #expect(grid.put("👍🏽", x: 1, y: 0, limit: 4) == 1)
        grid.put("👍🏽z", x: 0, y: 0)
        var shifted = CellGrid(width: 5, height: 1, widths: Self.tmux)
        shifted.copyRow(from: grid, sourceY: 0, to: 0, shift: 2)
        #expect(shifted.lines == ["     "])                 // 👍🏽 would need columns 2…5, z 6
        shifted.copyRow(from: grid, sourceY: 0, to: 0, shift: -1)
        #expect(shifted.lines == ["   z "])                 // 👍🏽 would start at column -1
        shifted.copyRow(from: grid, sourceY: 0, to: 0, shift: 0)
        #expect(shifted.lines == ["👍🏽z"])
        #expect(shifted.clustersAreWhole)
    }

    @Test func aClusterOfNoWidthJoinsTheCellBeforeIt() {
        var grid = CellGrid(width: 4, height: 1)
        grid.put("a\u{200B}b", x: 0, y: 0)
        #expect(grid[0, 0].text == "a\u{200B}")
        #expect(grid.lines == ["a\u{200B}b  "])
        #expect(grid.clustersAreWhole)
    }

    /// A fill of no columns or no lines (a board shorter than its titles asks for `height - 2`
    /// lines) changes nothing, wherever it starts.
    @Test func aFillOfNothingChangesNothing() {
        for (count, lines) in [(0, 1), (-3, 1), (1, 0), (1, -1), (-2, -2)] {
            for (x, y) in [(0, 0), (2, 1), (-1, -1), (5, 3)] {
                var grid = CellGrid(width: 4, height: 2)
                grid.put("ab", x: 0, y: 0)
                let before = grid.lines
                grid.fill(x: x, y: y, count: count, lines: lines, with: "│")
                #expect(grid.lines == before, "count \(count), lines \(lines) at \(x),\(y)")
            }
        }
    }

    /// What the random writes fill with: blanks mostly, one-column glyphs ASCII or not, and
    /// clusters of other widths (which `fill` writes as `put` does).
    static let fillGlyphs: [Character] = [" ", " ", " ", "─", "-", "e\u{301}", "吾", "👍🏽", "❤️", "\u{200B}"]

    /// Random text of clusters put at random places, limits and profiles, fills and shifted
    /// row copies, against a plain model of the row: a list of placed clusters (start, width,
    /// text, style) and the style of each blank column. Every cell must be the model's, so every
    /// cluster is whole or absent.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomWritesKeepEveryClusterWholeOrAbsent(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let alphabet = ["a", "吾", "e\u{301}", "👍🏽", "👨‍👩‍👧", "🇫🇷", "❤️", "1️⃣", "\u{200B}", "\u{0915}\u{094D}\u{0937}", " ", "⌚︎"]
        let styles = [CellStyle.normal, CellStyle(.header, bold: true), CellStyle(.cursor, reverse: true)]
        var writes = 0
        for round in 0..<300 {
            var profile = WidthProfile.unicode
            if round % 3 == 1 { profile = Self.tmux }
            if round % 3 == 2 {
                for c in alphabet.map(Character.init) where TextWidth.kind(of: c).isDisputed {
                    profile.record(c, width: Int.random(in: 0...4, using: &random))
                }
            }
            let width = Int.random(in: 1...14, using: &random)
            var grid = CellGrid(width: width, height: 1, widths: profile)
            var model = ModelRow(width: width)
            for _ in 0..<12 {
                let style = styles.randomElement(using: &random)!
                switch Int.random(in: 0..<10, using: &random) {
                case 0:
                    // Blanks, or a glyph (a board's rule `─`), as `put` would write it column by column.
                    let x = Int.random(in: -2...width, using: &random), count = Int.random(in: -1...5, using: &random)
                    let glyph = Self.fillGlyphs.randomElement(using: &random)!
                    grid.fill(x: x, y: 0, count: count, style: style, with: glyph)
                    model.fill(x: x, count: count, style: style, with: glyph, widths: profile)
                case 1:
                    var other = CellGrid(width: width, height: 1, widths: profile)
                    var otherModel = ModelRow(width: width)
                    let text = (0..<4).map { _ in alphabet.randomElement(using: &random)! }.joined()
                    other.put(text, x: 0, y: 0, style: style)
                    otherModel.put(text, x: 0, limit: width, style: style, widths: profile)
                    let shift = Int.random(in: -4...4, using: &random)
                    grid.copyRow(from: other, sourceY: 0, to: 0, shift: shift)
                    model.copy(otherModel, shift: shift)
                default:
                    let text = (0..<Int.random(in: 0...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
                    let x = Int.random(in: -3...width, using: &random)
                    let limit = Bool.random(using: &random) ? nil : Int.random(in: 0...width, using: &random)
                    let end = grid.put(text, x: x, y: 0, style: style, limit: limit)
                    let modelEnd = model.put(text, x: x, limit: limit ?? width, style: style, widths: profile)
                    #expect(end == modelEnd)
                }
                writes += 1
                let expected = model.cells
                guard (0..<width).allSatisfy({ grid[$0, 0] == expected[$0] }), grid.clustersAreWhole else {
                    Issue.record("seed \(seed) round \(round): grid \(grid.cells.map(\.text)) model \(expected.map(\.text))")
                    return
                }
            }
        }
        #expect(writes == 3_600)
    }
}

/// The reference for one row of a grid: clusters by their first column, each with its width,
/// text and style, and the style blank columns take.
struct ModelRow {
    let width: Int
    var clusters: [Int: (width: Int, text: String, style: CellStyle)] = [:]
    var blanks: [CellStyle]

    init(width: Int) {
        self.width = width
        blanks = Array(repeating: .normal, count: width)
    }

    /// Places a cluster at `x..<x+w`; clusters it overlaps disappear whole, their columns blank in
    /// their style.
    mutating func place(_ text: String, x: Int, width w: Int, style: CellStyle) {
        for (start, c) in clusters where start < x + w && start + c.width > x {
            clusters[start] = nil
            for column in start..<start + c.width { blanks[column] = c.style }
        }
        clusters[x] = (w, text, style)
    }

    @discardableResult
    mutating func put(_ text: String, x: Int, limit: Int, style: CellStyle, widths: WidthProfile) -> Int {
        var column = x
        var last: Int?
        for c in text {
            let w = widths.width(of: c)
            if w == 0 {
                if let l = last { clusters[l]!.text += String(c) }
                continue
            }
            if column + w > min(limit, width) { break }
            if column >= 0 { place(String(c), x: column, width: w, style: style) }
            last = column >= 0 ? column : nil
            column += w
        }
        return column
    }

    /// `glyph` put at each column of `x..<x+count` in turn.
    mutating func fill(x: Int, count: Int, style: CellStyle, with glyph: Character, widths: WidthProfile) {
        guard count > 0 else { return }
        for column in max(0, x)..<max(max(0, x), min(width, x + count)) { put(String(glyph), x: column, limit: width, style: style, widths: widths) }
    }

    mutating func copy(_ other: ModelRow, shift: Int) {
        self = ModelRow(width: width)
        for column in 0..<other.width {
            if let c = other.clusters[column] {
                if column + shift >= 0, column + shift + c.width <= width { place(c.text, x: column + shift, width: c.width, style: c.style) }
            } else if !other.clusters.contains(where: { $0.key < column && $0.key + $0.value.width > column }) {
                let target = column + shift
                if target >= 0, target < width { place(" ", x: target, width: 1, style: other.blanks[column]) }
            }
        }
    }

    var cells: [Cell] {
        (0..<width).map { column in
            if let c = clusters[column] { return Cell(c.text, style: c.style) }
            if let (_, c) = clusters.first(where: { $0.key < column && $0.key + $0.value.width > column }) { return Cell("", style: c.style) }
            return Cell(" ", style: blanks[column])
        }
    }
}
