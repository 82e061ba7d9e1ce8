import ArgumentParser
import Demos
import TableHost

/// `listedit demo NAME`: one of the example programs built on the library's products, run by
/// `TableHost` as an app runs its controller.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run an example program built on the public API.",
        discussion: """
            states    Apple's batch insert/delete example: '\(key("states"))' runs the batch, again
                      to undo; '\(key(.contextMenu))' opens a row's menu, '\(key(.leadingSwipe))' swipes it from the left
            sections  three sections of three rows; rows and sections move in edit mode,
                      '\(key("sections"))' moves them by code
            numbers   odd and even sections; '\(key("numbers"))' deletes the section under the cursor
            board     To do, Doing and Done as lanes; in edit mode cards move between
                      lanes (Space, arrows, Space) or by their handle; '\(key(.togglePresentation))': the list
            """
    )

    /// The key of a demo's bar button.
    static func key(_ name: String) -> String {
        DemoCatalog.buttonKeys[name]?.label ?? "?"
    }

    /// The first key of one of the host's own actions in normal mode, from the host's key table
    /// (`TableHost.defaultKeys`), so the help says what the demo answers to.
    static func key(_ action: HostAction) -> String {
        TableHost.defaultKeys.keys(for: action, in: .normal, limit: 1).first?.label ?? "?"
    }

    @Argument(help: "states, sections, numbers or board.")
    var name: String

    @Flag(name: .customLong("no-animation"), help: "Apply changes without animation frames.")
    var noAnimation = false

    func validate() throws {
        guard DemoCatalog.names.contains(name) else {
            throw ValidationError("unknown demo '\(name)'; choose one of: \(DemoCatalog.names.joined(separator: ", "))")
        }
    }

    func run() throws {
        try runFullScreen(environment: Environment.current) { theme in
            guard let host = DemoCatalog.host(named: name, theme: theme, animations: !noAnimation) else { throw ExitCode(1) }
            return { loop in host.run(on: loop) }
        }
    }
}
