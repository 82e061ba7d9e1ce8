import Testing
import ListEditor
import TableKit
import TerminalUI
import TableRendering
import KeyBindings

@MainActor
@Suite struct EditorConfigTests {
    @Test func readsEverySetting() throws {
        let config = try EditorConfig.parse("""
            # comment
            style = plain
            animation = off   # trailing comment
            map w = save
            map ctrl-n = add
            map F2 = rename
            color cursor = yellow on blue
            color delete-control = red

            """, name: "config")
        #expect(config.style == .plain)
        #expect(config.animations == false)
        #expect(!config.slowAnimations)
        let slow = try EditorConfig.parse("animation = slow\n", name: "config")
        #expect(slow.animations == true && slow.slowAnimations)
        #expect(config.remaps == [KeyRemap(.char("w"), .save), KeyRemap(.ctrl("n"), .add), KeyRemap(.function(2), .rename)])
        #expect(config.colors[.cursor] == Theme.ColorPair(foreground: 3, background: 4))
        #expect(config.colors[.deleteControl] == Theme.ColorPair(foreground: 1, background: -1))
        #expect(config.view == nil)
        #expect(try EditorConfig.parse("view = board\n", name: "config").view == .board)
        #expect(try EditorConfig.parse("view = List\n", name: "config").view == .list)
    }

    @Test(arguments: [
        ("style = fancy", "config:1: style must be grouped or plain, not 'fancy'"),
        ("animation = maybe", "config:1: animation must be on, off or slow, not 'maybe'"),
        ("\nmap w = sav", "config:2: unknown action 'sav' (actions: up, down, page-up, page-down, half-page-up, half-page-down, first, last, first-item, last-item, edit, add, add-above, add-section, rename, toggle, check, delete, delete-control, insert-control, pick-up, move-up, move-down, undo, redo, save, save-as, quit, help, cancel, confirm, filter, next-match, previous-match, command, indent, outdent, collapse, expand, select, copy, paste-after, paste-before, board, previous-lane, next-lane, move-left, move-right)"),
        ("view = kanban", "config:1: view must be list or board, not 'kanban'"),
        ("map blorp = save", "config:1: unknown key 'blorp' (a character, or up, down, left, right, shift-up, shift-down, shift-left, shift-right, enter, esc, space, tab, backspace, delete, home, end, pgup, pgdn, f1…f12, ctrl-x)"),
        ("color cursor = pink", "config:1: expected 'COLOR' or 'COLOR on COLOR' with colours default, black, red, green, yellow, blue, magenta, cyan, white, found 'pink'"),
        ("colour cursor = red", "config:1: unknown setting 'colour cursor' (style, animation, view, map KEY, color ROLE)"),
        ("just words", "config:1: expected 'name = value', found 'just words'"),
    ])
    func badEntriesNameTheLine(_ sample: (String, String)) {
        #expect(throws: ConfigError.self) { try EditorConfig.parse(sample.0, name: "config") }
        do { _ = try EditorConfig.parse(sample.0, name: "config") } catch { #expect(error.description == sample.1) }
    }

    @Test func mappedKeysActButNotWhileTyping() throws {
        let h = try Harness()
        h.editor.keymap.apply([KeyRemap(.char("w"), .save)])
        h.press(.char("d"), .enter, .char("w"))
        #expect(!h.editor.isModified)
        h.press(.char("a"))
        h.type("why")
        h.press(.enter)
        #expect(h.editor.model.contents[0].rows.contains("why"))
    }

    /// Help and hints read the key table as remapped (they used to show the default keys only).
    @Test func remappedKeysShowInHintsAndHelp() throws {
        let h = try Harness(width: 100, height: 32)
        h.editor.keymap.apply([KeyRemap(.char("w"), .save), KeyRemap(.function(2), .rename)])
        #expect(h.screen.contains("w/s save"))
        #expect(h.screen.contains("F2/r rename"))
        h.press(.char("?"))
        // (The key column is as wide as the widest keys, `PgUp PgDn ^B ^F`.)
        #expect(h.screen.contains("w s ^S          save"))
        #expect(h.screen.contains("F2 Enter r      rename"))
        h.press(.escape, .char("e"))
        #expect(h.screen.contains("w/s save") == false)   // the edit-mode hints do not list save
        h.press(.char("?"))
        #expect(h.screen.contains("w s ^S        save"))   // (`Tab Shift+Tab` is the widest)
    }

    /// A remap of one of two opposite actions (up, down) keeps every key with its own action in
    /// help: `w` is never shown as the pair of `↓`, and no key of the table goes missing.
    @Test func helpKeepsPairedKeysApartAfterARemap() throws {
        let h = try Harness(width: 100, height: 30)
        h.editor.keymap.apply([KeyRemap(.char("w"), .up)])
        h.press(.char("?"))
        #expect(h.screen.contains("w/↑/k ↓/j"), "\(h.screen)")
        h.press(.escape, .char("e"), .char("?"))
        #expect(h.screen.contains("w/↑ ↓"), "\(h.screen)")
        #expect(h.screen.contains("w/↑ ↓ held"), "\(h.screen)")
    }

    /// A remap applies in every mode where its action exists, but never to a prompt's answers.
    @Test func promptAnswersAreNotRemapped() throws {
        let h = try Harness()
        h.editor.keymap.apply([KeyRemap(.char("n"), .save), KeyRemap(.char("y"), .undo)])
        h.press(.char("d"), .char("y"))          // y confirms the Delete button: a swiped row is not remapped for undo
        #expect(h.editor.isModified)
        h.press(.char("q"))
        h.press(.char("n"))                     // "Save changes?" no: quits without saving
        #expect(h.editor.wantsQuit)
        #expect(h.file?.contains("Milk") == true)
    }

    @Test func pathFollowsXDG() {
        #expect(EditorConfig.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/listedit/config")
        #expect(EditorConfig.path(environment: ["HOME": "/h"]) == "/h/.config/listedit/config")
    }
}
