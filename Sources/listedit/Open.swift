import ArgumentParser
import ListDocument
import ListEditor
import TableKit
import TerminalUI
import TableRendering
#if canImport(Glibc)
import Glibc
#endif

/// `listedit [FILE]`: opens FILE (or the built-in example) in the editor.
struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open FILE in the editor (the default command).",
        discussion: "Without FILE, the built-in example list opens in memory; saving asks for a name."
    )

    @Argument(help: "The list file; created on the first save if missing.")
    var file: String?

    @Option(help: "Grouped (default) or plain.")
    var style: EditorStyle?

    @Flag(name: .customLong("no-animation"), help: "Apply changes without animation frames.")
    var noAnimation = false

    @Flag(help: "Open as a board: sections as lanes (B switches).")
    var board = false

    func run() throws {
        let document: ListDocument
        var rest: (ProgressiveLoad, ProgressiveLoad.Source)?
        do {
            if let file {
                // A large Markdown file shows its first screen at once; the rest is read in the
                // background. Not when recovery files wait for it: they are offered against the
                // whole file, so it is read whole first.
                let (opened, load, source) = Recovery.pending(for: file).isEmpty
                    ? try ListDocument.openProgressively(file) : (try ListDocument.open(file), nil, nil)
                document = opened
                if let load, let source { rest = (load, source) }
            } else {
                document = ListDocument(model: ExampleList.model)
            }
        } catch {
            throw ExitCode(fail(error.description))
        }
        let environment = Environment.current
        let config = try loadConfig(environment)
        try runFullScreen(environment: environment) { theme in
            theme.colors = config.colors
            let editor = ListEditor(document: document, displayName: file == nil ? "Example (not saved)" : nil,
                                    style: (style ?? config.style ?? .grouped).tableStyle, theme: theme,
                                    animations: !noAnimation && config.animations != false)
            editor.keymap.apply(config.remaps)
            if config.slowAnimations { editor.renderer.animationSlowdown = EditorConfig.slowdown }
            editor.setView(EditorView.opening(document, asked: board ? .board : config.view))
            if let (load, source) = rest { editor.startLoading(load, from: source) }
            // The run loop hands every effect the editor's update step returns to this performer.
            let performer = EditorEffectPerformer()
            return { loop in loop.run(editor) { performer.perform($0, for: editor) } }
        }
    }
}

/// Reads the configuration file when there is one; a bad entry stops with its place.
func loadConfig(_ environment: [String: String]) throws -> EditorConfig {
    guard let path = EditorConfig.path(environment: environment), FileAccess.exists(path) else { return EditorConfig() }
    do {
        let bytes = try FileAccess.read(path).bytes
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ExitCode(fail("\(path): not valid UTF-8"))
        }
        return try EditorConfig.parse(text, name: path)
    } catch let error as ConfigError {
        throw ExitCode(fail(error.description))
    } catch let error as DocumentError {
        throw ExitCode(fail(error.description))
    }
}

extension EditorStyle: ExpressibleByArgument {}

/// The environment variables listedit reads.
enum Environment {
    static var current: [String: String] {
        var env: [String: String] = [:]
        for name in ["TERM", "LANG", "LC_ALL", "LC_CTYPE", "NO_COLOR", "XDG_CONFIG_HOME", "HOME"] {
            if let value = getenv(name) { env[name] = String(cString: value) }
        }
        return env
    }
}
