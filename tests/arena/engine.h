/* engine.h -- one pbrain engine as the arena (the manager side) runs it:
 * a child process started from a command line, spoken to over two
 * pipes, one protocol line at a time.
 *
 * The command is run by /bin/sh as "exec COMMAND", so it may hold
 * arguments and the process the arena talks to (and stops) is the engine
 * itself. The engine's standard error goes to a file the caller names
 * (or is discarded). An engine that dies, closes its output or writes a
 * line longer than ENGINE_LINE_MAX is "gone": every later call fails at
 * once. Nothing here prints.
 */
#ifndef ARENA_ENGINE_H
#define ARENA_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define ENGINE_LINE_MAX 1024 /* bytes of one line from an engine */

struct engine {
	pid_t pid;   /* 0 when not running */
	int to_fd;   /* its standard input */
	int from_fd; /* its standard output */
	size_t len;  /* bytes in buf not yet returned as a line */
	char buf[ENGINE_LINE_MAX + 1];
	bool gone;  /* it died, closed its output or broke the protocol */
	int status; /* its wait status once reaped (engine_stop) */
};

/* What engine_read_line() found. */
enum engine_read {
	ENGINE_LINE = 0, /* a whole line, without its line end */
	ENGINE_TIMEOUT,	 /* none before the deadline */
	ENGINE_EOF,	 /* its output closed (it died, most likely) */
	ENGINE_TOO_LONG, /* a line longer than ENGINE_LINE_MAX */
	ENGINE_FAILED	 /* reading failed */
};

/* Start `command` in *e (the caller's). Its standard error is appended to
 * err_path (NULL: /dev/null). Return 0, or -1 (errno set, nothing left
 * running) when the pipes or the process could not be made. A command
 * that cannot be run still starts: the shell says so on standard error
 * and exits, which the first read sees as ENGINE_EOF. */
int engine_start(struct engine *e, const char *command, const char *err_path);

/* Send one line (text, then "\n") to e. Return 0, or -1 when e is gone
 * or the write failed (a dead engine: SIGPIPE must be ignored). */
int engine_send(struct engine *e, const char *text);

/* Read e's next line into line[cap] (NUL-terminated, "\r\n" or "\n"
 * removed), waiting until `deadline` (engine_now_ms()'s clock). Return
 * ENGINE_LINE or why not: after ENGINE_TIMEOUT the engine may still
 * answer later; after the others e is gone. cap must be at least
 * ENGINE_LINE_MAX + 1 (a smaller one gives ENGINE_FAILED). */
enum engine_read engine_read_line(struct engine *e, double deadline, char *line,
				  size_t cap);

/* Stop e: when it has not exited within grace_ms of the pipes closing
 * (after END was sent, say), kill it (SIGKILL); reap it into e->status.
 * Safe on an engine never started or already stopped. */
void engine_stop(struct engine *e, int grace_ms);

/* CLOCK_MONOTONIC now, in milliseconds (fractions kept). */
double engine_now_ms(void);

#endif
