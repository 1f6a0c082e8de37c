/* term.c -- reading lines from the player and the signals that end a run. */
#include "term.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stop_signal;

/* Remember which signal asked us to stop; the read it interrupts
 * returns EINTR and the caller unwinds. */
static void on_stop_signal(int sig)
{
	stop_signal = sig;
}

void term_signals_init(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0; /* no SA_RESTART: interrupt blocked reads */
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

int term_stop_signal(void)
{
	return stop_signal;
}

/* Read one byte into *c. Return 1, 0 at end of input, or -1 when a stop
 * signal interrupted the read (other errors count as end of input). */
static int read_byte(int fd, char *c)
{
	for (;;) {
		ssize_t n;

		if (stop_signal != 0)
			return -1;
		n = read(fd, c, 1);
		if (n == 1)
			return 1;
		if (n == 0)
			return 0;
		if (errno != EINTR)
			return 0;
	}
}

enum term_read term_read_line(int fd, char *buf, size_t *len)
{
	size_t n = 0;
	bool too_long = false, any = false;
	char c;
	int r;

	for (;;) {
		r = read_byte(fd, &c);
		if (r != 1)
			break;
		any = true;
		if (c == '\n')
			break;
		if (n < TERM_LINE_MAX)
			buf[n++] = c;
		else
			too_long = true;
	}
	if (r < 0)
		return TERM_INTERRUPTED;
	if (!any)
		return TERM_EOF;
	if (n > 0 && buf[n - 1] == '\r' && !too_long)
		n--;
	buf[n] = '\0';
	*len = n;
	return too_long ? TERM_TOO_LONG : TERM_OK;
}

bool term_use_color(int fd, bool no_color)
{
	const char *env = getenv("NO_COLOR");

	if (no_color || (env != NULL && env[0] != '\0'))
		return false;
	return isatty(fd) != 0;
}
