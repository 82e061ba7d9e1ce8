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

#include <langinfo.h>
#include <locale.h>
#include <string.h>
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
static inline int le_key_sleft(void) { return KEY_SLEFT; }    // shift-left
static inline int le_key_sright(void) { return KEY_SRIGHT; }  // shift-right
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

// MARK: grapheme clusters

int wcwidth(wchar_t c);   // <wchar.h> declares it only under _XOPEN_SOURCE

/// Columns the C library (and so ncurses) gives a code point: -1 when it does not know it.
static inline int le_wcwidth(wchar_t c) { return wcwidth(c); }

/// Fills `out[i]` with the C library's width of code point `first + i` (-1: unknown to it) in the
/// C.UTF-8 locale, whatever the process's locale: the thread's locale is switched for the call.
/// Returns ERR when C.UTF-8 is not installed.
static inline int le_wcwidths_utf8(wchar_t first, int count, int *out) {
    locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t) 0);
    if (utf8 == (locale_t) 0) return ERR;
    locale_t old = uselocale(utf8);
    for (int i = 0; i < count; i++) out[i] = wcwidth(first + i);
    uselocale(old);
    freelocale(utf8);
    return OK;
}

/// Whether the locale's character set is UTF-8 (so clusters can be written as UTF-8 bytes).
static inline bool le_locale_is_utf8(void) { return strcmp(nl_langinfo(CODESET), "UTF-8") == 0; }

/// How many code points one cell (cchar_t) holds.
static inline int le_ccharw_max(void) { return CCHARW_MAX; }

/// Puts one grapheme cluster of up to CCHARW_MAX code points into one cell, all of them. setcchar
/// stops at the first code point after the first that has a width, so it would drop a skin tone,
/// the rest of a ZWJ family or the second half of a flag: only the first code point goes through
/// setcchar (which encodes the attributes and colour pair), the others are copied in after it.
/// ncurses gives the cell the width of its first code point and writes all of them when it draws
/// the cell. Returns ERR for an empty cluster or one too long for a cell.
static inline int le_put_cluster(int y, int x, const wchar_t *chars, int count, attr_t attrs, short pair) {
    cchar_t cc;
    wchar_t first[2] = { chars[0], L'\0' };
    if (count < 1 || count > CCHARW_MAX) return ERR;
    if (setcchar(&cc, first, attrs, pair, NULL) != OK) return ERR;
    for (int i = 1; i < count; i++) cc.chars[i] = chars[i];
    return mvadd_wch(y, x, &cc);
}

/// Puts a one-column stand-in for a column of a cluster that is written by `le_write_at` after
/// the update: a space that is invisible (so never mistaken for a blank that ncurses may clear
/// with an erase sequence) and equal to no cell of text.
static inline int le_put_stand_in(int y, int x, attr_t attrs, short pair) {
    cchar_t cc;
    wchar_t space[2] = { L' ', L'\0' };
    if (setcchar(&cc, space, attrs | A_INVIS, pair, NULL) != OK) return ERR;
    return mvadd_wch(y, x, &cc);
}

/// Whether the terminal can move the cursor to a given cell (cup), which `le_write_at` needs.
static inline bool le_can_address(void) { return cursor_address != NULL; }

static inline int le_putchar(int c) { return putchar(c); }

/// Writes a control sequence curses does not know (a private mode: bracketed paste, button-motion
/// mouse reporting) straight to standard output, now.
static inline void le_write_raw(const char *sequence) {
    fputs(sequence, stdout);
    fflush(stdout);
}

/// Writes UTF-8 text at row y, column x, in attributes and colour pair, straight to standard
/// output, bypassing ncurses' screen (after doupdate, which leaves nothing unwritten). vid_puts
/// keeps ncurses' record of the terminal's current attributes true.
static inline void le_write_at(int y, int x, const char *utf8, attr_t attrs, short pair) {
    tputs(tiparm(cursor_address, y, x), 1, le_putchar);
    vid_puts(attrs, pair, NULL, le_putchar);
    fputs(utf8, stdout);
}

/// Ends writes made with `le_write_at` or `le_write_probe`: normal attributes, the cursor back at
/// row y, column x (where ncurses believes it is), then flushes.
static inline void le_write_end(int y, int x) {
    vid_puts(A_NORMAL, 0, NULL, le_putchar);
    tputs(tiparm(cursor_address, y, x), 1, le_putchar);
    fflush(stdout);
}

/// Draws UTF-8 text at the start of row y in normal attributes and asks the terminal where its
/// cursor went (the cursor position report request, terminfo u7, ESC [ 6 n): the answer
/// ESC [ row ; column R tells how many columns the text took. Returns ERR when the terminal
/// cannot address the cursor.
static inline int le_write_probe(int y, const char *utf8) {
    const char *ask = tigetstr("u7");
    if (ask == NULL || ask == (char *) -1) ask = "\033[6n";
    if (cursor_address == NULL) return ERR;
    vid_puts(A_NORMAL, 0, NULL, le_putchar);
    tputs(tiparm(cursor_address, y, 0), 1, le_putchar);
    fputs(utf8, stdout);
    fputs(ask, stdout);
    return OK;
}

/// Blanks row y from its start (after probes drew on it) and has the next update repaint it.
static inline void le_erase_row(int y) {
    tputs(tiparm(cursor_address, y, 0), 1, le_putchar);
    if (clr_eol != NULL) tputs(clr_eol, 1, le_putchar);
    wredrawln(stdscr, y, 1);
}

/// Starts curses on the process's terminal without exiting on failure (unlike initscr).
static inline SCREEN *le_newterm(void) { return newterm(NULL, stdout, stdin); }

/// Milliseconds curses waits after Esc for the rest of an escape sequence.
static inline int le_set_escdelay(int ms) { return set_escdelay(ms); }

/// Reads one key or character: returns OK (character), KEY_CODE_YES (function key) or ERR.
static inline int le_get_wch(wint_t *out) { return get_wch(out); }

#endif
