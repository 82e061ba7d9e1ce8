import Testing
import TableKit
@testable import ListStorage

/// Row attributes (level, checkbox, passage): packed so rows read from a file stay 16 bytes, kept
/// through moves and toggles without leaving the file, and counted (items exclude passages).
@Suite struct RowAttributesTests {
    @Test func storedRowsStaySixteenBytes() {
        #expect(MemoryLayout<StoredRow>.stride == 16)
        #expect(MemoryLayout<ListModel.Row.Attributes>.size == 2)
    }

    @Test func attributesRoundTrip() {
        for level in [0, 1, 7, 255] {
            for checkbox in [nil, false, true] as [Bool?] {
                for passage in [false, true] {
                    var a = ListModel.Row.Attributes(level: level, checkbox: checkbox, isPassage: passage)
                    #expect(a.level == level && a.checkbox == checkbox && a.isPassage == passage)
                    a.checkbox = checkbox.map { !$0 }
                    #expect(a.level == level && a.checkbox == checkbox.map { !$0 } && a.isPassage == passage)
                }
            }
        }
        #expect(ListModel.Row.Attributes(level: 300).level == 255)
        #expect(ListModel.Row.Attributes(level: -1).level == 0)
    }

    @Test func toggleKeepsAFileRowInTheFileAndCountsSkipPassages() throws {
        let bytes = Array("milk\nnote\neggs\n".utf8)
        let buffer = TextBuffer(bytes, generation: 1)
        var model = ListModel()
        model.sections = [ListModel.fileSection(buffer: buffer, title: "a", rows: [
            (0, 4, .init(checkbox: false), nil),
            (5, 4, .init(isPassage: true), nil),
            (10, 4, .init(level: 1), "EGGS"),
        ])]
        #expect(model.sections[0].rows.map(\.text) == ["milk", "note", "EGGS"])
        #expect(model.sections[0].rows[0].id.raw == 1 << 41)
        #expect(buffer.offset(of: model.sections[0].rows[2].id) == 10)
        #expect(model.itemCount == 2)
        var row = model[IndexPath(row: 0, section: 0)]
        row.checkbox = true
        model[IndexPath(row: 0, section: 0)] = row
        guard case .file(0, 4, let attributes) = model.sections[0].rows.stored(at: 0) else {
            Issue.record("the toggled row left the file")
            return
        }
        #expect(attributes.checkbox == true)
        var ids: [UInt64] = []
        model.sections[0].rows.forEachRow(undecodedIn: buffer) { id, _, text in ids.append(id.raw); #expect(text == (id.raw == 1 << 41 + 10 ? "EGGS" : nil)) }
        #expect(ids == [1 << 41, 1 << 41 + 5, 1 << 41 + 10])
        model.moveRow(from: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 0))
        #expect(model[IndexPath(row: 0, section: 0)].isPassage && model.itemCount == 2)
        model.removeRow(at: IndexPath(row: 0, section: 0))
        #expect(model.itemCount == 2 && model.sections[0].rows.passageCount == 0)
    }
}
