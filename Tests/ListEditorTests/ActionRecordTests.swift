import Testing
import TerminalUI
import KeyBindings

/// Each action is described once, in its record (`KeyAction.record`): every binding of the key
/// table has words there for the help screen and the docs, every remappable action a unique
/// configuration name that reads back as the action.
@Suite struct ActionRecordTests {
    /// Every action the table binds, in every mode it is bound in, has help words.
    @Test func everyBindingHasHelpWords() {
        for binding in KeyAction.table.bindings {
            for mode in binding.modes {
                let words = binding.action.record.help(in: mode)
                #expect(words != nil && words != "", "\(binding.action) in \(mode)")
            }
        }
    }

    /// Configuration names are unique and read back as their action; an action without a name
    /// cannot be remapped.
    @Test func namesReadBack() {
        let names = KeyAction.remappable.map(\.record.name)
        #expect(!names.contains(nil))
        #expect(Set(names).count == names.count)
        for action in KeyAction.remappable { #expect(KeyAction(name: action.record.name ?? "") == action) }
        for action in [KeyAction.chooseLeft, .suspend, .yes, .no, .answer(.reload), .line(.moveLeft)] {
            #expect(action.record.name == nil, "\(action)")
        }
    }

    /// The editing actions are exactly those that change the list or the file: a read-only list
    /// refuses them; moving, filtering, copying and saving a copy are not edits.
    @Test func editsAreTheActionsThatChangeTheList() {
        let edits = KeyAction.remappable.filter(\.record.edits)
        #expect(edits.contains(.save) && edits.contains(.undo) && edits.contains(.moveDown) && edits.contains(.toggle))
        for action in [KeyAction.up, .down, .filter, .copy, .saveAs, .help, .quit, .collapse, .select] {
            #expect(!action.record.edits, "\(action)")
        }
    }
}
