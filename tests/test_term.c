/* test_term.c -- tests for src/term.c's one line reader: the same lines
 * with echo on or off on a pipe, the longest line with and without a
 * final CR, a deadline, and a read error. Terminals, Ctrl-C and Ctrl-Z
 * are tested through the password reader in test_auth.c.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <CUnit/CUnit.h>

#include "term.h"

#define ROOM 16 /* the buffer's room in these tests */

/* Suite set-up: nothing to prepare. Return 0. */
static int init(void)
{
	return 0;
}

/* Suite tear-down: nothing to free. Return 0. */
static int cleanup(void)
{
	return 0;
}

/* A pipe holding the `len` bytes at `data`; its write end is closed when
 * `close_write`, else left in fds[1]. Return 0, or -1. */
static int pipe_of(int fds[2], const char *data, size_t len, bool close_write)
{
	if (pipe(fds) != 0)
		return -1;
	if (write(fds[1], data, len) != (ssize_t)len)
		return -1;
	if (close_write) {
		close(fds[1]);
		fds[1] = -1;
	}
	return 0;
}

#define READ_MAX 10 /* the most reads read_all() makes */

/* Read lines of `data` with `echo` into out[0..READ_MAX - 1] as
 * "result:line", until end of input. Return how many reads there were. */
static int read_all(const char *data, enum term_echo echo,
		    char out[READ_MAX][64])
{
	char buf[ROOM + 1];
	enum term_read r;
	size_t len;
	int fds[2], n = 0;

	CU_ASSERT_FATAL(pipe_of(fds, data, strlen(data), true) == 0);
	do {
		r = term_read_line_with(fds[0], buf, ROOM, &len, 0, echo, NULL);
		snprintf(out[n], 64, "%d:%s", (int)r, r == TERM_OK ? buf : "");
	} while (++n < READ_MAX && r != TERM_EOF);
	close(fds[0]);
	return n;
}

/* "result:line" as read_all() writes it, in buf[64]. */
static const char *entry(enum term_read r, const char *line, char buf[64])
{
	snprintf(buf, 64, "%d:%s", (int)r, line);
	return buf;
}

static void test_echo_off_on_a_pipe(void)
{
	static const char data[] = "one\r\n\ntwo\rthree\n"
				   "0123456789abcdefX\nend";
	char on[READ_MAX][64], off[READ_MAX][64], want[64];
	int n = read_all(data, TERM_ECHO_ON, on), i;

	CU_ASSERT_EQUAL_FATAL(n, 6);
	CU_ASSERT_EQUAL(read_all(data, TERM_ECHO_OFF, off), n);
	for (i = 0; i < n; i++)
		CU_ASSERT_STRING_EQUAL(on[i], off[i]);
	CU_ASSERT_STRING_EQUAL(on[0], entry(TERM_OK, "one", want));
	CU_ASSERT_STRING_EQUAL(on[1], entry(TERM_OK, "", want));
	CU_ASSERT_STRING_EQUAL(on[2], entry(TERM_OK, "two\rthree", want));
	CU_ASSERT_STRING_EQUAL(on[3], entry(TERM_TOO_LONG, "", want));
	CU_ASSERT_STRING_EQUAL(on[4], entry(TERM_OK, "end", want));
	CU_ASSERT_STRING_EQUAL(on[5], entry(TERM_EOF, "", want));
}

static void test_longest_line_and_cr(void)
{
	/* ROOM bytes fit, with or without a final CR; ROOM + 1 do not, nor
	 * ROOM bytes and a CR that is not the last. */
	static const char data[] = "0123456789abcdef\n"
				   "0123456789abcdef\r\n"
				   "0123456789abcdefg\r\n"
				   "0123456789abcdef\rx\n"
				   "0123456789abcdef\r";
	char out[READ_MAX][64], want[64];

	CU_ASSERT_EQUAL_FATAL(read_all(data, TERM_ECHO_ON, out), 6);
	CU_ASSERT_STRING_EQUAL(out[0],
			       entry(TERM_OK, "0123456789abcdef", want));
	CU_ASSERT_STRING_EQUAL(out[1],
			       entry(TERM_OK, "0123456789abcdef", want));
	CU_ASSERT_STRING_EQUAL(out[2], entry(TERM_TOO_LONG, "", want));
	CU_ASSERT_STRING_EQUAL(out[3], entry(TERM_TOO_LONG, "", want));
	CU_ASSERT_STRING_EQUAL(out[4],
			       entry(TERM_OK, "0123456789abcdef", want));
	CU_ASSERT_STRING_EQUAL(out[5], entry(TERM_EOF, "", want));
}

static void test_deadline(void)
{
	char buf[TERM_LINE_MAX + 1], next = 0;
	long long start = term_now_ms();
	size_t len;
	int fds[2];

	CU_ASSERT_FATAL(pipe_of(fds, "half", 4, false) == 0);
	CU_ASSERT_EQUAL(term_read_line_until(fds[0], buf, &len, start + 50),
			TERM_TIMEOUT);
	CU_ASSERT_TRUE(term_now_ms() - start >= 50);
	/* Nothing was read past what arrived; the pipe still works. */
	CU_ASSERT_FATAL(write(fds[1], "\nx", 2) == 2);
	CU_ASSERT_EQUAL(read(fds[0], &next, 1), 1);
	CU_ASSERT_EQUAL(next, '\n');
	close(fds[0]);
	close(fds[1]);
}

static void test_read_error(void)
{
	char buf[TERM_LINE_MAX + 1];
	size_t len;
	int fds[2];

	/* The write end of a pipe cannot be read: EBADF. */
	CU_ASSERT_FATAL(pipe(fds) == 0);
	CU_ASSERT_EQUAL(term_read_line_with(fds[1], buf, TERM_LINE_MAX, &len, 0,
					    TERM_ECHO_OFF, NULL),
			TERM_ERROR);
	CU_ASSERT_EQUAL(term_read_line(fds[1], buf, &len), TERM_EOF);
	close(fds[0]);
	close(fds[1]);
}

/* True when the report at lit parses as (button, x, y, press). */
static bool mouse_is(const char *lit, int button, int x, int y, bool press)
{
	struct term_mouse m;

	return term_mouse_sgr(lit, strlen(lit), &m) && m.button == button &&
	       m.x == x && m.y == y && m.press == press;
}

/* SGR mouse reports: any column (X10's stop at 223), presses and
 * releases, the modifiers in the button; anything else refused. */
static void test_mouse_sgr(void)
{
	static const char *const bad[] = {
		"",
		"0;1",
		"0;1;1",
		"0;1;1X",
		"0;;1M",
		";1;1M",
		"0;1;1MM",
		"a;1;1M",
		"0;1;1;M",
		"0;65536;1M",
		"0;1;99999999999999999999M",
		"-1;1;1M",
	};
	struct term_mouse m = {7, 7, 7, true};
	size_t i;

	CU_ASSERT(mouse_is("0;11;4M", 0, 11, 4, true));
	CU_ASSERT(mouse_is("0;11;4m", 0, 11, 4, false));
	CU_ASSERT(mouse_is("0;250;5M", 0, 250, 5, true));
	CU_ASSERT(mouse_is("0;1000;300M", 0, 1000, 300, true));
	CU_ASSERT(mouse_is("16;65535;65535M", 16, 65535, 65535, true));
	CU_ASSERT(mouse_is("64;3;4M", 64, 3, 4, true));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CU_ASSERT(!term_mouse_sgr(bad[i], strlen(bad[i]), &m));
		CU_ASSERT(m.button == 7 && m.x == 7 && m.y == 7);
	}
}

/* Escape sequences are dropped whole from a line, echo on or off: an
 * arrow key (CSI, SS3), a colour pasted with the text, a bracketed
 * paste's markers, a string command to BEL or ST, ESC and one byte; a
 * newline ends the line and any sequence left open (the next line is
 * whole). Text around them is kept as typed, and so is an Esc alone at
 * the end of a line (the line interface's way back). */
static void test_escapes_dropped(void)
{
	static const char data[] = "cactus\x1b[31m bowl\n"
				   "\x1b[D\x1b[Ch8\x1bOA\n"
				   "\x1b[200~pasted\x1b[201~\n"
				   "a\x1b]0;title\x07"
				   "b\x1b]2;t\x1b\\c\n"
				   "x\x1b"
				   "7y\x1b[12\n"
				   "after\n"
				   "\x1b\n"
				   "\x1b\x1b[B\n"
				   "cr\r\x1b\n";
	char on[READ_MAX][64], off[READ_MAX][64], want[64];
	int n = read_all(data, TERM_ECHO_ON, on), i;

	CU_ASSERT_EQUAL_FATAL(n, 10); /* nine lines, then the end */
	CU_ASSERT_EQUAL(read_all(data, TERM_ECHO_OFF, off), n);
	for (i = 0; i < n; i++)
		CU_ASSERT_STRING_EQUAL(on[i], off[i]);
	CU_ASSERT_STRING_EQUAL(on[0], entry(TERM_OK, "cactus bowl", want));
	CU_ASSERT_STRING_EQUAL(on[1], entry(TERM_OK, "h8", want));
	CU_ASSERT_STRING_EQUAL(on[2], entry(TERM_OK, "pasted", want));
	CU_ASSERT_STRING_EQUAL(on[3], entry(TERM_OK, "abc", want));
	CU_ASSERT_STRING_EQUAL(on[4], entry(TERM_OK, "xy", want));
	CU_ASSERT_STRING_EQUAL(on[5], entry(TERM_OK, "after", want));
	/* Esc alone is kept (the line interface's "back") */
	CU_ASSERT_STRING_EQUAL(on[6], entry(TERM_OK, "\x1b", want));
	CU_ASSERT_STRING_EQUAL(on[7], entry(TERM_OK, "", want));
	/* a '\r' is dropped only when it is the line's last byte */
	CU_ASSERT_STRING_EQUAL(on[8], entry(TERM_OK, "cr\r\x1b", want));
	CU_ASSERT_STRING_EQUAL(on[9], entry(TERM_EOF, "", want));
}

/* The recogniser alone: which bytes belong to a sequence. */
static void test_escape_byte(void)
{
	enum term_esc st = TERM_ESC_NONE;
	const char *csi = "\x1b[1;5H", *p;

	CU_ASSERT_FALSE(term_escape_byte(&st, 'a'));
	for (p = csi; *p != '\0'; p++)
		CU_ASSERT_TRUE(term_escape_byte(&st, (unsigned char)*p));
	CU_ASSERT_EQUAL(st, TERM_ESC_NONE);
	CU_ASSERT_FALSE(term_escape_byte(&st, 'H'));
	CU_ASSERT_TRUE(term_escape_byte(&st, 0x1b));
	CU_ASSERT_FALSE(term_escape_byte(&st, '\n'));
	CU_ASSERT_EQUAL(st, TERM_ESC_NONE);
}

static CU_TestInfo tests[] = {
	{"SGR mouse reports, any column", test_mouse_sgr},
	{"escape sequences are dropped from a line, whole",
	 test_escapes_dropped},
	{"which bytes an escape sequence takes", test_escape_byte},
	{"echo off reads a pipe as echo on does", test_echo_off_on_a_pipe},
	{"the longest line, with and without a final CR",
	 test_longest_line_and_cr},
	{"a deadline stops the read, nothing read ahead", test_deadline},
	{"a read error: an error, or the end of the player's input",
	 test_read_error},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo term_suite = {"term", init, cleanup, NULL, NULL, tests};
