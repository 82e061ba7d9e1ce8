/// Glyphs and colours. Without a UTF-8 locale the glyphs fall back to ASCII; with `NO_COLOR` set
/// (or a monochrome terminal) styles keep their attributes but lose their colours.
public struct Theme: Sendable, Equatable {
    /// A row's delete control in edit mode (`⊖`).
    public var deleteControl: String
    /// A row's insert control in edit mode (`⊕`).
    public var insertControl: String
    /// A row's reorder handle in edit mode (`≡`).
    public var handle: String
    /// A task's checked checkbox (`TableViewCell.AccessoryType.checkmark`).
    public var checkedBox: String
    /// A task's open checkbox (`TableViewCell.AccessoryType.uncheckedBox`).
    public var uncheckedBox: String
    /// A selected row's mark in multiple selection during editing.
    public var selectedMark: String
    /// An unselected row's mark in multiple selection during editing.
    public var unselectedMark: String
    /// The trailing `.disclosureIndicator` accessory.
    public var disclosureIndicator: String
    /// The trailing `.detailButton` accessory.
    public var detailButton: String
    /// What ends text cut short to fit its column.
    public var ellipsis: String
    /// Whether roles get colours; false under `NO_COLOR`, where styles keep only their attributes.
    public var usesColor: Bool
    /// Colours that replace the defaults, by role (from the configuration file).
    public var colors: [CellStyle.Role: ColorPair] = [:]

    /// Curses colour numbers: -1 is the terminal's default, 0…7 black…white.
    public struct ColorPair: Equatable, Sendable {
        /// The text's colour.
        public var foreground: Int16
        /// The colour behind the text.
        public var background: Int16
        /// A pair of curses colour numbers.
        public init(foreground: Int16, background: Int16) {
            self.foreground = foreground
            self.background = background
        }
    }

    /// The glyphs of a UTF-8 terminal, with colours.
    public static let unicode = Theme(deleteControl: "⊖", insertControl: "⊕", handle: "≡", checkedBox: "☑", uncheckedBox: "☐",
                                      selectedMark: "●", unselectedMark: "○", disclosureIndicator: "›", detailButton: "ⓘ", ellipsis: "…", usesColor: true)
    /// ASCII glyphs, for a terminal without a UTF-8 locale, with colours.
    public static let ascii = Theme(deleteControl: "(-)", insertControl: "(+)", handle: "=", checkedBox: "[x]", uncheckedBox: "[ ]",
                                    selectedMark: "(*)", unselectedMark: "( )", disclosureIndicator: ">", detailButton: "(i)", ellipsis: "~", usesColor: true)

    /// The theme for an environment: ASCII unless the locale is UTF-8; no colour under `NO_COLOR`.
    public static func forEnvironment(_ env: [String: String]) -> Theme {
        let locale = env["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? env["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? env["LANG"] ?? ""
        let utf8 = locale.uppercased().replacingOccurrences(of: "-", with: "").contains("UTF8")
        var theme = utf8 ? Theme.unicode : Theme.ascii
        if let noColor = env["NO_COLOR"], !noColor.isEmpty { theme.usesColor = false }
        return theme
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
