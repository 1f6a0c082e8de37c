/* engine.c -- a pbrain engine run as a child process over two pipes; see
 * engine.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"

#define SHELL	     "/bin/sh"
#define EXEC_WORD    "exec "
#define REAP_STEP_MS 5

double engine_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* Close *fd when open and mark it closed. */
static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* In the child: the pipes become standard input and output, standard
 * error goes to err_path, SIGPIPE is default again; then the shell runs
 * `line`. Never returns. */
static void run_child(int in[2], int out[2], const char *line,
		      const char *err_path)
{
	int err = open(err_path != NULL ? err_path : "/dev/null",
		       O_WRONLY | O_CREAT | O_APPEND, 0644);

	if (dup2(in[0], STDIN_FILENO) < 0 || dup2(out[1], STDOUT_FILENO) < 0)
		_exit(127);
	if (err >= 0 && dup2(err, STDERR_FILENO) >= 0 && err != STDERR_FILENO)
		close(err);
	close(in[0]);
	close(in[1]);
	close(out[0]);
	close(out[1]);
	signal(SIGPIPE, SIG_DFL);
	execl(SHELL, "sh", "-c", line, (char *)NULL);
	_exit(127);
}

/* Make "exec COMMAND" in memory the caller frees; NULL when out of it. */
static char *exec_line(const char *command)
{
	size_t n = strlen(EXEC_WORD) + strlen(command) + 1;
	char *line = malloc(n);

	if (line != NULL)
		snprintf(line, n, "%s%s", EXEC_WORD, command);
	return line;
}

/* Mark the arena's ends of the pipes close-on-exec, so that no other
 * engine inherits them (and an engine's end of input is seen). */
static int keep_private(int a, int b)
{
	return fcntl(a, F_SETFD, FD_CLOEXEC) == 0 &&
			       fcntl(b, F_SETFD, FD_CLOEXEC) == 0
		       ? 0
		       : -1;
}

int engine_start(struct engine *e, const char *command, const char *err_path)
{
	int in[2] = {-1, -1}, out[2] = {-1, -1};
	char *line = exec_line(command);
	pid_t pid;

	memset(e, 0, sizeof(*e));
	e->to_fd = e->from_fd = -1;
	if (line == NULL || pipe(in) != 0 || pipe(out) != 0 ||
	    keep_private(in[1], out[0]) != 0)
		goto out_fail;
	pid = fork();
	if (pid < 0)
		goto out_fail;
	if (pid == 0)
		run_child(in, out, line, err_path);
	free(line);
	close(in[0]);
	close(out[1]);
	e->pid = pid;
	e->to_fd = in[1];
	e->from_fd = out[0];
	return 0;
out_fail:
	free(line);
	close_fd(&in[0]);
	close_fd(&in[1]);
	close_fd(&out[0]);
	close_fd(&out[1]);
	return -1;
}

int engine_send(struct engine *e, const char *text)
{
	size_t n = strlen(text), done = 0;
	ssize_t w;

	while (!e->gone && done <= n) {
		if (done == n)
			w = write(e->to_fd, "\n", 1);
		else
			w = write(e->to_fd, text + done, n - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			e->gone = true;
		else
			done += (size_t)w;
	}
	return e->gone ? -1 : 0;
}

/* Move the first line of e->buf (ending at nl) into line, without its
 * line end. */
static void take_line(struct engine *e, char *nl, char *line)
{
	size_t n = (size_t)(nl - e->buf), used = n + 1;

	if (n > 0 && e->buf[n - 1] == '\r')
		n--;
	memcpy(line, e->buf, n);
	line[n] = '\0';
	e->len -= used;
	memmove(e->buf, e->buf + used, e->len);
}

/* Wait for e's output until deadline and read what came. Return
 * ENGINE_LINE when bytes were read (not yet a line, maybe), or why not. */
static enum engine_read fill(struct engine *e, double deadline)
{
	struct pollfd p = {e->from_fd, POLLIN, 0};
	double left = deadline - engine_now_ms();
	ssize_t r;
	int ready;

	if (left <= 0)
		return ENGINE_TIMEOUT;
	ready = poll(&p, 1, (int)left + 1);
	if (ready < 0)
		return errno == EINTR ? ENGINE_LINE : ENGINE_FAILED;
	if (ready == 0)
		return ENGINE_TIMEOUT;
	r = read(e->from_fd, e->buf + e->len, ENGINE_LINE_MAX - e->len);
	if (r < 0)
		return errno == EINTR ? ENGINE_LINE : ENGINE_FAILED;
	if (r == 0)
		return ENGINE_EOF;
	e->len += (size_t)r;
	return ENGINE_LINE;
}

enum engine_read engine_read_line(struct engine *e, double deadline, char *line,
				  size_t cap)
{
	enum engine_read r = ENGINE_LINE;
	char *nl;

	if (e->gone || cap < ENGINE_LINE_MAX + 1)
		return ENGINE_FAILED;
	for (;;) {
		nl = memchr(e->buf, '\n', e->len);
		if (nl != NULL) {
			take_line(e, nl, line);
			return ENGINE_LINE;
		}
		if (e->len == ENGINE_LINE_MAX)
			r = ENGINE_TOO_LONG;
		else
			r = fill(e, deadline);
		if (r != ENGINE_LINE)
			break;
	}
	if (r != ENGINE_TIMEOUT)
		e->gone = true;
	return r;
}

/* Sleep for ms milliseconds. */
static void pause_ms(int ms)
{
	struct timespec ts = {0, (long)ms * 1000000L};

	nanosleep(&ts, NULL);
}

void engine_stop(struct engine *e, int grace_ms)
{
	int waited = 0;
	pid_t r;

	close_fd(&e->to_fd);
	close_fd(&e->from_fd);
	e->gone = true;
	if (e->pid <= 0)
		return;
	for (;;) {
		r = waitpid(e->pid, &e->status, WNOHANG);
		if (r == e->pid || (r < 0 && errno != EINTR))
			break;
		if (waited >= grace_ms) {
			kill(e->pid, SIGKILL);
			while (waitpid(e->pid, &e->status, 0) < 0 &&
			       errno == EINTR)
				;
			break;
		}
		pause_ms(REAP_STEP_MS);
		waited += REAP_STEP_MS;
	}
	e->pid = 0;
}
