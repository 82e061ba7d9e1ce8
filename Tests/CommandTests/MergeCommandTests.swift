import Testing
import TestSupport
import Foundation

/// `listedit merge` as a real process, and as git's merge driver in a scratch repository.
@Suite struct MergeCommandTests {
    /// Runs `command` (a program and its arguments) in `directory`; its status and output.
    func run(_ command: [String], in directory: String) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = command
        p.currentDirectoryURL = URL(fileURLWithPath: directory)
        p.environment = ProcessInfo.processInfo.environment.merging(["GIT_CONFIG_NOSYSTEM": "1", "HOME": directory, "LANG": "C.UTF-8"]) { $1 }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Exit 0 clean, the result written into OURS; with `--output` elsewhere, OURS untouched;
    /// exit 1 with conflicts (markers written); exit 2 on a file that cannot be read, OURS as it
    /// was; 64 for a usage error. The format follows `--path`, not the extensionless names.
    @Test func exitCodesAndWhereItWrites() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let base = dir.file("O", "- A\n- B\n- C\n")
        let ours = dir.file("A", "- C\n- A\n- B\n")
        let theirs = dir.file("B", "- A\n- B (2)\n- C\n")
        let out = dir.file("out.md")
        let elsewhere = try ListeditProcess.run(["merge", base, ours, theirs, "--path", "todo.md", "--output", out])
        #expect(elsewhere.status == 0 && elsewhere.stderr == "")
        #expect(dir.text("out.md") == "- C\n- A\n- B (2)\n")
        #expect(dir.text("A") == "- C\n- A\n- B\n")
        let clean = try ListeditProcess.run(["merge", base, ours, theirs, "--path", "todo.md"])
        #expect(clean.status == 0)
        #expect(dir.text("A") == "- C\n- A\n- B (2)\n")

        let both = dir.file("A2", "- A\n- B1\n- C\n")
        let other = dir.file("B2", "- A\n- B2\n- C\n")
        let conflict = try ListeditProcess.run(["merge", base, both, other, "--path", "todo.md"])
        #expect(conflict.status == 1)
        #expect(conflict.stderr.contains("1 conflict in todo.md"))
        #expect(dir.text("A2") == "- A\n<<<<<<< ours\n- B1\n=======\n- B2\n>>>>>>> theirs\n- C\n")

        let text = dir.file("T", "milk\neggs\n")
        let textOurs = dir.file("T1", "eggs\nmilk\n")
        let textTheirs = dir.file("T2", "milk\nx eggs\n")
        let plain = try ListeditProcess.run(["merge", text, textOurs, textTheirs, "--path", "todo.txt"])
        #expect(plain.status == 0)
        #expect(dir.text("T1") == "x eggs\nmilk\n")

        let bad = dir.file("bad", "- A\n- \u{FFFD}\n")
        try Data([0x2D, 0x20, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: bad))
        let failed = try ListeditProcess.run(["merge", base, ours, bad, "--path", "todo.md"])
        #expect(failed.status == 2)
        #expect(failed.stderr.hasPrefix("error: ") && failed.stderr.contains("bad (theirs of todo.md):1: "), "\(failed.stderr)")
        #expect(dir.text("A") == "- C\n- A\n- B (2)\n")
        let missing = try ListeditProcess.run(["merge", base, ours, dir.file("nope"), "--path", "todo.md"])
        #expect(missing.status == 2 && missing.stderr.hasPrefix("error: "))
        let usage = try ListeditProcess.run(["merge", base, ours])
        #expect(usage.status == 64 && usage.stderr.hasPrefix("error: "))
    }

    /// The format follows `--path`'s extension, else OURS's: `--path TODO` (no extension) over
    /// `.txt` files merges plain text (in Markdown the two lines would be one paragraph, and
    /// the move and the tick would conflict).
    @Test func aPathWithoutExtensionLeavesTheFormatToOurs() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let base = dir.file("O.txt", "milk\neggs\n")
        let ours = dir.file("A.txt", "eggs\nmilk\n")
        let theirs = dir.file("B.txt", "milk\nx eggs\n")
        let merged = try ListeditProcess.run(["merge", base, ours, theirs, "--path", "TODO"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(dir.text("A.txt") == "x eggs\nmilk\n")
    }

    /// `git merge` of two branches, one moving a row and one ticking it, plus an entry each
    /// under "Unreleased": git's own merge conflicts on these; through `.gitattributes` and
    /// `merge.listedit.driver` the merge is clean and has both.
    @Test func gitMergeThroughTheDriver() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        func git(_ args: String...) throws -> String {
            let r = try run(["git"] + args, in: dir.path)
            #expect(r.status == 0, "git \(args.joined(separator: " ")): \(r.output)")
            return r.output
        }
        _ = try git("init", "-q", "-b", "main")
        _ = try git("config", "user.name", "Test")
        _ = try git("config", "user.email", "test@example.com")
        _ = try git("config", "merge.listedit.driver", "\(ListeditProcess.binary) merge %O %A %B --path %P")
        dir.file(".gitattributes", "*.md merge=listedit\n")
        dir.file("todo.md", "# Todo\n\n- [ ] Milk\n- [ ] Eggs\n- [ ] Bread\n\n## Unreleased\n\n- Fix A\n")
        _ = try git("add", ".")
        _ = try git("commit", "-q", "-m", "base")
        _ = try git("checkout", "-q", "-b", "theirs")
        dir.file("todo.md", "# Todo\n\n- [ ] Milk\n- [x] Eggs\n- [ ] Bread\n\n## Unreleased\n\n- Fix A\n- Add C\n")
        _ = try git("commit", "-q", "-am", "theirs")
        _ = try git("checkout", "-q", "main")
        dir.file("todo.md", "# Todo\n\n- [ ] Bread\n- [ ] Milk\n- [ ] Eggs\n\n## Unreleased\n\n- Fix A\n- Add B\n")
        _ = try git("commit", "-q", "-am", "ours")
        let merge = try run(["git", "merge", "-q", "--no-edit", "theirs"], in: dir.path)
        #expect(merge.status == 0, "\(merge.output)")
        #expect(dir.text("todo.md") == "# Todo\n\n- [ ] Bread\n- [ ] Milk\n- [x] Eggs\n\n## Unreleased\n\n- Fix A\n- Add B\n- Add C\n")

        // Without the driver (the attribute overridden in .git/info/attributes, the driver still
        // configured) git's line merge conflicts on the same histories: markers in the file.
        _ = try git("reset", "-q", "--hard", "HEAD~1")
        dir.file(".git/info/attributes", "*.md merge=text\n")
        let plain = try run(["git", "merge", "-q", "--no-edit", "theirs"], in: dir.path)
        #expect(plain.status != 0)
        #expect(dir.text("todo.md")?.contains("<<<<<<< ") == true, "\(plain.output)")
    }
}
