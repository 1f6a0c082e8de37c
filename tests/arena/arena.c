/* arena.c -- play two pbrain engines against each other over a set of
 * openings, each opening with both colours, and say who is stronger:
 * a line per game, then the score and the Elo difference with its 95 %
 * margin; with --sprt, a sequential test on the pairs of games that
 * stops as soon as it is decided. See tests/arena/README.md; duel.h says
 * how a game is run and judged, elo.h how the summary is computed and
 * sprt.h how the test decides.
 *
 * Games run in worker processes, -j at a time; each worker plays one
 * game (starting and stopping both engines), writes its PSQ file and
 * hands its result back over a pipe. The parent prints and counts.
 * Game g (from 0) plays opening (g / 2) mod K of the K openings, p1
 * black when g is even: beyond the 2K games of one round the openings
 * come again, each game with seeds of its own (duel.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "duel.h"
#include "notation.h"
#include "number.h"
#include "record.h"
#include "rules.h"
#include "sprt.h"
#include "tally.h"

#define OPENINGS_MAX	 500
#define LINE_MAX_TEXT	 512
#define JOBS_MAX	 64
#define GAMES_MAX	 1000000
#define NODES_MAX	 1000000000
#define DEFAULT_OPENINGS "tests/arena/openings.txt"
#define DEFAULT_OUT	 "arena-games"
#define TURN_MS		 1000  /* the time per move */
#define NODES_TURN_MS	 60000 /* with --nodes, the time bound */
#define SPRT_GAMES	 2000  /* with --sprt, the most games played */

struct options {
	struct duel_setup setup;
	const char *openings_path;
	int nopenings;
	int jobs;
	int games; /* play the first this many; 0: one round (or
		      SPRT_GAMES with --sprt) */
	bool sprt; /* stop when the sequential test is decided */
	struct sprt test;
};

/* ==== Options =========================================================== */

static void usage(FILE *f)
{
	fprintf(f,
		"usage: arena [options] COMMAND1 COMMAND2\n"
		"Plays the pbrain engines COMMAND1 (p1) and COMMAND2 (p2), "
		"each a shell\ncommand line, over every opening with both "
		"colours, on 15x15.\n"
		"  -t, --time MS        time per move (1000; with --nodes "
		"a bound, 60000)\n"
		"  --nodes N            nodes per move (INFO max_node) for "
		"both engines\n"
		"  --tolerance MS       over it before a time-out (100)\n"
		"  --start-time MS      to answer START (10000)\n"
		"  -j, --jobs N         games at once (1)\n"
		"  -n, --games N        the first N games (one round of the "
		"openings;\n"
		"                       more plays them again, round after "
		"round)\n"
		"  --seed N             the games' seeds (INFO seed) come "
		"from it (0)\n"
		"  --sprt               stop when the sequential test on the "
		"pairs is\n"
		"                       decided (-n: at most, default "
		"2000)\n"
		"  --elo0 E, --elo1 E   its hypotheses, Elo p1 - p2 (0, 10)\n"
		"  --alpha A, --beta B  its error rates (0.05, 0.05)\n"
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

/* Apply arg, when it is one of the test's real-number options, with its
 * value to o. Return 0 when done, -1 after saying what is wrong, 1 when
 * arg is not one of them. */
static int set_real(struct options *o, const char *arg, const char *value)
{
	const struct {
		const char *name;
		double lo, hi, *value;
	} reals[] = {
		{"--elo0", -1000.0, 1000.0, &o->test.elo0},
		{"--elo1", -1000.0, 1000.0, &o->test.elo1},
		{"--alpha", 0.0, 0.5, &o->test.alpha},
		{"--beta", 0.0, 0.5, &o->test.beta},
	};
	size_t i;
	char *end;
	double v;

	for (i = 0; i < sizeof(reals) / sizeof(reals[0]); i++) {
		if (strcmp(arg, reals[i].name) != 0)
			continue;
		v = strtod(value, &end);
		if (end != value && *end == '\0' && v > reals[i].lo &&
		    v < reals[i].hi) {
			*reals[i].value = v;
			return 0;
		}
		fprintf(stderr, "arena: %s wants a number between %g and %g\n",
			arg, reals[i].lo, reals[i].hi);
		return -1;
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
		{"-n", "--games", 1, GAMES_MAX, &o->games},
		{NULL, "--nodes", 1, NODES_MAX, &o->setup.nodes},
		{NULL, "--seed", 0, INT_MAX, &o->setup.seed},
	};
	size_t i;
	unsigned long long v;
	int r = set_real(o, arg, value);

	if (r <= 0)
		return r;
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

/* Check the options together and fill in the defaults that depend on
 * others. Return 0, or -1 after saying what is wrong. */
static int check_args(struct options *o)
{
	if (o->setup.turn_ms == 0)
		o->setup.turn_ms = o->setup.nodes > 0 ? NODES_TURN_MS : TURN_MS;
	if (!o->sprt)
		return 0;
	if (o->games == 0)
		o->games = SPRT_GAMES;
	if (o->games % 2 != 0) {
		fprintf(stderr, "arena: with --sprt, -n is a number of pairs "
				"of games: an even number\n");
		return -1;
	}
	if (!(o->test.elo0 < o->test.elo1)) {
		fprintf(stderr, "arena: --elo0 must be below --elo1\n");
		return -1;
	}
	return 0;
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
		if (strcmp(argv[i], "--sprt") == 0) {
			o->sprt = true;
			continue;
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
	return check_args(o);
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
		duel_play(&o->setup, &ops[g / 2 % o->nopenings],
			  g / 2 % o->nopenings, g, g % 2, &res);
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
static void print_header(const struct options *o, int total)
{
	const struct duel_setup *s = &o->setup;
	int n = o->nopenings, rounds = (total + 2 * n - 1) / (2 * n);
	char limit[LINE_MAX_TEXT];
	double lower, upper;

	if (s->nodes > 0)
		snprintf(limit, sizeof(limit),
			 "%d nodes a move (at most %d ms, +%d ms tolerance)",
			 s->nodes, s->turn_ms, s->tolerance_ms);
	else
		snprintf(limit, sizeof(limit),
			 "%d ms a move (+%d ms tolerance)", s->turn_ms,
			 s->tolerance_ms);
	printf("arena: %s = %s\n", s->name[0], s->command[0]);
	printf("arena: %s = %s\n", s->name[1], s->command[1]);
	printf("arena: %d game%s%s from %d opening%s (%s), each with both "
	       "colours%s, %s 15x15, %s, %d at once, seed %d; records in "
	       "%s\n",
	       total, tally_plural(total), o->sprt ? " at most" : "", n,
	       tally_plural(n), o->openings_path,
	       rounds > 1 ? ", round after round" : "",
	       rules_rule_name(s->rule), limit, o->jobs, s->seed, s->out_dir);
	if (o->sprt) {
		sprt_bounds(&o->test, &lower, &upper);
		printf("arena: sprt on the pairs of games: H0 Elo %s - %s = "
		       "%+g, H1 %+g, alpha %g, beta %g: it stops when the "
		       "LLR leaves %+.2f to %+.2f\n",
		       s->name[0], s->name[1], o->test.elo0, o->test.elo1,
		       o->test.alpha, o->test.beta, lower, upper);
	}
	fflush(stdout);
}

/* Print game r's line and count it into t (with the test, by pairs:
 * waits[] has one per pair); after the test's decision, print it only. */
static void take_result(const struct options *o, const struct opening *ops,
			const struct duel_result *r, int total,
			struct pair_wait *waits, struct tally *t)
{
	char open[LINE_MAX_TEXT];
	bool counted = t->verdict == SPRT_CONTINUE;

	opening_text(&ops[r->opening], open, sizeof(open));
	tally_print_game(&o->setup, open, r, total, counted);
	if (!o->sprt)
		tally_count(t, r);
	else if (counted &&
		 tally_count_pair(t, &waits[r->game / 2], r, &o->test))
		tally_print_test(&o->test, t);
}

/* Play games 0..total-1, jobs at once, printing each as it ends and
 * counting it into t; with the test, none is started once it is
 * decided. Return 0, or -1 when a worker could not start. */
static int run_games(const struct options *o, const struct opening *ops,
		     int total, struct tally *t)
{
	struct slot slots[JOBS_MAX] = {{0}};
	struct duel_result res;
	struct pair_wait *waits = NULL;
	int next = 0, running = 0, i, failed = 0;

	if (o->sprt) {
		waits = calloc((size_t)total / 2, sizeof(*waits));
		if (waits == NULL) {
			fprintf(stderr, "arena: out of memory\n");
			return -1;
		}
	}
	while (next < total || running > 0) {
		for (i = 0; i < o->jobs && next < total && !failed &&
			    t->verdict == SPRT_CONTINUE;
		     i++) {
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
		take_result(o, ops, &res, total, waits, t);
	}
	free(waits);
	return failed ? -1 : 0;
}

int main(int argc, char **argv)
{
	struct opening ops[OPENINGS_MAX];
	struct options o = {
		.setup = {.name = {"p1", "p2"},
			  .tolerance_ms = 100,
			  .start_ms = 10000,
			  .rule = RULE_FREESTYLE,
			  .out_dir = DEFAULT_OUT},
		.openings_path = DEFAULT_OPENINGS,
		.jobs = 1,
		.test = {0.0, 10.0, 0.05, 0.05},
	};
	struct tally t = {0};
	int total, r;
	time_t t0 = time(NULL);

	r = parse_args(argc, argv, &o);
	if (r != 0)
		return r > 0 ? 0 : 2;
	signal(SIGPIPE, SIG_IGN); /* a dead engine is seen by write() */
	o.nopenings = load_openings(o.openings_path, o.setup.rule, ops);
	if (o.nopenings < 0 || make_dirs(o.setup.out_dir) != 0)
		return 2;
	total = o.games > 0 ? o.games : 2 * o.nopenings;
	print_header(&o, total);
	r = run_games(&o, ops, total, &t);
	tally_print_summary(&o.setup, &t, o.sprt ? &o.test : NULL);
	printf("took %.0f s\n", difftime(time(NULL), t0));
	return r == 0 && t.not_played == 0 ? 0 : 1;
}
