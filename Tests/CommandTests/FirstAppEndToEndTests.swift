import Testing
import Foundation
import TestSupport

/// The README's first app, built from outside the package as a developer builds it: a scratch
/// package that depends on this one by path (its library products only), its `main.swift` the
/// README's block after `<!-- first-app -->`, run in a real terminal.
@Suite(.serialized) struct FirstAppEndToEndTests {
    /// The repository: three levels above this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ```swift block after the line `<!-- first-app -->`.
    static func firstApp(in readme: String) throws -> String {
        let lines = readme.components(separatedBy: "\n")
        let marker = try #require(lines.firstIndex(of: "<!-- first-app -->"), "README.md has no <!-- first-app --> line")
        let open = try #require(lines[marker...].firstIndex(of: "```swift"), "no ```swift block after <!-- first-app -->")
        let close = try #require(lines[(open + 1)...].firstIndex(of: "```"), "the first app's block is not closed")
        return lines[(open + 1)..<close].joined(separator: "\n") + "\n"
    }

    /// The scratch package: `main.swift` and a manifest naming only the products the block
    /// imports, and a second app beside it, `refusingApp`. It lives under `.build/first-app` with its own build directory there, kept between
    /// runs, so only the first run builds the library modules; files are rewritten only when
    /// they change. The dependency is a symlink named `listedit` to the repository, so the
    /// package is called `listedit` whatever the checkout's directory is called.
    static func makePackage(main: String) throws -> URL {
        let package = root.appendingPathComponent(".build/first-app/FirstApp")
        let fm = FileManager.default
        for target in ["FirstApp", "RefusingApp"] {
            try fm.createDirectory(at: package.appendingPathComponent("Sources/\(target)"), withIntermediateDirectories: true)
        }
        let link = package.appendingPathComponent("listedit")
        if (try? fm.destinationOfSymbolicLink(atPath: link.path)) != root.path {
            try? fm.removeItem(at: link)
            try fm.createSymbolicLink(atPath: link.path, withDestinationPath: root.path)
        }
        func target(_ name: String, _ source: String) -> String {
            let products = ["TableKit", "TableHost", "TableRendering", "TerminalUI", "KeyBindings"].filter { source.contains("import \($0)\n") }
            return """
                        .executableTarget(name: "\(name)", dependencies: [
                            \(products.map { ".product(name: \"\($0)\", package: \"listedit\")" }.joined(separator: ", "))
                        ], swiftSettings: [.treatAllWarnings(as: .error)]),
                """
        }
        let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "FirstApp",
                dependencies: [.package(path: "listedit")],
                targets: [
            \(target("FirstApp", main))
            \(target("RefusingApp", refusingApp))
                ]
            )

            """
        for (path, text) in [("Package.swift", manifest), ("Sources/FirstApp/main.swift", main), ("Sources/RefusingApp/main.swift", refusingApp)] {
            let url = package.appendingPathComponent(path)
            if (try? String(contentsOf: url, encoding: .utf8)) != text { try text.write(to: url, atomically: true, encoding: .utf8) }
        }
        return package
    }

    /// An app with the porting mistake UIKit stops on: its `commit` deletes the row from the table
    /// without removing it from the model, so the batch is refused inside the callback.
    static let refusingApp = """
        import TableKit
        import TableHost

        final class Forgetful: TableViewController, TableViewEditingDataSource {
            let items = ["Alpha", "Beta"]
            override func viewDidLoad() {
                super.viewDidLoad()
                title = "Forgetful"
                tableView.register(TableViewCell.self, forCellReuseIdentifier: "item")
            }
            override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }
            override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
                cell.textLabel?.text = items[indexPath.row]
                return cell
            }
            func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
                try? tableView.deleteRows(at: [indexPath], with: .fade)     // the model keeps the row
            }
        }

        TableHost(Forgetful()).run()

        """

    /// Runs `swift build` on the scratch package; its output goes to `log`. Waits without holding
    /// a thread of the test pool (the first build takes minutes).
    static func build(_ package: URL, log: URL) async throws -> Int32 {
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["swift", "build", "--package-path", package.path,
                       "--scratch-path", package.deletingLastPathComponent().appendingPathComponent("build").path]
        p.standardOutput = output
        p.standardError = output
        p.standardInput = FileHandle.nullDevice
        return try await withCheckedThrowingContinuation { done in
            p.terminationHandler = { done.resume(returning: $0.terminationStatus) }
            do { try p.run() } catch { p.terminationHandler = nil; done.resume(throwing: error) }
        }
    }

    /// An SGR mouse report (mode 1006) for 0-based cell `x`, `y`: button 0 pressed, moved with it
    /// held, or released.
    func sgr(_ kind: String, _ x: Int, _ y: Int) -> String {
        "\u{1B}[<\(kind == "drag" ? 32 : 0);\(x + 1);\(y + 1)" + (kind == "release" ? "m" : "M")
    }

    /// The screen lines, trimmed.
    func rows(_ screen: String) -> [String] {
        screen.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The README's block is a whole `main.swift` of at most 40 lines that builds against the
    /// products alone; run, `e` enters edit mode, a row dragged by its handle with the mouse into
    /// the other section lands there, and `q`
    /// quits with status 0 and the terminal restored.
    @Test func theReadmesFirstAppBuildsRunsAndDragsARow() async throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let main = try Self.firstApp(in: readme)
        #expect(main.split(separator: "\n", omittingEmptySubsequences: false).count - 1 <= 40, "the first app is longer than 40 lines")
        let package = try Self.makePackage(main: main)
        let log = package.deletingLastPathComponent().appendingPathComponent("build.log")
        let status = try await Self.build(package, log: log)
        try #require(status == 0, "swift build failed:\n\((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        let binary = package.deletingLastPathComponent().appendingPathComponent("build/debug/FirstApp").path

        let tmux = try Tmux("env LANG=C.UTF-8 TERM=xterm-256color ESCDELAY=300 \(binary); echo EXITED $?; sleep 600", width: 50, height: 16)
        var screen = await tmux.waitFor { $0.contains("Packing") && $0.contains("Stove") }
        #expect(rows(screen).contains("Clothes") && rows(screen).contains("Gear"), "\(screen)")
        try tmux.send("e")
        screen = await tmux.waitFor { $0.contains("Done") && $0.contains("⊖ Socks") }
        let lines = screen.components(separatedBy: "\n")
        let socks = try #require(lines.firstIndex { $0.contains("Socks") }, "\(screen)")
        let tent = try #require(lines.firstIndex { $0.contains("Tent") }, "\(screen)")
        let handle = try #require(lines[socks].firstIndex(of: "≡"), "no handle on the Socks row:\n\(screen)")
        let x = lines[socks].distance(from: lines[socks].startIndex, to: handle)
        try tmux.type(sgr("press", x, socks))
        try tmux.type(sgr("drag", x, tent))
        try tmux.type(sgr("release", x, tent))
        // Socks now heads the second section, just above Tent; Shirt heads the first.
        screen = await tmux.waitFor { screen in
            let r = self.rows(screen)
            guard let gear = r.firstIndex(of: "Gear"), let clothes = r.firstIndex(of: "Clothes") else { return false }
            return r[clothes + 1].hasPrefix("⊖ Shirt") && r[gear + 1].hasPrefix("⊖ Socks") && r[gear + 2].hasPrefix("⊖ Tent")
        }
        let r = rows(screen)
        #expect(r.firstIndex(of: "Gear").map { r[$0 + 1].hasPrefix("⊖ Socks") } == true, "\(screen)")
        try tmux.send("e")
        await tmux.waitFor { $0.contains("Edit") && !$0.contains("⊖") }
        try tmux.send("q")
        screen = await tmux.waitFor("EXITED")
        #expect(screen.contains("EXITED 0"), "\(screen)")
    }

    /// In a debug build, a batch refused inside a delegate callback (a `commit` that forgot its
    /// model) is reported on standard error once the terminal is restored: the swipe's Delete is
    /// confirmed, the app quits, and the message is in the file standard error went to, and on
    /// the restored screen (written on the alternate screen, it would have gone with it).
    @Test func aRefusedBatchReachesStandardErrorAfterTheTerminalIsRestored() async throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let package = try Self.makePackage(main: try Self.firstApp(in: readme))
        let log = package.deletingLastPathComponent().appendingPathComponent("build.log")
        let status = try await Self.build(package, log: log)
        try #require(status == 0, "swift build failed:\n\((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        let binary = package.deletingLastPathComponent().appendingPathComponent("build/debug/RefusingApp").path
        let folder = TempFolder()
        defer { folder.remove() }
        let errors = folder.path + "/stderr.txt"
        let tmux = try Tmux("bash -c 'env LANG=C.UTF-8 TERM=xterm-256color \(binary) 2> >(tee \(errors) >&2); echo EXITED $?; sleep 600'", width: 100, height: 16)
        await tmux.waitFor { $0.contains("Forgetful") && $0.contains("Beta") }
        try tmux.send("d")
        await tmux.waitFor("Delete")
        try tmux.send("Enter")
        var screen = await tmux.waitFor { !$0.contains("Delete") }
        #expect(screen.contains("Alpha"), "the row stays, as the model says:\n\(screen)")
        #expect(!screen.contains("refused inside"), "written while the app ran:\n\(screen)")
        try tmux.send("q")
        screen = await tmux.waitFor { $0.contains("EXITED") && $0.contains("refused inside a table callback") }
        #expect(screen.contains("EXITED 0"), "\(screen)")
        #expect(!screen.contains("Forgetful"), "the app's screen is gone:\n\(screen)")
        let written = await poll { (try? String(contentsOfFile: errors, encoding: .utf8))?.contains("\n") == true }
        let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(written, "nothing on standard error")
        #expect(text.hasPrefix("RefusingApp: refused inside a table callback: "), "the app's name, not listedit's: \(text)")
        #expect(text.contains("row"), "\(text)")
    }
}
