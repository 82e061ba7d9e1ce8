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
