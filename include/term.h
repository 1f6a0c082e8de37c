/* term.h -- reading lines from the player and the signals that end a run.
 *
 * Lines are read one byte at a time from a file descriptor, so no input
 * is ever read ahead: auth_secret_read() can take the next line from the
 * same descriptor. Ctrl-C (SIGINT), SIGTERM and SIGHUP interrupt a read
 * instead of killing the program, so every caller can unwind, restore
 * the terminal and keep the database consistent.
 */
#ifndef GOMOKU_TERM_H
#define GOMOKU_TERM_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

/* Longest line kept; longer lines are read to their end and refused. */
#define TERM_LINE_MAX 256

enum term_read {
	TERM_OK = 0,
	TERM_EOF,	  /* end of input (Ctrl-D) before a line */
	TERM_INTERRUPTED, /* SIGINT, SIGTERM or SIGHUP arrived */
	TERM_TOO_LONG,	  /* longer than TERM_LINE_MAX: discarded */
	TERM_TIMEOUT	  /* the deadline passed first */
};

/* Install the handlers for SIGINT, SIGTERM and SIGHUP (no SA_RESTART,
 * so a blocked read returns) and ignore SIGPIPE. */
void term_signals_init(void);

/* The signal that asked the program to stop, or 0 when none did. */
int term_stop_signal(void);

/* The flag behind term_stop_signal(), for long computations that poll
 * it (the computer's search): non-zero once a stop signal arrived. */
const volatile sig_atomic_t *term_stop_flag(void);

/* Read one line from fd into buf[TERM_LINE_MAX + 1] without its newline
 * (a final "\r" is dropped too), NUL-terminated; *len is its length in
 * bytes (it may hold NUL bytes). A last line without a newline counts. */
enum term_read term_read_line(int fd, char *buf, size_t *len);

/* term_read_line() with a deadline in term_now_ms() time (0 = none):
 * TERM_TIMEOUT when it passes before the line is complete. */
enum term_read term_read_line_until(int fd, char *buf, size_t *len,
				    long long deadline);

/* Milliseconds on the monotonic clock. */
long long term_now_ms(void);

/* True when output should be coloured: `fd` is a terminal, NO_COLOR is
 * not set (or empty) and `no_color` (from --no-color) is false. */
bool term_use_color(int fd, bool no_color);

#endif
