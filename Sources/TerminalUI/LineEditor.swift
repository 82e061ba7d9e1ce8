/// A one-line text editor for modal entry: typed text, moves, and erasing by clusters, words, or
/// to either end. It knows no keys: a keymap turns keys into `LineEdit`s (listedit's entry mode).
///
///     var line = LineEditor("Milk")
///     line.apply(.insert("s"))                            // "Milks", cursor at the end
///     line.apply(.moveToStart); line.apply(.deleteForward) // "ilks"
///
/// The text is held as grapheme clusters and the cursor is an index into them, so it is always
/// between two clusters: moves and erasing go over or remove a whole cluster (an emoji with a skin
/// tone, a flag, a letter with its accents). Text arrives one code point at a time, so a typed
/// code point that joins the cluster before it (a combining accent after `e`, a skin tone after 👍,
/// the second regional indicator of a flag) becomes part of that cluster, and the cursor stays
/// after the cluster.
public struct LineEditor: Equatable, Sendable {
    /// The text's grapheme clusters, segmented as `String` segments `string`.
    public private(set) var text: [Character]
    /// Position in `text`, `0...text.count`.
    public private(set) var cursor: Int
    /// Longest text accepted, in clusters (a paste past it is cut).
    public var limit = 10_000

    /// An editor holding `initial`, the cursor at its end.
    public init(_ initial: String = "") {
        text = Array(initial)
        cursor = text.count
    }

    /// The text as a string.
    public var string: String { String(text) }

    /// Applies one edit. Typed newlines and text past `limit` are dropped.
    public mutating func apply(_ edit: LineEdit) {
        switch edit {
        case .insert(let c):
            guard text.count < limit, !c.isNewline else { return }
            insert(c)
        case .moveLeft: cursor = max(0, cursor - 1)
        case .moveRight: cursor = min(text.count, cursor + 1)
        case .moveToStart: cursor = 0
        case .moveToEnd: cursor = text.count
        case .deleteBackward:
            if cursor > 0 { remove(cursor - 1..<cursor) }
        case .deleteForward:
            if cursor < text.count { remove(cursor..<cursor + 1) }
        case .deleteToStart:
            remove(0..<cursor)
        case .deleteToEnd:
            remove(cursor..<text.count)
        case .deleteWordBackward:
            var i = cursor
            while i > 0 && text[i - 1] == " " { i -= 1 }
            while i > 0 && text[i - 1] != " " { i -= 1 }
            remove(i..<cursor)
        }
    }

    /// Columns before the cursor (where the terminal cursor goes), with the terminal's widths.
    ///
    /// - Complexity: O(n) in the clusters before the cursor.
    public func cursorColumn(in widths: WidthProfile) -> Int {
        text[..<cursor].reduce(0) { $0 + widths.width(of: $1) }
    }

    /// Inserts `c` at the cursor and leaves the cursor after the cluster that holds it.
    private mutating func insert(_ c: Character) {
        let start = max(0, cursor - 1)
        var piece = String(text[start..<cursor])
        piece.append(c)
        let typedEnd = piece.unicodeScalars.count
        let (clusters, end) = resegment(piece, from: cursor)
        text.replaceSubrange(start..<end, with: clusters)
        cursor = start + Self.clusters(covering: typedEnd, in: clusters)
    }

    /// Removes `range` of clusters and puts the cursor where it was; when the clusters either side
    /// of the gap join into one (a skin tone kept apart from its emoji by something now deleted),
    /// the cursor goes after the joined cluster.
    private mutating func remove(_ range: Range<Int>) {
        text.removeSubrange(range)
        cursor = range.lowerBound
        guard cursor > 0, cursor < text.count else { return }
        let start = cursor - 1
        let left = text[start]
        let (clusters, end) = resegment(String(left), from: cursor)
        guard end > cursor else { return }
        text.replaceSubrange(start..<end, with: clusters)
        cursor = start + Self.clusters(covering: left.unicodeScalars.count, in: clusters)
    }

    /// How many of `clusters` it takes to hold their first `scalars` code points.
    private static func clusters(covering scalars: Int, in clusters: [Character]) -> Int {
        var count = 0, covered = 0
        for cluster in clusters where covered < scalars {
            covered += cluster.unicodeScalars.count
            count += 1
        }
        return count
    }

    /// Segments `piece` (text that starts on a cluster boundary) together with as many of the
    /// clusters from `index` on as join it: the next cluster is taken while the piece's last
    /// cluster and it do not stay two clusters (a run of regional indicators re-pairs, for one).
    /// Returns the clusters and the index in `text` after the last one taken.
    ///
    /// - Complexity: O(k) for the k clusters that change, O(1) in the usual case.
    private func resegment(_ piece: String, from index: Int) -> (clusters: [Character], end: Int) {
        var piece = piece
        var clusters = Array(piece)
        var end = index
        while end < text.count, let last = clusters.last {
            let next = text[end]
            let pair = Array(String(last) + String(next))
            if pair.count == 2, pair[0].unicodeScalars.elementsEqual(last.unicodeScalars) { break }
            piece.append(next)
            clusters = Array(piece)
            end += 1
        }
        return (clusters, end)
    }
}

/// One change to a `LineEditor`.
public enum LineEdit: Hashable, Sendable {
    /// Typed text, one character (or code point) at a time.
    case insert(Character)
    /// The cursor one cluster left or right, or to the start or end of the line.
    case moveLeft, moveRight, moveToStart, moveToEnd
    /// Backspace and Delete: the cluster before or after the cursor.
    case deleteBackward, deleteForward
    /// Everything before or after the cursor.
    case deleteToStart, deleteToEnd
    /// Spaces, then a word, back from the cursor.
    case deleteWordBackward
}
