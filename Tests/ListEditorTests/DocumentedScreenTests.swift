import Foundation
import Testing
import TestSupport

/// The screens the README and docs/file-formats.md show for a Markdown file are the renderer's:
/// each is marked by a comment `<!-- screen: NAME WIDTHxHEIGHT GOLDEN … -->` right before its
/// fenced block, and the nearest ````markdown block above the comment is the file. The test opens
/// that file (as NAME) in the editor at that size, compares the screen with the golden GOLDEN and
/// the page's block with the screen, so neither the page's file nor its screen can drift from
/// what listedit shows. `LISTEDIT_RECORD=1` writes the screen into the page (and the golden).
@MainActor
@Suite struct DocumentedScreenTests {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

    struct Example {
        var name: String
        var width: Int
        var height: Int
        var golden: String
        var file: String
        /// The screen block's lines (between its fences) in the page's lines.
        var screen: Range<Int>
    }

    /// The marked examples of a page.
    static func examples(in lines: [String]) throws -> [Example] {
        var examples: [Example] = []
        for (i, line) in lines.enumerated() {
            guard let m = line.wholeMatch(of: /<!-- screen: (\S+) (\d+)x(\d+) (\S+)( .*)? -->/) else { continue }
            // The file: the last ````markdown block above.
            let open = try #require(lines[..<i].lastIndex(of: "````markdown"), "no ````markdown block above line \(i + 1)")
            let close = try #require(lines[(open + 1)..<i].firstIndex(of: "````"), "the ````markdown block above line \(i + 1) is not closed")
            // The screen: the fenced block right below.
            #expect(i + 1 < lines.count && lines[i + 1] == "```", "line \(i + 2) does not open the screen's block")
            let end = try #require(lines[(i + 2)...].firstIndex(of: "```"), "the screen block at line \(i + 2) is not closed")
            examples.append(Example(name: String(m.output.1), width: Int(m.output.2)!, height: Int(m.output.3)!,
                                    golden: String(m.output.4),
                                    file: lines[(open + 1)..<close].joined(separator: "\n") + "\n", screen: (i + 2)..<end))
        }
        return examples
    }

    @Test(arguments: ["README.md", "docs/file-formats.md"])
    func screenIsTheRenderers(_ page: String) throws {
        let url = Self.root.appendingPathComponent(page)
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let examples = try Self.examples(in: lines)
        #expect(!examples.isEmpty, "\(page) shows no screen of a Markdown file")
        // From the last, so that writing a screen leaves the earlier ranges in place.
        for example in examples.reversed() {
            let h = try Harness(example.file, name: example.name, width: example.width, height: example.height)
            let screen = h.screen
            assertGolden(screen, example.golden)
            let shown = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if ProcessInfo.processInfo.environment["LISTEDIT_RECORD"] == "1" {
                lines.replaceSubrange(example.screen, with: shown)
            } else {
                #expect(Array(lines[example.screen]) == shown, "\(page): the screen of \(example.name) is not what listedit shows:\n\(screen)")
            }
        }
        if ProcessInfo.processInfo.environment["LISTEDIT_RECORD"] == "1" {
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// The README's file is the one the editor's screen tests use.
    @Test func readmesFileIsThePlanOfTheScreenTests() throws {
        let lines = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let example = try #require(try Self.examples(in: lines).first)
        #expect(example.file == EditorMarkdownTests.plan)
        #expect(example.golden == "markdown-normal" && example.width == 50 && example.height == 22)
    }
}
