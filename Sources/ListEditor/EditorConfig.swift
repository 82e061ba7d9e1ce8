import TableKit
import TerminalUI
import TableRendering
import KeyBindings

/// The optional configuration file, `$XDG_CONFIG_HOME/listedit/config` (or
/// `~/.config/listedit/config`). Defaults need no file.
///
///     # listedit configuration
///     style = plain              # grouped (default) or plain
///     animation = off            # on (default), off, or slow (8 times slower)
///     view = board               # list (default) or board: the view files open in
///     map w = save               # key w does what the save key does
///     map ctrl-n = add
///     color cursor = yellow on blue
///
/// A bad entry is an error naming the file, the line and what is wrong.
public struct EditorConfig: Equatable, Sendable {
    public var style: EditorStyle?
    public var animations: Bool?
    /// `animation = slow`: every animation takes `slowdown` times longer than normal, to follow
    /// each frame (a drag's rows sliding, a batch's rows leaving and arriving) or to record the
    /// screen (`make screenshots` catches frames in the middle of a slide with it).
    public var slowAnimations = false
    /// How many times longer animations take with `animation = slow`.
    public static let slowdown = 8.0
    /// Keys bound to actions (`map w = save`), in file order; applied to `KeyAction.table` in
    /// every mode where the action exists.
    public var remaps: [KeyRemap] = []
    public var colors: [CellStyle.Role: Theme.ColorPair] = [:]
    /// `view = board`: files open in the board view (nil: the list, except for a Kanban file).
    public var view: EditorView?

    public init() {}

    public static let colorNames = ["default", "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// Where the file is looked for.
    public static func path(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { return xdg + "/listedit/config" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/listedit/config" }
        return nil
    }

    /// Parses the file's text; `name` is used in error messages.
    public static func parse(_ text: String, name: String) throws(ConfigError) -> EditorConfig {
        var config = EditorConfig()
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            func fail(_ message: String) -> ConfigError { ConfigError(file: name, line: line, message: message) }
            var content = Substring(raw)
            if let hash = content.firstIndex(of: "#") { content = content[..<hash] }
            let trimmed = content.trimmingSpaces
            if trimmed.isEmpty { continue }
            guard let eq = trimmed.firstIndex(of: "=") else { throw fail("expected 'name = value', found '\(trimmed)'") }
            let left = trimmed[..<eq].trimmingSpaces
            let value = trimmed[trimmed.index(after: eq)...].trimmingSpaces.lowercased()
            let words = left.split(separator: " ").map(String.init)
            switch words.first?.lowercased() {
            case "style" where words.count == 1:
                guard let style = EditorStyle(rawValue: value) else { throw fail("style must be grouped or plain, not '\(value)'") }
                config.style = style
            case "animation" where words.count == 1:
                guard ["on", "off", "slow"].contains(value) else { throw fail("animation must be on, off or slow, not '\(value)'") }
                config.animations = value != "off"
                config.slowAnimations = value == "slow"
            case "view" where words.count == 1:
                guard let view = EditorView(rawValue: value) else { throw fail("view must be list or board, not '\(value)'") }
                config.view = view
            case "map" where words.count == 2:
                guard let key = Key(name: words[1]) else { throw fail("unknown key '\(words[1])' (\(Key.nameSyntax))") }
                guard let action = KeyAction(name: value) else {
                    throw fail("unknown action '\(value)' (actions: \(KeyAction.remappable.compactMap(\.name).joined(separator: ", ")))")
                }
                config.remaps.append(KeyRemap(key, action))
            case "color" where words.count == 2:
                guard let role = CellStyle.Role.allCases.first(where: { "\($0)".lowercased() == words[1].lowercased().replacing("-", with: "") }) else {
                    throw fail("unknown colour role '\(words[1])' (roles: \(CellStyle.Role.allCases.map { "\($0)" }.joined(separator: ", ")))")
                }
                let parts = value.split(separator: " ").map(String.init)
                guard let fg = parts.first.flatMap(colorNames.firstIndex(of:)),
                      parts.count == 1 || (parts.count == 3 && parts[1] == "on" && colorNames.contains(parts[2])) else {
                    throw fail("expected 'COLOR' or 'COLOR on COLOR' with colours \(colorNames.joined(separator: ", ")), found '\(value)'")
                }
                let bg = parts.count == 3 ? colorNames.firstIndex(of: parts[2])! : 0
                config.colors[role] = Theme.ColorPair(foreground: Int16(fg) - 1, background: Int16(bg) - 1)
            default:
                throw fail("unknown setting '\(left)' (style, animation, view, map KEY, color ROLE)")
            }
        }
        return config
    }

}

/// A bad configuration entry.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String { "\(file):\(line): \(message)" }
}

extension StringProtocol {
    var trimmingSpaces: Substring {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
        return s
    }
}
