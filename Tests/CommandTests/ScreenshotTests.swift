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

    @Test(arguments: (try? ShotTable.load())?.shots.map(\.name) ?? [])
    func screenMatchesGolden(_ name: String) throws {
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
        var frame = 0
        for (i, step) in shot.steps.enumerated() {
            try send(step.keys, step.text, to: tmux)
            var golden: String?
            if shot.animation == true {
                if step.delay != nil { frame += 1; golden = String(format: "%@-%02d", shot.name, frame) }
            } else if i == shot.steps.count - 1 {
                golden = shot.name
            }
            let screen = try wait(for: step, golden: golden, in: tmux)
            if let golden {
                assertGolden(screen, "screenshots/" + golden)
            } else {
                #expect(step.until.isMet(by: screen), "\(name), step \(i + 1): \(step.until) not met\n\(screen)")
            }
        }
    }

    func send(_ keys: [String]?, _ text: String?, to tmux: Tmux) throws {
        if let keys, !keys.isEmpty { try tmux.run(["send-keys", "-t", "main"] + keys) }
        if let text { try tmux.type(text) }
    }

    /// Polls until the step's screen shows and, for a captured one, equals its golden (when
    /// recording: the same screen twice in a row); returns the last screen. A transient step
    /// polls without pause and, when the animation ends before a poll caught the frame, resets
    /// and tries again, until the deadline.
    func wait(for step: Shot.Step, golden: String?, in tmux: Tmux) throws -> String {
        let recording = ProcessInfo.processInfo.environment["LISTEDIT_RECORD"] == "1"
        let expected = golden.flatMap { recording ? nil : goldenText($0) }
        let deadline = Date().addingTimeInterval(30)
        var previous: String?
        var screen = ""
        while Date() < deadline {
            screen = ShotTable.normalized(tmux.screen)
            if step.until.isMet(by: screen) && (expected == nil || screen == expected) {
                if expected != nil || step.transient != nil || golden == nil || screen == previous { return screen }
            } else if let transient = step.transient, transient.settled.isMet(by: screen) {
                try send(transient.reset, nil, to: tmux)
                tmux.waitFor { transient.ready.isMet(by: ShotTable.normalized($0)) }
                try send(step.keys, step.text, to: tmux)
            }
            previous = screen
            if step.transient == nil {
                RunLoop.current.run(until: Date().addingTimeInterval(0.01))   // poll interval until the deadline
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
            let file = "docs/images/\(shot.name).\(shot.animation == true ? "gif" : "png")"
            #expect(FileManager.default.fileExists(atPath: root + "/" + file), "\(shot.name): no \(file) (run make screenshots)")
        }
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
}
