import ListDocument
import TableKit

/// The command line (`:`), as vim's: `:w`, `:w NAME`, `:q`, `:q!`, `:wq`, `:x`, `:e!`, `:N`. It
/// opens as a line at the bottom, as the filter does; Enter runs it, Esc cancels.
extension ListEditor {
    /// Opens the command line: a line at the bottom (as the filter's), not a box; Enter runs it
    /// (`entered(.command, text)`).
    func beginCommand() { openEntry(.command) }

    /// The title of the command line's entry (the line draws it as `:`).
    nonisolated static let commandTitle = "Command"

    /// Runs one command line (without its `:`); an unknown command is named in an error.
    func runCommand(_ line: String) {
        let text = line.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return }
        if let number = Int(text) { goToItem(number: number); return }
        let name = String(text.prefix { $0 != " " })
        let argument = text.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        switch (name, argument.isEmpty) {
        case ("w", true): tell(perform(.save, in: .normal, from: keyMode))
        case ("w", false):
            if document.isLoading { say("\(progressPrefix) :w \(argument) waits for the whole list: try again when it is read"); return }
            write(to: argument, overwrite: false, then: .nothing)
        case ("q", true): tell(perform(.quit, in: .normal, from: keyMode))
        case ("q!", true):
            closeRecovery()
            effects.append(.quit)
        case ("wq", true), ("x", true):
            // `:x` writes only when there is something to write, as vim's.
            if name == "x", !isModified { tell(perform(.quit, in: .normal, from: keyMode)); return }
            if readOnly { tell(readOnlyRefusal); return }
            if document.isLoading { say("\(progressPrefix) :\(name) waits for the whole list: try again when it is read"); return }
            save(then: .quit)
        case ("e!", true): readAgain()
        default:
            say("Not a command: :\(text) (commands: :w, :w NAME, :q, :q!, :wq, :x, :e!, :N)", error: true)
        }
    }

    /// `:e!`: reads the file again, dropping the unsaved changes without asking (undo brings
    /// them back, one step).
    func readAgain() {
        guard let path = document.path else { say("No file to read again: the list has no name yet", error: true); return }
        if document.isLoading { say("\(progressPrefix) the file is still being read"); return }
        effects.append(.read(.file(path, for: .readAgain)))   // `fileRead(.readAgain, …)` reloads
    }

    /// `:N`: the cursor goes to the list's N-th item (passages not counted, from 1); past the
    /// last, to the last.
    ///
    /// - Complexity: O(sections + rows of the section it lands in).
    func goToItem(number: Int) {
        let total = document.model.itemCount
        guard total > 0 else { say("No items"); return }
        var left = max(1, min(number, total))
        for (s, section) in document.model.sections.enumerated() {
            let items = section.rows.itemCount
            if left > items { left -= items; continue }
            for r in 0..<section.rows.count where !section.rows.attributes(at: r).isPassage {
                left -= 1
                if left == 0 {
                    let p = IndexPath(row: r, section: s)
                    controller.perform(.reveal(p))
                    report(controller.perform(.moveCursor(.to(.row(p)))))
                    if number > total { say("The list has \(total) items") }
                    return
                }
            }
        }
    }
}
