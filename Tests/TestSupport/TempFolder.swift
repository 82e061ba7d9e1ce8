import Foundation

/// A fresh temporary folder for one test; call `remove()` when done.
public struct TempFolder: Sendable {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "listedit-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` in the folder, written with `contents` when given.
    @discardableResult
    public func file(_ name: String, _ contents: String? = nil) -> String {
        let p = path + "/" + name
        if let contents { _ = FileManager.default.createFile(atPath: p, contents: Data(contents.utf8)) }
        return p
    }

    public func bytes(_ name: String) -> [UInt8] {
        [UInt8](FileManager.default.contents(atPath: path + "/" + name) ?? Data())
    }

    public func text(_ name: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
