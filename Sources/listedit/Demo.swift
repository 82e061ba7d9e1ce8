import ArgumentParser
import Demos
import TableRendering

/// `listedit demo NAME`: one of the example programs built on the library's public API.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run an example program built on the public API.",
        discussion: """
            states    Apple's batch insert/delete example: '\(key(.runBatch))' runs the batch, again to undo
            sections  three sections of three rows; rows and sections move in edit mode,
                      '\(key(.shuffle))' moves them by code
            numbers   odd and even sections; '\(key(.deleteSection))' deletes the section under the cursor
            """
    )

    /// The key of a demo's bar button, from the demos' key table.
    static func key(_ action: DemoAction) -> String {
        DemoHost.table.keys(for: action, in: .normal, limit: 1).first?.label ?? "?"
    }

    @Argument(help: "states, sections or numbers.")
    var name: String

    @Flag(name: .customLong("no-animation"), help: "Apply changes without animation frames.")
    var noAnimation = false

    func validate() throws {
        guard DemoHost.names.contains(name) else {
            throw ValidationError("unknown demo '\(name)'; choose one of: \(DemoHost.names.joined(separator: ", "))")
        }
    }

    func run() throws {
        try runFullScreen(environment: Environment.current) { theme in
            guard let demo = DemoHost.demo(named: name) else { throw ExitCode(1) }
            let host = DemoHost(demo, theme: theme, animations: !noAnimation)
            return { loop in loop.run(host) }
        }
    }
}
