import Foundation

/// The Markdown files in `Tests/ListDocumentTests/Corpus`: real-world-shaped lists, READMEs,
/// changelogs and notes, as users write them.
enum Corpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus").path

    /// Every file, by name, sorted.
    static func files() throws -> [(name: String, bytes: [UInt8])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }.sorted()
        return try names.map { name in
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: name])
            }
            return (name, [UInt8](data))
        }
    }
}
