import ListDocument
import ListEditor
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// An editor on a real file in a temporary folder, driven by keys and rendered at a fixed size.
@MainActor
final class Harness {
    let folder = TempFolder()
    let path: String
    /// The editor; a session test's crash step puts another in its place (`EditorSession.crash`).
    var editor: ListEditor
    let width: Int, height: Int

    init(_ contents: String = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n",
         name: String = "groceries.md", width: Int = 44, height: Int = 16) throws {
        path = folder.file(name, contents)
        editor = ListEditor.started(document: try ListDocument.open(path), animations: false)
        self.width = width
        self.height = height
        editor.send(.resize(width: width, height: height))
        _ = screen
    }

    deinit { folder.remove() }

    /// Sends keys: a string's characters, or named keys.
    func type(_ text: String) { for c in text { editor.send(.key(.char(c))) } }
    func press(_ keys: Key...) { for k in keys { editor.send(.key(k)) } }

    var grid: CellGrid { editor.render(width: width, height: height) }
    var screen: String { grid.screenshot }
    var file: String? { folder.text(path.split(separator: "/").last.map(String.init)!) }
}
