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
