import Testing
@testable import ListDocument
import TableKit
import ListStorage

/// `listedit apply`'s `moveRows` follows a Kanban board's done lane as the editor's moves do
/// (docs/file-formats.md, "Kanban boards"): a card moved in is checked, one moved out
/// unchecked; outside Kanban boards no move changes a checkbox.
@Suite struct ApplyDoneLaneTests {
    static let front = "---\nkanban-plugin: basic\n---\n\n"
    static let lanes = "## To do\n\n- [ ] Call Ann\n- [ ] Pay\n\n## Done\n\n**Complete**\n- [x] Old\n"

    @Test("In a Kanban board a card moved into the done lane is checked, out of it unchecked")
    func intoAndOutOfTheDoneLane() throws {
        let into = try MovedMarkerTests.applied(Self.front + Self.lanes, #"{"moveRows":[{"from":[1,0],"to":[2,1]}]}"#)
        // Right under **Complete**, as Obsidian's Kanban plugin writes a done lane.
        #expect(into.contains("**Complete**\n- [x] Call Ann\n- [x] Old\n"), "\(into)")
        let out = try MovedMarkerTests.applied(Self.front + Self.lanes, #"{"moveRows":[{"from":[2,1],"to":[1,0]}]}"#)
        #expect(out.contains("## To do\n\n- [ ] Old\n- [ ] Call Ann\n"), "\(out)")
        // Within a lane, or a nested landing, nothing changes.
        let within = try MovedMarkerTests.applied(Self.front + Self.lanes, #"{"moveRows":[{"from":[1,1],"to":[1,0]}]}"#)
        #expect(within.contains("- [ ] Pay\n- [ ] Call Ann\n"), "\(within)")
    }

    @Test("Outside a Kanban board a **Complete** paragraph is a paragraph: no checkbox changes")
    func notABoard() throws {
        let into = try MovedMarkerTests.applied(Self.lanes, #"{"moveRows":[{"from":[0,0],"to":[1,1]}]}"#)
        #expect(into.contains("**Complete**\n\n- [ ] Call Ann\n- [x] Old\n"), "\(into)")
    }
}
