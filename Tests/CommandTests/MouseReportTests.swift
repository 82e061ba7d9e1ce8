import Testing
import Terminal
import TerminalUI

/// listedit's own decoding of mouse reports (SGR and X10), which works whatever `kmous` the
/// terminal description names.
@Suite struct MouseReportTests {
    func sgr(_ text: String) -> MouseEvent? { MouseReport.sgr(Array(text.utf8)) }

    @Test func sgrPressDragReleaseAndWheel() {
        #expect(sgr("0;10;4M") == MouseEvent(.press, x: 9, y: 3))
        #expect(sgr("32;11;5M") == MouseEvent(.drag, x: 10, y: 4))
        #expect(sgr("0;11;5m") == MouseEvent(.release, x: 10, y: 4))
        #expect(sgr("64;1;1M") == MouseEvent(.wheelUp, x: 0, y: 0))
        #expect(sgr("65;200;300M") == MouseEvent(.wheelDown, x: 199, y: 299))
        // Shift, Meta and Ctrl (4, 8, 16) do not change what the left button did.
        #expect(sgr("20;3;3M") == MouseEvent(.press, x: 2, y: 2))
        // The right button's press opens a context menu in a table host.
        #expect(sgr("2;3;3M") == MouseEvent(.rightPress, x: 2, y: 2))
    }

    @Test func sgrReportsListeditDoesNotUseAreNil() {
        #expect(sgr("2;3;3m") == nil)       // the right button's release
        #expect(sgr("1;3;3M") == nil)       // middle button
        #expect(sgr("34;3;3M") == nil)      // motion with the right button
        #expect(sgr("35;3;3M") == nil)      // motion without a button (mode 1003)
    }

    @Test func malformedSGRIsNil() {
        for text in ["", "0;10M", "0;10;4", "0;10;4;5M", "0;0;4M", "0;10;0M", "a;1;1M", "0;1;1Mx",
                     "99999999999999999999;1;1M", "0;1;1~"] {
            #expect(sgr(text) == nil, "\(text)")
        }
    }

    @Test func x10() {
        #expect(MouseReport.x10(32, 33 + 9, 33 + 3) == MouseEvent(.press, x: 9, y: 3))
        #expect(MouseReport.x10(32 + 32, 40, 40) == MouseEvent(.drag, x: 7, y: 7))
        #expect(MouseReport.x10(32 + 3, 40, 41) == MouseEvent(.release, x: 7, y: 8))
        #expect(MouseReport.x10(32 + 64, 33, 33) == MouseEvent(.wheelUp, x: 0, y: 0))
        #expect(MouseReport.x10(32 + 65, 33, 33) == MouseEvent(.wheelDown, x: 0, y: 0))
        #expect(MouseReport.x10(32 + 2, 40, 40) == MouseEvent(.rightPress, x: 7, y: 7))
        #expect(MouseReport.x10(31, 40, 40) == nil)                // not a report
        #expect(MouseReport.x10(32, 32, 40) == nil)
        // Columns past 95 arrive as bytes above 127.
        #expect(MouseReport.x10(32, 255, 33) == MouseEvent(.press, x: 222, y: 0))
    }
}
