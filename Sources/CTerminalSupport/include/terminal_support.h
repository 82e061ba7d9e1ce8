// Async-signal-safe pieces of terminal handling that Swift cannot express safely: a flag set by
// signal handlers, and a crash-path restore of the terminal's saved mode.
#ifndef LISTEDIT_TERMINAL_SUPPORT_H
#define LISTEDIT_TERMINAL_SUPPORT_H

/// Installs handlers for SIGINT, SIGTERM, SIGHUP (record the signal, no SA_RESTART so blocking
/// reads return) and for fatal signals (restore the terminal, then die with the same signal).
/// `restore_sequence` is written to the terminal on the crash path (e.g. leave the alternate
/// screen, show the cursor); it is copied.
void le_install_signal_handlers(const char *restore_sequence);

/// Saves the terminal mode of `fd` so that the crash path can put it back.
void le_save_terminal_mode(int fd);

/// The first pending termination signal (SIGINT, SIGTERM, SIGHUP), or 0; clears it.
int le_take_pending_signal(void);

/// Restores the saved mode and writes the restore sequence (async-signal-safe).
void le_restore_terminal_now(void);

/// Puts back the default action for the termination signals and raises `sig` (to die with the
/// signal the user sent, after a clean restore).
void le_reraise(int sig);

#endif
