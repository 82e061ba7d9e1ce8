/// Glyphs and colours. Without a UTF-8 locale the glyphs fall back to ASCII; with `NO_COLOR` set
/// (or a monochrome terminal) styles keep their attributes but lose their colours.
public struct Theme: Sendable, Equatable {
    public var deleteControl: String
    public var insertControl: String
    public var handle: String
    /// A task's checkbox, checked and open (`TableViewCell.AccessoryType.checkmark`, `.uncheckedBox`).
    public var checkedBox: String
    public var uncheckedBox: String
    /// A row's mark in multiple selection during editing, selected and not.
    public var selectedMark: String
    public var unselectedMark: String
    /// The trailing accessories: `.disclosureIndicator` and `.detailButton`.
    public var disclosureIndicator: String
    public var detailButton: String
    public var ellipsis: String
    public var usesColor: Bool
    /// Colours that replace the defaults, by role (from the configuration file).
    public var colors: [CellStyle.Role: ColorPair] = [:]

    /// Curses colour numbers: -1 is the terminal's default, 0…7 black…white.
    public struct ColorPair: Equatable, Sendable {
        public var foreground: Int16
        public var background: Int16
        public init(foreground: Int16, background: Int16) {
            self.foreground = foreground
            self.background = background
        }
    }

    public static let unicode = Theme(deleteControl: "⊖", insertControl: "⊕", handle: "≡", checkedBox: "☑", uncheckedBox: "☐",
                                      selectedMark: "●", unselectedMark: "○", disclosureIndicator: "›", detailButton: "ⓘ", ellipsis: "…", usesColor: true)
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
