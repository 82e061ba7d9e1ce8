import Foundation

/// The ```swift blocks of Markdown documentation (the library guide, the DocC articles) and the
/// compiled Swift files that hold them, so a test can check that the two are equal.
enum DocumentationCode {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

    /// The bodies of the ```swift blocks of `markdown`, in order; nil when one is not closed.
    static func swiftBlocks(in markdown: String) -> [String]? {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return current == nil ? blocks : nil
    }

    /// A compiled file's code: what follows its one-line header and the blank line after it.
    static func body(ofCompiledFile code: String) -> String? {
        code.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).dropFirst(2).first.map(String.init)
    }

    /// The compiled file for `blocks`: a header naming the Markdown file, then the blocks, in
    /// order, one blank line apart.
    static func compiledFile(for blocks: [String], header: String) -> String {
        "// \(header)\n\n" + blocks.joined(separator: "\n\n") + "\n"
    }
}
