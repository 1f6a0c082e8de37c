/* term.c -- reading lines from the player and the signals that end a run. */
#include "term.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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

const volatile sig_atomic_t *term_stop_flag(void)
{
	return &stop_signal;
}

long long term_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Wait until fd has input or the deadline (monotonic ms, 0 = none)
 * passes. Return 1 when it has, 0 at the deadline, -1 on a signal. */
static int wait_input(int fd, long long deadline)
{
	struct pollfd p = {.fd = fd, .events = POLLIN};

	for (;;) {
		long long left = deadline - term_now_ms();
		int n;

		if (stop_signal != 0)
			return -1;
		if (deadline == 0)
			return 1;
		if (left <= 0)
			return 0;
		n = poll(&p, 1, left > INT_MAX ? INT_MAX : (int)left);
		if (n > 0)
			return 1;
		if (n < 0 && errno != EINTR)
			return 1; /* let read() report the error */
	}
}

/* Read one byte into *c before the deadline (0 = none). Return 1, 0 at
 * end of input, -1 when a stop signal interrupted the read (other errors
 * count as end of input), or -2 at the deadline. */
static int read_byte(int fd, char *c, long long deadline)
{
	for (;;) {
		ssize_t n;
		int ready = wait_input(fd, deadline);

		if (ready <= 0)
			return ready < 0 ? -1 : -2;
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
	return term_read_line_until(fd, buf, len, 0);
}

enum term_read term_read_line_until(int fd, char *buf, size_t *len,
				    long long deadline)
{
	size_t n = 0;
	bool too_long = false, any = false;
	char c;
	int r;

	for (;;) {
		r = read_byte(fd, &c, deadline);
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
	if (r == -2)
		return TERM_TIMEOUT;
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
