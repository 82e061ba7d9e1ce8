import Testing
@testable import ListDocument
import TableKit
import TestSupport

/// The formats as `ListFileFormat` types: chosen by extension through `ListFormat.implementation`,
/// and the document holding the file of the format it last read or saved, whichever that is.
@Suite struct ListFileFormatTests {
    /// Each format's extensions choose it, in any case; any other extension is Markdown; no two
    /// formats claim one extension.
    @Test func eachFormatIsChosenByItsExtensions() {
        var claimed: [String: ListFormat] = [:]
        for format in ListFormat.allCases {
            for ext in format.implementation.extensions {
                #expect(claimed[ext] == nil, "\(ext) claimed by \(format) and \(String(describing: claimed[ext]))")
                claimed[ext] = format
                #expect(ListFormat(path: "dir.d/list.\(ext)") == format)
                #expect(ListFormat(path: "LIST.\(ext.uppercased())") == format)
            }
        }
        #expect(Set(claimed.values) == Set(ListFormat.allCases))
        for path in ["list", "list.todo", "txt", "notes.txt.bak", "dir.json/list"] {
            #expect(ListFormat(path: path) == .markdown, "\(path)")
        }
    }

    /// Save as moves the document from format to format: after each save it holds what that
    /// format keeps of the file written (a plain-text file's blank lines, a Markdown scan, a
    /// JSON file's unknown keys), and nothing of the format before.
    @Test func documentHoldsTheFileOfTheFormatLastWritten() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var doc = try ListDocument.open(dir.file("a.txt", "milk\n\n\nx eggs\n"))
        #expect(doc.file is PlainTextFormat.File)
        doc.model.insertRow("bread", at: IndexPath(row: 2, section: 0))
        try doc.save()
        #expect(dir.text("a.txt") == "milk\n\n\nx eggs\nbread\n")   // the blank lines kept
        #expect(doc.file is PlainTextFormat.File)

        try doc.save(to: dir.file("a.md"))
        #expect(dir.text("a.md") == "- milk\n- [x] eggs\n- bread\n")
        #expect(doc.format == .markdown && doc.markdown?.bytes == dir.bytes("a.md"))

        try doc.save(to: dir.file("a.json"))
        #expect(doc.format == .json && doc.file == nil)   // a JSON file written from a list keeps no keys of its own

        var json = try ListDocument.open(dir.file("k.json", #"{"v": 1, "sections": [{"rows": [{"text": "a", "due": "mon"}]}]}"#))
        #expect((json.file as? JSONListFormat.Extras)?.top.map(\.key) == ["v"])
        json.model.insertRow("b", at: IndexPath(row: 1, section: 0))
        try json.save()
        #expect((json.file as? JSONListFormat.Extras)?.top.map(\.key) == ["v"])   // kept for the next save
        try json.save(to: dir.file("k.txt"))
        #expect(json.file is PlainTextFormat.File && dir.text("k.txt") == "a\nb\n")
    }

    /// What saving as another format loses comes from the format and from the file read: a
    /// Markdown item's other lines only when saving away from Markdown.
    @Test func limitationsOfTheFileReadCountOnlyForOtherFormats() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let doc = try ListDocument.open(dir.file("a.md", "- milk\n  from the farm\n- eggs\n"))
        #expect(doc.limitations(savingAs: .markdown).isEmpty)
        #expect(doc.limitations(savingAs: .json) == [.itemLines(count: 1)])
        #expect(doc.limitations(savingAs: .plainText) == [.itemLines(count: 1)])
    }
}
