// The only door from Swift to ncursesw.
//
// SwiftPM drops pkg-config's -D flags, so the wide-character API is switched on here, before
// <curses.h>. Globals (stdscr, LINES, COLS, COLORS) and macros (COLOR_PAIR, getmaxyx, KEY_*,
// A_*) are reached through static inline functions, so Swift never touches a C global directly.
#ifndef LISTEDIT_CNCURSESW_SHIM_H
#define LISTEDIT_CNCURSESW_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// MARK: globals

static inline WINDOW *le_stdscr(void) { return stdscr; }
static inline int le_lines(void) { return LINES; }
static inline int le_cols(void) { return COLS; }
static inline int le_colors(void) { return COLORS; }
static inline int le_ok(void) { return OK; }
static inline int le_err(void) { return ERR; }
static inline const char *le_curses_version(void) { return curses_version(); }

// MARK: attributes

static inline attr_t le_a_normal(void) { return A_NORMAL; }
static inline attr_t le_a_bold(void) { return A_BOLD; }
static inline attr_t le_a_dim(void) { return A_DIM; }
static inline attr_t le_a_reverse(void) { return A_REVERSE; }
static inline attr_t le_a_underline(void) { return A_UNDERLINE; }

// MARK: keys

static inline int le_key_code_yes(void) { return KEY_CODE_YES; }
static inline int le_key_up(void) { return KEY_UP; }
static inline int le_key_down(void) { return KEY_DOWN; }
static inline int le_key_left(void) { return KEY_LEFT; }
static inline int le_key_right(void) { return KEY_RIGHT; }
static inline int le_key_sr(void) { return KEY_SR; }          // shift-up
static inline int le_key_sf(void) { return KEY_SF; }          // shift-down
static inline int le_key_ppage(void) { return KEY_PPAGE; }
static inline int le_key_npage(void) { return KEY_NPAGE; }
static inline int le_key_home(void) { return KEY_HOME; }
static inline int le_key_end(void) { return KEY_END; }
static inline int le_key_dc(void) { return KEY_DC; }
static inline int le_key_backspace(void) { return KEY_BACKSPACE; }
static inline int le_key_enter(void) { return KEY_ENTER; }
static inline int le_key_resize(void) { return KEY_RESIZE; }
static inline int le_key_mouse(void) { return KEY_MOUSE; }
static inline int le_key_btab(void) { return KEY_BTAB; }

// MARK: mouse

static inline mmask_t le_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t le_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t le_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t le_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t le_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t le_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t le_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }

// MARK: colours

static inline attr_t le_color_pair(short n) { return COLOR_PAIR(n); }

// MARK: wide-character output

/// Puts one cell: a base character plus up to four combining marks, with attributes and a pair.
static inline int le_put_cell(int y, int x, const wchar_t *chars, int count, attr_t attrs, short pair) {
    cchar_t cc;
    wchar_t buf[CCHARW_MAX + 1];
    int n = count < CCHARW_MAX ? count : CCHARW_MAX;
    for (int i = 0; i < n; i++) buf[i] = chars[i];
    buf[n] = L'\0';
    if (setcchar(&cc, buf, attrs, pair, NULL) != OK) return ERR;
    return mvadd_wch(y, x, &cc);
}

/// Starts curses on the process's terminal without exiting on failure (unlike initscr).
static inline SCREEN *le_newterm(void) { return newterm(NULL, stdout, stdin); }

/// Milliseconds curses waits after Esc for the rest of an escape sequence.
static inline int le_set_escdelay(int ms) { return set_escdelay(ms); }

/// Reads one key or character: returns OK (character), KEY_CODE_YES (function key) or ERR.
static inline int le_get_wch(wint_t *out) { return get_wch(out); }

#endif
