import ArgumentParser
import Demos
import TableView
import Terminal

/// `listedit demo NAME`: one of the example programs built on the library's public API.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run an example program built on the library's public API.",
        discussion: """
            states    Apple's batch insert/delete example: 'b' runs the batch, again to reverse it
            sections  three sections of three rows; rows and whole sections move in edit mode
            numbers   odd and even sections; 'x' deletes the section under the cursor
            """
    )

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
        let environment = Environment.current
        let signal = try MainActor.assumeIsolated { () throws -> Int32 in
            let theme = Theme.forEnvironment(environment)
            guard let demo = DemoHost.demo(named: name) else { throw ExitCode(1) }
            let host = DemoHost(demo, theme: theme, animations: !noAnimation)
            let terminal: CursesTerminal
            do {
                terminal = try CursesTerminal.start(theme: theme, environment: environment)
            } catch {
                throw ExitCode(fail("\(error)"))
            }
            return terminal.run(host)
        }
        if signal != 0 { CursesTerminal.exit(bySignal: signal) }
    }
}
