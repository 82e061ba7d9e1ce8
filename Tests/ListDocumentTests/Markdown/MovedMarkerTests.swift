import Testing
@testable import ListDocument
import TableKit
import ListStorage
import TestSupport

/// A row moved into another list takes that list's marker, and the rows that did not move keep
/// theirs, however many rows move in (docs/file-formats.md, "Saving"): the writer counts as
/// stayed only rows of the section they are in (`MarkdownWriter.stayed`), so rows moved in from
/// another section never decide a list's style.
@Suite struct MovedMarkerTests {
    /// The file after `ops` applied as `listedit apply` applies them, and saved.
    static func applied(_ text: String, _ ops: String) throws -> String {
        let folder = TempFolder()
        defer { folder.remove() }
        var document = try ListDocument.open(folder.file("a.md", text))
        try document.apply(BatchScript.decode(Array(ops.utf8), name: "ops"))
        try document.save()
        return folder.text("a.md") ?? ""
    }

    @Test("apply: a row moved into a one-item list of another marker takes its marker; the item there keeps its own")
    func applyIntoAOneItemList() throws {
        let text = "# A\n\n* one\n\n# B\n\n1. x\n2. y\n"
        #expect(try Self.applied(text, #"{"moveRows":[{"from":[1,0],"to":[0,0]}]}"#) == "# A\n\n* x\n* one\n\n# B\n\n1. y\n")
        #expect(try Self.applied(text, #"{"moveRows":[{"from":[1,0],"to":[0,1]}]}"#) == "# A\n\n* one\n* x\n\n# B\n\n1. y\n")
    }

    @Test("apply: rows moved in outnumbering the list's own rows take its marker")
    func applyMoreRowsThanTheListHas() throws {
        let text = "# A\n\n* one\n* two\n\n# B\n\n1. x\n2. y\n3. z\n"
        let ops = #"{"moveRows":[{"from":[1,0],"to":[0,1]},{"from":[1,1],"to":[0,2]},{"from":[1,2],"to":[0,3]}]}"#
        #expect(try Self.applied(text, ops) == "# A\n\n* one\n* x\n* y\n* z\n* two\n\n# B\n")
    }

    /// A marker's kind as the writer keeps it: a bullet's character, an ordered marker's
    /// delimiter.
    static func markerKind(_ line: Substring) -> Character? {
        guard let first = line.first else { return nil }
        if "-*+".contains(first) { return first }
        return line.drop { $0.isNumber }.first
    }

    @Test("Random moves between lists of different markers: unmoved items keep their marker, moved ones take their new list's", arguments: 0..<4)
    func randomMovesBetweenLists(_ seed: UInt64) throws {
        var random = SplitMix64(seed: 0x25D2 + seed)
        let markers = ["- ", "* ", "+ ", "1. ", "1) "]
        let folder = TempFolder()
        defer { folder.remove() }
        var checked = 0
        for round in 0..<60 {
            // Two to four sections, each one list of one to three items with its own marker.
            let sections = Int.random(in: 2...4, using: &random)
            var text = ""
            var kind: [String: Character] = [:]
            for s in 0..<sections {
                let marker = markers.randomElement(using: &random)!
                text += "# S\(s)\n\n"
                for i in 0..<Int.random(in: 1...3, using: &random) {
                    text += (marker.first!.isNumber ? "\(i + 1)\(marker.dropFirst())" : marker) + "s\(s)i\(i)\n"
                    kind["s\(s)i\(i)"] = marker.first!.isNumber ? marker.dropFirst().first! : marker.first!
                }
                text += "\n"
            }
            var document = try ListDocument.open(folder.file("r.md", text))
            // One to three moves of an item into another section.
            var moved = Set<String>()
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let from = (0..<sections).filter { document.model.sections[$0].rows.count > 0 }.randomElement(using: &random)!
                let to = (0..<sections).filter { $0 != from }.randomElement(using: &random)!
                let r = Int.random(in: 0..<document.model.sections[from].rows.count, using: &random)
                let row = document.model.removeRow(at: IndexPath(row: r, section: from))
                moved.insert(row.text)
                document.model.insert(row, at: IndexPath(row: Int.random(in: 0...document.model.sections[to].rows.count, using: &random), section: to))
            }
            try document.save()
            let saved = folder.text("r.md") ?? ""
            let context = "seed \(seed) round \(round): \(text)->\n\(saved)"
            // Each saved item's marker, by its text.
            var section = -1
            var found: [[(text: String, kind: Character?)]] = []
            for line in saved.split(separator: "\n") {
                if line.hasPrefix("# ") { section += 1; found.append([]); continue }
                guard let space = line.firstIndex(of: " ") else { continue }
                found[section].append((String(line[line.index(after: space)...]), Self.markerKind(line)))
            }
            for items in found {
                guard let home = items.first(where: { !moved.contains($0.text) }) else { continue }
                for item in items {
                    checked += 1
                    let expected = moved.contains(item.text) ? kind[home.text] : kind[item.text]
                    #expect(item.kind == expected, "\(item.text): \(context)")
                }
            }
        }
        #expect(checked > 200)
    }
}
