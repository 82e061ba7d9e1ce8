import Testing
import TestSupport
import Foundation

/// `listedit apply` run as a real process.
@Suite struct ApplyCommandTests {
    let groceries = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n"

    @Test func appliesAndWritesAtomically() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let r = try ListeditProcess.run(["apply", file, "--ops", #"{"moveRows": [{"from": [0, 0], "to": [1, 1]}], "deleteRows": [[0, 2]]}"#])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(dir.text("g.md") == "# Groceries\n- Eggs\n\n# Hardware\n- Screws\n- Milk\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["g.md"])
    }

    /// A real Markdown file: rows given as objects carry their checkbox and level; a reload with
    /// `checked` toggles one byte; the passage and front matter stay; what Markdown cannot hold
    /// is an error and nothing is written.
    @Test func markdownRowsAsObjects() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let text = "---\nt: 1\n---\n\n# Todo\n\n- [ ] milk\n- eggs\n\nNotes.\n"
        let file = dir.file("t.md", text)
        let ops = #"{"reloadRows": [{"at": [1, 0], "text": "milk", "checked": true}], "insertRows": [{"at": [1, 2], "text": "jam", "checked": false, "level": 1}]}"#
        let r = try ListeditProcess.run(["apply", file, "--ops", ops])
        #expect(r.status == 0 && r.stderr == "")
        #expect(dir.text("t.md") == "---\nt: 1\n---\n\n# Todo\n\n- [x] milk\n- eggs\n  - [ ] jam\n\nNotes.\n")
        let bad = try ListeditProcess.run(["apply", file, "--ops", #"{"moveRows": [{"from": [0, 0], "to": [1, 0]}]}"#])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("front matter must stay first in the file (it is row 0 of section 1)"))  // 0-based, as the ops
        #expect(dir.text("t.md") == "---\nt: 1\n---\n\n# Todo\n\n- [x] milk\n- eggs\n  - [ ] jam\n\nNotes.\n")
    }

    /// A title for the untitled first section that opens with front matter: refused with the
    /// editor's words, naming the operation and the section, before anything is written (the
    /// save used to refuse it as "it would read back as 3 sections, not 2").
    @Test func aTitleAboveTheFrontMatterIsRefusedWithTheEditorsWords() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let text = "---\nt: 1\n---\n\n# Todo\n- milk\n"
        let file = dir.file("t.md", text)
        let r = try ListeditProcess.run(["apply", file, "--ops", #"{"reloadSections": [{"at": 0, "title": "Notes"}]}"#])
        #expect(r.status == 1)
        #expect(r.stderr == "error: attempt to reload section 0 with the title \"Notes\" (reloadSections), but the front matter opens the file: the rows before the first heading cannot have a title\nnote: nothing was written\n")
        #expect(dir.text("t.md") == text)
    }

    @Test func invalidBatchExitsOneWithTheTableMessageAndWritesNothing() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let r = try ListeditProcess.run(["apply", file, "--ops", #"{"deleteRows": [[0, 7]]}"#])
        #expect(r.status == 1)
        #expect(r.stderr == "error: attempt to delete row 7 from section 0 which only contains 3 rows before the update\nnote: nothing was written\n")
        #expect(dir.text("g.md") == groceries)
    }

    @Test func arrayIsAllOrNothingAndNamesTheBatch() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let ops = dir.file("ops.json", #"[{"deleteSections": [1]}, {"insertSections": [{"at": 0, "title": "X"}]}, {"moveSections": [{"from": 0, "to": 5}]}]"#)
        let r = try ListeditProcess.run(["apply", file, "--ops", ops])
        #expect(r.status == 1)
        #expect(r.stderr == "error: attempt to move section 0 to section 5, but there are only 2 sections after the update\nnote: in batch 3 of 3; nothing was written\n")
        #expect(dir.text("g.md") == groceries)
    }

    @Test func readsOpsFromStandardInputAndDryRunPrints() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let r = try ListeditProcess.run(["apply", file, "--ops", "-", "--dry-run"],
                                        stdin: #"{"insertRows": [{"at": [1, 0], "text": "Nails"}]}"#)
        #expect(r.status == 0)
        #expect(r.stdout == "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Nails\n- Screws\n")
        #expect(dir.text("g.md") == groceries)
    }

    /// `--output` in a format that cannot hold the result: an `error:` naming all it cannot
    /// hold, exit 1, nothing written (no prompt in a script); one that can hold it is written.
    @Test func outputInAFormatThatCannotHoldItIsAnError() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("p.md", "# Todo\n\nA note.\n\n- [ ] milk\n  - oat\n\n## Later\n- tea\n")
        let txt = try ListeditProcess.run(["apply", file, "--ops", "{}", "--output", dir.path + "/p.txt"])
        #expect(txt.status == 1)
        #expect(txt.stderr == "error: \(dir.path)/p.txt: cannot hold 2 sections, 2 section titles, 1 nested row, 1 open checkbox, 1 passage; nothing was written (.md holds them)\n")
        let json = try ListeditProcess.run(["apply", file, "--ops", "{}", "--output", dir.path + "/p.json"])
        #expect(json.status == 1)
        #expect(json.stderr == "error: \(dir.path)/p.json: cannot hold 1 passage, 2 heading levels; nothing was written (.md holds them)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["p.md"])
        let fine = try ListeditProcess.run(["apply", file, "--ops", #"{"deleteRows": [[0, 0]]}"#, "--output", dir.path + "/q.md"])
        #expect(fine.status == 0 && dir.text("q.md") == "# Todo\n\n- [ ] milk\n  - oat\n\n## Later\n- tea\n")
    }

    @Test func outputWritesElsewhereInItsOwnFormat() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let r = try ListeditProcess.run(["apply", file, "--ops", #"{"reloadRows": [{"at": [1, 0], "text": "Bolts"}]}"#,
                                         "--output", dir.path + "/out.json"])
        #expect(r.status == 0)
        #expect(dir.text("g.md") == groceries)
        #expect(dir.text("out.json")?.contains(#""Bolts""#) == true)
        // `--output` replaces a file that exists (it names the file to write).
        let again = try ListeditProcess.run(["apply", file, "--ops", #"{"reloadRows": [{"at": [1, 0], "text": "Nuts"}]}"#,
                                             "--output", dir.path + "/out.json"])
        #expect(again.status == 0)
        #expect(dir.text("out.json")?.contains(#""Nuts""#) == true)
    }

    @Test func badInputsNameThePlace() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let bad = try ListeditProcess.run(["apply", file, "--ops", #"{"deleteRows": [[0, "x"]]}"#])
        #expect(bad.status == 1)
        #expect(bad.stderr == "error: ops:1:21: batch 1: deleteRows[0] row: expected an index (a whole number), found a string\n")
        let missing = try ListeditProcess.run(["apply", dir.path + "/nope.md", "--ops", "{}"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: \(dir.path)/nope.md: cannot open: No such file or directory"))
        // Any Markdown reads (a paragraph is a passage); a file that is not UTF-8 does not.
        let notList = dir.file("n.md", "# A\nhello\n")
        #expect(try ListeditProcess.run(["apply", notList, "--ops", "{}"]).status == 0)
        #expect(dir.text("n.md") == "# A\nhello\n")
        let notText = dir.path + "/b.md"
        _ = FileManager.default.createFile(atPath: notText, contents: Data([0x23, 0x20, 0x41, 0x0A, 0x2D, 0x20, 0xC3, 0x28, 0x0A]))
        let unreadable = try ListeditProcess.run(["apply", notText, "--ops", "{}"])
        #expect(unreadable.stderr == "error: \(notText):2: not valid UTF-8; the file was not changed\n")
    }

    /// Issue 12: what would drop or rewrite text silently is written or refused, never dropped.
    @Test func markdownPassagesAndNewSectionsAreNeverDroppedSilently() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let readme = "# Project\n\nSome *intro* text.\n\n# Install\n- a\n"
        let file = dir.file("readme.md", readme)
        let reload = try ListeditProcess.run(["apply", file, "--ops", #"{"reloadSections":[{"at":0,"title":"Renamed","rows":["a"]}]}"#])
        #expect(reload.status == 1)
        #expect(reload.stderr == #"error: attempt to reload section 0 with rows, but its row 0 is a passage ("Some *intro* text.") that they would replace; reload it without "rows" to change only its title"# + "\nnote: nothing was written\n")
        #expect(dir.text("readme.md") == readme)
        let rename = try ListeditProcess.run(["apply", file, "--ops", #"{"reloadSections":[{"at":0,"title":"Renamed"}]}"#, "--dry-run"])
        #expect(rename.status == 0 && rename.stdout == "# Renamed\n\nSome *intro* text.\n\n# Install\n- a\n")
        let insert = try ListeditProcess.run(["apply", file, "--ops", #"{"insertSections":[{"at":1,"title":"New","rows":["x"]}],"insertRows":[{"at":[1,1],"text":"y"}]}"#, "--dry-run"])
        // (The new heading is followed by a blank line, as the file's first heading is.)
        #expect(insert.status == 0 && insert.stdout == "# Project\n\nSome *intro* text.\n\n# New\n\n- x\n- y\n\n# Install\n- a\n")
        let passage = try ListeditProcess.run(["apply", file, "--ops", #"{"reloadRows":[{"at":[0,0],"text":"x"}]}"#])
        #expect(passage.status == 1 && passage.stderr.hasPrefix("error: attempt to reload row 0 of section 0, which is a passage"))
        #expect(dir.text("readme.md") == readme)
    }

    @Test func helpAndVersion() throws {
        let help = try ListeditProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("apply"))
        #expect(help.stdout.contains(".json"))
        let version = try ListeditProcess.run(["--version"])
        #expect(version.stdout.hasPrefix("listedit 0.1.0 (ncurses 6"))
    }
}
