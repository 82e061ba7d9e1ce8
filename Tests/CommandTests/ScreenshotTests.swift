import Foundation
import Testing
import TestSupport

/// The screens behind the pictures in docs/images: every shot of `Scripts/shots.json` replayed on
/// the real binary in tmux, each captured screen compared with its golden in
/// `Goldens/screenshots/` (the same goldens `make screenshots` requires before it draws a
/// picture), so a picture cannot silently show an old UI. `LISTEDIT_RECORD=1` re-records them.
@Suite(.serialized) struct ScreenshotTests {
    @Test func theShotTableLoadsAndNamesItsFiles() throws {
        let table = try ShotTable.load()
        #expect(!table.shots.isEmpty)
        for shot in table.shots {
            #expect(FileManager.default.fileExists(atPath: ShotTable.root + "/docs/examples/" + shot.file), "\(shot.name): no docs/examples/\(shot.file)")
            #expect(!shot.steps.isEmpty, "\(shot.name): no steps")
            if shot.animation == true {
                #expect(shot.steps.contains { $0.delay != nil }, "\(shot.name): an animation without frames")
            }
        }
    }

    /// A frame in the middle of an animation is caught by timing, and a loaded machine can miss
    /// it (the glide ends between two captures): a shot that fails is replayed, up to three times
    /// in all, and only the last attempt's failure is reported. A still screen that differs from
    /// its golden differs every time.
    @Test(arguments: (try? ShotTable.load())?.shots.map(\.name) ?? [])
    func screenMatchesGolden(_ name: String) async throws {
        let recording = ProcessInfo.processInfo.environment["LISTEDIT_RECORD"] == "1"
        for attempt in 1...3 {
            let failure = try await replay(name)
            guard let failure else { return }
            if attempt == 3 || recording {
                Issue.record(failure)
                return
            }
        }
    }

    /// Replays shot `name` once in tmux, recording goldens when `LISTEDIT_RECORD=1`; what went
    /// wrong (the first screen that differs from its golden or misses its condition), or nil.
    func replay(_ name: String) async throws -> Comment? {
        let table = try ShotTable.load()
        let shot = try #require(table.shots.first { $0.name == name })
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file(shot.file, try String(contentsOfFile: ShotTable.root + "/docs/examples/" + shot.file, encoding: .utf8))
        // The shot's own configuration file, as screenshots.py writes it (none: an empty folder).
        try FileManager.default.createDirectory(atPath: dir.path + "/config/listedit", withIntermediateDirectories: true)
        _ = dir.file("config/listedit/config", (shot.config ?? []).map { $0 + "\n" }.joined())
        var environment = table.terminal.env
        environment["XDG_CONFIG_HOME"] = dir.path + "/config"
        let env = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let tmux = try Tmux("env \(env) \(ListeditProcess.binary) '\(path)'", width: table.terminal.width, height: table.terminal.height)
        for (i, step) in shot.steps.enumerated() {
            try send(step.keys, step.text, to: tmux)
            let golden = shot.golden(afterStep: i)
            let screen = try await wait(for: step, golden: golden, in: tmux, deadline: table.deadline)
            if let golden {
                if ProcessInfo.processInfo.environment["LISTEDIT_RECORD"] == "1" {
                    assertGolden(screen, "screenshots/" + golden)
                    continue
                }
                guard let expected = goldenText(golden) else {
                    return "missing golden screenshots/\(golden).txt; run with LISTEDIT_RECORD=1 to record it"
                }
                // The next steps would each wait out the deadline.
                if expected != screen {
                    return "\(name), step \(i + 1): screen differs from golden screenshots/\(golden).txt\n--- expected\n\(expected)\n--- actual\n\(screen)"
                }
            } else if !step.until.isMet(by: screen) {
                return "\(name), step \(i + 1): \(step.until) not met\n\(screen)"
            }
        }
        return nil
    }

    func send(_ keys: [String]?, _ text: String?, to tmux: Tmux) throws {
        if let keys, !keys.isEmpty { try tmux.run(["send-keys", "-t", "main"] + keys) }
        if let text { try tmux.type(text) }
    }

    /// Polls until the step's screen shows and, for a captured one, equals its golden (when
    /// recording: the same screen twice in a row); returns the last screen. A transient step
    /// polls without pause and, when the animation ends before a poll caught the frame, resets
    /// and tries again, until the deadline.
    func wait(for step: Shot.Step, golden: String?, in tmux: Tmux, deadline seconds: Double) async throws -> String {
        let recording = ProcessInfo.processInfo.environment["LISTEDIT_RECORD"] == "1"
        let expected = golden.flatMap { recording ? nil : goldenText($0) }
        let deadline = Date().addingTimeInterval(seconds)
        var previous: String?
        var screen = ""
        while Date() < deadline {
            screen = ShotTable.normalized(tmux.screen)
            if step.until.isMet(by: screen) && (expected == nil || screen == expected) {
                if expected != nil || step.transient != nil || golden == nil || screen == previous { return screen }
            } else if let transient = step.transient, transient.settled.isMet(by: screen) {
                try send(transient.reset, nil, to: tmux)
                await tmux.waitFor(timeout: seconds) { transient.ready.isMet(by: ShotTable.normalized($0)) }
                try send(step.keys, step.text, to: tmux)
            }
            previous = screen
            if step.transient == nil {
                try? await Task.sleep(for: .milliseconds(10))   // poll interval until the deadline
            }
        }
        return screen
    }

    func goldenText(_ name: String) -> String? {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Goldens/screenshots/\(name).txt")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// Every image the README and docs/*.md show exists (relative to the page), and so does
    /// every shot's picture.
    @Test func everyReferencedImageExists() throws {
        let root = ShotTable.root
        let docs = try FileManager.default.contentsOfDirectory(atPath: root + "/docs").filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var links = 0
        for page in ["README.md"] + docs {
            let text = try String(contentsOfFile: root + "/" + page, encoding: .utf8)
            let folder = (page as NSString).deletingLastPathComponent
            for target in ShotTable.imageLinks(in: text) where !target.contains("://") {
                links += 1
                let path = ((root + "/" + folder) as NSString).appendingPathComponent(target)
                #expect(FileManager.default.fileExists(atPath: path), "\(page) shows \(target), which does not exist")
            }
        }
        #expect(links > 0, "the README and docs show no image")
        for shot in try ShotTable.load().shots {
            #expect(FileManager.default.fileExists(atPath: root + "/" + shot.picture), "\(shot.name): no \(shot.picture) (run make screenshots)")
        }
    }

    /// The pictures were rendered from the goldens as they are: a golden re-recorded without
    /// `make screenshots` (or a picture changed by hand) differs from docs/images/shots.sha256.
    @Test func picturesWereRenderedFromTheseGoldens() throws {
        let table = try ShotTable.load()
        let manifest = try ShotManifest.load(root: ShotTable.root)
        for problem in manifest.problems(root: ShotTable.root, shots: table.shots) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    /// The manifest check fails on a golden re-recorded after the picture was drawn, a picture
    /// changed, a shot never rendered, and passes on files that agree with it.
    @Test func theManifestCatchesAGoldenNewerThanItsPicture() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.path + "/" + ShotManifest.goldens, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir.path + "/docs/images", withIntermediateDirectories: true)
        let golden = ShotManifest.goldens + "/normal.txt"
        dir.file(golden, " groceries.md  0/9\n")
        dir.file("docs/images/normal.png", "picture")
        let shot = Shot(name: "normal", file: "groceries.md", steps: [Shot.Step(until: Shot.Until())])
        let manifest = ShotManifest("""
            # comment
            normal golden \(golden) \(SHA256.hex(of: Array(" groceries.md  0/9\n".utf8)))
            normal capture normal \(SHA256.hex(of: Array("colours".utf8)))
            normal image docs/images/normal.png \(SHA256.hex(of: Array("picture".utf8)))
            """)
        #expect(manifest.entries.count == 3)
        #expect(manifest.problems(root: dir.path, shots: [shot]) == [])

        dir.file(golden, " groceries.md  1/9\n")   // re-recorded: the UI changed, the picture did not
        let problems = manifest.problems(root: dir.path, shots: [shot])
        #expect(problems.count == 1)
        #expect(problems.first?.contains("normal.txt: the golden differs") == true)
        #expect(problems.first?.hasSuffix("re-render with make screenshots") == true)

        dir.file(golden, " groceries.md  0/9\n")
        dir.file("docs/images/normal.png", "another picture")
        #expect(manifest.problems(root: dir.path, shots: [shot]).first?.contains("normal.png: the picture differs") == true)

        dir.file("docs/images/normal.png", "picture")
        let added = Shot(name: "filter", file: "project.md", steps: [Shot.Step(until: Shot.Until())])
        #expect(manifest.problems(root: dir.path, shots: [shot, added]).count == 3)   // no golden, capture, image
    }

    @Test func sha256OfKnownTexts() {
        #expect(SHA256.hex(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // Two blocks: the padding spills into a second one.
        #expect(SHA256.hex(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func imageLinksAreFound() {
        let text = "![a](images/x.png) text ![b c](../y.gif \"t\")\n<img src=\"z.png\" width=\"500\"> [not](an/image.png)"
        #expect(ShotTable.imageLinks(in: text) == ["images/x.png", "../y.gif", "z.png"])
    }

    @Test func conditionsMeanWhatTheTableSays() {
        let screen = "head\n  Milk\n  Eggs\nfoot"
        #expect(Shot.Until(contains: ["Milk", "foot"]).isMet(by: screen))
        #expect(!Shot.Until(contains: ["Milk", "Bread"]).isMet(by: screen))
        #expect(!Shot.Until(absent: ["Eggs"]).isMet(by: screen))
        #expect(Shot.Until(at: [.init(line: 2, text: "Eggs")]).isMet(by: screen))
        #expect(!Shot.Until(at: [.init(line: 1, text: "Eggs")]).isMet(by: screen))
        #expect(!Shot.Until(at: [.init(line: 9, text: "Eggs")]).isMet(by: screen))
        #expect(Shot.Until(order: ["Milk", "Eggs"]).isMet(by: screen))
        #expect(!Shot.Until(order: ["Eggs", "Milk"]).isMet(by: screen))
    }
}

/// `Scripts/shots.json`, the one table of screenshots (Scripts/screenshots.py reads it too).
struct ShotTable: Decodable {
    struct Terminal: Decodable {
        var width: Int
        var height: Int
        var env: [String: String]
    }
    var terminal: Terminal
    /// Seconds a step may take to show its screen (loaded machines have taken over 20).
    var deadline: Double
    var shots: [Shot]

    /// The package folder (this file is Tests/CommandTests/ScreenshotTests.swift).
    static var root: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    static func load() throws -> ShotTable {
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/Scripts/shots.json"))
        return try JSONDecoder().decode(ShotTable.self, from: data)
    }

    /// A screen as the goldens keep it: lines without trailing blanks, no blank lines at the end
    /// (as screenshots.py strips its captures).
    static func normalized(_ screen: String) -> String {
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// The targets of `![alt](target "title")` and `<img src="target">` in Markdown text.
    static func imageLinks(in text: String) -> [String] {
        var found: [(String.Index, String)] = []
        for match in text.matches(of: /!\[[^\]]*\]\(\s*([^)\s]+)[^)]*\)/) {
            found.append((match.range.lowerBound, String(match.output.1)))
        }
        for match in text.matches(of: /<img\s[^>]*src="([^"]+)"/) {
            found.append((match.range.lowerBound, String(match.output.1)))
        }
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

struct Shot: Decodable {
    struct Until: Decodable, CustomStringConvertible {
        struct At: Decodable {
            var line: Int
            var text: String
            init(line: Int, text: String) { self.line = line; self.text = text }
            init(from decoder: any Decoder) throws {
                var pair = try decoder.unkeyedContainer()
                line = try pair.decode(Int.self)
                text = try pair.decode(String.self)
            }
        }
        var contains: [String]?
        var absent: [String]?
        var at: [At]?
        var order: [String]?

        init(contains: [String]? = nil, absent: [String]? = nil, at: [At]? = nil, order: [String]? = nil) {
            self.contains = contains; self.absent = absent; self.at = at; self.order = order
        }

        /// The same rules as `meets` in Scripts/screenshots.py.
        func isMet(by screen: String) -> Bool {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            if let contains, !contains.allSatisfy(screen.contains) { return false }
            if let absent, absent.contains(where: screen.contains) { return false }
            for a in at ?? [] where a.line >= lines.count || !lines[a.line].contains(a.text) { return false }
            var rest = screen[...]
            for s in order ?? [] {
                guard let r = rest.range(of: s) else { return false }
                rest = rest[r.upperBound...]
            }
            return true
        }

        var description: String {
            "contains \(contains ?? []), absent \(absent ?? []), at \(at?.map { "\($0.line): \($0.text)" } ?? []), order \(order ?? [])"
        }
    }

    struct Transient: Decodable {
        var settled: Until
        var reset: [String]
        var ready: Until
    }

    struct Step: Decodable {
        var keys: [String]?
        var text: String?
        var until: Until
        var delay: Int?
        var transient: Transient?
    }

    var name: String
    var file: String
    var animation: Bool?
    /// The lines of the shot's configuration file (`animation = slow`), if any.
    var config: [String]?
    var steps: [Step]

    /// The golden the screen after step `i` is captured against, if any: a still shot's last
    /// step (`NAME`), an animation's steps with a delay (`NAME-01`, `NAME-02`, ...), as
    /// Scripts/screenshots.py names them.
    func golden(afterStep i: Int) -> String? {
        if animation == true {
            guard steps[i].delay != nil else { return nil }
            return String(format: "%@-%02d", name, steps[...i].filter { $0.delay != nil }.count)
        }
        return i == steps.count - 1 ? name : nil
    }

    /// Every golden of the shot, in capture order.
    var goldens: [String] { steps.indices.compactMap(golden(afterStep:)) }

    /// The picture, from the package folder.
    var picture: String { "docs/images/\(name).\(animation == true ? "gif" : "png")" }
}
