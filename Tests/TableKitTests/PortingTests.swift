import Foundation
import Testing
import TestSupport

/// Porting mistakes are caught by the compiler: snippets of ported UIKit code are type-checked
/// with `swiftc -typecheck -warnings-as-errors` against the TableKit module this test run built.
/// A correct port compiles; a misspelled method fails with the diagnostic that points at it.
@Suite struct PortingTests {
    /// The folder holding `TableKit.swiftmodule`: `Modules` beside the test bundle.
    static var modules: String? {
        var url = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = url.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("TableKit.swiftmodule").path) { return candidate.path }
            url.deleteLastPathComponent()
        }
        return nil
    }

    /// `-Xcc -fmodule-map-file=…` for the C modules of TableKit's dependencies (swift-algorithms
    /// brings swift-numerics' `_NumericsShims`): SwiftPM shows them to its compiles, a plain
    /// `swiftc` must be shown them too. They are in the package checkouts beside the build folder.
    static func cModuleMaps(beside modules: String) -> [String] {
        var folder = URL(fileURLWithPath: modules)
        for _ in 0..<4 {
            folder.deleteLastPathComponent()
            let checkouts = folder.appendingPathComponent("checkouts")
            guard FileManager.default.fileExists(atPath: checkouts.path),
                  let walker = FileManager.default.enumerator(atPath: checkouts.path) else { continue }
            var flags: [String] = []
            while let path = walker.nextObject() as? String {
                if path.hasSuffix("include/module.modulemap"), path.contains("/Sources/") {
                    flags += ["-Xcc", "-fmodule-map-file=" + checkouts.appendingPathComponent(path).path]
                }
            }
            return flags
        }
        return []
    }

    /// Type-checks `source` importing TableKit; returns the exit status and the diagnostics.
    static func typecheck(_ source: String) throws -> (status: Int32, diagnostics: String) {
        let modules = try #require(modules, "TableKit.swiftmodule not found beside the test bundle \(Bundle.main.bundleURL.path)")
        let folder = TempFolder()
        defer { folder.remove() }
        let file = folder.file("Port.swift", "import TableKit\n\n" + source)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-warnings-as-errors", "-swift-version", "6", "-I", modules] + Self.cModuleMaps(beside: modules) + [file]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static let groceries = """
        @MainActor final class Groceries {
            var rows = [["Milk", "Eggs"]]
        }

        """

    /// Every UIKit spelling, in conformances declared in extensions and in a view controller
    /// subclass: compiles without a warning.
    @Test func aCorrectPortCompilesWithoutWarnings() throws {
        let result = try Self.typecheck(Self.groceries + """
            extension Groceries: TableViewEditingDataSource, TableViewReorderingDataSource {
                func numberOfSections(in tableView: TableView) -> Int { rows.count }
                func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows[section].count }
                func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                    cell.textLabel?.text = rows[indexPath.section][indexPath.row]
                    return cell
                }
                func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "Groceries" }
                func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { indexPath.row > 0 }
                func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
                    rows[indexPath.section].remove(at: indexPath.row)
                    try? tableView.deleteRows(at: [indexPath], with: .fade)
                }
                func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
                    rows[destinationIndexPath.section].insert(rows[sourceIndexPath.section].remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
                }
            }

            extension Groceries: TableViewDelegate {
                func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .delete }
                func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
                    tableView.deselectRow(at: indexPath, animated: true)
                }
            }

            final class ListViewController: TableViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    navigationItem.rightBarButtonItem = editButtonItem
                }
                override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
                override func setEditing(_ editing: Bool, animated: Bool) {
                    super.setEditing(editing, animated: animated)
                }
            }

            extension ListViewController: TableViewEditingDataSource {
                func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
            }
            """)
        #expect(result.status == 0, "\(result.diagnostics)")
    }

    /// UIKit's exact types compile unchanged: the optional `indexPathsForVisibleRows`,
    /// `performBatchUpdates` with a nil or optional `updates`, and an optional delete title, in a
    /// conformance and in a controller's override.
    @Test func uikitsExactTypesCompile() throws {
        let result = try Self.typecheck(Self.groceries + """
            extension Groceries: TableViewDelegate {
                func tableView(_ tableView: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? {
                    indexPath.row == 0 ? "Remove" : nil
                }
            }

            final class ListViewController: TableViewController {
                override func tableView(_ tableView: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? {
                    super.tableView(tableView, titleForDeleteConfirmationButtonForRowAt: indexPath) ?? "Delete"
                }
                func refresh() throws {
                    if let rows = tableView.indexPathsForVisibleRows {
                        try tableView.reloadRows(at: rows, with: .none)
                    }
                    for indexPath in tableView.indexPathsForVisibleRows ?? [] { _ = tableView.cellForRow(at: indexPath) }
                    let first: IndexPath? = tableView.indexPathsForVisibleRows?.first
                    _ = first
                    try tableView.performBatchUpdates(nil, completion: nil)
                    try tableView.performBatchUpdates(nil) { finished in print(finished) }
                    let updates: (() -> Void)? = { print("updating") }
                    try tableView.performBatchUpdates(updates, completion: { _ in })
                    try tableView.performBatchUpdates({ self.tableView.reconfigureRows(at: []) }, completion: nil)
                }
            }
            """)
        #expect(result.status == 0, "\(result.diagnostics)")
    }

    /// Issue 32's UIKit API, as UIKit code writes it: `willDisplay`, the detail button's
    /// `accessoryButtonTappedForRowWith` (in a conformance and as a controller's override),
    /// `indexPath(for:)` from a cell, `IndexPath(item:section:)` and `.item`, content
    /// configurations.
    @Test func issue32sAdditionsCompile() throws {
        let result = try Self.typecheck(Self.groceries + """
            extension Groceries: TableViewDelegate {
                func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
                    cell.accessoryType = indexPath.row == 0 ? .detailButton : .none
                }
                func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
                    print(indexPath.item)
                }
            }

            final class DetailViewController: TableViewController {
                override func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
                    super.tableView(tableView, accessoryButtonTappedForRowWith: indexPath)
                }
                override func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
                    if let path = tableView.indexPath(for: cell), path == IndexPath(item: 0, section: 0) { cell.textLabel?.text = "first" }
                }
                override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "mailbox", for: indexPath)
                    var content = cell.defaultContentConfiguration()
                    content.text = "Inbox"
                    content.secondaryText = "3 unread"
                    content.image = "✉"
                    cell.contentConfiguration = content
                    return cell
                }
            }
            """)
        #expect(result.status == 0, "\(result.diagnostics)")
    }

    /// The rest of issue 32, as UIKit code writes it with the `UI` prefixes dropped: a context
    /// menu (`UIContextMenuConfiguration`'s action provider, `UIMenu`, `UIAction` as
    /// `MenuAction`, without the `point:` a terminal row has no use for), leading swipe actions,
    /// and an action's `backgroundColor`, in a conformance and as a controller's overrides.
    @Test func contextMenusLeadingActionsAndColoursCompile() throws {
        let result = try Self.typecheck(Self.groceries + """
            extension Groceries: TableViewDelegate {
                func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath) -> ContextMenuConfiguration? {
                    ContextMenuConfiguration(identifier: nil) { _ in
                        let copy = MenuAction(title: "Copy", image: "⧉") { _ in print("copy") }
                        let delete = MenuAction(title: "Delete", image: "✕", attributes: .destructive) { action in print(action.title) }
                        return Menu(title: "", children: [copy, delete])
                    }
                }
                func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
                    let read = ContextualAction(style: .normal, title: "Read") { _, _, completion in completion(true) }
                    read.backgroundColor = .systemBlue
                    let configuration = SwipeActionsConfiguration(actions: [read])
                    configuration.performsFirstActionWithFullSwipe = false
                    return configuration
                }
            }

            final class MailViewController: TableViewController {
                override func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath) -> ContextMenuConfiguration? {
                    ContextMenuConfiguration(actionProvider: { _ in Menu(children: [MenuAction(title: "Archive", attributes: [.disabled]) { _ in }]) })
                }
                override func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
                    let flag = ContextualAction(style: .normal, title: "Flag") { _, _, completion in completion(true) }
                    flag.backgroundColor = Color(red: 1, green: 0.6, blue: 0, alpha: 1)
                    return SwipeActionsConfiguration(actions: [flag])
                }
            }
            """)
        #expect(result.status == 0, "\(result.diagnostics)")
    }

    /// A misspelled optional method would silently never be called; in an extension conformance
    /// the compiler's near-miss check names it (an error with warnings as errors).
    @Test(arguments: [
        ("TableViewDataSource", "func tableView(_ tableView: TableView, titleForHeaderInSecton section: Int) -> String? { nil }",
         "nearly matches defaulted requirement 'tableView(_:titleForHeaderInSection:)'"),
        ("TableViewDataSource", "func tableView(_ tableView: TableView, canEditRow indexPath: IndexPath) -> Bool { true }",
         "nearly matches defaulted requirement 'tableView(_:canEditRowAt:)'"),
        ("TableViewDelegate", "func tableView(_ tableView: TableView, editingStyleForRow indexPath: IndexPath) -> TableViewCell.EditingStyle { .none }",
         "nearly matches defaulted requirement 'tableView(_:editingStyleForRowAt:)'"),
        ("TableViewDelegate", "func tableView(_ tableView: TableView, didSelectRow indexPath: IndexPath) {}",
         "nearly matches defaulted requirement 'tableView(_:didSelectRowAt:)'"),
    ])
    func aMisspelledOptionalMethodIsNamed(protocolName: String, method: String, diagnostic: String) throws {
        let required = protocolName == "TableViewDataSource" ? """
                func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
                func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { TableViewCell() }
            """ : ""
        let result = try Self.typecheck(Self.groceries + """
            extension Groceries: \(protocolName) {
            \(required)
                \(method)
            }
            """)
        #expect(result.status != 0)
        #expect(result.diagnostics.contains(diagnostic), "\(result.diagnostics)")
    }

    /// Required methods, and the methods of the editing and reordering refinements (which have no
    /// default), misspelled: the compiler names the method the protocol requires.
    static let required = """
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { TableViewCell() }
        """

    @Test(arguments: [
        ("TableViewDataSource",
         "func tableView(_ tableView: TableView, numberOfRowInSection section: Int) -> Int { 0 }\n"
            + "func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { TableViewCell() }",
         "required by protocol 'TableViewDataSource' ('tableView(_:numberOfRowsInSection:)')"),
        ("TableViewEditingDataSource",
         required + "\nfunc tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRow indexPath: IndexPath) {}",
         "required by protocol 'TableViewEditingDataSource' ('tableView(_:commit:forRowAt:)')"),
        ("TableViewReorderingDataSource",
         required + "\nfunc tableView(_ tableView: TableView, moveRow sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}",
         "required by protocol 'TableViewReorderingDataSource' ('tableView(_:moveRowAt:to:)')"),
    ])
    func aMisspelledRequiredMethodIsNamed(protocolName: String, methods: String, diagnostic: String) throws {
        let result = try Self.typecheck(Self.groceries + "extension Groceries: \(protocolName) {\n\(methods)\n}\n")
        #expect(result.status != 0)
        #expect(result.diagnostics.contains(diagnostic), "\(result.diagnostics)")
    }

    /// In a `TableViewController` subclass, `override` makes a misspelling an error; and UIKit's
    /// `override func … commit` is one too, pointing at the porting note (conform instead).
    @Test(arguments: [
        ("override func tableView(_ tableView: TableView, numberOfRowInSection section: Int) -> Int { 0 }",
         "do not match those of overridden method 'tableView(_:numberOfRowsInSection:)'"),
        ("override func tableView(_ tableView: TableView, titleForFooterInSecton section: Int) -> String? { nil }",
         "has different argument labels from any potential overrides"),
        ("override func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}",
         "does not override any method from its superclass"),
    ])
    func aWrongOverrideIsAnError(method: String, diagnostic: String) throws {
        let result = try Self.typecheck("final class ListViewController: TableViewController {\n    \(method)\n}\n")
        #expect(result.status != 0)
        #expect(result.diagnostics.contains(diagnostic), "\(result.diagnostics)")
    }
}
