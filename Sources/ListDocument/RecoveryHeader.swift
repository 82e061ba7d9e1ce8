/// The first lines of a recovery file: who wrote it, when, for which version of the document,
/// and where its content is. Up to the first blank line; then the edits, then the base, then the
/// other lines pasted rows carry (`Recovery.encodeCarriedLines`), then the rows that name an
/// earlier version of the file (`Recovery.encodeEarlierRows`).
///
///     listedit recovery file
///     pid: 4242
///     process: listedit
///     host: box
///     written: 1790000000
///     stamp: 2049 1234567 1024 1790000000.123456789 0123456789abcdef
///     edits: yes
///     content: markdown 58
///     base: markdown 40
///     lines: 31
///     earlier: 120
///     read: 262144
///
///     # Groceries
///     ...
///
/// `read:` is there when the edits were made on the document's first bytes only (written while
/// the file loaded, or after its load stopped early): the stamp's hash is of those bytes, and the
/// base is the list they hold. Unknown lines are ignored, so a later version can add some.
struct RecoveryHeader: Equatable, Sendable {
    static let magic = "listedit recovery file"

    /// How a list is encoded in the file: Markdown, or JSON when a text holds a line break.
    enum Encoding: String, Sendable { case markdown, json }

    var owner: RecoveryOwner
    /// When it was last written, in seconds since 1970.
    var written: Int64
    /// The document's stamp when the session read or last saved it (`nil`: no file then).
    var documentStamp: FileAccess.Stamp?
    var hasEdits: Bool
    /// The edits (the list as edited) and the base (the list as read), each encoded, with their
    /// lengths in bytes, one after the other after the header.
    var content: (encoding: Encoding, length: Int)?
    var base: (encoding: Encoding, length: Int)?
    /// The length of the carried lines after the base (nil: none).
    var lines: Int?
    /// The length of the earlier rows after the carried lines (nil: none).
    var earlier: Int?
    /// The number of the document's first bytes the edits were made on, when not all of it.
    var prefix: Int?

    static func == (a: RecoveryHeader, b: RecoveryHeader) -> Bool {
        a.owner == b.owner && a.written == b.written && a.documentStamp == b.documentStamp && a.hasEdits == b.hasEdits
            && a.content?.encoding == b.content?.encoding && a.content?.length == b.content?.length
            && a.base?.encoding == b.base?.encoding && a.base?.length == b.base?.length && a.lines == b.lines
            && a.earlier == b.earlier && a.prefix == b.prefix
    }

    var encoded: [UInt8] {
        var lines = [Self.magic, "pid: \(owner.pid)", "process: \(owner.process)", "host: \(owner.host)",
                     "written: \(written)", "stamp: \(documentStamp.map(\.description) ?? "none")",
                     "edits: \(hasEdits ? "yes" : "no")"]
        if let content { lines.append("content: \(content.encoding.rawValue) \(content.length)") }
        if let base { lines.append("base: \(base.encoding.rawValue) \(base.length)") }
        if let carried = self.lines { lines.append("lines: \(carried)") }
        if let earlier { lines.append("earlier: \(earlier)") }
        if let prefix { lines.append("read: \(prefix)") }
        return Array((lines.joined(separator: "\n") + "\n\n").utf8)
    }

    /// The header at the start of `bytes` and where the content starts, or `nil` when `bytes`
    /// does not start with one (a recovery file of an earlier listedit: all content).
    static func decode(_ bytes: ArraySlice<UInt8>) -> (header: RecoveryHeader, contentStart: Int)? {
        guard let end = bytes.indices.first(where: { bytes[$0] == 0x0A && $0 + 1 < bytes.endIndex && bytes[$0 + 1] == 0x0A })
        else { return nil }
        let text = String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.popFirst() == Substring(magic) else { return nil }
        var fields: [Substring: Substring] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon]] = line[line.index(after: colon)...].drop { $0 == " " }
        }
        func part(_ key: Substring) -> (encoding: Encoding, length: Int)? {
            guard let words = fields[key]?.split(separator: " "), words.count == 2,
                  let encoding = Encoding(rawValue: String(words[0])), let length = Int(words[1]), length >= 0 else { return nil }
            return (encoding, length)
        }
        guard let pid = fields["pid"].flatMap({ Int32($0) }) else { return nil }
        let owner = RecoveryOwner(pid: pid, process: String(fields["process"] ?? ""), host: String(fields["host"] ?? ""))
        let header = RecoveryHeader(
            owner: owner, written: fields["written"].flatMap { Int64($0) } ?? 0,
            documentStamp: fields["stamp"].flatMap { FileAccess.Stamp($0) },
            hasEdits: fields["edits"] == "yes", content: part("content"), base: part("base"),
            lines: fields["lines"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
            earlier: fields["earlier"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
            prefix: fields["read"].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil })
        return (header, end + 2)
    }
}
