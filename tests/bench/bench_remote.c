/* bench_remote.c -- two terminals (issue 15): how long after a move is
 * committed another process shows it, and what a waiting process costs.
 *
 * Real processes: build/gomoku runs as a watcher (`gomoku watch`) and as
 * a player whose opponent plays elsewhere (bob, logged in through the
 * menu, rejoining the match alice "plays" from this benchmark). This
 * process is the other side: it commits each move with
 * store_match_move(), as a player's process does, and times how long
 * until the child prints it. The moves fill the board row by row,
 * skipping any point that would end the game. Prints its figures;
 * asserts nothing. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "board.h"
#include "store.h"
#include "store_live.h"

#define GOMOKU	    "build/gomoku"
#define MOVES	    100
#define PASSWORD    "bench-remote-pass-ok"
#define IDLE_MS	    5000
#define OUT_MAX	    (1 << 22)
#define WAIT_MS_MAX 10000

/* Sleep `ms` milliseconds. */
static void sleep_ms(long ms)
{
	struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&t, NULL);
}

/* A child gomoku: its pid, its standard input, its output so far. */
struct child {
	pid_t pid;
	int in, out;
	char *text;
	size_t len;
};

/* Start `gomoku ARGS` on database `db` with pipes for both ends. */
static int spawn(struct child *c, const char *db, char *const argv[])
{
	int in[2], out[2];

	memset(c, 0, sizeof(*c));
	c->text = malloc(OUT_MAX);
	if (c->text == NULL || pipe(in) != 0 || pipe(out) != 0)
		return -1;
	c->pid = fork();
	if (c->pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[1]);
		close(out[0]);
		setenv("GOMOKU_DB", db, 1);
		setenv("LANG", "C.UTF-8", 1);
		execv(GOMOKU, argv);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	c->in = in[1];
	c->out = out[0];
	return c->pid > 0 ? 0 : -1;
}

/* Start `gomoku ARGS` on database `db` full-screen, in a pseudo
 * terminal of 80x24 (c->in and c->out both its master side). */
static int spawn_pty(struct child *c, const char *db, char *const argv[])
{
	struct winsize size = {.ws_row = 24, .ws_col = 80};
	int master;

	memset(c, 0, sizeof(*c));
	c->text = malloc(OUT_MAX);
	if (c->text == NULL)
		return -1;
	c->pid = forkpty(&master, NULL, NULL, &size);
	if (c->pid == 0) {
		setenv("GOMOKU_DB", db, 1);
		setenv("LANG", "C.UTF-8", 1);
		setenv("TERM", "xterm-256color", 1);
		execv(GOMOKU, argv);
		_exit(127);
	}
	c->in = master;
	c->out = dup(master);
	return c->pid > 0 && c->out >= 0 ? 0 : -1;
}

/* Read what c writes until it has been quiet for `quiet_ms`. */
static void drain_quiet(struct child *c, int quiet_ms)
{
	struct pollfd p = {.fd = c->out, .events = POLLIN};
	char buf[65536];

	while (poll(&p, 1, quiet_ms) > 0 && read(c->out, buf, sizeof(buf)) > 0)
		;
}

/* Type `text` into c. */
static void type(struct child *c, const char *text)
{
	if (write(c->in, text, strlen(text)) < 0)
		perror("bench_remote: write");
}

/* Read c's output until it holds `marker` `count` times in all. Return
 * the time it did (bench_now_ms()), or -1 after WAIT_MS_MAX. */
static double wait_for(struct child *c, const char *marker, int count)
{
	double until = bench_now_ms() + WAIT_MS_MAX;
	struct pollfd p = {.fd = c->out, .events = POLLIN};

	for (;;) {
		int seen = 0;
		const char *at = c->text;
		ssize_t n;

		c->text[c->len] = '\0';
		while ((at = strstr(at, marker)) != NULL && ++seen < count)
			at++;
		if (seen >= count)
			return bench_now_ms();
		if (bench_now_ms() > until || c->len + 65536 > OUT_MAX ||
		    poll(&p, 1, 100) < 0)
			return -1;
		if ((p.revents & (POLLIN | POLLHUP)) == 0)
			continue;
		n = read(c->out, c->text + c->len, 65536);
		if (n <= 0)
			return -1;
		c->len += (size_t)n;
	}
}

/* End c (input closed, then SIGTERM) and reap it. */
static void finish(struct child *c)
{
	close(c->in);
	kill(c->pid, SIGTERM);
	waitpid(c->pid, NULL, 0);
	close(c->out);
	free(c->text);
}

/* The CPU time child `pid` has used so far, in ms (/proc/PID/stat). */
static double cpu_ms_of(pid_t pid)
{
	char path[64], line[1024], *p;
	unsigned long utime = 0, stime = 0;
	FILE *f;
	int i;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (f == NULL)
		return 0;
	p = fgets(line, sizeof(line), f) != NULL ? strrchr(line, ')') : NULL;
	fclose(f);
	for (i = 0; p != NULL && i < 12; i++) /* to field 14 */
		p = strchr(p + 1, ' ');
	if (p != NULL) {
		utime = strtoul(p, &p, 10);
		stime = strtoul(p, NULL, 10);
	}
	return (double)(utime + stime) * 1000.0 / (double)sysconf(_SC_CLK_TCK);
}

/* Sleep a pseudo-random 0..249 ms, so that the commits do not keep
 * step with the child's polling (a player types when they please). */
static void sleep_some(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	sleep_ms((long)((*seed >> 16) % 250));
}

/* Print what child `pid` spent of a core while it waited IDLE_MS. */
static void print_idle_cpu(const char *who, pid_t pid)
{
	double cpu0 = cpu_ms_of(pid), t0 = bench_now_ms(), cpu, wall;

	sleep_ms(IDLE_MS);
	cpu = cpu_ms_of(pid) - cpu0;
	wall = bench_now_ms() - t0;
	printf("  %-34s %.2f %% of a core (%.0f ms CPU in %.0f ms; the clock "
	       "counts in %ld ms ticks)\n",
	       who, 100.0 * cpu / wall, cpu, wall, 1000 / sysconf(_SC_CLK_TCK));
}

/* The moves: the board's points row by row, skipping those that would
 * end the game. Return how many (up to MOVES). */
static int make_moves(struct move *moves)
{
	struct board b;
	int r, c, n = 0;

	board_init(&b, 15, 15, 5, RULE_FREESTYLE);
	for (r = 0; r < 15 && n < MOVES; r++)
		for (c = 0; c < 15 && n < MOVES; c++) {
			if (board_play(&b, r, c) != BOARD_OK)
				continue;
			if (b.state != BOARD_PLAYING) {
				board_undo(&b);
				continue;
			}
			moves[n].row = (unsigned char)r;
			moves[n++].col = (unsigned char)c;
		}
	return n;
}

/* Sort the delays and print median and worst. */
static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void print_delays(const char *who, double *d, int n)
{
	if (n == 0) {
		printf("  %-34s no figures (the child did not answer)\n", who);
		return;
	}
	qsort(d, (size_t)n, sizeof(*d), by_value);
	printf("  %-34s median %6.1f ms, worst %6.1f ms (%d moves)\n", who,
	       d[n / 2], d[n - 1], n);
}

/* A fresh club at `db`: alice and bob (registered through the program,
 * so that bob can log in), and a ranked match between them. */
static int club(const char *db, struct store **s, long long ids[2],
		long long *mid)
{
	char *const reg[] = {GOMOKU, "register", "bob", NULL};
	struct store_login bob;
	struct child c;
	struct match_header h = {.kind = MATCH_RANKED,
				 .game.variant = *rules_default()};

	if (spawn(&c, db, reg) != 0)
		return -1;
	type(&c, "\n" PASSWORD "\n" PASSWORD "\n");
	wait_for(&c, "is ready.", 1);
	finish(&c);
	if (store_open(db, s) != STORE_OK ||
	    store_add_player(*s, "alice", "alice", "x", 1, &ids[0]) !=
		    STORE_OK ||
	    store_get_login(*s, "bob", "", &bob) != STORE_OK)
		return -1;
	ids[1] = bob.id;
	h.black_id = ids[0];
	h.white_id = ids[1];
	h.started_at = (long long)time(NULL);
	return store_match_start(*s, &h, mid) == STORE_OK ? 0 : -1;
}

/* Commit moves[0..n) to match `mid` one at a time, after pauses drawn
 * from `seed`, and time each from its commit until child c shows it:
 * its "Move N of N." line, or (`screen`) the first bytes after the
 * commit that hold the mover's stone, ● or ○ (the screen is quiet
 * between moves, an untimed match having no clock to run). Print the
 * delays as `what`, then c's CPU while nothing happens as `idle`; end
 * c. */
static void time_moves(struct child *c, struct store *s, long long mid,
		       const struct move *moves, int n, unsigned seed,
		       bool screen, const char *what, const char *idle)
{
	static const char *const stone[2] = {"\u25cf", "\u25cb"};
	double delays[MOVES], t0;
	char marker[64];
	int i, got = 0;

	for (i = 0; i < n; i++) {
		sleep_some(&seed);
		if (screen) {
			drain_quiet(c, 0);
			c->len = 0;
		}
		if (store_match_move(s, mid, i + 1, moves[i].row, moves[i].col,
				     0) != STORE_OK)
			break;
		t0 = bench_now_ms();
		snprintf(marker, sizeof(marker), "Move %d of %d.", i + 1,
			 i + 1);
		if (wait_for(c, screen ? stone[i % 2] : marker, 1) < 0)
			break;
		delays[got++] = bench_now_ms() - t0;
	}
	print_delays(what, delays, got);
	print_idle_cpu(idle, c->pid);
	finish(c);
}

/* The watcher: each of alice's and bob's moves committed here, timed
 * until `gomoku watch` prints it, or (`screen`: in a pseudo terminal,
 * full-screen) draws its stone; then its CPU while nothing happens. */
static void bench_watcher(const char *db, struct store *s, long long mid,
			  const struct move *moves, int n, bool screen)
{
	char id[32];
	char *const argv[] = {GOMOKU, "watch", id, NULL};
	struct child c;

	snprintf(id, sizeof(id), "%lld", mid);
	if (screen) {
		if (spawn_pty(&c, db, argv) != 0)
			return;
		drain_quiet(&c, 1000); /* the first screen */
		time_moves(&c, s, mid, moves, n, 3, true,
			   "a full-screen watcher draws a move",
			   "a waiting full-screen watcher uses");
		return;
	}
	if (spawn(&c, db, argv) != 0 || wait_for(&c, "Move 0 of 0.", 1) < 0)
		return;
	time_moves(&c, s, mid, moves, n, 1, false,
		   "a watcher shows a committed move",
		   "a waiting watcher uses");
}

/* Unix time in ms, the store's seat leases' clock. */
static long long unix_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* The player: bob logs in, rejoins the match alice "plays" here (this
 * process holds her seat, as her own process would, or her moves are
 * refused), and answers each of alice's moves (timed until his prompt
 * shows it) with his own, which this process waits for in the store. */
static void bench_player(const char *db, struct store *s, long long mid,
			 const long long ids[2], const struct move *moves,
			 int n)
{
	char *const argv[] = {GOMOKU, NULL};
	double delays[MOVES], t0;
	unsigned seed = 2;
	struct match_now now;
	struct child c;
	char line[32];
	int i, got = 0;

	if (store_presence_set(s, (long long)getpid(), ids[0], mid,
			       (long long)time(NULL)) != STORE_OK ||
	    store_seat_take(s, mid, ids[0], false, unix_ms()) != STORE_OK ||
	    spawn(&c, db, argv) != 0) {
		printf("  the other player: cannot take alice's seat: %s\n",
		       store_errmsg(s));
		return;
	}
	type(&c, "2\nbob\n" PASSWORD "\n");
	if (wait_for(&c, "Rejoin it from here?", 1) < 0)
		goto out_finish;
	type(&c, "y\n");
	for (i = 0; i + 1 < n; i += 2) {
		if (store_seat_renew(s, mid, unix_ms()) != STORE_OK)
			break;
		sleep_some(&seed);
		drain_quiet(&c, 0); /* what came before: not the move's */
		c.len = 0;
		if (store_match_move(s, mid, i + 1, moves[i].row, moves[i].col,
				     0) != STORE_OK) {
			printf("  alice's move %d was refused: %s\n", i + 1,
			       store_errmsg(s));
			break;
		}
		t0 = bench_now_ms();
		if (wait_for(&c, "bob ○> ", 1) < 0)
			break;
		delays[got++] = bench_now_ms() - t0;
		snprintf(line, sizeof(line), "%c%d\n", 'a' + moves[i + 1].col,
			 moves[i + 1].row + 1);
		type(&c, line);
		while (store_match_now(s, mid, &now) == STORE_OK &&
		       now.nmoves < i + 2 && bench_now_ms() - t0 < WAIT_MS_MAX)
			sleep_ms(2);
	}
	print_delays("the other player shows a move", delays, got);
	print_idle_cpu("a player waiting for a move uses", c.pid);
out_finish:
	finish(&c);
	(void)store_presence_clear(s, (long long)getpid());
}

int bench_remote(const char *dir)
{
	char db[512];
	struct move moves[MOVES];
	struct store *s = NULL;
	long long ids[2], mid;
	int n = make_moves(moves);

	if (access(GOMOKU, X_OK) != 0) {
		printf("\nTwo terminals: skipped (no %s)\n", GOMOKU);
		return 0;
	}
	printf("\nTwo terminals (real processes; commit to shown)\n");
	snprintf(db, sizeof(db), "%s/remote.db", dir);
	if (club(db, &s, ids, &mid) != 0) {
		printf("  cannot set up the club: %s\n", store_errmsg(s));
		store_close(s);
		bench_remove_db(db);
		return -1;
	}
	bench_watcher(db, s, mid, moves, n, false);
	store_close(s);
	bench_remove_db(db);
	if (club(db, &s, ids, &mid) == 0)
		bench_watcher(db, s, mid, moves, n, true);
	store_close(s);
	bench_remove_db(db);
	if (club(db, &s, ids, &mid) == 0)
		bench_player(db, s, mid, ids, moves, n);
	store_close(s);
	bench_remove_db(db);
	return 0;
}
