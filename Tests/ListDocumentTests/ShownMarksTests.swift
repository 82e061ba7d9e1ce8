import Foundation
import Testing
import TestSupport
@testable import ListDocument
import TableKit
import ListStorage

/// What rows show besides their text (`ListDocument.shownMarks`): an ordered item's number is the
/// one the next save writes, and an item with lines after its first says so. Checked against the
/// bytes the writer produces, after random moves, deletes and inserts.
@Suite struct ShownMarksTests {
    static let file = """
        # Steps
        1. Unpack
        2. Assemble
           with the short screws
        3. Paint

        # Later
        7) Seven
        8) Eight
        lazy continuation
        9) Nine
           ```sh
           make
           ```

        # Bullets
        - a
          - b

          a tail paragraph of a
        - c

        """

    @Test func numbersAndMoreLinesAsTheFileHasThem() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let doc = try ListDocument.open(dir.file("t.md", Self.file))
        let marks = (0..<3).map { doc.shownMarks(ofSection: $0)! }
        #expect(marks[0].map(\.number) == ["1.", "2.", "3."])
        #expect(marks[0].map(\.hasMoreLines) == [false, true, false])
        #expect(marks[1].map(\.number) == ["7)", "8)", "9)"])
        #expect(marks[1].map(\.hasMoreLines) == [false, true, true])
        #expect(marks[2].map(\.number) == [nil, nil, nil])
        #expect(marks[2].map(\.hasMoreLines) == [true, false, false])
    }

    /// A section the file holds as it is shows each row's marks as the file has them, without
    /// laying the section out: the same marks as the layout's, on every file of the corpus.
    @Test func theFileRowsMarksAreTheLayoutsOnTheCorpus() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        for (name, bytes) in try Corpus.files() {
            let doc = try ListDocument.open(dir.file(name, String(decoding: bytes, as: UTF8.self)))
            for s in doc.model.sections.indices {
                #expect(doc.showsFileRows(ofSection: s), "\(name) section \(s)")
                let laid = try #require(doc.shownMarks(ofSection: s))
                let own = doc.model.sections[s].rows.map { doc.shownMark(ofFileRow: $0.id) }
                #expect(own == laid.map { Optional($0) }, "\(name) section \(s)")
            }
        }
        // An edited section is laid out; the others stay the file's.
        var doc = try ListDocument.open(dir.file("t.md", Self.file))
        doc.model.moveRow(from: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0))
        #expect(!doc.showsFileRows(ofSection: 0) && doc.showsFileRows(ofSection: 1))
    }

    @Test func otherFormatsShowNone() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let doc = try ListDocument.open(dir.file("t.txt", "1. a\n2. b\n"))
        #expect(doc.shownMarks(ofSection: 0) == nil)
    }

    @Test func aMoveShowsTheRenumberedNumbers() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var doc = try ListDocument.open(dir.file("t.md", Self.file))
        doc.model.moveRow(from: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0))
        #expect(doc.shownMarks(ofSection: 0)!.map(\.number) == ["1.", "2.", "3."])
        #expect(doc.shownMarks(ofSection: 0)!.map(\.hasMoreLines) == [false, false, true])
        _ = doc.model.insertRow("New", at: IndexPath(row: 3, section: 1))
        #expect(doc.shownMarks(ofSection: 1)!.map(\.number) == ["7)", "8)", "9)", "10)"])
    }

    /// Random edits of ordered lists (in sequence, all `1.`, out of sequence): after each, the
    /// numbers and `…` shown are those of the bytes the next save writes.
    @Test(arguments: 0..<6) func shownIsSavedAfterRandomEdits(seed: UInt64) throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let text = """
            # In sequence
            3. a
            4. b
               more of b
            5. c
            6. d
            7. e

            # Same
            1. f
            1. g
            1. h
            lazy h

            # Out of sequence
            2. i
            5. j
            9. k
            10. l

            """
        var doc = try ListDocument.open(dir.file("t.md", text))
        var random = SplitMix64(seed: seed)
        for step in 0..<30 {
            let s = Int.random(in: 0..<3, using: &random)
            let count = doc.model.sections[s].rows.count
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where count > 1:
                let from = Int.random(in: 0..<count, using: &random)
                let to = Int.random(in: 0..<count, using: &random)
                doc.model.moveRow(from: IndexPath(row: from, section: s), to: IndexPath(row: to, section: s))
            case 1 where count > 1:
                _ = doc.model.removeRow(at: IndexPath(row: Int.random(in: 0..<count, using: &random), section: s))
            default:
                _ = doc.model.insertRow("n\(step)", at: IndexPath(row: Int.random(in: 0...count, using: &random), section: s))
            }
            let bytes = try MarkdownFormat.write(doc.model, over: doc.markdown, name: "t.md")
            let saved = Self.items(String(decoding: bytes, as: UTF8.self))
            for section in 0..<3 {
                let marks = doc.shownMarks(ofSection: section)!
                #expect(marks.map(\.number) == saved[section].map(\.number), "seed \(seed) step \(step)\n\(String(decoding: bytes, as: UTF8.self))")
                #expect(marks.map(\.hasMoreLines) == saved[section].map(\.more), "seed \(seed) step \(step)")
            }
        }
    }

    /// Sections of bullets (nested items, tails, wrapped and lazy lines, tasks, passages) and one
    /// ordered list: where no row can be numbered, each row's marks are read row by row
    /// (`marksAreByRow`, `shownMark(ofRow:)`, what the editor shows after an edit in O(rows on
    /// screen)), and they are the whole section's layout's, after random moves (within and
    /// across sections, ordered items among the bullets too),
    /// deletes, inserts, renames, toggles, level changes, saves, and undo across a save (an
    /// earlier model put back: rows of an earlier version, sections put back as it had them).
    @Test(arguments: 0..<8) func rowByRowMarksAreTheLayoutsAfterRandomEdits(seed: UInt64) throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let text = """
            ---
            title: Plan
            ---
            - loose start

            # Home
            - [ ] sweep
              the floor
            - [x] dishes
              - cups
              - plates
                lazy plates

              a tail paragraph of dishes
            * other list
            + third list
              ```sh
              make
              ```

            A paragraph
            over two lines

            - after the paragraph
              - nested
                - deeper

            # Garden
            - water
            - weed
            ```
            code one
            code two
            ```
            - dig
            just one line

            # Empty

            # Steps
            1. one
            2. two
               more of two
            3. three

            """
        var doc = try ListDocument.open(dir.file("t.md", text))
        var random = SplitMix64(seed: seed)
        var models = [doc.model]   // for undo across a save
        var byRow = 0, laidOutRows = 0, laidOutSections = 0
        for step in 0..<40 {
            let sections = doc.model.sections.count
            let s = Int.random(in: 0..<sections, using: &random)
            let count = doc.model.sections[s].rows.count
            switch Int.random(in: 0..<9, using: &random) {
            case 0 where count > 0:
                let t = Int.random(in: 0..<sections, using: &random)
                let to = Int.random(in: 0...(doc.model.sections[t].rows.count - (t == s ? 1 : 0)), using: &random)
                doc.model.moveRow(from: IndexPath(row: Int.random(in: 0..<count, using: &random), section: s), to: IndexPath(row: to, section: t))
            case 1 where count > 0:
                _ = doc.model.removeRow(at: IndexPath(row: Int.random(in: 0..<count, using: &random), section: s))
            case 2 where count > 0:
                let p = IndexPath(row: Int.random(in: 0..<count, using: &random), section: s)
                if !doc.model[p].isPassage { doc.model[p].text += " r\(step)" }
            case 3 where count > 0:
                let p = IndexPath(row: Int.random(in: 0..<count, using: &random), section: s)
                if !doc.model[p].isPassage { doc.model[p].checkbox = doc.model[p].checkbox == nil ? false : nil }
            case 4 where count > 0:
                let p = IndexPath(row: Int.random(in: 0..<count, using: &random), section: s)
                if !doc.model[p].isPassage { doc.model[p].level = max(0, doc.model[p].level + (Bool.random(using: &random) ? 1 : -1)) }
            case 5:
                // (A save the writer refuses, front matter moved below a row, say, writes nothing.)
                if (try? doc.save()) != nil { models.append(doc.model) }
            case 6 where models.count > 1:
                // Undo across a save: an earlier model back (its rows name earlier versions).
                doc.model = models[Int.random(in: 0..<models.count - 1, using: &random)].continuingIdentities(of: doc.model)
            default:
                _ = doc.model.insertRow("n\(step)", at: IndexPath(row: Int.random(in: 0...count, using: &random), section: s))
            }
            doc.model.clampLevels()
            for section in doc.model.sections.indices {
                guard doc.marksAreByRow(ofSection: section, ordered: doc.orderedSpans) else {
                    laidOutSections += 1
                    continue
                }
                let laid = try #require(doc.shownMarks(ofSection: section))
                for (k, row) in doc.model.sections[section].rows.enumerated() {
                    switch doc.shownMark(ofRow: row) {
                    case .shown(let mark):
                        byRow += 1
                        #expect(mark ?? .init(number: nil, hasMoreLines: false) == laid[k], "seed \(seed) step \(step) section \(section) row \(k)")
                    case .laidOut:
                        laidOutRows += 1
                    }
                }
            }
        }
        #expect(byRow > 100 && laidOutSections > 0, "\(byRow) rows by row, \(laidOutRows) of earlier versions, \(laidOutSections) sections laid out")
    }

    /// Where a row can be numbered, an edited section is laid out: a row of it comes from a
    /// section of the file that holds an ordered item, or a version of the file its rows can
    /// come from holds one. Elsewhere in the same file, an edited section is read row by row,
    /// and its marks are the layout's.
    @Test func rowsOfOrderedListsAreLaidOut() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var doc = try ListDocument.open(dir.file("t.md", Self.file))
        #expect(doc.orderedSpans(of: doc.markdown!.buffer).count == 2)   // # Steps, # Later
        func byRow(_ s: Int) -> Bool { doc.marksAreByRow(ofSection: s, ordered: doc.orderedSpans) }
        doc.model.moveRow(from: IndexPath(row: 2, section: 2), to: IndexPath(row: 0, section: 2))
        #expect(byRow(2) && byRow(1))   // bullets moved; # Later untouched: the file's
        #expect(doc.model.sections[2].rows.map { doc.shownMark(ofRow: $0) } == doc.shownMarks(ofSection: 2)!.map { .shown($0) })
        doc.model.moveRow(from: IndexPath(row: 1, section: 1), to: IndexPath(row: 0, section: 1))
        #expect(!byRow(1))
        // An ordered item moved among the bullets: their section is laid out.
        doc.model.moveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 3, section: 2))
        #expect(!byRow(2))
        // Another version's bytes: any digit with `.` or `)` and a space or a line's end after it.
        for (bytes, ordered) in [("- v1.2 and (a)\n", false), ("- at 5. Then\n", true), ("- x\n3)", true), ("1.\tx", true), ("- 1.x", false)] {
            #expect(doc.orderedSpans(of: TextBuffer(Array(bytes.utf8), generation: 7)).isEmpty != ordered, "\(bytes)")
        }
    }

    /// The items of a file of flat lists: per section, each item's marker and whether a line that
    /// is not an item, a heading or blank follows it.
    static func items(_ text: String) -> [[(number: String?, more: Bool)]] {
        var sections: [[(number: String?, more: Bool)]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                sections.append([])
            } else if let match = line.firstMatch(of: #/^(\d+[.)]) /#) {
                sections[sections.count - 1].append((String(match.1), false))
            } else if line.hasPrefix("- ") || line.hasPrefix("* ") {
                sections[sections.count - 1].append((nil, false))
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                guard !sections[sections.count - 1].isEmpty else {
                    Issue.record("a line before the first item: \(text)")
                    continue
                }
                sections[sections.count - 1][sections[sections.count - 1].count - 1].more = true
            }
        }
        return sections
    }
}
