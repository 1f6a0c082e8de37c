/* duel.c -- one arena game between two pbrain engines; see duel.h.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine.h"
#include "duel.h"
#include "number.h"
#include "record.h"
#include "rng.h"

#define K	       5
#define RULE_BIT_EXACT 1 /* INFO rule: exactly five */
#define RULE_BIT_RENJU 4
#define END_GRACE_MS   500 /* an engine's time to exit after END */
#define DEAD_GRACE_MS  200 /* to reap one whose output closed */
#define COMMAND_MAX    64
#define QUOTE_MAX      60 /* bytes of a garbage answer quoted */

struct duel {
	const struct duel_setup *s;
	struct duel_result *res;
	struct board board;
	struct engine eng[2]; /* by player */
	bool told[2];	      /* the player has had the position */
	long long ms[BOARD_MAX_CELLS];
	char err_path[PATH_MAX];
};

const char *duel_reason_word(enum duel_reason r)
{
	static const char *const words[] = {
		"five",		"full board",	  "time-out",  "crash",
		"illegal move", "forbidden move", "not played"};

	return (unsigned)r < sizeof(words) / sizeof(words[0]) ? words[r] : "?";
}

/* ==== Faults ============================================================ */

/* End the game: player p is at fault for reason r, in the words fmt. */
static void fault(struct duel *g, int p, enum duel_reason r, const char *fmt,
		  ...)
{
	va_list ap;

	g->res->faulty = p;
	g->res->winner = 1 - p;
	g->res->reason = r;
	va_start(ap, fmt);
	vsnprintf(g->res->detail, sizeof(g->res->detail), fmt, ap);
	va_end(ap);
}

/* Player p's engine is gone (its output closed or broke): reap it and
 * say how it ended. */
static void died(struct duel *g, int p, enum engine_read why)
{
	struct engine *e = &g->eng[p];

	engine_stop(e, DEAD_GRACE_MS);
	if (why == ENGINE_TOO_LONG)
		fault(g, p, DUEL_CRASH, "a line longer than %d bytes",
		      ENGINE_LINE_MAX);
	else if (WIFSIGNALED(e->status))
		fault(g, p, DUEL_CRASH, "killed by signal %d",
		      WTERMSIG(e->status));
	else if (WIFEXITED(e->status))
		fault(g, p, DUEL_CRASH, "exited with status %d",
		      WEXITSTATUS(e->status));
	else
		fault(g, p, DUEL_CRASH, "its output failed");
}

/* ==== Talking =========================================================== */

/* Send line to player p. Return 0, or -1 after recording the crash. */
static int say(struct duel *g, int p, const char *line)
{
	if (engine_send(&g->eng[p], line) == 0)
		return 0;
	died(g, p, ENGINE_EOF);
	return -1;
}

/* Whether an engine's line is a comment the manager skips. */
static bool is_chatter(const char *line)
{
	return strncasecmp(line, "MESSAGE", 7) == 0 ||
	       strncasecmp(line, "DEBUG", 5) == 0;
}

/* Read player p's next line that is not chatter into line, waiting until
 * deadline (limit_ms is that wait, for the words). Return 0, or -1 after
 * recording the time-out or the crash. */
static int answer(struct duel *g, int p, double deadline, int limit_ms,
		  char *line)
{
	enum engine_read r;

	do
		r = engine_read_line(&g->eng[p], deadline, line,
				     ENGINE_LINE_MAX + 1);
	while (r == ENGINE_LINE && is_chatter(line));
	if (r == ENGINE_LINE)
		return 0;
	if (r == ENGINE_TIMEOUT) {
		engine_stop(&g->eng[p], 0);
		fault(g, p, DUEL_TIMEOUT, "no answer within %d ms", limit_ms);
	} else {
		died(g, p, r);
	}
	return -1;
}

/* The seed of player p in game `game` of setup s: each game and player
 * its own, the same on every run of the match. Below 2^63, so that a
 * brain that reads it as a signed number reads it whole. */
static uint64_t game_seed(const struct duel_setup *s, int game, int p)
{
	struct rng r;

	rng_seed(&r, ((uint64_t)s->seed << 32) ^ ((uint64_t)game << 1) ^
			     (uint64_t)p);
	return rng_next(&r) >> 1;
}

/* Send player p the INFO lines of ours (see duel.h). Return 0, or -1
 * after recording the crash. */
static int say_limits(struct duel *g, int p)
{
	char cmd[COMMAND_MAX];

	if (g->s->nodes > 0) {
		snprintf(cmd, sizeof(cmd), "INFO max_node %d", g->s->nodes);
		if (say(g, p, cmd) != 0)
			return -1;
	}
	snprintf(cmd, sizeof(cmd), "INFO seed %llu",
		 (unsigned long long)game_seed(g->s, g->res->game, p));
	return say(g, p, cmd);
}

/* Start player p's engine: START, its OK, the INFO lines. Return 0, or
 * -1 after recording why not. */
static int start_engine(struct duel *g, int p)
{
	const struct duel_setup *s = g->s;
	char line[ENGINE_LINE_MAX + 1], cmd[COMMAND_MAX];
	int rule = s->rule == RULE_RENJU   ? RULE_BIT_RENJU
		   : s->rule == RULE_EXACT ? RULE_BIT_EXACT
					   : 0;

	if (engine_start(&g->eng[p], s->command[p], g->err_path) != 0) {
		fault(g, p, DUEL_NOT_PLAYED, "cannot start a process");
		g->res->winner = -1;
		return -1;
	}
	snprintf(cmd, sizeof(cmd), "START %d", DUEL_SIZE);
	if (say(g, p, cmd) != 0 ||
	    answer(g, p, engine_now_ms() + s->start_ms, s->start_ms, line) != 0)
		return -1;
	if (strcasecmp(line, "OK") != 0) {
		fault(g, p, DUEL_CRASH, "answered \"%.*s\" to START", QUOTE_MAX,
		      line);
		return -1;
	}
	snprintf(cmd, sizeof(cmd), "INFO timeout_turn %d", s->turn_ms);
	if (say(g, p, cmd) != 0 || say(g, p, "INFO timeout_match 0") != 0 ||
	    say(g, p, "INFO max_memory 0") != 0 ||
	    say(g, p, "INFO game_type 1") != 0)
		return -1;
	snprintf(cmd, sizeof(cmd), "INFO rule %d", rule);
	if (say(g, p, cmd) != 0)
		return -1;
	return say_limits(g, p);
}

/* Give player p, to move, the position: BEGIN or BOARD ... DONE the first
 * time, else TURN with the opponent's last move. Return 0, or -1 after
 * recording the crash. */
static int tell(struct duel *g, int p)
{
	const struct board *b = &g->board;
	const struct move *m;
	char cmd[COMMAND_MAX];
	int i, own = b->nmoves % 2; /* the mover's stones: i % 2 == own */

	if (g->told[p]) {
		m = board_last(b);
		snprintf(cmd, sizeof(cmd), "TURN %d,%d", m->col, m->row);
		return say(g, p, cmd);
	}
	g->told[p] = true;
	if (b->nmoves == 0)
		return say(g, p, "BEGIN");
	if (say(g, p, "BOARD") != 0)
		return -1;
	for (i = 0; i < b->nmoves; i++) {
		m = &b->moves[i];
		snprintf(cmd, sizeof(cmd), "%d,%d,%d", m->col, m->row,
			 i % 2 == own ? 1 : 2);
		if (say(g, p, cmd) != 0)
			return -1;
	}
	return say(g, p, "DONE");
}

/* Parse an answer "x,y" (blanks around the numbers allowed) into
 * *x, *y. Return 0, or -1 when it is anything else. */
static int parse_move(const char *s, int *x, int *y)
{
	long long v[2];
	int i;

	for (i = 0; i < 2; i++) {
		while (*s == ' ' || *s == '\t')
			s++;
		s = number_scan(s, 0, 1000, &v[i]);
		if (s == NULL)
			return -1;
		while (*s == ' ' || *s == '\t')
			s++;
		if (i == 0 && *s++ != ',')
			return -1;
	}
	*x = (int)v[0];
	*y = (int)v[1];
	return *s == '\0' ? 0 : -1;
}

/* ==== Playing =========================================================== */

/* The player to move. */
static int mover(const struct duel *g)
{
	return board_to_move(&g->board) == STONE_BLACK ? g->res->black
						       : 1 - g->res->black;
}

/* Judge player p's move x,y and play it. Return 0, or -1 after recording
 * the fault. */
static int judge(struct duel *g, int p, int x, int y)
{
	enum board_error err = board_play(&g->board, y, x);

	if (err == BOARD_OK)
		return 0;
	if (err == BOARD_ERR_FORBIDDEN)
		fault(g, p, DUEL_FORBIDDEN, "%d,%d is forbidden to black", x,
		      y);
	else
		fault(g, p, DUEL_ILLEGAL, "%d,%d is %s", x, y,
		      err == BOARD_ERR_OCCUPIED ? "taken" : "off the board");
	return -1;
}

/* One move of the side to move, timed. Return 0, or -1 after recording
 * a fault. */
static int one_move(struct duel *g)
{
	const struct duel_setup *s = g->s;
	int p = mover(g), limit = s->turn_ms + s->tolerance_ms, x, y;
	char line[ENGINE_LINE_MAX + 1];
	double t0 = engine_now_ms(), took;

	if (tell(g, p) != 0)
		return -1;
	if (answer(g, p, t0 + limit, limit, line) != 0) {
		if (g->res->reason == DUEL_TIMEOUT)
			g->res->worst[p] = engine_now_ms() - t0;
		return -1;
	}
	took = engine_now_ms() - t0;
	if (took > g->res->worst[p])
		g->res->worst[p] = took;
	if (parse_move(line, &x, &y) != 0) {
		fault(g, p, DUEL_CRASH, "answered \"%.*s\"", QUOTE_MAX, line);
		return -1;
	}
	if (judge(g, p, x, y) != 0)
		return -1;
	g->ms[g->board.nmoves - 1] = (long long)(took + 0.5);
	return 0;
}

/* Play the opening's stones and the game to its end or a fault. */
static void play(struct duel *g, const struct opening *o)
{
	int i;

	for (i = 0; i < o->n; i++)
		board_play(&g->board, o->moves[i].row, o->moves[i].col);
	if (start_engine(g, 0) != 0 || start_engine(g, 1) != 0)
		return;
	while (g->board.state == BOARD_PLAYING) {
		if (one_move(g) != 0)
			return;
	}
	g->res->reason = g->board.state == BOARD_DRAW ? DUEL_FULL : DUEL_FIVE;
	if (g->board.state == BOARD_BLACK_WON)
		g->res->winner = g->res->black;
	else if (g->board.state == BOARD_WHITE_WON)
		g->res->winner = 1 - g->res->black;
}

/* ==== The record ======================================================== */

/* Write the game as out_dir/game-NNN.psq. Return 0, or -1. */
static int save(const struct duel *g)
{
	struct game_record r;
	char text[RECORD_TEXT_MAX], path[PATH_MAX];
	const struct duel_result *res = g->res;
	size_t len;
	FILE *f;
	int ok;

	record_init(&r, DUEL_SIZE, DUEL_SIZE, K, g->s->rule);
	r.nmoves = g->board.nmoves;
	memcpy(r.moves, g->board.moves, sizeof(r.moves[0]) * r.nmoves);
	memcpy(r.ms, g->ms, sizeof(r.ms[0]) * r.nmoves);
	snprintf(r.black, sizeof(r.black), "%s", g->s->name[res->black]);
	snprintf(r.white, sizeof(r.white), "%s", g->s->name[1 - res->black]);
	r.end_code = res->reason == DUEL_TIMEOUT ? RECORD_END_TIMEOUT
		     : res->faulty >= 0		 ? RECORD_END_ERROR
						 : RECORD_END_NORMAL;
	if (record_write_psq(&r, text, sizeof(text), &len) != RECORD_OK)
		return -1;
	snprintf(path, sizeof(path), "%s/game-%03d.psq", g->s->out_dir,
		 res->game + 1);
	f = fopen(path, "w");
	if (f == NULL)
		return -1;
	ok = fwrite(text, 1, len, f) == len;
	return fclose(f) == 0 && ok ? 0 : -1;
}

/* Tell both engines the game is over and stop them; drop an empty
 * standard-error file. */
static void finish(struct duel *g)
{
	struct stat st;
	int p;

	for (p = 0; p < 2; p++) {
		if (g->eng[p].pid > 0)
			engine_send(&g->eng[p], "END");
	}
	for (p = 0; p < 2; p++)
		engine_stop(&g->eng[p], END_GRACE_MS);
	if (stat(g->err_path, &st) == 0 && st.st_size == 0)
		unlink(g->err_path);
}

void duel_play(const struct duel_setup *s, const struct opening *o, int opening,
	       int game, int black, struct duel_result *res)
{
	struct duel g;

	memset(&g, 0, sizeof(g));
	memset(res, 0, sizeof(*res));
	g.s = s;
	g.res = res;
	g.eng[0].to_fd = g.eng[0].from_fd = -1;
	g.eng[1].to_fd = g.eng[1].from_fd = -1;
	res->game = game;
	res->opening = opening;
	res->black = black;
	res->winner = -1;
	res->faulty = -1;
	board_init(&g.board, DUEL_SIZE, DUEL_SIZE, K, s->rule);
	snprintf(g.err_path, sizeof(g.err_path), "%s/game-%03d.err", s->out_dir,
		 game + 1);
	play(&g, o);
	res->moves = g.board.nmoves;
	finish(&g);
	res->saved = res->reason != DUEL_NOT_PLAYED && save(&g) == 0;
}
