/* term.c -- reading lines from the player (with echo off for passwords)
 * and the signals that end a run. */
#include "term.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* The signal that asked the program to stop (0: none yet). */
static volatile sig_atomic_t stop_signal;

/* While echo is off: the terminal settings that the Ctrl-Z handlers put
 * back. */
static struct {
	int fd;
	struct termios saved;		  /* the settings to restore, echo on */
	volatile sig_atomic_t catch_tstp; /* 0 when Ctrl-Z was ignored */
	volatile sig_atomic_t resumed;	  /* back from a stop (fg) */
} tty;

/* ==== Stop signals and the clock ======================================== */

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

/* ==== Terminal echo and Ctrl-Z ==========================================
 * While echo is off, Ctrl-Z (SIGTSTP) must not leave the shell with a
 * silent terminal: the handler puts the saved settings back and stops
 * the process the default way; on SIGCONT echo goes off again. Both
 * handlers use only async-signal-safe calls. */

/* What echo_off() replaced, for echo_restore(). */
struct echo_guard {
	struct sigaction old_tstp;
	struct sigaction old_cont;
};

static void on_sigtstp(int sig);

/* Turn echo off on tty.fd (Enter still moves to the next line). */
static int set_echo_off(void)
{
	struct termios t = tty.saved;

	t.c_lflag &= ~(tcflag_t)ECHO;
	t.c_lflag |= ECHONL;
	return tcsetattr(tty.fd, TCSANOW, &t);
}

/* Install `handler` for `sig`, saving the old one. Reads restart after
 * it, and SIGTSTP and SIGCONT wait while either handler runs. */
static int catch_signal(int sig, void (*handler)(int), struct sigaction *old)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGTSTP);
	sigaddset(&sa.sa_mask, SIGCONT);
	return sigaction(sig, &sa, old);
}

/* SIGTSTP: restore the terminal, then stop as if not caught. */
static void on_sigtstp(int sig)
{
	int saved_errno = errno;

	(void)tcsetattr(tty.fd, TCSANOW, &tty.saved);
	(void)signal(sig, SIG_DFL);
	(void)raise(sig); /* delivered when this handler returns */
	errno = saved_errno;
}

/* SIGCONT: back from a stop, echo goes off and Ctrl-Z is caught again. */
static void on_sigcont(int sig)
{
	int saved_errno = errno;

	(void)sig;
	if (tty.catch_tstp)
		(void)catch_signal(SIGTSTP, on_sigtstp, NULL);
	(void)set_echo_off();
	tty.resumed = 1;
	errno = saved_errno;
}

/* Block (how == SIG_BLOCK) or unblock SIGTSTP and SIGCONT. */
static void block_stop_signals(int how)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGTSTP);
	sigaddset(&set, SIGCONT);
	(void)sigprocmask(how, &set, NULL);
}

/* Put back the handlers that echo_off() replaced. */
static void restore_handlers(const struct echo_guard *g)
{
	(void)sigaction(SIGTSTP, &g->old_tstp, NULL);
	(void)sigaction(SIGCONT, &g->old_cont, NULL);
}

/* Turn echo off on terminal `fd` and catch Ctrl-Z until echo_restore().
 * Return 0, or -1 with nothing changed. */
static int echo_off(int fd, struct echo_guard *g)
{
	int rc = -1;

	block_stop_signals(SIG_BLOCK);
	if (tcgetattr(fd, &tty.saved) != 0)
		goto out_unblock;
	tty.fd = fd;
	if (catch_signal(SIGCONT, on_sigcont, &g->old_cont) != 0)
		goto out_unblock;
	if (catch_signal(SIGTSTP, on_sigtstp, &g->old_tstp) != 0)
		goto out_restore_cont;
	tty.catch_tstp = g->old_tstp.sa_handler != SIG_IGN;
	if (!tty.catch_tstp) /* keep ignoring Ctrl-Z */
		(void)sigaction(SIGTSTP, &g->old_tstp, NULL);
	if (set_echo_off() != 0)
		goto out_restore_handlers;
	rc = 0;
	goto out_unblock;

out_restore_handlers:
	restore_handlers(g);
	goto out_unblock;
out_restore_cont:
	(void)sigaction(SIGCONT, &g->old_cont, NULL);
out_unblock:
	block_stop_signals(SIG_UNBLOCK);
	return rc;
}

/* Put the terminal settings and the signal handlers back. */
static void echo_restore(const struct echo_guard *g)
{
	block_stop_signals(SIG_BLOCK);
	restore_handlers(g);
	(void)tcsetattr(tty.fd, TCSANOW, &tty.saved);
	block_stop_signals(SIG_UNBLOCK);
}

/* ==== Reading a line ==================================================== */

/* The idle hook (term_set_idle()), or NULL. */
static void (*idle_hook)(void *ctx);
static void *idle_ctx;
/* The prompt of the line being read with echo off, shown again when the
 * program comes back from a stop (Ctrl-Z, fg), or NULL. */
static const struct term_prompt *resume_prompt;

void term_set_idle(void (*idle)(void *ctx), void *ctx)
{
	idle_hook = idle;
	idle_ctx = ctx;
}

/* How long poll() may sleep before `deadline` (0 = none): at most
 * TERM_IDLE_MS while an idle hook is set. -1: forever. */
static int poll_timeout(long long deadline)
{
	long long left = deadline == 0 ? -1 : deadline - term_now_ms();

	if (idle_hook != NULL && (left < 0 || left > TERM_IDLE_MS))
		return TERM_IDLE_MS;
	return left > INT_MAX ? INT_MAX : (int)left;
}

void term_idle(void)
{
	if (idle_hook != NULL)
		idle_hook(idle_ctx);
}

/* Read and drop what descriptor fd holds (a wake: only its being
 * readable counts). */
static void drain(int fd)
{
	char buf[4096];

	while (read(fd, buf, sizeof(buf)) > 0)
		;
}

int term_wait_input_or(int fd, int wake_fd, long long deadline)
{
	struct pollfd p[2] = {{.fd = fd, .events = POLLIN},
			      {.fd = wake_fd, .events = POLLIN}};

	for (;;) {
		bool signalled;
		int n;

		if (stop_signal != 0)
			return -1;
		if (deadline == 0 && wake_fd < 0 && idle_hook == NULL &&
		    resume_prompt == NULL)
			return 1;
		if (deadline != 0 && deadline <= term_now_ms())
			return 0;
		n = poll(p, 2, poll_timeout(deadline));
		signalled = n < 0 && errno == EINTR;
		if (n < 0 && !signalled)
			return 1; /* let read() report the error */
		/* after a stop (fg) or another signal (SIGWINCH: a new
		 * window size), the prompt again */
		if ((tty.resumed || signalled) && resume_prompt != NULL) {
			tty.resumed = 0;
			resume_prompt->show(resume_prompt->ctx);
		}
		if (n > 0 && p[0].revents != 0)
			return 1;
		if (n > 0) {
			drain(wake_fd);
			return 2;
		}
		if (n == 0 && idle_hook != NULL)
			idle_hook(idle_ctx);
	}
}

int term_wait_input(int fd, long long deadline)
{
	int ready = term_wait_input_or(fd, -1, deadline);

	return ready == 2 ? 0 : ready;
}

/* Read one byte into *c before the deadline (0 = none). Return 1, 0 at
 * end of input, -1 when a signal interrupted the wait or the read (a
 * stop signal, or any handler installed without SA_RESTART), -2 at the
 * deadline, or -3 on a read error. */
static int read_byte(int fd, char *c, long long deadline)
{
	int ready = term_wait_input(fd, deadline);
	ssize_t n;

	if (ready <= 0)
		return ready < 0 ? -1 : -2;
	n = read(fd, c, 1);
	if (n == 1)
		return 1;
	if (n == 0)
		return 0;
	return errno == EINTR ? -1 : -3;
}

/* See term.h. ECMA-48: a CSI sequence's parameter and intermediate
 * bytes run to a final byte in @..~; ESC O takes one byte; the string
 * commands run to BEL or ESC \; any other ESC x is two bytes. */
bool term_escape_byte(enum term_esc *state, unsigned char c)
{
	if (c == '\n') { /* the line ends, and any sequence with it */
		*state = TERM_ESC_NONE;
		return false;
	}
	switch (*state) {
	case TERM_ESC_NONE:
		if (c != 0x1b)
			return false;
		*state = TERM_ESC_START;
		return true;
	case TERM_ESC_START:
		*state = c == '['   ? TERM_ESC_CSI
			 : c == 'O' ? TERM_ESC_SS3
			 : c == ']' || c == 'P' || c == '^' || c == '_' ||
					 c == 'X'
				 ? TERM_ESC_STRING
			 : c == 0x1b ? TERM_ESC_START
				     : TERM_ESC_NONE;
		return true;
	case TERM_ESC_CSI:
		if (c >= 0x40 && c <= 0x7e)
			*state = TERM_ESC_NONE;
		return true;
	case TERM_ESC_SS3:
		*state = TERM_ESC_NONE;
		return true;
	case TERM_ESC_STRING:
		if (c == 0x07)
			*state = TERM_ESC_NONE;
		else if (c == 0x1b)
			*state = TERM_ESC_STRING_ESC;
		return true;
	case TERM_ESC_STRING_ESC:
		*state = c == '\\' ? TERM_ESC_NONE : TERM_ESC_STRING;
		return true;
	}
	return false;
}

/* The byte just read is kept: counted in the line (*n, up to cap) or
 * past it (*over). */
static void keep_byte(size_t *n, size_t *over, size_t cap)
{
	if (*n < cap)
		(*n)++;
	else
		(*over)++;
}

/* The last byte kept is taken back (an ESC that began a sequence). */
static void drop_byte(size_t *n, size_t *over)
{
	if (*over > 0)
		(*over)--;
	else
		(*n)--;
}

/* Read one line from fd into buf[cap + 1] (see term_read_line_with()).
 * Bytes past `cap` are read into buf[cap], the terminator's place, so
 * no byte of the line is ever kept outside buf. */
static enum term_read read_line(int fd, char *buf, size_t cap, size_t *len,
				long long deadline)
{
	size_t n = 0, over = 0; /* bytes kept, bytes past cap */
	bool any = false, last_cr = false, esc_kept = false;
	enum term_esc esc = TERM_ESC_NONE;
	int r;

	for (;;) {
		char *at = n < cap ? &buf[n] : &buf[cap];

		r = read_byte(fd, at, deadline);
		if (r != 1 || *at == '\n')
			break;
		any = true;
		if (term_escape_byte(&esc, (unsigned char)*at)) {
			if (esc == TERM_ESC_START && !esc_kept) {
				esc_kept = true; /* Esc alone, unless more */
				keep_byte(&n, &over, cap);
			} else if (esc != TERM_ESC_START && esc_kept) {
				esc_kept = false; /* a sequence: drop its ESC */
				drop_byte(&n, &over);
			}
			continue; /* dropped, whole: written over next */
		}
		esc_kept = false;
		last_cr = *at == '\r';
		keep_byte(&n, &over, cap);
	}
	if (r < 0)
		return r == -1	 ? TERM_INTERRUPTED
		       : r == -2 ? TERM_TIMEOUT
				 : TERM_ERROR;
	if (!any && r == 0)
		return TERM_EOF;
	if (last_cr && !esc_kept) { /* a final '\r' is not part of the line
				     */
		if (over > 0)
			over--;
		else
			n--;
	}
	buf[n] = '\0';
	*len = n;
	return over > 0 ? TERM_TOO_LONG : TERM_OK;
}

enum term_read term_read_line_with(int fd, char *buf, size_t cap, size_t *len,
				   long long deadline, enum term_echo echo,
				   const struct term_prompt *prompt)
{
	struct echo_guard guard;
	bool hide = echo == TERM_ECHO_OFF && isatty(fd) != 0;
	enum term_read r;

	if (hide && echo_off(fd, &guard) != 0)
		return TERM_ERROR;
	if (prompt != NULL)
		prompt->show(prompt->ctx);
	if (hide) { /* after a stop, the prompt again (the screen may not be) */
		tty.resumed = 0;
		resume_prompt = prompt;
	}
	r = read_line(fd, buf, cap, len, deadline);
	resume_prompt = NULL;
	if (hide)
		echo_restore(&guard);
	return r;
}

/* The player's line: read errors count as end of input. */
enum term_read term_read_line_until(int fd, char *buf, size_t *len,
				    long long deadline)
{
	enum term_read r = term_read_line_with(fd, buf, TERM_LINE_MAX, len,
					       deadline, TERM_ECHO_ON, NULL);

	return r == TERM_ERROR ? TERM_EOF : r;
}

enum term_read term_read_line(int fd, char *buf, size_t *len)
{
	return term_read_line_until(fd, buf, len, 0);
}

bool term_use_color(int fd, bool no_color)
{
	const char *env = getenv("NO_COLOR");

	if (no_color || (env != NULL && env[0] != '\0'))
		return false;
	return isatty(fd) != 0;
}

int term_columns(int fd)
{
	struct winsize ws;

	if (ioctl(fd, TIOCGWINSZ, &ws) != 0)
		return 0;
	return ws.ws_col;
}

/* ==== Mouse reports ===================================================== */

/* Read a decimal number of at most 65535 at s[*pos..n) into *v, moving
 * *pos past it. Return false when there is no digit or it is larger. */
static bool mouse_number(const char *s, size_t n, size_t *pos, int *v)
{
	size_t start = *pos;

	*v = 0;
	while (*pos < n && s[*pos] >= '0' && s[*pos] <= '9') {
		*v = *v * 10 + (s[*pos] - '0');
		if (*v > 65535)
			return false;
		(*pos)++;
	}
	return *pos > start;
}

bool term_mouse_sgr(const char *s, size_t n, struct term_mouse *m)
{
	struct term_mouse r;
	size_t pos = 0;

	if (!mouse_number(s, n, &pos, &r.button) || pos >= n ||
	    s[pos++] != ';' || !mouse_number(s, n, &pos, &r.x) || pos >= n ||
	    s[pos++] != ';' || !mouse_number(s, n, &pos, &r.y) ||
	    pos + 1 != n || (s[pos] != 'M' && s[pos] != 'm'))
		return false;
	r.press = s[pos] == 'M';
	*m = r;
	return true;
}
