// CTerminalSupport: async-signal-safe C for the curses backend: the signal handlers that only
// record SIGINT, SIGTERM and SIGHUP for the run loop, and the crash-path restore of the terminal
// on fatal signals. It includes only the C library's headers; never curses.
#include "terminal_support.h"

#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static volatile sig_atomic_t pending_signal = 0;
static struct termios saved_mode;
static volatile sig_atomic_t have_saved_mode = 0;
static int saved_fd = -1;
static char restore_buf[256];
static size_t restore_len = 0;

static void on_termination(int sig) {
    if (pending_signal == 0) pending_signal = sig;
}

void le_restore_terminal_now(void) {
    if (have_saved_mode && saved_fd >= 0) tcsetattr(saved_fd, TCSANOW, &saved_mode);
    if (restore_len > 0) {
        ssize_t ignored = write(STDOUT_FILENO, restore_buf, restore_len);
        (void)ignored;
    }
}

static void on_fatal(int sig) {
    le_restore_terminal_now();
    signal(sig, SIG_DFL);
    raise(sig);
}

void le_install_signal_handlers(const char *restore_sequence) {
    if (restore_sequence) {
        size_t n = strlen(restore_sequence);
        if (n >= sizeof restore_buf) n = sizeof restore_buf - 1;
        memcpy(restore_buf, restore_sequence, n);
        restore_len = n;
    }
    // A parent may have left signals blocked or ignored (test runners, some shells): make the
    // ones a terminal program depends on deliverable, so resizes and suspend work.
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGWINCH);
    sigaddset(&unblock, SIGINT);
    sigaddset(&unblock, SIGTERM);
    sigaddset(&unblock, SIGHUP);
    sigaddset(&unblock, SIGTSTP);
    sigaddset(&unblock, SIGCONT);
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    signal(SIGWINCH, SIG_DFL);
    signal(SIGTSTP, SIG_DFL);
    signal(SIGCONT, SIG_DFL);

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_termination;
    sa.sa_flags = 0; // no SA_RESTART: a blocking read returns with EINTR
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);

    struct sigaction fatal;
    memset(&fatal, 0, sizeof fatal);
    sigemptyset(&fatal.sa_mask);
    fatal.sa_handler = on_fatal;
    fatal.sa_flags = (int)SA_RESETHAND;
    sigaction(SIGSEGV, &fatal, NULL);
    sigaction(SIGBUS, &fatal, NULL);
    sigaction(SIGILL, &fatal, NULL);
    sigaction(SIGTRAP, &fatal, NULL);
    sigaction(SIGABRT, &fatal, NULL);
    sigaction(SIGFPE, &fatal, NULL);
}

void le_save_terminal_mode(int fd) {
    if (tcgetattr(fd, &saved_mode) == 0) {
        saved_fd = fd;
        have_saved_mode = 1;
    }
}

int le_take_pending_signal(void) {
    int sig = pending_signal;
    pending_signal = 0;
    return sig;
}

void le_reraise(int sig) {
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    raise(sig);
}
