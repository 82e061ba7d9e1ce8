import Testing
import TestSupport
@testable import ListDocument
import TableKit
import ListStorage

/// The levels `apply` gives (BatchScript+Levels), exhaustively over small outlines against a
/// plain restatement: deletes and moves take exactly the named rows and lift what they leave
/// behind; inserts and moves land at a level found by trying every level against the rule as
/// docs/file-formats.md states it (the section keeps the level rule, no row changes parent), not
/// by the code's formula; the result always keeps the level rule, and a Markdown file saved from
/// it reads back as the same table.
@Suite struct ApplyLevelTests {
    /// Every section of up to `n` rows that keeps the rule: `nil` a passage, a number a level.
    static func outlines(upTo n: Int) -> [[Int?]] {
        var all: [[Int?]] = [[]]
        var frontier: [[Int?]] = [[]]
        for _ in 0..<n {
            frontier = frontier.flatMap { prefix -> [[Int?]] in
                let cap = prefix.last.map { $0.map { $0 + 1 } ?? 0 } ?? 0
                return ([nil] + (0...cap).map { Optional($0) }).map { prefix + [$0] }
            }
            all += frontier
        }
        return all
    }

    static func model(_ shape: [Int?]) -> ListModel {
        var m = ListModel(sections: [("S", shape.indices.map { "r\($0)" })])
        for (i, level) in shape.enumerated() {
            m.sections[0].rows.setAttributes(.init(level: level ?? 0, isPassage: level == nil), at: i)
        }
        return m
    }

    /// The rows of section 0 as (text, level or nil for a passage).
    static func table(_ m: ListModel) -> [String] {
        m.sections[0].rows.map { $0.isPassage ? "\($0.text):p" : "\($0.text):\($0.level)" }
    }

    static func apply(_ ops: String, to shape: [Int?]) throws -> ListModel {
        var m = model(shape)
        try BatchScript.decode(Array(ops.utf8), name: "ops").apply(to: &m)
        return m
    }

    // MARK: The plain restatement

    /// Rows `gone` taken out; each row left moves up one level per row taken out that it was
    /// nested under (its parent: the nearest row above with a smaller level, back to a passage).
    static func referenceRemove(_ shape: [Int?], _ gone: Set<Int>) -> [(Int, Int?)] {
        var out: [(Int, Int?)] = []
        for i in shape.indices where !gone.contains(i) {
            guard var level = shape[i] else { out.append((i, nil)); continue }
            var lift = 0
            var j = i - 1
            while j >= 0, let l = shape[j], level > 0 {
                if l < level {
                    if gone.contains(j) { lift += 1 }
                    level = l
                }
                j -= 1
            }
            out.append((i, shape[i]! - lift))
        }
        return out
    }

    /// The level a row landing at `t` of `rows` gets, from the rule as docs/file-formats.md
    /// states it ("With `listedit apply`"), not from a formula: the levels it may take are those
    /// at which the section keeps the level rule and every other row keeps its parent (it adopts
    /// no rows), tried one by one (`allowedLevels`); it takes the one wanted (`wanted`: a move's
    /// own level or a given `level`), else an insert's default (the level of the row it lands
    /// before; at a list's end or before a passage the row above's; 0 at a section's top),
    /// clamped to the lowest and highest of them.
    static func referenceLanding(_ rows: [(Int, Int?)], at t: Int, wanted: Int?) -> Int {
        let allowed = allowedLevels(rows, at: t)
        let after = t < rows.count ? rows[t].1 : nil, above = t > 0 ? rows[t - 1].1 : nil
        let level = wanted ?? after ?? above ?? 0
        return min(max(level, allowed.lowerBound), allowed.upperBound)
    }

    /// Every level at which a row put at `t` of `rows` leaves a section that keeps the rule
    /// (`keepsTheRule`) and in which every row of `rows` has the parent it had (`parents`).
    static func allowedLevels(_ rows: [(Int, Int?)], at t: Int) -> ClosedRange<Int> {
        let before = parents(rows)
        let levels = (0...8).filter { level in
            var placed = rows
            placed.insert((-1, level), at: t)
            guard keepsTheRule(placed.map(\.1)) else { return false }
            return parents(placed).filter { $0.key != -1 } == before
        }
        // The rule leaves a range: the lowest (the row after's level, to adopt nothing) to the
        // highest (one deeper than the row above); the filter above knows neither.
        #expect(!levels.isEmpty && levels == Array(levels[0]...levels[levels.count - 1]), "\(rows) at \(t): \(levels)")
        return levels[0]...levels[levels.count - 1]
    }

    /// Each row's level at most one more than the item above's, 0 first and after a passage.
    static func keepsTheRule(_ levels: [Int?]) -> Bool {
        var above: Int?
        for level in levels {
            guard let level else { above = nil; continue }
            if level > (above.map { $0 + 1 } ?? 0) { return false }
            above = level
        }
        return true
    }

    /// Each item's parent, by name: the nearest item above with a smaller level, back to a
    /// passage (-2: none).
    static func parents(_ rows: [(Int, Int?)]) -> [Int: Int] {
        var out: [Int: Int] = [:]
        for (i, (name, level)) in rows.enumerated() {
            guard let level else { continue }
            var parent = -2
            for j in stride(from: i - 1, through: 0, by: -1) {
                guard let l = rows[j].1 else { break }
                if l < level { parent = rows[j].0; break }
            }
            out[name] = parent
        }
        return out
    }

    static func render(_ rows: [(Int, Int?)], names: (Int) -> String = { "r\($0)" }) -> [String] {
        rows.map { i, level in level.map { "\(names(i)):\($0)" } ?? "\(names(i)):p" }
    }

    // MARK: Exhaustive

    @Test func deletingAnyOneOrTwoRowsLiftsWhatTheyLeaveBehind() throws {
        var cases = 0
        for shape in Self.outlines(upTo: 6) where !shape.isEmpty {
            let n = shape.count
            for a in 0..<n {
                for b in a..<n {
                    let gone: Set<Int> = [a, b]
                    let paths = gone.sorted().map { "[0,\($0)]" }.joined(separator: ",")
                    let m = try Self.apply(#"{"deleteRows": [\#(paths)]}"#, to: shape)
                    #expect(Self.table(m) == Self.render(Self.referenceRemove(shape, gone)), "\(shape) deleting \(gone.sorted())")
                    #expect(m.levelViolation() == nil)
                    cases += 1
                }
            }
        }
        #expect(cases > 10_000)
    }

    @Test func movingAnyRowAnywhereLiftsWhatItLeavesAndNeverAdoptsRows() throws {
        var cases = 0
        for shape in Self.outlines(upTo: 6) where !shape.isEmpty {
            let n = shape.count
            for from in 0..<n where shape[from] != nil {
                let left = Self.referenceRemove(shape, [from])
                for to in 0..<n {
                    let m = try Self.apply(#"{"moveRows": [{"from": [0,\#(from)], "to": [0,\#(to)]}]}"#, to: shape)
                    var expected = left
                    expected.insert((from, Self.referenceLanding(left, at: to, wanted: shape[from])), at: to)
                    #expect(Self.table(m) == Self.render(expected), "\(shape) moving \(from) to \(to)")
                    #expect(m.levelViolation() == nil)
                    cases += 1
                }
            }
        }
        #expect(cases > 10_000)
    }

    @Test func insertingAtAnyPlaceAtAnyLevelNeverAdoptsRows() throws {
        var cases = 0
        for shape in Self.outlines(upTo: 6) {
            let n = shape.count
            let rows = Self.referenceRemove(shape, [])
            for at in 0...n {
                for given in [nil] + (0...4).map(Optional.some) {
                    let level = given.map { #", "level": \#($0)"# } ?? ""
                    let m = try Self.apply(#"{"insertRows": [{"at": [0,\#(at)], "text": "new"\#(level)}]}"#, to: shape)
                    var expected = rows
                    expected.insert((-1, Self.referenceLanding(rows, at: at, wanted: given)), at: at)
                    #expect(Self.table(m) == Self.render(expected, names: { $0 < 0 ? "new" : "r\($0)" }), "\(shape) inserting at \(at), level \(String(describing: given))")
                    #expect(m.levelViolation() == nil)
                    cases += 1
                }
            }
        }
        #expect(cases > 10_000)
    }

    /// The reference sees a landing that breaks the rule: planted formulas (no floor, so a row
    /// adopts the rows after it; a cap one too deep; the row after's level ignored for an
    /// insert's default) each differ from it on some small outline.
    @Test func referenceLandingSeesPlantedFaults() {
        typealias Landing = ([(Int, Int?)], Int, Int?) -> Int
        let planted: [(String, Landing)] = [
            ("no floor", { rows, t, wanted in
                let above = t > 0 ? rows[t - 1].1 : nil
                return min(above.map { $0 + 1 } ?? 0, wanted ?? 0) }),
            ("cap two deeper", { rows, t, wanted in
                let above = t > 0 ? rows[t - 1].1 : nil, after = t < rows.count ? rows[t].1 : nil
                return min(above.map { $0 + 2 } ?? 0, max(after ?? 0, wanted ?? after ?? above ?? 0)) }),
            ("default from above", { rows, t, wanted in
                let above = t > 0 ? rows[t - 1].1 : nil, after = t < rows.count ? rows[t].1 : nil
                return min(above.map { $0 + 1 } ?? 0, max(after ?? 0, wanted ?? above ?? 0)) }),
        ]
        for (name, landing) in planted {
            let seen = Self.outlines(upTo: 4).contains { shape in
                let rows = Self.referenceRemove(shape, [])
                return (0...rows.count).contains { t in
                    ([nil] + (0...3).map(Optional.some)).contains { landing(rows, t, $0) != Self.referenceLanding(rows, at: t, wanted: $0) }
                }
            }
            #expect(seen, "\(name)")
        }
    }

    /// A whole batch of random operations (deletes, moves, inserts, reloads with levels) on
    /// random outlines keeps the rule, and a batch's deletes take exactly the rows named.
    @Test func randomBatchesKeepTheRule() throws {
        var g = SplitMix64(seed: 25)
        let shapes = Self.outlines(upTo: 7).filter { $0.count >= 3 }
        for _ in 0..<3_000 {
            let shape = shapes.randomElement(using: &g)!
            let n = shape.count
            var ops: [String] = []
            var used = Set<Int>()
            func pick() -> Int? {
                let free = (0..<n).filter { !used.contains($0) && shape[$0] != nil }
                guard let r = free.randomElement(using: &g) else { return nil }
                used.insert(r)
                return r
            }
            var deletes: [Int] = [], moves: [(Int, Int)] = [], inserts = 0
            for _ in 0..<Int.random(in: 1...4, using: &g) {
                switch Int.random(in: 0..<4, using: &g) {
                case 0: if let r = pick() { deletes.append(r) }
                case 1: if let r = pick() { moves.append((r, 0)) }
                case 2: inserts += 1
                default:
                    if let r = pick() { ops.append(#"{"at": [0,\#(r)], "level": \#(Int.random(in: 0...4, using: &g))}"#) }
                }
            }
            let final = n - deletes.count + inserts
            var targets = Array(0..<final).shuffled(using: &g)
            moves = moves.map { ($0.0, targets.removeLast()) }
            let insertAt = targets.prefix(inserts)
            var batch: [String] = []
            if !deletes.isEmpty { batch.append(#""deleteRows": [\#(deletes.map { "[0,\($0)]" }.joined(separator: ","))]"#) }
            if !moves.isEmpty { batch.append(#""moveRows": [\#(moves.map { #"{"from": [0,\#($0.0)], "to": [0,\#($0.1)]}"# }.joined(separator: ","))]"#) }
            if !insertAt.isEmpty { batch.append(#""insertRows": [\#(insertAt.map { #"{"at": [0,\#($0)], "text": "n\#($0)"}"# }.joined(separator: ","))]"#) }
            if !ops.isEmpty { batch.append(#""reloadRows": [\#(ops.joined(separator: ","))]"#) }
            guard !batch.isEmpty else { continue }
            let script = "{" + batch.joined(separator: ", ") + "}"
            let m = try Self.apply(script, to: shape)
            #expect(m.levelViolation() == nil, "\(shape): \(script)")
            let texts = Set(m.sections[0].rows.map(\.text))
            for d in deletes { #expect(!texts.contains("r\(d)"), "\(shape): \(script)") }
            #expect(m.sections[0].rows.count == final)
        }
    }

    // MARK: The issue's cases, through a Markdown file

    static func applyToFile(_ text: String, _ ops: String) throws -> (model: ListModel, file: String, reread: ListModel) {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("list.md", text)
        var doc = try ListDocument.open(path)
        try doc.apply(try BatchScript.decode(Array(ops.utf8), name: "ops"))
        try doc.save()
        let file = dir.text("list.md") ?? ""
        return (doc.model, file, try ListDocument.open(path).model)
    }

    static let deepLearning = """
        # Deep Learning

        *Frameworks and libraries for Deep Learning.*

        - Frameworks
          - [pytorch](https://github.com/pytorch/pytorch) - Tensors and Dynamic neural networks.
          - [tensorflow](https://github.com/tensorflow/tensorflow) - An open source library.
            - [keras](https://github.com/keras-team/keras) - A high-level API.
          - [jax](https://github.com/google/jax) - Composable transformations.
        - Libraries
          - [fastai](https://github.com/fastai/fastai) - A library.

        # Next
        - x

        """

    /// Case 1: deleting a parent with apply lifts its nested rows one level, on screen (the
    /// model) and in the file alike.
    @Test func deletingAParentWithApplyLiftsItsNestedRows() throws {
        let (model, file, reread) = try Self.applyToFile(Self.deepLearning, #"{"deleteRows": [[0, 1]]}"#)
        #expect(model.sections[0].rows.map(\.level) == [0, 0, 0, 1, 0, 0, 1])
        #expect(file.contains("""
            - [pytorch](https://github.com/pytorch/pytorch) - Tensors and Dynamic neural networks.
            - [tensorflow](https://github.com/tensorflow/tensorflow) - An open source library.
              - [keras](https://github.com/keras-team/keras) - A high-level API.
            - [jax](https://github.com/google/jax) - Composable transformations.
            - Libraries
            """))
        #expect(reread.items == model.items)
    }

    /// Case 7: an insert between a parent and its children becomes the parent's first nested
    /// row; the children keep their parent.
    @Test func anInsertBetweenAParentAndItsChildrenAdoptsNoRows() throws {
        let text = "# Trip\n- Renew passport\n  - Photos\n  - Form\n- Pack\n"
        let (model, file, reread) = try Self.applyToFile(text, #"{"insertRows":[{"at":[0,1],"text":"New task"}]}"#)
        #expect(model.sections[0].rows.map(\.level) == [0, 1, 1, 1, 0])
        #expect(file == "# Trip\n- Renew passport\n  - New task\n  - Photos\n  - Form\n- Pack\n")
        #expect(reread.items == model.items)
        // A level given lower than the row it lands before is raised to it; deeper than the rule
        // allows, lowered to it.
        let (low, _, _) = try Self.applyToFile(text, #"{"insertRows":[{"at":[0,1],"text":"N","level":0}]}"#)
        #expect(low.sections[0].rows.map(\.level) == [0, 1, 1, 1, 0])
        let (deep, _, _) = try Self.applyToFile(text, #"{"insertRows":[{"at":[0,2],"text":"N","level":5}]}"#)
        #expect(deep.sections[0].rows.map(\.level) == [0, 1, 2, 1, 0])
        // At a list's end without a level: the row above's.
        let (end, endFile, _) = try Self.applyToFile(text, #"{"insertRows":[{"at":[0,4],"text":"N"}]}"#)
        #expect(end.sections[0].rows.map(\.level) == [0, 1, 1, 0, 0])
        #expect(endFile == "# Trip\n- Renew passport\n  - Photos\n  - Form\n- Pack\n- N\n")
    }

    /// A move takes exactly the named row: its nested rows stay and move up one level.
    @Test func movingAParentWithApplyLeavesItsChildrenLifted() throws {
        let text = "# Trip\n- Renew passport\n  - Photos\n    - Booth\n  - Form\n- Pack\n"
        let (model, file, reread) = try Self.applyToFile(text, #"{"moveRows":[{"from":[0,0],"to":[0,4]}]}"#)
        #expect(model.sections[0].rows.map(\.text) == ["Photos", "Booth", "Form", "Pack", "Renew passport"])
        #expect(model.sections[0].rows.map(\.level) == [0, 1, 0, 0, 0])
        #expect(file == "# Trip\n- Photos\n  - Booth\n- Form\n- Pack\n- Renew passport\n")
        #expect(reread.items == model.items)
    }
}
