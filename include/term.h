/* term.h -- reading lines from the player and the signals that end a run.
 *
 * One line reader serves the prompts, the brain protocol and passwords
 * (auth.c, with echo off). Lines are read one byte at a time from a file
 * descriptor, so no input is ever read ahead and the next line can be a
 * password read from the same descriptor. Ctrl-C (SIGINT), SIGTERM and
 * SIGHUP interrupt a read instead of killing the program, so every
 * caller can unwind, restore the terminal and keep the database
 * consistent. No state but the stop signal and, while echo is off, the
 * terminal settings to put back.
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
	TERM_TOO_LONG,	  /* longer than the room: read to its end, refused */
	TERM_TIMEOUT,	  /* the deadline passed first */
	TERM_ERROR	  /* a read error, or echo could not be turned off
			     (term_read_line_with() only) */
};

/* Whether term_read_line_with() leaves the terminal's echo alone. */
enum term_echo { TERM_ECHO_ON = 0, TERM_ECHO_OFF };

/* What shows the prompt of a line: show(ctx) is called when the
 * terminal is ready for the line (echo already off when asked), just
 * before reading, so nothing typed after the prompt appears is echoed;
 * and again after Ctrl-Z and fg while echo is off. */
struct term_prompt {
	void (*show)(void *ctx);
	void *ctx;
};

/* Install the handlers for SIGINT, SIGTERM and SIGHUP (no SA_RESTART,
 * so a blocked read returns) and ignore SIGPIPE. A handler that cannot
 * be installed leaves that signal's default action (not reported). */
void term_signals_init(void);

/* The signal that asked the program to stop, or 0 when none did. Once
 * set it stays set for the rest of the run. */
int term_stop_signal(void);

/* The flag behind term_stop_signal(), for long computations that poll
 * it (the computer's search): non-zero once a stop signal arrived. It is
 * static storage, valid for the whole run, read-only to the caller. */
const volatile sig_atomic_t *term_stop_flag(void);

/* Where a terminal's escape sequence stands as it is read byte by byte
 * (a key that is not a character, a colour pasted with the text, a
 * bracketed paste's markers): TERM_ESC_NONE between them. */
enum term_esc {
	TERM_ESC_NONE = 0,
	TERM_ESC_START,	 /* ESC read */
	TERM_ESC_CSI,	 /* ESC [ (a key, a colour, a paste marker) */
	TERM_ESC_SS3,	 /* ESC O (a key) */
	TERM_ESC_STRING, /* ESC ] P ^ _ X: a string, to BEL or ESC \ */
	TERM_ESC_STRING_ESC
};

/* Feed byte c of a line to *state. Return true when c is part of an
 * escape sequence (ESC and the bytes up to its final one: the line
 * reader drops them all, whole), false when it is text. A newline is
 * always text: it ends the line and any sequence left open. Pure. */
bool term_escape_byte(enum term_esc *state, unsigned char c);

/* Read one line from fd into buf[cap + 1], the caller's, without its
 * newline, NUL-terminated; *len is its length in bytes (it may hold NUL
 * bytes). A '\r' ending the line is dropped; a last line without a
 * newline counts. A line of more than `cap` bytes is read to its end and
 * refused (TERM_TOO_LONG). Escape sequences (term_escape_byte()) are
 * dropped whole, wherever they come: an arrow key in a cooked line or at
 * a password, a colour or a bracketed paste's markers pasted with the
 * text are never part of the line. No byte of the line is copied outside buf,
 * so a caller's guarded buffer holds the only copy of a password.
 * `deadline` is in term_now_ms() time (0 = none). With TERM_ECHO_OFF
 * and fd a terminal, echo is off while reading and restored on every
 * exit, including Ctrl-C and Ctrl-Z (stopped with echo on, off again on
 * fg). `prompt` (NULL for none) is shown once echo is off, and with
 * echo off shown again when the program comes back from a stop (the
 * shell has written over the screen meanwhile). A stop
 * signal, or any handler installed without SA_RESTART, interrupts the
 * read (TERM_INTERRUPTED). buf holds a line only on TERM_OK; on the
 * others the caller wipes it if it must. */
enum term_read term_read_line_with(int fd, char *buf, size_t cap, size_t *len,
				   long long deadline, enum term_echo echo,
				   const struct term_prompt *prompt);

/* The player's line: term_read_line_with() into buf[TERM_LINE_MAX + 1],
 * echo untouched, no deadline; a read error counts as end of input
 * (TERM_EOF), so the result is never TERM_ERROR. */
enum term_read term_read_line(int fd, char *buf, size_t *len);

/* term_read_line() with a deadline in term_now_ms() time (0 = none):
 * TERM_TIMEOUT when it passes before the line is complete. */
enum term_read term_read_line_until(int fd, char *buf, size_t *len,
				    long long deadline);

/* Wait until fd has input, the deadline (term_now_ms() time, 0 = none)
 * passes or a stop signal arrives, asleep in poll() (never a busy
 * loop), calling the idle hook (term_set_idle()) every TERM_IDLE_MS of
 * the wait. Return 1 when fd has input (or an error that read() will
 * report), 0 at the deadline, -1 for a stop signal. Every line read
 * waits here. */
int term_wait_input(int fd, long long deadline);

/* term_wait_input() that also ends when wake_fd (-1: none) becomes
 * readable: its bytes are read and dropped (a non-blocking descriptor
 * whose being readable is the news, as store_change_fd()'s), and the
 * result is 2. Input on fd is answered first. */
int term_wait_input_or(int fd, int wake_fd, long long deadline);

/* How often a waiting read calls the idle hook, in ms. */
#define TERM_IDLE_MS 1000

/* While a wait for input goes on, call idle(ctx) every TERM_IDLE_MS
 * (for work that must go on while the program waits for a key, such as
 * refreshing the player's presence); NULL removes the hook. The hook
 * must not read the terminal. */
void term_set_idle(void (*idle)(void *ctx), void *ctx);

/* Call the idle hook now, if one is set: for waits that do not go
 * through term_wait_input() (the full-screen game's keys). */
void term_idle(void);

/* Milliseconds on the monotonic clock (cannot go back; its start is
 * arbitrary). Cannot fail. */
long long term_now_ms(void);

/* True when output should be coloured: `fd` is a terminal, NO_COLOR is
 * not set (or empty) and `no_color` (from --no-color) is false. False
 * when fd cannot be checked. */
bool term_use_color(int fd, bool no_color);

/* The columns of the terminal on `fd` as it says now, or 0 when fd is
 * no terminal or does not say. */
int term_columns(int fd);

/* A mouse report as a terminal sends it in SGR mode (DECSET 1006). */
struct term_mouse {
	int button; /* the button code: 0 left, 1 middle, 2 right, plus 4
		     * shift, 8 meta, 16 control, 32 motion, 64 wheel */
	int x, y;   /* the 1-based column and line, any size */
	bool press; /* a press ('M'), else a release ('m') */
};

/* Parse the n bytes at s as what follows "\033[<" in an SGR mouse
 * report, "B;X;YM" or "B;X;Ym" (decimal numbers), into *m. Return true,
 * or false (m unchanged) when they are not one: another character, a
 * number missing or above 65535. Pure; cannot fail otherwise. */
bool term_mouse_sgr(const char *s, size_t n, struct term_mouse *m);

#endif
