import TableKit
import TerminalUI

/// The glyphs a cell's accessory is drawn with.
extension Theme {
    /// The checkbox drawn before a cell's text, if its accessory is one.
    public func leadingGlyph(for accessory: TableViewCell.AccessoryType) -> String? {
        switch accessory {
        case .checkmark: return checkedBox
        case .uncheckedBox: return uncheckedBox
        default: return nil
        }
    }

    /// The glyph drawn at a cell's right end, if its accessory is drawn there.
    public func trailingGlyph(for accessory: TableViewCell.AccessoryType) -> String? {
        switch accessory {
        case .disclosureIndicator: return disclosureIndicator
        case .detailButton: return detailButton
        case .detailDisclosureButton: return detailButton + " " + disclosureIndicator
        default: return nil
        }
    }
}

/// The frame of a box drawn over the screen (a popup menu, a prompt, the help).
extension Theme {
    /// Corners, the horizontal and the vertical line: box-drawing characters with the Unicode
    /// glyphs, `+`, `-` and `|` with the ASCII ones.
    public var box: (tl: String, tr: String, bl: String, br: String, h: String, v: String) {
        ellipsis == "…" ? ("┌", "┐", "└", "┘", "─", "│") : ("+", "+", "+", "+", "-", "|")
    }
}
