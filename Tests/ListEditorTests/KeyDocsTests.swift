import Foundation
import Testing
import ListEditor
import KeyBindings
import TerminalUI

/// The key tables in docs/keys.md, docs/listedit.1 and README.md are written from the key table
/// (`KeyReference`): these tests fail when a committed table differs from it, or when a binding
/// is in no table. `LISTEDIT_RECORD=1` rewrites the tables between their markers; review the diff.
@Suite struct KeyDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Checks (or, recording, rewrites) each region of `file` between `begin(name)` and `end`.
    func check(_ file: String, regions: [(name: String, text: String)], begin: (String) -> String, end: String,
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = Self.root.appendingPathComponent(file)
        var contents = try String(contentsOf: url, encoding: .utf8)
        var differs: [String] = []
        for (name, text) in regions {
            let open = begin(name)
            guard let start = contents.range(of: open), let stop = contents.range(of: end, range: start.upperBound..<contents.endIndex) else {
                Issue.record("\(file): no region \(open) … \(end)", sourceLocation: sourceLocation)
                continue
            }
            let committed = String(contents[start.upperBound..<stop.lowerBound])
            let written = "\n" + text + "\n"
            if committed != written {
                differs.append(name)
                contents.replaceSubrange(start.upperBound..<stop.lowerBound, with: written)
            }
        }
        if ProcessInfo.processInfo.environment["LISTEDIT_RECORD"] == "1" {
            if !differs.isEmpty { try contents.write(to: url, atomically: true, encoding: .utf8) }
            return
        }
        #expect(differs.isEmpty, "\(file): the key tables \(differs) differ from KeyAction.table; LISTEDIT_RECORD=1 rewrites them",
                sourceLocation: sourceLocation)
    }

    @Test func keysMarkdownIsWrittenFromTheTable() throws {
        let reference = KeyReference()
        try check("docs/keys.md", regions: KeyReference.modes.map { ($0.rawValue, reference.markdown($0)) },
                  begin: { "<!-- keys: \($0) -->" }, end: "<!-- /keys -->")
    }

    @Test func manPageKeysAreWrittenFromTheTable() throws {
        try check("docs/listedit.1", regions: [("", KeyReference().manPage())],
                  begin: { _ in ".\\\" keys: begin (written from the key table: KeyDocsTests)" }, end: ".\\\" keys: end")
    }

    @Test func readmeKeysAreWrittenFromTheTable() throws {
        try check("README.md", regions: [("readme", KeyReference().readme())],
                  begin: { "<!-- keys: \($0) -->" }, end: "<!-- /keys -->")
    }

    /// Every action the editor offers, in every mode the table binds it, is in that mode's table
    /// (so a new binding cannot go undocumented).
    @Test func everyBindingIsDocumented() {
        let reference = KeyReference()
        for binding in KeyAction.table.bindings {
            // Enter selects in normal mode only for hosts without rename (the demos).
            for mode in binding.modes where !(binding.action == .select && mode == .normal) {
                let listed = reference.entries(mode).contains { $0.keys.actions.contains(binding.action) }
                #expect(listed, "\(binding.action) in \(mode) is in no entry of KeyReference")
            }
        }
    }

    /// A remap shows in the reference as it does in help.
    @Test func theReferenceReadsRemaps() {
        var keymap = KeyAction.table
        keymap.apply([KeyRemap(.char("w"), .save)])
        #expect(KeyReference(keymap: keymap).markdown(.normal).contains("| `w`, `s`, Ctrl-S | save"))
    }
}
