/* arena.c -- play two pbrain engines against each other over a set of
 * openings, each opening with both colours, and say who is stronger:
 * a line per game, then the score and the Elo difference with its 95 %
 * margin. See tests/arena/README.md; duel.h says how a game is run and
 * judged, elo.h how the summary is computed.
 *
 * Games run in worker processes, -j at a time; each worker plays one
 * game (starting and stopping both engines), writes its PSQ file and
 * hands its result back over a pipe. The parent prints and counts.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "elo.h"
#include "duel.h"
#include "notation.h"
#include "number.h"
#include "record.h"
#include "rules.h"

#define OPENINGS_MAX	 500
#define LINE_MAX_TEXT	 512
#define JOBS_MAX	 64
#define DEFAULT_OPENINGS "tests/arena/openings.txt"
#define DEFAULT_OUT	 "arena-games"

struct options {
	struct duel_setup setup;
	const char *openings_path;
	int jobs;
	int games; /* play the first this many; 0: all */
};

/* ==== Options =========================================================== */

static void usage(FILE *f)
{
	fprintf(f,
		"usage: arena [options] COMMAND1 COMMAND2\n"
		"Plays the pbrain engines COMMAND1 (p1) and COMMAND2 (p2), "
		"each a shell\ncommand line, over every opening with both "
		"colours, on 15x15.\n"
		"  -t, --time MS        time per move (1000)\n"
		"  --tolerance MS       over it before a time-out (100)\n"
		"  --start-time MS      to answer START (10000)\n"
		"  -j, --jobs N         games at once (1)\n"
		"  -n, --games N        only the first N games (all)\n"
		"  --rule R             freestyle, exact or renju (freestyle)\n"
		"  --openings FILE      (" DEFAULT_OPENINGS ")\n"
		"  -o, --out DIR        PSQ records go here (" DEFAULT_OUT ")\n"
		"  --name1 NAME, --name2 NAME   the players' names (p1, p2)\n");
}

/* A number option: its names, its range and where it goes. */
struct number_option {
	const char *short_name, *long_name;
	unsigned long long lo, hi;
	int *value;
};

/* Whether arg names option (short or long). */
static int is_option(const char *arg, const char *short_name,
		     const char *long_name)
{
	return (short_name != NULL && strcmp(arg, short_name) == 0) ||
	       strcmp(arg, long_name) == 0;
}

/* Whether a player's name writes safely into a PSQ file and a line:
 * 1..DUEL_NAME_MAX letters, digits, '.', '_' or '-', a letter first. */
static int name_ok(const char *s)
{
	size_t i, n = strlen(s);

	if (n == 0 || n > DUEL_NAME_MAX ||
	    !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')))
		return 0;
	for (i = 0; i < n; i++) {
		if (strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXY"
			   "Z"
			   "0123456789._-",
			   s[i]) == NULL)
			return 0;
	}
	return 1;
}

/* Apply the option arg with its value to o. Return 0, or -1 after
 * saying what is wrong. */
static int set_option(struct options *o, const char *arg, const char *value)
{
	const struct number_option numbers[] = {
		{"-t", "--time", 1, 3600000, &o->setup.turn_ms},
		{NULL, "--tolerance", 0, 3600000, &o->setup.tolerance_ms},
		{NULL, "--start-time", 1, 3600000, &o->setup.start_ms},
		{"-j", "--jobs", 1, JOBS_MAX, &o->jobs},
		{"-n", "--games", 1, 2 * OPENINGS_MAX, &o->games},
	};
	size_t i;
	unsigned long long v;

	for (i = 0; i < sizeof(numbers) / sizeof(numbers[0]); i++) {
		const struct number_option *no = &numbers[i];

		if (!is_option(arg, no->short_name, no->long_name))
			continue;
		if (number_parse(value, no->lo, no->hi, &v) != 0) {
			fprintf(stderr,
				"arena: %s wants a number in %llu..%llu\n", arg,
				no->lo, no->hi);
			return -1;
		}
		*no->value = (int)v;
		return 0;
	}
	if (strcmp(arg, "--rule") == 0) {
		if (rules_parse_rule(value, &o->setup.rule) == 0)
			return 0;
		fprintf(stderr, "arena: --rule is freestyle, exact or renju\n");
		return -1;
	}
	if (strcmp(arg, "--openings") == 0) {
		o->openings_path = value;
		return 0;
	}
	if (is_option(arg, "-o", "--out")) {
		o->setup.out_dir = value;
		return 0;
	}
	if (strcmp(arg, "--name1") == 0 || strcmp(arg, "--name2") == 0) {
		int p = strcmp(arg, "--name1") == 0 ? 0 : 1;

		if (!name_ok(value)) {
			fprintf(stderr,
				"arena: a name is 1 to %d letters, digits, "
				"'.', '_' or '-', a letter first\n",
				DUEL_NAME_MAX);
			return -1;
		}
		snprintf(o->setup.name[p], DUEL_NAME_MAX + 1, "%s", value);
		return 0;
	}
	fprintf(stderr, "arena: unknown option %s (--help lists them)\n", arg);
	return -1;
}

/* Fill o from the command line. Return 0, 1 after --help, or -1 after
 * saying what is wrong. */
static int parse_args(int argc, char **argv, struct options *o)
{
	int i, ncmd = 0;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-h") == 0 ||
		    strcmp(argv[i], "--help") == 0) {
			usage(stdout);
			return 1;
		}
		if (argv[i][0] != '-' || argv[i][1] == '\0') {
			if (ncmd == 2)
				break;
			o->setup.command[ncmd++] = argv[i];
			continue;
		}
		if (i + 1 >= argc) {
			fprintf(stderr, "arena: %s wants a value\n", argv[i]);
			return -1;
		}
		if (set_option(o, argv[i], argv[i + 1]) != 0)
			return -1;
		i++;
	}
	if (ncmd != 2 || i < argc) {
		usage(stderr);
		return -1;
	}
	return 0;
}

/* ==== Openings ========================================================== */

/* Parse one line's moves ("h8 h9 j10") into *op under rule. Return 0,
 * or -1 when they are not a legal unfinished opening of at most
 * DUEL_OPENING_MAX stones. */
static int parse_opening(const char *text, enum rule rule, struct opening *op)
{
	const struct variant v = {"arena", DUEL_SIZE, DUEL_SIZE, 5, rule};
	struct game_record r;
	struct board b;

	if (record_read(text, strlen(text), &v, &r, NULL) != RECORD_OK ||
	    r.format != RECORD_FORMAT_MOVES || r.nmoves > DUEL_OPENING_MAX ||
	    record_check(&r, &b, NULL) != RECORD_OK || b.state != BOARD_PLAYING)
		return -1;
	op->n = r.nmoves;
	memcpy(op->moves, r.moves, sizeof(op->moves[0]) * (size_t)r.nmoves);
	return 0;
}

/* Cut line at a '#' comment and at its line end. Return whether any
 * non-blank text is left. */
static int strip_line(char *line)
{
	size_t n = strcspn(line, "#\r\n");
	size_t i;

	line[n] = '\0';
	for (i = 0; i < n; i++) {
		if (line[i] != ' ' && line[i] != '\t')
			return 1;
	}
	return 0;
}

/* Read the openings file into ops (room for OPENINGS_MAX). Return how
 * many, or -1 after saying what is wrong. */
static int load_openings(const char *path, enum rule rule, struct opening *ops)
{
	char line[LINE_MAX_TEXT];
	const char *why = NULL;
	int n = 0, lineno = 0;
	FILE *f = fopen(path, "r");

	if (f == NULL) {
		fprintf(stderr, "arena: cannot read %s: %s\n", path,
			strerror(errno));
		return -1;
	}
	while (why == NULL && fgets(line, sizeof(line), f) != NULL) {
		lineno++;
		if (!strip_line(line))
			continue;
		if (n == OPENINGS_MAX)
			why = "too many openings";
		else if (parse_opening(line, rule, &ops[n]) != 0)
			why = "not an opening (legal moves such as \"h8 h9 "
			      "j10\", the game not over)";
		else
			n++;
	}
	if (why == NULL && ferror(f))
		why = strerror(errno);
	if (why == NULL && n == 0)
		why = "no opening";
	fclose(f);
	if (why == NULL)
		return n;
	fprintf(stderr, "arena: %s:%d: %s\n", path, lineno, why);
	return -1;
}

/* Write opening op's moves as "h8 h9 j10" into buf[cap]. */
static void opening_text(const struct opening *op, char *buf, size_t cap)
{
	char m[NOTATION_MOVE_LEN];
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < op->n && used < cap; i++) {
		notation_format(op->moves[i].row, op->moves[i].col, m);
		used += (size_t)snprintf(buf + used, cap - used, "%s%s",
					 i > 0 ? " " : "", m);
	}
}

/* ==== Workers =========================================================== */

/* A game being played in a worker process. */
struct slot {
	pid_t pid; /* 0: free */
	int fd;	   /* the read end of its result pipe */
	int game;
};

/* Write all n bytes of buf to fd (writing) or read all n of them from
 * fd into buf. Return 0, or -1 on a failure or an early end of file. */
static int transfer(int fd, void *buf, size_t n, bool writing)
{
	char *p = buf;
	ssize_t r;

	while (n > 0) {
		r = writing ? write(fd, p, n) : read(fd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

/* Start a worker for game g into the free slot sl. Return 0, or -1. */
static int start_worker(const struct options *o, const struct opening *ops,
			int g, struct slot *sl)
{
	struct duel_result res;
	int fds[2];
	pid_t pid;

	if (pipe(fds) != 0)
		return -1;
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	fcntl(fds[1], F_SETFD, FD_CLOEXEC);
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		duel_play(&o->setup, &ops[g / 2], g / 2, g, g % 2, &res);
		_exit(transfer(fds[1], &res, sizeof(res), true) == 0 ? 0 : 1);
	}
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		return -1;
	}
	sl->pid = pid;
	sl->fd = fds[0];
	sl->game = g;
	return 0;
}

/* Wait for any worker to finish and take its result into *res (a
 * worker that died without one gives DUEL_NOT_PLAYED). Return 0, or -1
 * when no worker is left. */
static int collect(struct slot *slots, int nslots, struct duel_result *res)
{
	pid_t pid;
	int i, st;

	for (;;) {
		pid = waitpid(-1, &st, 0);
		if (pid < 0 && errno == EINTR)
			continue;
		if (pid < 0)
			return -1;
		for (i = 0; i < nslots; i++) {
			if (slots[i].pid == pid)
				break;
		}
		if (i < nslots)
			break;
	}
	if (transfer(slots[i].fd, res, sizeof(*res), false) != 0) {
		memset(res, 0, sizeof(*res));
		res->game = slots[i].game;
		res->winner = res->faulty = -1;
		res->reason = DUEL_NOT_PLAYED;
		snprintf(res->detail, sizeof(res->detail),
			 "the arena's worker failed");
	}
	close(slots[i].fd);
	slots[i].pid = 0;
	return 0;
}

/* ==== Counting and printing ============================================= */

/* What the games so far add up to, from p1's side. */
struct tally {
	int games, wins[2], draws, not_played;
	double score_as[2]; /* p1's points with black [0], white [1] */
	int games_as[2];    /* p1's games with black, white */
	int timeouts[2], crashes[2], illegal[2]; /* by player */
	double worst[2];
};

/* The plural ending for n things: "s", or "" for one. */
static const char *plural(int n)
{
	return n == 1 ? "" : "s";
}

/* p1's points in a game: 1, 1/2 or 0. */
static double p1_points(const struct duel_result *r)
{
	return r->winner == 0 ? 1.0 : r->winner < 0 ? 0.5 : 0.0;
}

/* Count result r into t. */
static void count(struct tally *t, const struct duel_result *r)
{
	int colour = r->black == 0 ? 0 : 1, p;

	if (r->reason == DUEL_NOT_PLAYED) {
		t->not_played++;
		return;
	}
	t->games++;
	if (r->winner < 0)
		t->draws++;
	else
		t->wins[r->winner]++;
	t->score_as[colour] += p1_points(r);
	t->games_as[colour]++;
	p = r->faulty;
	if (p >= 0) {
		t->timeouts[p] += r->reason == DUEL_TIMEOUT;
		t->crashes[p] += r->reason == DUEL_CRASH;
		t->illegal[p] += r->reason == DUEL_ILLEGAL ||
				 r->reason == DUEL_FORBIDDEN;
	}
	for (p = 0; p < 2; p++) {
		if (r->worst[p] > t->worst[p])
			t->worst[p] = r->worst[p];
	}
}

/* Write how game r ended into buf[cap]: "p1 wins (five)", "draw (full
 * board)", "p2 wins (p1 time-out: no answer within 300 ms)". */
static void outcome(const struct duel_setup *s, const struct duel_result *r,
		    char *buf, size_t cap)
{
	const char *why = duel_reason_word(r->reason);

	if (r->reason == DUEL_NOT_PLAYED)
		snprintf(buf, cap, "not played (%s)", r->detail);
	else if (r->winner < 0)
		snprintf(buf, cap, "draw (%s)", why);
	else if (r->faulty < 0)
		snprintf(buf, cap, "%s wins (%s)", s->name[r->winner], why);
	else
		snprintf(buf, cap, "%s wins (%s %s: %s)", s->name[r->winner],
			 s->name[r->faulty], why, r->detail);
}

/* Print game r's line. */
static void print_game(const struct options *o, const struct opening *ops,
		       const struct duel_result *r, int total)
{
	const struct duel_setup *s = &o->setup;
	const char *score = r->reason == DUEL_NOT_PLAYED ? "-"
			    : r->winner < 0		 ? "1/2-1/2"
			    : r->winner == r->black	 ? "1-0"
							 : "0-1";
	char open[LINE_MAX_TEXT], end[LINE_MAX_TEXT];

	opening_text(&ops[r->opening], open, sizeof(open));
	outcome(s, r, end, sizeof(end));
	printf("game %d/%d: opening %d (%s), black %s, white %s: %s, %s, "
	       "%d moves, worst move %s %.0f ms, %s %.0f ms%s\n",
	       r->game + 1, total, r->opening + 1, open, s->name[r->black],
	       s->name[1 - r->black], score, end, r->moves, s->name[0],
	       r->worst[0], s->name[1], r->worst[1],
	       r->saved || r->reason == DUEL_NOT_PLAYED
		       ? ""
		       : " (no record written)");
	fflush(stdout);
}

/* Write an Elo figure: "+58", "-21", "0", "+inf", "-inf". */
static const char *elo_text(double d, char *buf, size_t cap)
{
	if (isinf(d))
		snprintf(buf, cap, "%sinf", d > 0 ? "+" : "-");
	else if (fabs(d) < 0.5)
		snprintf(buf, cap, "0");
	else
		snprintf(buf, cap, "%+.0f", d);
	return buf;
}

/* Print the Elo difference line for t. */
static void print_elo(const struct duel_setup *s, const struct tally *t)
{
	struct elo_estimate e;
	char a[16], lo[16], hi[16];

	if (elo_estimate(t->wins[0], t->wins[1], t->draws, &e) != 0)
		return;
	printf("Elo %s - %s: %s", s->name[0], s->name[1],
	       elo_text(e.elo, a, sizeof(a)));
	if (isinf(e.elo))
		printf(" (%s won every game: no finite estimate), 95 %% "
		       "interval %s to %s (exact binomial bound)\n",
		       s->name[e.elo > 0 ? 0 : 1],
		       elo_text(e.low, lo, sizeof(lo)),
		       elo_text(e.high, hi, sizeof(hi)));
	else if (elo_bounded(&e))
		printf(" ± %.0f (95 %%: %s to %s)\n", e.margin,
		       elo_text(e.low, lo, sizeof(lo)),
		       elo_text(e.high, hi, sizeof(hi)));
	else
		printf(", margin unbounded (95 %%: %s to %s)\n",
		       elo_text(e.low, lo, sizeof(lo)),
		       elo_text(e.high, hi, sizeof(hi)));
}

/* p1's percentage of points in `points` over n games (0 for none). */
static double percent(double points, int n)
{
	return n > 0 ? 100.0 * points / n : 0.0;
}

/* Print the summary of the match. */
static void print_summary(const struct options *o, const struct tally *t)
{
	const struct duel_setup *s = &o->setup;
	double points = t->wins[0] + 0.5 * t->draws;
	int p;

	printf("\n%s vs %s: %d game%s; %s won %d, lost %d, drew %d; score "
	       "%.1f/%d = %.1f %%\n",
	       s->name[0], s->name[1], t->games, plural(t->games), s->name[0],
	       t->wins[0], t->wins[1], t->draws, points, t->games,
	       percent(points, t->games));
	printf("%s as black %.1f/%d (%.1f %%), as white %.1f/%d (%.1f %%)\n",
	       s->name[0], t->score_as[0], t->games_as[0],
	       percent(t->score_as[0], t->games_as[0]), t->score_as[1],
	       t->games_as[1], percent(t->score_as[1], t->games_as[1]));
	print_elo(s, t);
	printf("faults:");
	for (p = 0; p < 2; p++)
		printf("%s %s: time-outs %d, crashes %d, illegal moves %d",
		       p > 0 ? ";" : "", s->name[p], t->timeouts[p],
		       t->crashes[p], t->illegal[p]);
	printf("\nworst move: %s %.0f ms, %s %.0f ms (allowed %d ms + %d ms)\n",
	       s->name[0], t->worst[0], s->name[1], t->worst[1], s->turn_ms,
	       s->tolerance_ms);
	if (t->not_played > 0)
		printf("not played: %d (the arena failed to run them)\n",
		       t->not_played);
}

/* ==== The match ========================================================= */

/* Make the folder path and its parents (as mkdir -p). Return 0, or -1
 * after saying why not. */
static int make_dirs(const char *path)
{
	char buf[LINE_MAX_TEXT];
	size_t i, n = strlen(path);

	if (n == 0 || n >= sizeof(buf)) {
		fprintf(stderr, "arena: bad folder name\n");
		return -1;
	}
	memcpy(buf, path, n + 1);
	for (i = 1; i <= n; i++) {
		if (buf[i] != '/' && buf[i] != '\0')
			continue;
		buf[i] = '\0';
		if (mkdir(buf, 0755) != 0 && errno != EEXIST) {
			fprintf(stderr, "arena: cannot make %s: %s\n", buf,
				strerror(errno));
			return -1;
		}
		buf[i] = path[i];
	}
	return 0;
}

/* Print what is about to be played. */
static void print_header(const struct options *o, int nopenings, int total)
{
	const struct duel_setup *s = &o->setup;

	printf("arena: %s = %s\n", s->name[0], s->command[0]);
	printf("arena: %s = %s\n", s->name[1], s->command[1]);
	printf("arena: %d game%s from %d opening%s (%s), each with both "
	       "colours, %s "
	       "15x15, %d ms a move (+%d ms tolerance), %d at once; records "
	       "in %s\n",
	       total, plural(total), nopenings, plural(nopenings),
	       o->openings_path, rules_rule_name(s->rule), s->turn_ms,
	       s->tolerance_ms, o->jobs, s->out_dir);
	fflush(stdout);
}

/* Play games 0..total-1, jobs at once, printing each as it ends and
 * counting it into t. Return 0, or -1 when a worker could not start. */
static int run_games(const struct options *o, const struct opening *ops,
		     int total, struct tally *t)
{
	struct slot slots[JOBS_MAX] = {{0}};
	struct duel_result res;
	int next = 0, running = 0, i, failed = 0;

	while (next < total || running > 0) {
		for (i = 0; i < o->jobs && next < total && !failed; i++) {
			if (slots[i].pid != 0)
				continue;
			if (start_worker(o, ops, next, &slots[i]) != 0) {
				fprintf(stderr,
					"arena: cannot start a game: "
					"%s\n",
					strerror(errno));
				failed = 1;
				break;
			}
			next++;
			running++;
		}
		if (running == 0 || collect(slots, o->jobs, &res) != 0)
			break;
		running--;
		print_game(o, ops, &res, total);
		count(t, &res);
	}
	return failed ? -1 : 0;
}

int main(int argc, char **argv)
{
	struct opening ops[OPENINGS_MAX];
	struct options o = {{{NULL, NULL},
			     {"p1", "p2"},
			     1000,
			     100,
			     10000,
			     RULE_FREESTYLE,
			     DEFAULT_OUT},
			    DEFAULT_OPENINGS,
			    1,
			    0};
	struct tally t = {0};
	int n, total, r;
	time_t t0 = time(NULL);

	r = parse_args(argc, argv, &o);
	if (r != 0)
		return r > 0 ? 0 : 2;
	signal(SIGPIPE, SIG_IGN); /* a dead engine is seen by write() */
	n = load_openings(o.openings_path, o.setup.rule, ops);
	if (n < 0 || make_dirs(o.setup.out_dir) != 0)
		return 2;
	total = o.games > 0 && o.games < 2 * n ? o.games : 2 * n;
	print_header(&o, n, total);
	r = run_games(&o, ops, total, &t);
	print_summary(&o, &t);
	printf("took %.0f s\n", difftime(time(NULL), t0));
	return r == 0 && t.not_played == 0 ? 0 : 1;
}
