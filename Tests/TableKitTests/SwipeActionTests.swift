import Testing
import TableKit
import TerminalUI
import TestSupport

/// Swipe actions: which rows can be swiped, UIKit's call order, `isEditing` during a swipe, the
/// buttons' keys, completions, and a swipe ended by edit mode or by a batch.
@MainActor
@Suite struct SwipeActionTests {
    /// Rows by label; the delegate's configuration per row is set by the test (nil: UIKit's default).
    final class Mail: TableViewEditingDataSource, TableViewDelegate {
        var rows = ["a", "b", "c"]
        var log: [String] = []
        var styles: [Int: TableViewCell.EditingStyle] = [:]
        var configuration: ((IndexPath) -> SwipeActionsConfiguration?)?
        var leading: ((IndexPath) -> SwipeActionsConfiguration?)?
        var completion: (@MainActor (Bool) -> Void)?
        weak var table: TableView?

        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell(rows[p.row]) }
        func tableView(_ tableView: TableView, commit style: TableViewCell.EditingStyle, forRowAt p: IndexPath) {
            log.append("commit \(style) \(p.row)")
            rows.remove(at: p.row)
            try? tableView.deleteRows(at: [p], with: .fade)
        }
        func tableView(_ tableView: TableView, editingStyleForRowAt p: IndexPath) -> TableViewCell.EditingStyle { styles[p.row] ?? .delete }
        func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt p: IndexPath) -> SwipeActionsConfiguration? {
            configuration?(p)
        }
        func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt p: IndexPath) -> SwipeActionsConfiguration? {
            leading?(p)
        }
        func tableView(_ tableView: TableView, willBeginEditingRowAt p: IndexPath) {
            log.append("willBeginEditing \(p.row) editing \(tableView.isEditing)")
        }
        func tableView(_ tableView: TableView, didEndEditingRowAt p: IndexPath?) {
            log.append("didEndEditing \(p.map { "\($0.row)" } ?? "nil") editing \(tableView.isEditing)")
        }
        func tableView(_ tableView: TableView, willSetEditing editing: Bool) { log.append("willSetEditing \(editing)") }

        /// Flag (normal) and Archive (destructive, deletes the row), logging their calls; Archive's
        /// completion is kept for the test to call.
        func flagAndArchive() -> SwipeActionsConfiguration {
            let archive = ContextualAction(style: .destructive, title: "Archive") { [unowned self] _, cell, completion in
                log.append("archive \(cell.textLabel?.text ?? "")")
                if let table, let p = table.swipedRow {
                    rows.remove(at: p.row)
                    try? table.deleteRows(at: [p], with: .left)
                }
                self.completion = completion
            }
            let flag = ContextualAction(style: .normal, title: "Flag") { [unowned self] _, cell, completion in
                log.append("flag \(cell.textLabel?.text ?? "")")
                completion(true)
            }
            return SwipeActionsConfiguration(actions: [archive, flag])
        }
    }

    let mail = Mail()
    let table = TableView()
    let controller: EditController

    init() {
        table.dataSource = mail
        table.delegate = mail
        mail.table = table
        controller = EditController(tableView: table)
    }

    func swipe(_ row: Int) {
        EditController(tableView: table).perform(.moveCursor(.to(.row(ip(0, row)))))
        controller.handle(.char("d"))
    }

    @Test func theDefaultDeleteInUIKitOrder() {
        swipe(1)
        #expect(table.isEditing)
        #expect(table.swipedRow == ip(0, 1))
        #expect(table.swipeActions.map(\.title) == ["Delete"])
        #expect(table.swipeActions.map(\.style) == [.destructive])
        controller.handle(.enter)
        #expect(mail.log == ["willBeginEditing 1 editing false", "commit delete 1", "didEndEditing nil editing false"])
        #expect(!table.isEditing)
        #expect(mail.rows == ["a", "c"])
    }

    /// Several buttons: ←/→ choose, Enter performs; the row closes when the handler completes.
    @Test func severalActionsChosenByKeys() {
        mail.configuration = { [unowned mail] _ in mail.flagAndArchive() }
        swipe(0)
        #expect(table.swipeActions.map(\.title) == ["Archive", "Flag"])
        #expect(table.focusedSwipeAction == 0)
        controller.handle(.left)
        #expect(table.focusedSwipeAction == 1)
        controller.handle(.left)
        #expect(table.focusedSwipeAction == 1)
        controller.handle(.enter)
        #expect(mail.log == ["willBeginEditing 0 editing false", "flag a", "didEndEditing 0 editing false"])
        #expect(table.swipedRow == nil)
        #expect(controller.state == .browsing)
    }

    /// A full swipe performs the first action; the row stays open until its completion, and a
    /// batch deleting it meanwhile does not end the swipe early; the end has no path (the row is
    /// gone, as the guide and docs/batch-updates.md promise).
    @Test func aDestructiveActionThatCompletesLater() {
        mail.configuration = { [unowned mail] _ in mail.flagAndArchive() }
        swipe(2)
        controller.handle(.char("d"))
        #expect(mail.rows == ["a", "b"])
        #expect(mail.log == ["willBeginEditing 2 editing false", "archive c"])
        #expect(table.swipedRow == nil)
        mail.completion?(true)
        #expect(mail.log.last == "didEndEditing nil editing false")
        mail.completion?(true)
        #expect(mail.log.count == 3)
    }

    @Test func withoutFullSwipeTheSwipeKeyPerformsTheFocusedAction() {
        mail.configuration = { [unowned mail] _ in
            let configuration = mail.flagAndArchive()
            configuration.performsFirstActionWithFullSwipe = false
            return configuration
        }
        swipe(0)
        controller.handle(.char("h"))
        controller.handle(.char("d"))
        #expect(mail.log.contains("flag a"))
        #expect(!mail.log.contains("archive a"))
    }

    /// No swipe (and no delegate call) on an `.insert` or `.none` row without a configuration, on
    /// a row whose configuration is empty, or on a row that cannot be edited.
    @Test func rowsThatCannotBeSwiped() {
        mail.styles = [0: .insert, 1: .none]
        swipe(0)
        swipe(1)
        mail.configuration = { p in p.row == 2 ? SwipeActionsConfiguration(actions: []) : nil }
        swipe(2)
        #expect(mail.log.isEmpty)
        #expect(!table.isEditing)
        // A configured action is offered whatever the style, as UIKit does since iOS 11: on the
        // `.insert` row and on the `.none` row alike.
        mail.configuration = { [unowned mail] _ in mail.flagAndArchive() }
        swipe(0)
        #expect(table.swipedRow == ip(0, 0))
        #expect(table.swipeActions.map(\.title) == ["Archive", "Flag"])
        controller.handle(.escape)
        swipe(1)
        #expect(table.swipedRow == ip(0, 1))
        #expect(table.swipeActions.map(\.title) == ["Archive", "Flag"])
    }

    /// The editing style is asked only for the default Delete, never when the delegate configures
    /// the swipe.
    @Test func theStyleIsAskedOnlyForTheDefault() {
        final class Counting: TableViewEditingDataSource, TableViewDelegate {
            var styleQuestions = 0
            var configured = true
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }
            func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell("row") }
            func tableView(_ tableView: TableView, commit style: TableViewCell.EditingStyle, forRowAt p: IndexPath) {}
            func tableView(_ tableView: TableView, editingStyleForRowAt p: IndexPath) -> TableViewCell.EditingStyle {
                styleQuestions += 1
                return .delete
            }
            func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt p: IndexPath) -> SwipeActionsConfiguration? {
                configured ? SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: "Pin") { _, _, done in done(true) }]) : nil
            }
        }
        let counting = Counting()
        let table = TableView()
        table.dataSource = counting
        table.delegate = counting
        let controller = EditController(tableView: table)
        EditController(tableView: table).perform(.moveCursor(.to(.row(ip(0, 0)))))
        controller.handle(.char("d"))
        #expect(table.swipeActions.map(\.title) == ["Pin"])
        #expect(counting.styleQuestions == 0)
        controller.handle(.escape)
        counting.configured = false
        controller.handle(.char("d"))
        #expect(table.swipeActions.map(\.title) == ["Delete"])
        #expect(counting.styleQuestions == 1)
    }

    /// A data source that does not commit gets no default Delete.
    @Test func aPlainDataSourceHasNoDefaultSwipe() {
        final class Plain: TableViewDataSource, TableViewDelegate {
            var began = false
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }
            func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell("row") }
            func tableView(_ tableView: TableView, willBeginEditingRowAt p: IndexPath) { began = true }
        }
        let plain = Plain()
        let table = TableView()
        table.dataSource = plain
        table.delegate = plain
        EditController(tableView: table).perform(.moveCursor(.to(.row(ip(0, 0)))))
        EditController(tableView: table).handle(.char("d"))
        #expect(!plain.began)
        #expect(table.swipedRow == nil)
    }

    /// Entering edit mode closes the swipe first; Esc and other keys close it too.
    @Test func editModeAndOtherKeysEndTheSwipe() {
        swipe(0)
        table.setEditing(true, animated: false)
        #expect(mail.log == ["willBeginEditing 0 editing false", "didEndEditing 0 editing false", "willSetEditing true"])
        #expect(table.isEditing && table.swipedRow == nil)
        table.setEditing(false, animated: false)
        mail.log = []
        swipe(0)
        controller.handle(.down)
        #expect(mail.log == ["willBeginEditing 0 editing false", "didEndEditing 0 editing false"])
        #expect(table.focus == .row(ip(0, 1)))
        // Setting isEditing to false while swiped closes the swipe.
        swipe(1)
        table.isEditing = false
        #expect(table.swipedRow == nil && !table.isEditing)
    }

    /// A swiped row follows its row through a batch; a batch deleting it ends the swipe with nil.
    @Test func batchesFollowOrEndTheSwipe() throws {
        swipe(1)
        mail.rows.insert("z", at: 0)
        try table.insertRows(at: [ip(0, 0)])
        #expect(table.swipedRow == ip(0, 2))
        mail.rows.remove(at: 2)
        try table.deleteRows(at: [ip(0, 2)])
        #expect(table.swipedRow == nil)
        #expect(mail.log.last == "didEndEditing nil editing false")
    }

    /// Leading actions: none by default (no Delete from the left); the delegate's open from the
    /// left edge with UIKit's calls, `→` moves away from that edge, the key again performs the
    /// first action (a full swipe), and the trailing key on a row open from the left closes it
    /// and opens it from the right.
    @Test func leadingActionsFromTheLeftEdge() {
        controller.perform(.moveCursor(.to(.row(ip(0, 1)))))
        #expect(controller.perform(.beginLeadingSwipe) == .refused(.cannotSwipe("b")))
        #expect(mail.log.isEmpty)
        let read = ContextualAction(style: .normal, title: "Read") { [unowned mail] _, cell, completion in
            mail.log.append("read \(cell.textLabel?.text ?? "")")
            completion(true)
        }
        read.backgroundColor = .systemBlue
        let pin = ContextualAction(style: .normal, title: "Pin") { [unowned mail] _, cell, completion in
            mail.log.append("pin \(cell.textLabel?.text ?? "")")
            completion(true)
        }
        mail.leading = { _ in SwipeActionsConfiguration(actions: [read, pin]) }
        #expect(controller.perform(.beginLeadingSwipe) == .performed)
        #expect(table.swipedEdge == .leading)
        #expect(table.swipeActions.map(\.title) == ["Read", "Pin"])
        #expect(table.focusedSwipeAction == 0)
        controller.perform(.chooseSwipeAction(.right))
        #expect(table.focusedSwipeAction == 1)
        controller.perform(.chooseSwipeAction(.left))
        #expect(table.focusedSwipeAction == 0)
        controller.perform(.chooseSwipeAction(.right))
        controller.perform(.confirm)
        #expect(mail.log == ["willBeginEditing 1 editing false", "pin b", "didEndEditing 1 editing false"])
        mail.log = []
        controller.perform(.beginLeadingSwipe)
        controller.perform(.beginLeadingSwipe)      // all the way: the first action
        #expect(mail.log == ["willBeginEditing 1 editing false", "read b", "didEndEditing 1 editing false"])
        mail.log = []
        controller.perform(.beginLeadingSwipe)
        controller.perform(.beginSwipe)             // the other edge: closes, then opens from the right
        #expect(table.swipedEdge == .trailing)
        #expect(table.swipeActions.map(\.title) == ["Delete"])
        #expect(mail.log == ["willBeginEditing 1 editing false", "didEndEditing 1 editing false", "willBeginEditing 1 editing false"])
        mail.leading = { _ in SwipeActionsConfiguration(actions: []) }
        controller.perform(.cancel)
        #expect(controller.perform(.beginLeadingSwipe) == .refused(.cannotSwipe("b")))
    }
}
