@testable import ListDocument
import TableKit
import ListStorage

/// libFuzzer entry point. Every input goes through:
///
/// * the three file parsers; whatever parses must survive a round trip through each format that
///   accepts it (a format may refuse with a clear error, e.g. a line break in a Markdown row);
/// * the document's Markdown reader and writer (`MarkdownFormat`): an untouched model saves byte
///   for byte; an edited one saves to what reads back as the edited list, or is refused;
/// * the `apply` decoder; a decoded script is applied to a small list, and a refused script must
///   leave the list exactly as it was;
/// * the Markdown engine: the blocks partition the input, an untouched list writes it back byte
///   for byte (whole and block by block), and every row's text renders.
///
/// Not a SwiftPM target (see `make fuzz`): linked by swiftc with -sanitize=fuzzer, which provides
/// `main`. `@testable` reaches the internal reader and writer (the libraries are built with testing on).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for format in ListFormat.allCases {
        if let list = try? format.parse(bytes, name: "fuzz") {
            for target in ListFormat.allCases { roundTrip(list, through: target, parsedAs: format) }
        }
    }
    checkMarkdownDocument(bytes)
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
        // Markdown trims titles.
        let trimmed = list.sections.map { ParsedList.Section(title: MarkdownText.trimmedTitle($0.title), rows: $0.rows) }
        if back.sections != trimmed || back.lineEnding != lineEnding {
            fatalError("Markdown round trip changed a list parsed as \(format)")
        }
    case .json:
        if back.sections != list.sections { fatalError("JSON round trip changed a list parsed as \(format)") }
    }
}

/// The document's Markdown path: the model read from the scan saves untouched byte for byte;
/// after edits chosen from the input (a toggle, a move, an insert, a rename), a save either
/// refuses with an error or reads back to the edited list, levels as the model holds them (the
/// move's clamped to the level rule, as every entry point does: the save refuses a list that
/// breaks it).
private func checkMarkdownDocument(_ bytes: [UInt8]) {
    guard let (model, file) = try? MarkdownFormat.read(bytes, name: "fuzz") else { return }
    guard let same = try? MarkdownFormat.write(model, over: file, name: "fuzz") else { fatalError("an untouched document could not be saved") }
    if same != bytes { fatalError("an untouched document did not save byte for byte") }
    var edited = model
    var seed = bytes.reduce(UInt64(5381)) { $0 &* 33 &+ UInt64($1) }
    func next(_ n: Int) -> Int {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return n > 0 ? Int((seed >> 33) % UInt64(n)) : 0
    }
    let items = edited.sections.indices.flatMap { s in
        edited.sections[s].rows.indices.filter { !edited.sections[s].rows[$0].isPassage }.map { IndexPath(row: $0, section: s) }
    }
    if !items.isEmpty {
        let p = items[next(items.count)]
        var row = edited[p]
        row.checkbox = row.checkbox.map { !$0 } ?? true
        edited[p] = row
        let from = items[next(items.count)]
        let to = IndexPath(row: next(edited.sections[from.section].rows.count), section: from.section)
        edited.moveRow(from: from, to: to)
        edited.clampLevels()
    }
    if !edited.sections.isEmpty {
        let s = next(edited.sections.count)
        edited.insertRow(["new", "# h", "- x", "[ ] y", ""][next(5)], at: IndexPath(row: edited.sections[s].rows.count, section: s))
    }
    let want = MarkdownFormat.list(edited, over: file)
    guard let out = try? MarkdownFormat.write(edited, over: file, name: "fuzz") else { return }
    guard let (back, _) = try? MarkdownFormat.read(out, name: "fuzz") else { fatalError("a saved document could not be read") }
    let levels = want.sections.map { $0.rows.map(\.level) }
    for (s, section) in edited.sections.enumerated() where s < back.sections.count {
        let mine = section.rows.filter { !$0.isPassage }
        let theirs = back.sections[s].rows.filter { !$0.isPassage }
        let clamped = zip(section.rows, levels[s]).filter { !$0.0.isPassage }.map(\.1)
        if mine.map(\.text) != theirs.map(\.text) || mine.map(\.checkbox) != theirs.map(\.checkbox) || clamped != theirs.map(\.level) {
            fatalError("a saved document read back to another list")
        }
    }
    if back.sections.count != edited.sections.count { fatalError("a saved document has another number of sections") }
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
