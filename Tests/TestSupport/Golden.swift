import Foundation
import Testing

/// Golden screens: plain-text grids kept next to the tests and reviewed like code.
///
///     assertGolden(grid.text, "edit-mode")
///
/// With `LISTEDIT_RECORD=1` in the environment the expected file is (re)written instead of
/// compared; review the diff before committing it.
public func assertGolden(_ actual: String, _ name: String, filePath: String = #filePath,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    let file = folder.appendingPathComponent(name + ".txt")
    let framed = actual + "\n"
    if ProcessInfo.processInfo.environment["LISTEDIT_RECORD"] == "1" {
        // A name may hold a folder ("screenshots/normal").
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? framed.write(to: file, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("missing golden \(name).txt; run with LISTEDIT_RECORD=1 to record it", sourceLocation: sourceLocation)
        return
    }
    if expected != framed {
        Issue.record("screen differs from golden \(name).txt\n--- expected\n\(expected)--- actual\n\(framed)", sourceLocation: sourceLocation)
    }
}
