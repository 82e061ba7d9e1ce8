import Foundation

/// `docs/images/shots.sha256`, written by `make screenshots`: for each shot, the SHA-256 of every
/// golden its captured screens equalled, of the colour captures drawn, and of its picture. A golden
/// re-recorded (`LISTEDIT_RECORD=1 swift test`) without re-rendering the pictures no longer matches
/// it, so the pictures cannot silently show an old UI.
///
///     let manifest = try ShotManifest.load(root: ShotTable.root)
///     manifest.problems(root: ShotTable.root, shots: table.shots)   // [] when pictures and goldens agree
///
/// A line is `shot kind file sha256`, kind `golden` (file: the golden, from the package folder),
/// `capture` (file: the frame's name; the capture itself is not kept) or `image` (the picture).
struct ShotManifest {
    struct Entry: Equatable {
        var shot: String
        var kind: String
        var file: String
        var hash: String
    }

    static let path = "docs/images/shots.sha256"
    static let goldens = "Tests/CommandTests/Goldens/screenshots"

    var entries: [Entry]

    /// The entries of the manifest's text; comment lines (`#`) and blank lines skipped.
    ///
    /// - Complexity: O(n) in the length of the text.
    init(_ text: String) {
        entries = text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard !line.hasPrefix("#"), fields.count == 4 else { return nil }
            return Entry(shot: String(fields[0]), kind: String(fields[1]), file: String(fields[2]), hash: String(fields[3]))
        }
    }

    static func load(root: String) throws -> ShotManifest {
        ShotManifest(try String(contentsOfFile: root + "/" + path, encoding: .utf8))
    }

    /// What no longer agrees with the manifest, one message each: a golden or picture whose bytes
    /// differ from the hash recorded when the picture was rendered, a golden or picture of a shot
    /// the manifest does not list (a shot added without rendering it), or a file missing.
    ///
    /// - Complexity: O(total size of the goldens and pictures).
    func problems(root: String, shots: [Shot]) -> [String] {
        var problems: [String] = []
        func check(_ shot: Shot, _ kind: String, _ file: String) {
            guard let entry = entries.first(where: { $0.shot == shot.name && $0.kind == kind && $0.file == file }) else {
                problems.append("\(shot.name): \(Self.path) has no \(kind) \(file): re-render with make screenshots")
                return
            }
            guard let data = FileManager.default.contents(atPath: root + "/" + file) else {
                problems.append("\(shot.name): \(file) is missing: re-render with make screenshots")
                return
            }
            let hash = SHA256.hex(of: [UInt8](data))
            if hash != entry.hash {
                let what = kind == "golden" ? "the golden differs from the one the picture was drawn from"
                                            : "the picture differs from the one make screenshots drew"
                problems.append("\(shot.name): \(file): \(what) (SHA-256 \(hash), \(Self.path) says \(entry.hash)): re-render with make screenshots")
            }
        }
        for shot in shots {
            for golden in shot.goldens {
                check(shot, "golden", "\(Self.goldens)/\(golden).txt")
                if !entries.contains(where: { $0.shot == shot.name && $0.kind == "capture" && $0.file == golden }) {
                    problems.append("\(shot.name): \(Self.path) has no capture \(golden): re-render with make screenshots")
                }
            }
            check(shot, "image", shot.picture)
            let expected = Set(shot.goldens.map { "\(Self.goldens)/\($0).txt" })
            for entry in entries where entry.shot == shot.name && entry.kind == "golden" && !expected.contains(entry.file) {
                problems.append("\(shot.name): \(Self.path) lists \(entry.file), which the shot no longer captures: re-render with make screenshots")
            }
        }
        let names = Set(shots.map(\.name))
        for entry in entries where !names.contains(entry.shot) {
            problems.append("\(Self.path) lists \(entry.shot), which Scripts/shots.json no longer has: re-render with make screenshots")
        }
        return problems
    }
}
