import Testing
import TableKit
import TerminalUI
@testable import Terminal

/// The backend's side of cluster widths that needs no terminal: what the C library (and so
/// ncurses) thinks code points take, and reading the terminal's cursor position reports.
@Suite struct CursesWidthTests {
    /// Single code points assigned in Unicode 14 (the version of both the generated table and
    /// glibc 2.36's): `TextWidth` agrees with the C library's `wcwidth`, an independent reading
    /// of the same data, but where glibc departs from Unicode 14 on purpose.
    @Test func singleCodePointsAgreeWithTheCLibrary() throws {
        let glibcOwn: [ClosedRange<UInt32>: String] = [
            0x3248...0x324F: "circled numbers on black squares: East Asian Ambiguous, glibc wide",
            0x4DC0...0x4DFF: "Yijing hexagrams: Neutral in Unicode 14, glibc wide (Unicode 16 agrees)",
            0x1171E...0x1171E: "Ahom medial ra: a nonspacing mark in Unicode 14, a spacing mark in the standard library's later data",
        ]
        let widths = try #require(CursesInfo.cLibraryWidths(0x20...0x3FFFF), "the C.UTF-8 locale is missing")
        var compared = 0
        var differences: [String] = []
        for (i, c) in widths.enumerated() where c >= 0 {
            let v = UInt32(0x20 + i)
            guard let s = Unicode.Scalar(v), let age = s.properties.age, age.major < 15 else { continue }
            compared += 1
            if glibcOwn.keys.contains(where: { $0.contains(v) }) { continue }
            if TextWidth.of(Character(s)) != c { differences.append(String(v, radix: 16) + ":\(c)") }
        }
        #expect(compared > 140_000)
        #expect(differences == [], "\(differences.count) differences")
    }

    static func feed(_ text: String, to reader: inout CursorReport.Reader) -> [CursorReport.Output] {
        text.unicodeScalars.flatMap { reader.feed($0.value) }
    }

    @Test func reportsArePickedOutOfTyping() {
        var reader = CursorReport.Reader()
        let out = Self.feed("a\u{1B}[18;5Rb\u{1B}[3;12R", to: &reader)
        #expect(out == [.character(0x61), .report(CursorReport(row: 18, column: 5)), .character(0x62),
                        .report(CursorReport(row: 3, column: 12))])
        #expect(!reader.isInsideReport)
    }

    /// Anything that breaks the pattern comes back as the characters typed, in order: Esc alone,
    /// an arrow key's sequence, a report cut short, a second Esc that starts a real report.
    @Test(arguments: ["\u{1B}", "\u{1B}[A", "\u{1B}[18", "\u{1B}[18;", "\u{1B}[;5R", "\u{1B}[18R", "\u{1B}[1;2;3R", "\u{1B}x", "[18;5R"])
    func whatIsNotAReportComesBack(_ typed: String) {
        var reader = CursorReport.Reader()
        var out = Self.feed(typed, to: &reader)
        out += reader.flush()
        #expect(out == typed.unicodeScalars.map { .character($0.value) })
        #expect(!reader.isInsideReport)
    }

    @Test func anEscInsideAReportStartsAnother() {
        var reader = CursorReport.Reader()
        let out = Self.feed("\u{1B}[1\u{1B}[2;7R", to: &reader)
        #expect(out == [.character(0x1B), .character(0x5B), .character(0x31), .report(CursorReport(row: 2, column: 7))])
    }

    @Test func aReportWaitsForItsEnd() {
        var reader = CursorReport.Reader()
        #expect(Self.feed("\u{1B}[40;1", to: &reader) == [])
        #expect(reader.isInsideReport)
        #expect(Self.feed("2R", to: &reader) == [.report(CursorReport(row: 40, column: 12))])
    }
}
