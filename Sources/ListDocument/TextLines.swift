/// The lines of a UTF-8 file, checked one by one so that an error names its line.
///
///     for line in try TextLines.split(bytes, name: "a.md") { print(line.number, line.text) }
enum TextLines {
    struct Line {
        var number: Int
        var text: Substring
    }

    /// Splits on `\n`, drops the `\r`s that end a line (so a line's text never ends with one:
    /// found by the fuzzer, a text ending in `\r` could not be written back), and refuses a line
    /// that is not UTF-8.
    /// Returns the lines and whether the first line ended with `\r\n`.
    static func split(_ bytes: [UInt8], name: String) throws(DocumentError) -> (lines: [Line], crlf: Bool) {
        var lines: [Line] = []
        var crlf = false
        var start = 0
        var number = 1
        let count = bytes.count
        try bytes.withUnsafeBufferPointer { (buffer) throws(DocumentError) in
            while start < count {
                var end = start
                while end < count && buffer[end] != 0x0A { end += 1 }
                var stop = end
                if number == 1 && stop > start && buffer[stop - 1] == 0x0D { crlf = true }
                while stop > start && buffer[stop - 1] == 0x0D { stop -= 1 }
                let slice = UnsafeBufferPointer(rebasing: buffer[start..<stop])
                guard let text = String(validating: slice, as: UTF8.self) else {
                    throw DocumentError(.invalidUTF8, file: name, line: number, "not valid UTF-8; the file was not changed")
                }
                lines.append(Line(number: number, text: Substring(text)))
                start = end + 1
                number += 1
            }
        }
        return (lines, crlf)
    }

    /// Whether a line holds only spaces and tabs.
    static func isBlank(_ s: Substring) -> Bool {
        s.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}
