@testable import ListDocument
import TableKit

/// libFuzzer entry point. Every input goes through:
///
/// * the three file parsers; whatever parses must survive a round trip through each format that
///   accepts it (a format may refuse with a clear error, e.g. a line break in a Markdown row);
/// * the editor's fast Markdown parser (`parseModel`, rows pointing into the bytes) against the
///   plain line-by-line parser: same list, same line ending, same bytes when each is saved, or
///   the same error;
/// * the `apply` decoder; a decoded script is applied to a small list, and a refused script must
///   leave the list exactly as it was;
/// * the Markdown engine: the blocks partition the input, an untouched list writes it back byte
///   for byte (whole and block by block), and every row's text renders.
///
/// Not a SwiftPM target (see `make fuzz`): linked by swiftc with -sanitize=fuzzer, which provides
/// `main`. `@testable` reaches the internal fast path (the libraries are built with testing on).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for format in ListFormat.allCases {
        if let list = try? format.parse(bytes, name: "fuzz") {
            for target in ListFormat.allCases { roundTrip(list, through: target, parsedAs: format) }
        }
    }
    compareMarkdownPaths(bytes)
    checkMarkdownEngine(bytes)
    if let script = try? BatchScript.decode(bytes, name: "fuzz") {
        let original = ListModel(sections: [("A", ["a", "b", "c"]), ("B", []), ("C", ["d"])])
        var model = original
        do {
            try script.apply(to: &model)
        } catch {
            if model != original { fatalError("a refused script changed the list") }
        }
    }
    return 0
}

/// Writes `list` as `target` and reads it back: the same list, or a refusal.
private func roundTrip(_ list: ParsedList, through target: ListFormat, parsedAs format: ListFormat) {
    guard let written = try? target.serialize(list, name: "fuzz") else { return }
    guard let back = try? target.parse(written, name: "fuzz") else {
        fatalError("\(target) could not read what it wrote for a list parsed as \(format)")
    }
    // An empty file has no line to show its line ending.
    let lineEnding = written.isEmpty ? "\n" : list.lineEnding
    switch target {
    case .plainText:
        // One untitled list: empty sections are not kept.
        let rows = list.sections.flatMap(\.rows)
        if back.sections.flatMap(\.rows) != rows || back.lineEnding != lineEnding {
            fatalError("plain-text round trip changed a list parsed as \(format)")
        }
    case .markdown:
        if back.sections != list.sections || back.lineEnding != lineEnding {
            fatalError("Markdown round trip changed a list parsed as \(format)")
        }
    case .json:
        if back.sections != list.sections { fatalError("JSON round trip changed a list parsed as \(format)") }
    }
}

/// The editor opens Markdown with `parseModel`, whose rows point into the file's bytes; it must
/// read what the plain parser reads, and a model of either must save to the same bytes.
private func compareMarkdownPaths(_ bytes: [UInt8]) {
    let slow: Result<ParsedList, DocumentError> = Result { () throws(DocumentError) in
        try MarkdownFormat.parse(bytes, name: "fuzz")
    }
    let fast: Result<(ListModel, crlf: Bool), DocumentError> = Result { () throws(DocumentError) in
        try MarkdownFormat.parseModel(bytes, name: "fuzz")
    }
    switch (slow, fast) {
    case (.success(let list), .success(let (model, crlf))):
        let contents = model.contents.map { ParsedList.Section(title: $0.title, rows: $0.rows) }
        if contents != list.sections || (crlf ? "\r\n" : "\n") != list.lineEnding {
            fatalError("the fast Markdown parser read a different list")
        }
        let slowBytes = try? MarkdownFormat.serialize(list, name: "fuzz")
        let fastBytes = try? MarkdownFormat.serialize(model, lineEnding: list.lineEnding, name: "fuzz")
        if slowBytes != fastBytes { fatalError("the two Markdown readings saved to different bytes") }
    case (.failure(let a), .failure(let b)):
        if a.kind != b.kind || a.line != b.line { fatalError("the Markdown parsers failed differently: \(a) / \(b)") }
    default:
        fatalError("one Markdown parser accepted what the other refused")
    }
}

/// The Markdown engine's promises on any input.
private func checkMarkdownEngine(_ bytes: [UInt8]) {
    let scan = MarkdownScanner.scan(bytes)
    var joined: [UInt8] = []
    for i in scan.blocks.indices { joined += scan.bytes(of: i, in: bytes) }
    if joined != bytes { fatalError("the Markdown blocks do not partition the file") }
    let list = MarkdownList(scan)
    let writer = MarkdownWriter(file: bytes, scan: scan, name: "fuzz")
    guard let out = try? writer.render(list, wholeSections: false) else { fatalError("an untouched Markdown list could not be written") }
    if out.bytes != bytes { fatalError("an untouched Markdown list was not written back byte for byte") }
    for block in scan.blocks where block.kind == .item {
        _ = MarkdownInline.render(bytes[block.textRange], references: scan.linkReferences)
    }
}
