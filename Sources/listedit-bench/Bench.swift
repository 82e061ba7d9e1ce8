// listedit-bench: the in-process benchmarks (`make bench`, release builds): key presses, batches,
// disk checks, merges, the Markdown reader and writer, at sizes given on the command line. It may
// import the library modules and ListEditor, and the C library for timing files.
import ListDocument
import ListEditor
import TableKit
import TerminalUI
import TableRendering
#if canImport(Glibc)
import Glibc
#endif

/// `make bench`: in-process figures (open and first frame, every kind of key press, a batch of
/// 10,000 operations) for lists of 1,000, 100,000 and 1,000,000 rows, in 10 sections and in one.
/// Process-level figures (first frame in tmux beside vim, `apply` as a process, bytes through a
/// pty, RSS) come from Scripts/bench.py. Arguments: `--sizes 1000,100000`, `--runs N`,
/// `--markdown-only` for the Markdown scanner and writer alone (at 1,000,000 and 10,000,000
/// items, or `--markdown-sizes N,M`), `--files-only` for the file layer's figures alone (disk
/// checks, merge), `--diffable-only` for the diffable data source's `apply` alone (at the sizes
/// up to 100,000 items), and `--markdown-profile` to run each Markdown figure once, for
/// `Scripts/markdown-instructions.sh` (instruction counts under callgrind), `--selection-only`
/// for the multiple-selection figures alone (at each size, 10 sections), and `--table-only` for
/// the open, keys and batch figures alone (what `make bench-plots` runs up to 10,000,000 rows,
/// where the file layer's merge alone takes many minutes), `--saves-only` for the saves that
/// drop an earlier version with a long undo history alone (at each size, 10 sections), and
/// `--board-only` for the board beside the list alone (`Bench+Board.swift`; 10^2 cards and the
/// sizes up to 100,000), or `--board-figure move` (`screen`, `list-move`, `list-screen`) for one
/// of its figures alone at exactly the sizes given, `--runs` times (`Scripts/board-instructions.sh`);
/// `--board-height N` draws the board's figures N lines high (24).
@main
struct Bench {
    static let start = ContinuousClock.now

    /// Seconds on the monotonic clock since the run began.
    static func now() -> Double {
        let elapsed = start.duration(to: .now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }

    /// Median and worst of a set of durations, in milliseconds.
    static func stats(_ samples: [Double]) -> (median: Double, worst: Double) {
        let sorted = samples.sorted()
        return (sorted[sorted.count / 2] * 1000, sorted[sorted.count - 1] * 1000)
    }

    static func row(_ name: String, _ samples: [Double]) {
        let (m, w) = stats(samples)
        let cols = [name.padding(32), String(format3(m)).leftPad(10), String(format3(w)).leftPad(10)]
        emit(cols.joined(separator: " "))
    }

    static func format3(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        var s = "\(r)"
        if let dot = s.firstIndex(of: ".") {
            let decimals = s.distance(from: dot, to: s.endIndex) - 1
            if decimals < 3 { s += String(repeating: "0", count: 3 - decimals) }
        }
        return s
    }

    /// A Markdown list of `rows` rows of about 20 bytes of mixed ASCII and non-ASCII text.
    static func generate(rows: Int, sections: Int, path: String) {
        writeFile(simpleMarkdown(rows: rows, sections: sections), to: path)
    }

    /// Writes `bytes` to the file at `path` (created or truncated).
    static func writeFile(_ bytes: [UInt8], to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var done = 0
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }   // (no bytes: nothing to write)
            while done < raw.count {
                let n = write(fd, base + done, raw.count - done)
                if n <= 0 { break }
                done += n
            }
        }
        close(fd)
    }

    /// The bytes of `generate`: `# Section s` headings, each over `rows / sections` items
    /// (`- ` and words up to at least 18 bytes), a blank line after each section.
    static func simpleMarkdown(rows: Int, sections: Int) -> [UInt8] {
        let words = ["milk", "eggs", "café", "naïve", "größe", "日本", "über", "tea", "brot", "piña", "ça", "rice"].map { Array($0.utf8) }
        var g = UInt64(12345)
        func next() -> Int { g = g &* 6364136223846793005 &+ 1442695040888963407; return Int(g >> 33) }
        var out: [UInt8] = []
        out.reserveCapacity(rows * 26 + sections * 16)
        let per = rows / sections
        for s in 0..<sections {
            out.append(contentsOf: "# Section \(s)\n".utf8)
            for _ in 0..<per {
                out.append(contentsOf: [0x2D, 0x20])
                var length = 0
                while length < 18 {
                    let word = words[next() % words.count]
                    out.append(contentsOf: word)
                    out.append(0x20)
                    length += word.count + 1
                }
                out.append(0x0A)
            }
            out.append(0x0A)
        }
        return out
    }

    @MainActor
    static func main() throws {
        var sizes = [1_000, 100_000, 1_000_000]
        var runs = 5
        var markdownOnly = false
        var filesOnly = false
        var markdownSizes: [Int]?
        var markdownProfile = false
        var diffableOnly = false
        var tableOnly = false
        var selectionOnly = false
        var savesOnly = false
        var boardOnly = false
        var boardFigure: BoardFigure?
        var boardHeight = 24
        var real = false
        var args = CommandLine.arguments.dropFirst().makeIterator()
        while let a = args.next() {
            if a == "--sizes", let v = args.next() { sizes = v.split(separator: ",").compactMap { Int($0) } }
            if a == "--runs", let v = args.next() { runs = max(1, Int(v) ?? 5) }
            if a == "--markdown-only" { markdownOnly = true }
            if a == "--files-only" { filesOnly = true }
            if a == "--markdown-sizes", let v = args.next() { markdownSizes = v.split(separator: ",").compactMap { Int($0) } }
            if a == "--markdown-profile" { markdownProfile = true }
            if a == "--diffable-only" { diffableOnly = true }
            if a == "--table-only" { tableOnly = true }
            if a == "--selection-only" { selectionOnly = true }
            if a == "--saves-only" { savesOnly = true }
            if a == "--board-only" { boardOnly = true }
            if a == "--board-figure", let v = args.next() {
                guard let figure = BoardFigure(rawValue: v) else {
                    emit("listedit-bench: --board-figure takes list-screen, screen, list-move or move, not '\(v)'")
                    exit(2)
                }
                boardFigure = figure
            }
            if a == "--board-height", let v = args.next() { boardHeight = max(3, Int(v) ?? 24) }
            if a == "--real" { real = true }
        }
        let dir = "/tmp/listedit-bench-\(getpid())"
        mkdir(dir, 0o755)
        defer { _ = system("rm -rf '\(dir)'") }
        let markdownItems = markdownSizes ?? (markdownOnly ? [1_000_000, 10_000_000] : [sizes.max() ?? 1_000])
        if markdownProfile {
            try profileMarkdown(items: markdownItems.first ?? 100_000, dir: dir)
            return
        }
        emit("listedit in-process benchmarks (ms; median and worst of \(runs) runs; keys: 200 presses each)")
        if real {
            // The open and key figures on real-shaped Markdown (Bench.realTodo) instead.
            for size in sizes {
                let path = "\(dir)/real-\(size).md"
                writeFile(realTodo(items: size), to: path)
                emit("")
                emit("== \(size) list items in 10 sections, real-shaped Markdown (bench.py --real)")
                emit("figure".padding(32) + " " + "median".leftPad(10) + " " + "worst".leftPad(10))
                try measure(path: path, runs: runs)
                try measureFilter(path: path, runs: runs)
            }
            return
        }
        /// `body` on a list of each size in 10 sections, under a heading naming `what`.
        func tenSections(_ what: String, _ body: (String) throws -> Void) rethrows {
            for size in sizes {
                let path = "\(dir)/list-\(size)-10.md"
                generate(rows: size, sections: 10, path: path)
                emit("")
                emit("== \(size) rows, 10 sections: \(what)")
                try body(path)
            }
        }
        if let boardFigure {
            for cards in sizes { measureBoard(cards: cards, runs: runs, only: boardFigure, height: boardHeight) }
            return
        }
        if savesOnly {
            try tenSections("saves with a 1,000-step undo history") { try measureDroppedVersions(path: $0, runs: runs) }
            return
        }
        if selectionOnly {
            // The multiple-selection figures alone (for profiling them), on 10 sections.
            try tenSections("multiple selection") { path in
                let editor = ListEditor(document: try ListDocument.open(path), animations: false)
                let performer = EditorEffectPerformer()
                performer.performAll(editor.start(), for: editor)
                performer.performAll(editor.handle(.resize(width: 80, height: 24)), for: editor)
                measureSelection(editor, runs: runs)
            }
            return
        }
        for size in sizes where !markdownOnly && !filesOnly && !tableOnly && !boardOnly && size <= 100_000 {
            try measureDiffable(items: size, runs: runs)
        }
        if diffableOnly { return }
        if !markdownOnly && !filesOnly && !tableOnly && !selectionOnly {
            // The board beside the list, and a card move at 10^2 cards beside the larger sizes.
            for cards in [100] + sizes.filter({ $0 > 100 && $0 <= 100_000 }) { measureBoard(cards: cards, runs: runs, height: boardHeight) }
        }
        if boardOnly { return }
        for size in sizes where !markdownOnly {
            for sections in [10, 1] {
                let path = "\(dir)/list-\(size)-\(sections).md"
                generate(rows: size, sections: sections, path: path)
                emit("")
                emit("== \(size) rows, \(sections) section\(sections == 1 ? "" : "s")")
                emit("figure".padding(32) + " " + "median".leftPad(10) + " " + "worst".leftPad(10))
                if !filesOnly { try measure(path: path, runs: runs) }
                if !filesOnly { try measureFilter(path: path, runs: runs) }
                if sections == 10 && !tableOnly {
                    try measureFiles(path: path, runs: runs)
                    try measureDroppedVersions(path: path, runs: runs)
                }
            }
        }
        if !filesOnly && !tableOnly {
            for items in markdownItems { try measureMarkdown(items: items, runs: runs, dir: dir) }
        }
    }

    @MainActor
    static func measure(path: String, runs: Int) throws {
        // Open and first frame.
        var opens: [Double] = []
        var editor: ListEditor!   // (made by the first run's open, which every run does; used after them)
        // The effects are performed as the run loop would (opening's recovery file included).
        let performer = EditorEffectPerformer()
        func send(_ event: InputEvent) { performer.performAll(editor.handle(event), for: editor) }
        for _ in 0..<runs {
            let t0 = now()
            let document = try ListDocument.open(path)
            editor = ListEditor(document: document, animations: false)
            performer.performAll(editor.start(), for: editor)
            send(.resize(width: 80, height: 24))
            _ = editor.render(width: 80, height: 24)
            opens.append(now() - t0)
        }
        row("open + first frame", opens)

        func key(_ name: String, repeat count: Int = 200, setup: () -> Void = {}, _ keys: [Key], after: () -> Void = {}) {
            var samples: [Double] = []
            for _ in 0..<count {
                setup()
                let t0 = now()
                for k in keys { send(.key(k)) }
                _ = editor.render(width: 80, height: 24)
                samples.append(now() - t0)
                after()
                if let question = editor.render(width: 80, height: 24).lines.last(where: { $0.contains("(y/n)") }) {
                    // A key the figure did not mean (a mode other than the one it was written for)
                    // would leave a question for the next figure's keys to answer.
                    preconditionFailure("\(name) left a question open: \(question)")
                }
            }
            row(name, samples)
        }
        editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 5, section: 0)))))
        key("cursor move (↓)", [.down])
        key("cursor move (↑)", [.up])
        key("page down", [.pageDown])
        send(.key(.home))
        key("toggle edit mode (e)", [.char("e")])
        if !editor.tableView.isEditing { send(.key(.char("e"))) }
        editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 50, section: 0)))))
        send(.key(.char(" ")))
        key("drag step (↓ while holding)", [.down])
        send(.key(.escape))
        key("drop (pick up, ↓, drop)", setup: {
            editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 10, section: 0)))))
            send(.key(.char(" ")))
            send(.key(.down))
        }, [.enter])
        key("delete with confirm (-, y)", setup: {
            editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 10, section: 0)))))
        }, [.char("-"), .char("y")])
        // Normal mode for the add modal (`a` does nothing in edit mode), whatever mode the delete
        // figure's keys left: toggled blindly, at 10^5 real-shaped rows `a x Enter` ran in edit
        // mode, and the `x` asked to delete a row with nested rows, a question the selection
        // figures' `x` `y` then answered (they stopped: "was not deleted").
        if editor.tableView.isEditing { send(.key(.char("e"))) }
        key("insert (a, x, Enter)", setup: { editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 10, section: 0))))) },
            [.char("a"), .char("x"), .enter])
        key("undo (u)", [.char("u")])
        key("redo (Ctrl-R)", [.ctrl("r")])

        // A batch of 10,000 random valid operations on the model (4,000 deletes, 4,000 inserts,
        // 2,000 moves; scaled down for small lists): validation and apply, separately.
        var validation: [Double] = [], apply: [Double] = []
        var g = UInt64(7)
        func next(_ n: Int) -> Int { g = g &* 6364136223846793005 &+ 1442695040888963407; return Int((g >> 33) % UInt64(max(1, n))) }
        let model0 = editor.model
        let counts = model0.rowCounts
        let total = counts.reduce(0, +)
        let scale = min(1.0, Double(total) / 20_000)
        let deletes = Int(4_000 * scale), inserts = Int(4_000 * scale), moves = Int(2_000 * scale)
        for _ in 0..<runs {
            var model = model0
            var update = BatchUpdate()
            var taken = Set<IndexPath>()
            func randomRow() -> IndexPath {
                while true {
                    let s = next(counts.count)
                    guard counts[s] > 0 else { continue }
                    let p = IndexPath(row: next(counts[s]), section: s)
                    if taken.insert(p).inserted { return p }
                }
            }
            let deleted = (0..<deletes).map { _ in randomRow() }
            let movedFrom = (0..<moves).map { _ in randomRow() }
            update.deleteRows(deleted)
            var final = counts
            for p in deleted { final[p.section] -= 1 }
            var insertsPer = [Int](repeating: 0, count: counts.count)
            for _ in 0..<inserts { insertsPer[next(counts.count)] += 1 }
            for s in counts.indices { final[s] += insertsPer[s] }
            var destinations = Set<IndexPath>()
            func randomDestination(_ s: Int) -> IndexPath {
                while true {
                    let p = IndexPath(row: next(final[s]), section: s)
                    if destinations.insert(p).inserted { return p }
                }
            }
            for s in counts.indices { update.insertRows((0..<insertsPer[s]).map { _ in randomDestination(s) }) }
            for p in movedFrom { update.moveRow(from: p, to: randomDestination(p.section)) }
            let derived = update.derivedCounts(oldRowCounts: counts) { _, _ in 0 }
            let t0 = now()
            let plan = try BatchValidator.plan(for: update, oldRowCounts: counts, newSectionCount: derived.sections, newRowCount: derived.rows)
            let t1 = now()
            model.apply(plan, content: .init(insertedRow: { _ in "new" }, reloadedRow: { _ in "" }, section: { _ in ("", []) }))
            let t2 = now()
            validation.append(t1 - t0)
            apply.append(t2 - t1)
        }
        emit("(batch: \(deletes) deletes, \(inserts) inserts, \(moves) moves)")
        row("10k-op batch: validate", validation)
        row("10k-op batch: apply to model", apply)
        measureSelection(editor, runs: runs)
    }
}

extension Bench {
    /// The file layer on the same list: `checkDisk` when nothing changed (one `stat`) and after a
    /// touch (the file read and hashed), and a three-way merge with 1% of the rows changed on
    /// each side (edits, inserts and deletes at random places).
    static func measureFiles(path: String, runs: Int) throws {
        // A settled file (modified long ago), so its stamp is not racy.
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
        var document = try ListDocument.open(path)
        var unchanged: [Double] = [], touched: [Double] = []
        for i in 0..<200 {
            let t0 = now()
            let result = document.checkDisk()
            unchanged.append(now() - t0)
            precondition(result == .unchanged)
            if i < 20 {
                times = [timespec(tv_sec: 1_000_000_001 + i, tv_nsec: 0), timespec(tv_sec: 1_000_000_001 + i, tv_nsec: 0)]
                utimensat(AT_FDCWD, path, &times, 0)
                let t1 = now()
                let seen = document.checkDisk()
                touched.append(now() - t1)
                precondition(seen == .touched)
            }
        }
        row("disk check, unchanged", unchanged)
        row("disk check after a touch", touched)

        let base = document.model.items
        var g = UInt64(99)
        func next(_ n: Int) -> Int { g = g &* 6364136223846793005 &+ 1442695040888963407; return Int((g >> 33) % UInt64(max(1, n))) }
        func edited(_ items: [ListItem], tag: String) -> [ListItem] {
            var out = items
            for k in 0..<max(1, items.count / 100) {
                let i = next(out.count)
                switch k % 3 {
                case 0: out[i] = .row("\(tag) edit \(k)")
                case 1: out.insert(.row("\(tag) new \(k)"), at: i)
                default: if case .row = out[i] { out.remove(at: i) }
                }
            }
            return out
        }
        let mine = edited(base, tag: "mine"), theirs = edited(base, tag: "theirs")
        var merges: [Double] = []
        var conflicts = 0
        for _ in 0..<runs {
            let t0 = now()
            conflicts = ThreeWayMerge.mergeItems(base: base, theirs: theirs, mine: mine).conflicts
            merges.append(now() - t0)
        }
        emit("(merge: \(base.count) items, \(base.count / 100) changes on each side, \(conflicts) conflicts)")
        row("three-way merge, 1% each side", merges)
    }
}

extension String {
    func padding(_ n: Int) -> String { self + String(repeating: " ", count: max(0, n - count)) }
    func leftPad(_ n: Int) -> String { String(repeating: " ", count: max(0, n - count)) + self }
}

/// Writes a line to standard output at once (no buffering, so progress shows as it happens).
func emit(_ items: String...) {
    var bytes = Array((items.joined(separator: " ") + "\n").utf8)
    _ = write(1, &bytes, bytes.count)
}
