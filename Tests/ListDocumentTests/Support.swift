import Foundation

/// A fresh temporary folder for one test, removed by the caller with `remove()`.
struct TempFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "listedit-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ contents: String? = nil) -> String {
        let p = path + "/" + name
        if let contents { _ = FileManager.default.createFile(atPath: p, contents: Data(contents.utf8)) }
        return p
    }

    func bytes(_ name: String) -> [UInt8] {
        [UInt8](FileManager.default.contents(atPath: path + "/" + name) ?? Data())
    }

    func text(_ name: String) -> String { String(decoding: bytes(name), as: UTF8.self) }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
