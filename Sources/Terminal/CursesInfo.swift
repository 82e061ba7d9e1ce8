import CNcursesw

/// Facts about the linked ncursesw that need no terminal: used by `listedit --version` and by a
/// smoke test that proves the shim module builds, links and answers.
public enum CursesInfo {
    /// "ncurses 6.4.20221231", say.
    public static var version: String { String(cString: le_curses_version()) }

    /// Whether the wide-character API was compiled in (the shim sets `NCURSES_WIDECHAR`).
    public static var hasWideCharacterAPI: Bool {
        var c = cchar_t()
        var w: [wchar_t] = [0x4E2D, 0]
        return setcchar(&c, &w, le_a_normal(), 0, nil) == le_ok()
    }
}
