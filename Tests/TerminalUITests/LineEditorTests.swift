import Testing
import TerminalUI

@Suite struct LineEditorTests {
    @Test func editing() {
        var line = LineEditor("吾輩")
        #expect(line.cursorColumn(in: .unicode) == 4)
        line.apply(.moveLeft)
        line.apply(.insert("は"))
        #expect(line.string == "吾は輩")
        #expect(line.cursorColumn(in: .unicode) == 4)
        line.apply(.deleteToStart)
        #expect(line.string == "輩")
        line.apply(.moveToEnd)
        line.apply(.insert("e"))
        line.apply(.insert("\u{301}"))
        #expect(line.string == "輩é")
        line.apply(.moveToStart)
        line.apply(.deleteForward)
        #expect(line.string == "é")
        line.apply(.deleteToEnd)
        #expect(line.string == "")
    }

    @Test func pasteOfTenThousandCharactersIsKeptWhole() {
        var line = LineEditor()
        for c in String(repeating: "abcdefghij", count: 1_000) { line.apply(.insert(c)) }
        #expect(line.string.count == 10_000)
        line.apply(.insert("x"))
        #expect(line.string.count == 10_000)   // the limit
    }
}

/// The line editor on grapheme clusters: keys arrive one code point at a time, and the cursor is
/// always between two clusters of the text as `String` segments it.
@Suite struct LineEditorClusterTests {
    @Test func aCombiningAccentJoinsTheLetterAndTheCursorStaysAfterIt() {
        var line = LineEditor()
        line.apply(.insert("e"))
        line.apply(.insert("\u{301}"))
        #expect(line.text.count == 1)
        #expect(line.cursor == 1)
        #expect(line.cursorColumn(in: .unicode) == 1)
        line.apply(.moveLeft)
        #expect(line.cursor == 0)
        #expect(line.cursorColumn(in: .unicode) == 0)
        line.apply(.insert("x"))
        #expect(line.string == "xe\u{301}")
        line.apply(.moveRight)
        line.apply(.deleteBackward)
        #expect(line.string == "x")
    }

    @Test func emojiSequencesTypedOneCodePointAtATimeAreOneCluster() {
        var line = LineEditor()
        for scalar in "👍🏽🇫🇷👨‍👩‍👧".unicodeScalars { line.apply(.insert(Character(scalar))) }
        #expect(line.text == ["👍🏽", "🇫🇷", "👨‍👩‍👧"])
        #expect(line.cursor == 3)
        var tmux = WidthProfile.unicode
        tmux.record("👍🏽", width: 4)
        #expect(line.cursorColumn(in: .unicode) == 6)
        #expect(line.cursorColumn(in: tmux) == 8)
        line.apply(.moveLeft)
        line.apply(.deleteBackward)                      // the whole flag
        #expect(line.string == "👍🏽👨‍👩‍👧")
        line.apply(.moveToStart)
        line.apply(.deleteForward)                         // the emoji with its skin tone
        #expect(line.string == "👨‍👩‍👧")
    }

    @Test func aRegionalIndicatorTypedBeforeAFlagPairsAgain() {
        var line = LineEditor("🇫🇷🇯🇵")
        line.apply(.moveToStart)
        line.apply(.insert("\u{1F1F0}"))              // 🇰
        #expect(line.string == "🇰🇫🇷🇯🇵")
        #expect(line.text.map(String.init) == Array(line.string).map(String.init))
        #expect(line.text.count == 3)                // 🇰🇫 🇷🇯 🇵
        #expect(line.cursor == 1)
    }

    @Test func deletingWhatKeptTwoPartsApartJoinsThem() {
        var line = LineEditor()
        for c: Character in ["👍", "\u{200B}", "🏽"] { line.apply(.insert(c)) }
        #expect(line.text.count == 3)
        line.apply(.moveLeft)
        line.apply(.deleteBackward)
        #expect(line.text == ["👍🏽"])
        #expect(line.cursor == 1)
    }

    /// Every sequence of four keys from letters, marks, emoji parts, joiners and moves, against a
    /// plain model: the text as code points and the cursor as an offset, snapped forward to a
    /// cluster boundary of the whole text (segmented afresh) after every edit.
    @Test func everyShortKeySequenceAgreesWithTheCodePointModel() {
        let chars: [Character] = ["e", "\u{301}", "👍", "🏽", "\u{1F1EB}", "\u{1F1F7}", "\u{200D}", "👩", " ", "\u{0915}", "\u{094D}"]
        let keys: [LineEdit] = chars.map(LineEdit.insert) + [.moveLeft, .moveRight, .deleteBackward, .deleteForward, .moveToStart, .deleteWordBackward]
        var sequences = 0
        func run(_ line: LineEditor, _ model: CodePointLine, depth: Int, path: [LineEdit]) {
            for key in keys {
                var l = line, m = model
                l.apply(key)
                m.apply(key)
                let scalars = Array(l.string.unicodeScalars)
                guard scalars == m.scalars, l.text.prefix(l.cursor).reduce(0, { $0 + $1.unicodeScalars.count }) == m.cursor,
                      l.text.map({ Array($0.unicodeScalars) }) == Array(l.string).map({ Array($0.unicodeScalars) }) else {
                    Issue.record("after \(path + [key]): \(l.text) cursor \(l.cursor), model \(m.scalars) cursor \(m.cursor)")
                    return
                }
                sequences += 1
                if depth > 1 { run(l, m, depth: depth - 1, path: path + [key]) }
            }
        }
        run(LineEditor(), CodePointLine(), depth: 4, path: [])
        #expect(sequences == keys.count * (1 + keys.count * (1 + keys.count * (1 + keys.count))))
    }
}

/// The reference for the line editor: code points and a cursor offset in code points; cluster
/// boundaries come from segmenting the whole text each time.
struct CodePointLine {
    var scalars: [Unicode.Scalar] = []
    var cursor = 0

    /// Offsets of every cluster boundary, 0 and the end included.
    var boundaries: [Int] {
        var offsets = [0]
        for c in String(String.UnicodeScalarView(scalars)) { offsets.append(offsets.last! + c.unicodeScalars.count) }
        return offsets
    }

    mutating func apply(_ edit: LineEdit) {
        let b = boundaries
        let before = b.last { $0 < cursor } ?? 0
        let after = b.first { $0 > cursor } ?? scalars.count
        switch edit {
        case .insert(let c):
            scalars.insert(contentsOf: c.unicodeScalars, at: cursor)
            cursor += c.unicodeScalars.count
        case .moveLeft: cursor = before
        case .moveRight: cursor = after
        case .moveToStart: cursor = 0
        case .deleteBackward:
            scalars.removeSubrange(before..<cursor)
            cursor = before
        case .deleteForward:
            scalars.removeSubrange(cursor..<after)
        case .deleteWordBackward:
            // Spaces, then a word, back from the cursor, by clusters.
            let clusters = Array(String(String.UnicodeScalarView(scalars)))
            var i = b.firstIndex(of: cursor)!
            while i > 0, clusters[i - 1] == " " { i -= 1 }
            while i > 0, clusters[i - 1] != " " { i -= 1 }
            scalars.removeSubrange(b[i]..<cursor)
            cursor = b[i]
        default: break
        }
        cursor = boundaries.first { $0 >= cursor } ?? scalars.count
    }
}
