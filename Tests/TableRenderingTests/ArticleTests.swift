import Foundation
import Testing
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// The DocC articles' code: each article's ```swift blocks are `Articles/<Article>.swift` (checked
/// here, so an article edit that breaks its code fails to build or fails this check), and each
/// example runs and does what its article says.
@MainActor
@Suite struct ArticleTests {
    static let articlesFolder = DocumentationCode.root.appendingPathComponent("Tests/TableRenderingTests/Articles")

    /// Every article of every catalog with Swift blocks has its compiled file, equal to the blocks;
    /// every compiled file has its article. `LISTEDIT_RECORD=1` rewrites the files from the articles.
    @Test func theArticlesBlocksAreTheCompiledCode() throws {
        let files = FileManager.default
        let sources = DocumentationCode.root.appendingPathComponent("Sources")
        var compiled: Set<String> = []
        for module in try files.contentsOfDirectory(atPath: sources.path).sorted() {
            let catalog = sources.appendingPathComponent("\(module)/\(module).docc")
            guard let names = try? files.contentsOfDirectory(atPath: catalog.path) else { continue }
            for name in names.sorted() where name.hasSuffix(".md") {
                let article = try String(contentsOf: catalog.appendingPathComponent(name), encoding: .utf8)
                let blocks = DocumentationCode.swiftBlocks(in: article)
                #expect(blocks != nil, "an unclosed ```swift block in \(module).docc/\(name)")
                guard let blocks, !blocks.isEmpty else { continue }
                let stem = String(name.dropLast(3))
                compiled.insert(stem + ".swift")
                let file = Self.articlesFolder.appendingPathComponent(stem + ".swift")
                let expected = DocumentationCode.compiledFile(for: blocks, header: "The Swift blocks of "
                    + "Sources/\(module)/\(module).docc/\(name), in order; ArticleTests checks that they are equal "
                    + "(LISTEDIT_RECORD=1 rewrites this file from the article).")
                if ProcessInfo.processInfo.environment["LISTEDIT_RECORD"] == "1" {
                    try expected.write(to: file, atomically: true, encoding: .utf8)
                }
                let code = try? String(contentsOf: file, encoding: .utf8)
                #expect(code == expected, "\(module).docc/\(name) and Articles/\(stem).swift differ")
            }
        }
        #expect(compiled.count >= 8)
        let present = Set(try files.contentsOfDirectory(atPath: Self.articlesFolder.path).filter { $0.hasSuffix(".swift") })
        #expect(present == compiled, "compiled files without an article: \(present.subtracting(compiled).sorted())")
    }

    /// The porting article's rename table is the library guide's.
    @Test func thePortingArticlesRenameTableIsTheGuides() throws {
        func table(_ path: String) throws -> [Substring] {
            let text = try String(contentsOf: DocumentationCode.root.appendingPathComponent(path), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard let start = lines.firstIndex(of: "| UIKit | listedit |") else { return [] }
            return Array(lines[start...].prefix { $0.hasPrefix("|") })
        }
        let guide = try table("docs/library-guide.md")
        #expect(guide.count > 10)
        #expect(try table("Sources/TableKit/TableKit.docc/PortingFromUIKit.md") == guide)
    }

    /// Every row picked up (if it can be) and offered every slot, and a few that do not exist,
    /// then dropped: "Inbox" is still first. The retarget alone never answers the first slot.
    @Test func excludingTheFirstRowFromMoves() {
        var drops = 0
        for source in 0..<4 {
            for proposed in -1...5 {
                let mailboxes = MailboxesViewController()
                mailboxes.loadViewIfNeeded()
                let controller = EditController(tableViewController: mailboxes)
                controller.perform(.toggleEditing)
                let table = mailboxes.tableView
                let path = IndexPath(row: source, section: 0), slot = IndexPath(row: proposed, section: 0)
                EditController(tableView: table).perform(.moveCursor(.to(.row(path))))
                let pickedUp = controller.perform(.pickUp)
                if source == 0 {
                    #expect(pickedUp != .performed)
                    #expect(!table.editingInfo(for: path).canMove)
                    continue
                }
                #expect(mailboxes.tableView(table, targetIndexPathForMoveFromRowAt: path, toProposedIndexPath: slot).row != 0)
                controller.perform(.propose(slot))
                controller.perform(.drop)
                #expect(mailboxes.mailboxes.first == "Inbox", "row \(source) to \(proposed)")
                #expect(Set(mailboxes.mailboxes) == ["Inbox", "Drafts", "Sent", "Archive"])
                #expect(table.numberOfRows(inSection: 0) == 4)
                drops += 1
            }
        }
        #expect(drops == 21)
        // One drop, checked in full: Archive dragged to the top lands second.
        let mailboxes = MailboxesViewController()
        mailboxes.loadViewIfNeeded()
        let controller = EditController(tableViewController: mailboxes)
        controller.perform(.toggleEditing)
        EditController(tableView: mailboxes.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 3, section: 0)))))
        controller.perform(.pickUp)
        controller.perform(.propose(IndexPath(row: 0, section: 0)))
        controller.perform(.drop)
        #expect(mailboxes.mailboxes == ["Inbox", "Archive", "Drafts", "Sent"])
    }

    /// A drop proposed in another section lands at the top (from below) or the end (from above)
    /// of the row's own section; every row stays in its section, whatever is proposed.
    @Test func retargetingDropsIntoTheOwnSection() {
        func drag(_ source: IndexPath, to proposed: IndexPath) -> WorkshopViewController {
            let workshop = WorkshopViewController()
            workshop.loadViewIfNeeded()
            let controller = EditController(tableViewController: workshop)
            controller.perform(.toggleEditing)
            EditController(tableView: workshop.tableView).perform(.moveCursor(.to(.row(source))))
            #expect(controller.perform(.pickUp) == .performed)
            controller.perform(.propose(proposed))
            controller.perform(.drop)
            return workshop
        }
        // Hammer, proposed in Fasteners: the end of Tools.
        #expect(drag(IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 1)).sections.map(\.items)
            == [["Saw", "Drill", "Hammer"], ["Nails", "Screws"]])
        // Screws, proposed in Tools: the top of Fasteners.
        #expect(drag(IndexPath(row: 1, section: 1), to: IndexPath(row: 2, section: 0)).sections.map(\.items)
            == [["Hammer", "Saw", "Drill"], ["Screws", "Nails"]])
        // Inside the section, the proposal stands.
        #expect(drag(IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0)).sections.map(\.items)
            == [["Drill", "Hammer", "Saw"], ["Nails", "Screws"]])
        let shape = [["Hammer", "Saw", "Drill"], ["Nails", "Screws"]]
        for section in shape.indices {
            for row in shape[section].indices {
                for s in -1...2 {
                    for r in -1...4 {
                        let workshop = drag(IndexPath(row: row, section: section), to: IndexPath(row: r, section: s))
                        #expect(workshop.sections.map { Set($0.items) } == shape.map { Set($0) }, "\(row),\(section) to \(r),\(s)")
                    }
                }
            }
        }
    }

    /// Delete through the edit button and a row's Delete button, then through a swipe's default
    /// Delete action: both commit, and the row fades out of the table.
    @Test func deletingRowsInCommit() {
        let reminders = RemindersViewController()
        reminders.loadViewIfNeeded()
        let renderer = TableRenderer(tableView: reminders.tableView)
        let controller = EditController(tableViewController: reminders)
        _ = screen(renderer, height: 8)
        reminders.editButtonItem.press()
        EditController(tableView: reminders.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
        #expect(controller.perform(.pressDelete) == .performed)
        #expect(controller.perform(.confirm) == .performed)
        #expect(reminders.reminders == ["Call the plumber", "Water the plants"])
        #expect(reminders.tableView.numberOfRows(inSection: 0) == 2)
        #expect(renderer.isAnimating)
        renderer.finishAnimations()
        reminders.editButtonItem.press()
        EditController(tableView: reminders.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        #expect(controller.perform(.beginSwipe) == .performed)
        #expect(controller.perform(.performSwipeAction(0)) == .performed)
        #expect(reminders.reminders == ["Water the plants"])
        renderer.finishAnimations()
        #expect(!screen(renderer, height: 8).contains("plumber"))
    }

    /// Edit mode adds the Add item row; its ⊕ opens the prompt, whose text is inserted above it;
    /// a cancelled prompt adds nothing; leaving edit mode removes the row; a swipe shows it too.
    @Test func addingRowsWithAnInsertRow() {
        let packing = PackingListViewController()
        let controller = host(packing)
        let renderer = TableRenderer(tableView: packing.tableView)
        renderer.animationsEnabled = false
        #expect(!screen(renderer).contains("Add item"))
        controller.perform(.toggleEditing)
        #expect(packing.tableView.numberOfRows(inSection: 0) == 3)
        #expect(screen(renderer).contains("Add item"))
        EditController(tableView: packing.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 2, section: 0)))))
        #expect(controller.perform(.pressInsert) == .performed)
        #expect(controller.presentedPrompt?.title == "New item")
        controller.finishPrompt(with: "Socks")
        #expect(packing.items == ["Passport", "Charger", "Socks"])
        #expect(packing.tableView.numberOfRows(inSection: 0) == 4)
        EditController(tableView: packing.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 3, section: 0)))))
        controller.perform(.pressInsert)
        controller.finishPrompt(with: nil)
        #expect(packing.items == ["Passport", "Charger", "Socks"])
        // A real row has no ⊕: only the Add item row commits an insert.
        EditController(tableView: packing.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        #expect(controller.perform(.pressInsert) != .performed)
        #expect(controller.presentedPrompt == nil)
        controller.perform(.toggleEditing)
        #expect(packing.tableView.numberOfRows(inSection: 0) == 3)
        let lines = screen(renderer).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.filter { !$0.isEmpty } == ["Passport", "Charger", "Socks"])
        // A swipe calls setEditing too, as in UIKit: Add item shows until the swipe ends.
        EditController(tableView: packing.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        #expect(controller.perform(.beginSwipe) == .performed)
        #expect(packing.isEditing && packing.tableView.numberOfRows(inSection: 0) == 4)
        #expect(packing.tableView.swipedRow == IndexPath(row: 0, section: 0))
        controller.perform(.cancel)
        #expect(!packing.isEditing && packing.tableView.numberOfRows(inSection: 0) == 3)
    }

    /// The batch leaves the table with the six final rows; the same batch again breaks the count
    /// rule, throws UIKit's message and changes nothing.
    @Test func theStatesBatch() throws {
        let states = USStatesViewController()
        states.loadViewIfNeeded()
        let renderer = TableRenderer(tableView: states.tableView)
        renderer.animationsEnabled = false
        _ = screen(renderer)
        try states.updateStates()
        let rows = screen(renderer).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(rows == ["Alaska", "Arizona", "California", "Georgia", "New Jersey", "Virginia"])
        #expect(message { try states.updateStates() } == "Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (6) must be equal to the number of rows contained in that section before the update (6), plus or minus the number of rows inserted or deleted from that section (3 inserted, 2 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
        #expect(states.tableView.numberOfRows(inSection: 0) == 6)
    }

    /// Wheat moves to the top of Vegetables and Fruit below Vegetables, and Wheat slides there:
    /// it passes lines between where it was and where it ends.
    @Test func movingRowsAndSectionsFromCodeSlides() throws {
        let pantry = PantryViewController()
        pantry.loadViewIfNeeded()
        let renderer = TableRenderer(tableView: pantry.tableView)
        let clock = ManualClock()
        renderer.clock = clock
        func wheatLine() -> Int? {
            screen(renderer, height: 24).split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Wheat") }
        }
        let before = try #require(wheatLine())
        var finished: Bool?
        try pantry.tableView.performBatchUpdates({ try pantry.rearrange() }, completion: { finished = $0 })
        var lines: [Int] = []
        for step in 0...40 {
            clock.now = Double(step) * 0.025
            lines.append(try #require(wheatLine()))
        }
        #expect(finished == true)
        #expect(!renderer.isAnimating)
        let after = try #require(lines.last)
        #expect(after < before)
        #expect(lines.contains { $0 < before && $0 > after }, "Wheat jumped: \(lines)")
        #expect(pantry.sections.map(\.title) == ["Vegetables", "Fruit", "Grains"])
        let rows = screen(renderer, height: 24).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(rows.filter { ["Wheat", "Carrot", "Apple", "Oat", "Rice"].contains($0) } == ["Wheat", "Carrot", "Apple", "Oat", "Rice"])
    }

    /// The bar button deletes the first section each time it is pressed, until none is left.
    @Test func deletingASection() {
        let numbers = OddEvenViewController()
        numbers.loadViewIfNeeded()
        let renderer = TableRenderer(tableView: numbers.tableView)
        renderer.animationsEnabled = false
        #expect(numbers.navigationItem.rightBarButtonItem === numbers.deleteButton)
        numbers.deleteButton.press()
        #expect(numbers.tableView.numberOfSections == 1)
        #expect(numbers.sections.map(\.title) == ["Even"])
        #expect(numbers.deleteButton.title == "Delete Even")
        #expect(!screen(renderer, height: 20).contains("Odd"))
        #expect(screen(renderer, height: 20).contains("10"))
        numbers.deleteButton.press()
        #expect(numbers.tableView.numberOfSections == 0)
        #expect(numbers.deleteButton.title == "Nothing left")
        numbers.deleteButton.press()
        #expect(numbers.tableView.numberOfSections == 0)
    }

    /// The snapshot applied: Linus moved to Friends, Ken added, Grace gone, in one batch.
    @Test func aDiffableList() throws {
        let contacts = ContactsViewController()
        contacts.loadViewIfNeeded()
        let renderer = TableRenderer(tableView: contacts.tableView)
        renderer.animationsEnabled = false
        #expect(screen(renderer).contains("Grace"))
        try contacts.update()
        let snapshot = contacts.dataSource.snapshot()
        #expect(snapshot.itemIdentifiers(inSection: "Friends") == ["Ada", "Linus"])
        #expect(snapshot.itemIdentifiers(inSection: "Work") == ["Ken"])
        let rows = screen(renderer).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(rows.filter { ["Ada", "Linus", "Ken", "Grace"].contains($0) } == ["Ada", "Linus", "Ken"])
        #expect(contacts.tableView.dataSource === contacts.dataSource)
        #expect(contacts.tableView.delegate === contacts)
    }
}
