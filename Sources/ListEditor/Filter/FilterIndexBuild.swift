import ListDocument
import Synchronization
import TableKit
import ListStorage
#if canImport(Glibc)
import Glibc
#endif

/// A filter index being built from a value snapshot of the list, on every core: the rows are cut
/// into pieces (`FilterIndex.piece`), which tasks off the main actor and the caller of `finish`
/// take one at a time until none are left. `/` starts one (the index is usually ready before the
/// first character is typed); a character typed sooner helps build what is left and waits for
/// the pieces in progress, so it waits at most the build's time shared by the cores.
///
///     let build = FilterIndexBuild(model: list, markdown: true, references: [:], changes: 0)
///     build.start(workers: 2)
///     let index = build.finish()
///
/// The snapshot shares the rows' storage with the list (a change to the list copies only the
/// chunk it touches); `changes` is the editor's change count it was taken at, and the editor
/// drops a build the list changed after (the next character builds again).
public final class FilterIndexBuild: Sendable {
    /// Rows `rows` (current space) of section `section`.
    struct Job: Sendable {
        let section: Int
        let rows: Range<Int>
    }

    let sections: [RowList]
    let markdown: Bool
    let references: [String: MarkdownLinkReference]
    /// The editor's change count when the snapshot was taken.
    let changes: Int
    /// Every section's pieces, in order (each section at least one, possibly of no rows).
    let jobs: [Job]
    /// The next job to take, and how many are done.
    private let next = Atomic<Int>(0)
    private let done = Atomic<Int>(0)
    private let pieces: Mutex<[FilterIndex.Piece?]>

    /// Rows in a piece at least: smaller pieces cost more to take and join than they share.
    static let minimumPiece = 16_384

    /// - Parameter minimumPiece: rows in a piece at least (tests cut small lists into pieces).
    init(model: ListModel, markdown: Bool, references: [String: MarkdownLinkReference] = [:], changes: Int = 0,
         minimumPiece: Int = minimumPiece) {
        sections = model.sections.map(\.rows)
        self.markdown = markdown
        self.references = references
        self.changes = changes
        let total = sections.reduce(0) { $0 + $1.count }
        // About 16 pieces, so two or more cores end close together whatever the sections' sizes.
        let size = max(1, minimumPiece, total / 16)
        var jobs: [Job] = []
        for (s, rows) in sections.enumerated() {
            let count = max(1, (rows.count + size - 1) / size)
            for k in 0..<count {
                jobs.append(Job(section: s, rows: rows.count * k / count..<rows.count * (k + 1) / count))
            }
        }
        self.jobs = jobs
        pieces = Mutex(Array(repeating: nil, count: jobs.count))
    }

    /// Starts `workers` tasks taking pieces off the main actor.
    func start(workers: Int) {
        for _ in 0..<max(0, workers) {
            Task.detached(priority: .userInitiated) { [self] in self.work() }
        }
    }

    /// Takes and builds pieces until none are left.
    func work() {
        while true {
            let j = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard j < jobs.count else { return }
            let job = jobs[j]
            let piece = FilterIndex.piece(of: sections[job.section], job.rows, markdown: markdown, references: references)
            pieces.withLock { $0[j] = piece }
            done.add(1, ordering: .releasing)
        }
    }

    /// Whether every piece is built.
    var isReady: Bool { done.load(ordering: .acquiring) == jobs.count }

    /// Leaves the pieces not yet taken (a build the list changed after); those in progress end.
    func cancel() {
        next.store(Int.max / 2, ordering: .relaxed)
    }

    /// The index: builds the pieces left on the caller's thread, waits for those other threads
    /// are building (each a small share of the list), and joins them per section.
    ///
    /// - Complexity: O(rows + bytes) shared by the cores; a section of several pieces is copied once.
    func finish() -> FilterIndex {
        work()
        var spins = 0
        while !isReady {
            // A piece takes a few milliseconds: yield first, then sleep briefly.
            if spins < 200 { sched_yield() } else { usleep(50) }
            spins += 1
        }
        let built = pieces.withLock { pieces in
            defer { pieces = [] }
            return pieces.map { $0 ?? FilterIndex.Piece(bytes: [], starts: []) }
        }
        return FilterIndex(joining: built, sections: jobs.map(\.section), changes: changes)
    }

    /// The cores the machine has (1 when it cannot say).
    static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
