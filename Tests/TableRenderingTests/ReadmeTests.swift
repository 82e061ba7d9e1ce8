import Foundation
import Testing
import TableKit

/// README.md's ten-line library example: its first ```swift block is `ReadmeCode.swift` (whose statements,
/// top-level code in the README, are wrapped in `readmeExample()`), and it runs as the README says.
@MainActor
@Suite struct ReadmeTests {
    @Test func theReadmesExampleIsTheCompiledCode() throws {
        let readme = try String(contentsOf: DocumentationCode.root.appendingPathComponent("README.md"), encoding: .utf8)
        let code = try String(contentsOf: DocumentationCode.root.appendingPathComponent("Tests/TableRenderingTests/ReadmeCode.swift"), encoding: .utf8)
        let blocks = try #require(DocumentationCode.swiftBlocks(in: readme), "an unclosed ```swift block in the README")
        // The ten-line example, then the first app (built and run by FirstAppEndToEndTests).
        #expect(blocks.count == 2)
        let body = try #require(DocumentationCode.body(ofCompiledFile: code))
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The wrapper: the function's line, its `return` and its closing brace.
        #expect(lines.suffix(3) == ["return (states, tableView)", "}", ""])
        lines.removeLast(3)
        let start = try #require(lines.firstIndex(of: "@MainActor func readmeExample() throws -> (States, TableView) {"))
        lines.remove(at: start)
        #expect(lines.joined(separator: "\n") == blocks.first, "README.md and ReadmeCode.swift differ")
    }

    @Test func theReadmesExampleRuns() throws {
        let (states, tableView) = try readmeExample()
        #expect(states.names == ["Alaska", "Arizona", "California", "Delaware"])
        #expect(tableView.rowCounts == [4])
        #expect(tableView.dataSource === states)
    }
}
