/* brain.c -- the Gomocup ("pbrain") protocol: a tournament manager's
 * commands in, the computer's answers out. See brain.h for the commands.
 *
 * One thread. Commands are read one byte at a time, so nothing beyond a
 * line is taken from the manager while we wait for it. While the
 * computer thinks, the search asks poll_input() every few hundred nodes
 * whether a byte is waiting (poll() with no timeout, one system call):
 * what arrives is read then, so YXSTOP and END stop the search at once;
 * other lines wait in a queue and run, in order, after the answer. The
 * board is a struct board whose stones are placed by colour
 * (board_place()), with the side to move kept here, since a BOARD
 * position's counts need not alternate; coordinates on the wire are x
 * (column), y (row), 0-based.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "ai.h"
#include "board.h"
#include "brain.h"
#include "number.h"
#include "renju.h"
#include "rng.h"
#include "term.h"

#ifndef GOMOKU_VERSION
#define GOMOKU_VERSION "0"
#endif

#define BRAIN_LEVEL    5 /* the default, and the strongest */
#define BRAIN_K	       5
#define MIN_SIDE       5
#define FAST_TURN_MS   100 /* timeout_turn 0: "as fast as possible" */
#define MIN_TURN_MS    5
#define MARGIN_MS      30 /* kept back from every budget, on top of 10% */
#define MOVES_AHEAD    20 /* the match time left is shared among these */
#define TT_DEFAULT     ((size_t)16 << 20)
#define TT_MIN	       ((size_t)64 << 10)
#define OTHER_MEMORY   ((long long)4 << 20) /* what is not the table */
#define RULE_EXACTLY5  1		    /* INFO rule bits */
#define RULE_RENJU_BIT 4
#define SWAP2_STONES   5     /* at most, in a SWAP2BOARD */
#define SWAP2_NODES    10000 /* one swap2 evaluation's node limit */
#define SWAP2_SLACK    40    /* openings this close to the fairest */
#define QUEUE_LINES    64    /* lines kept that arrived during a search */

/* The manager's lines: the one being read, and those that arrived while
 * the computer was thinking, waiting their turn. */
struct manager_lines {
	int fd;
	char part[TERM_LINE_MAX + 1]; /* the line being read */
	size_t len;
	bool too_long;	  /* it has more than TERM_LINE_MAX bytes */
	bool eof;	  /* the end of input was read */
	bool interrupted; /* a stop signal interrupted a read */
	int head, count;  /* the queue: its first line, how many */
	char queue[QUEUE_LINES][TERM_LINE_MAX + 1];
};

struct brain {
	FILE *out;
	int level; /* the computer's, 1 to 5 */
	uint64_t seed;
	bool failed;   /* a write failed */
	bool started;  /* START or RECTSTART was accepted */
	bool stop_now; /* YXSTOP or END arrived during this command */
	bool ending;   /* END arrived during a search */
	struct manager_lines in;
	struct board board;
	/* the board's counts need not say these */
	enum stone us;	    /* our colour */
	enum stone to_move; /* whose turn it is */
	enum rule rule;
	long long timeout_turn, timeout_match, time_left, max_memory; /* -1 */
	long long max_node; /* INFO max_node (0: none) */
	int max_depth;	    /* INFO max_depth (0: none) */
	struct ai *ai;
	size_t ai_bytes; /* the table size ai was made with */
	/* a BOARD or YXBOARD command being read: the stones in the order
	 * given, owner[i] 1 ours, 2 the opponent's */
	bool in_board, board_bad, board_thinks;
	int nstones;
	struct move stones[BOARD_MAX_CELLS];
	unsigned char owner[BOARD_MAX_CELLS];
	/* a SWAP2BOARD command being read: the stones in order */
	bool in_swap2, swap2_bad;
	int nswap2;
	struct move swap2[SWAP2_STONES];
};

/* ==== Answers ========================================================== */

/* Write one answer line to the manager and flush it. */
static void say(struct brain *br, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vfprintf(br->out, fmt, ap) < 0 || fputc('\n', br->out) == EOF ||
	    fflush(br->out) != 0)
		br->failed = true;
	va_end(ap);
}

/* ==== Reading lines ==================================================== */

/* Read one byte from the manager into *c. Return 1, 0 at the end of
 * input (a read error counts as one), or -1 when a stop signal
 * interrupted the read. */
static int read_byte(struct manager_lines *in, char *c)
{
	ssize_t n;

	for (;;) {
		n = read(in->fd, c, 1);
		if (n == 1)
			return 1;
		if (n == 0 || errno != EINTR)
			return 0;
		if (term_stop_signal() != 0)
			return -1;
	}
}

/* Add byte c to the line being read. At its newline, copy the line
 * (without a '\r' ending it) into line[TERM_LINE_MAX + 1] and return
 * true; a line too long to keep is dropped there (false). */
static bool feed(struct manager_lines *in, char c, char *line)
{
	size_t n = in->len;
	bool keep = !in->too_long;

	if (c != '\n') {
		if (in->len < TERM_LINE_MAX)
			in->part[in->len++] = c;
		else
			in->too_long = true;
		return false;
	}
	if (n > 0 && in->part[n - 1] == '\r')
		n--;
	memcpy(line, in->part, n);
	line[n] = '\0';
	in->len = 0;
	in->too_long = false;
	return keep;
}

/* Read bytes until the end of input, a stop signal, or -- when `wait`
 * is false -- no byte is waiting, feeding them into the line being read.
 * Return true with a complete line in line[TERM_LINE_MAX + 1] (a last
 * line without a newline counts), else false. */
static bool read_line(struct manager_lines *in, char *line, bool wait)
{
	struct pollfd pfd = {.fd = in->fd, .events = POLLIN};
	char c;
	int r;

	while (!in->eof && !in->interrupted) {
		if (!wait && poll(&pfd, 1, 0) <= 0)
			return false;
		r = read_byte(in, &c);
		if (r < 0)
			in->interrupted = true;
		else if (r == 0)
			in->eof = true;
		else if (feed(in, c, line))
			return true;
	}
	return in->len > 0 && feed(in, '\n', line);
}

/* Skip blanks (spaces and tabs) at s. */
static const char *skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Cut the blanks off both ends of line (in place); return its start. */
static char *trim(char *line)
{
	size_t n;

	line += strspn(line, " \t");
	n = strlen(line);
	while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t'))
		line[--n] = '\0';
	return line;
}

/* A line arrived while the computer thinks: YXSTOP stops the search,
 * END stops it and ends the session after the answer; any other line
 * waits in the queue. */
static void arrived(struct brain *br, char *line)
{
	struct manager_lines *in = &br->in;
	const char *word = trim(line);

	if (strcasecmp(word, "YXSTOP") == 0) {
		br->stop_now = true;
	} else if (strcasecmp(word, "END") == 0) {
		br->stop_now = true;
		br->ending = true;
	} else {
		memcpy(in->queue[(in->head + in->count) % QUEUE_LINES], word,
		       strlen(word) + 1);
		in->count++;
	}
}

/* The search's poll (ai_set_poll()): take in what the manager has sent,
 * without waiting, until the queue is full. Return 1 when the search
 * must stop (YXSTOP or END arrived), else 0. */
static int poll_input(void *ctx)
{
	struct brain *br = ctx;
	char line[TERM_LINE_MAX + 1];

	while (!br->stop_now && br->in.count < QUEUE_LINES &&
	       read_line(&br->in, line, false))
		arrived(br, line);
	return br->stop_now;
}

/* The next line to answer: the first one waiting, else the next one the
 * manager sends, into line[TERM_LINE_MAX + 1]. Return TERM_OK,
 * TERM_EOF, or TERM_INTERRUPTED once a stop signal has arrived. */
static enum term_read next_line(struct brain *br, char *line)
{
	struct manager_lines *in = &br->in;

	if (in->interrupted || term_stop_signal() != 0)
		return TERM_INTERRUPTED;
	if (in->count > 0) {
		memcpy(line, in->queue[in->head], TERM_LINE_MAX + 1);
		in->head = (in->head + 1) % QUEUE_LINES;
		in->count--;
		return TERM_OK;
	}
	if (read_line(in, line, true))
		return TERM_OK;
	return in->interrupted ? TERM_INTERRUPTED : TERM_EOF;
}

/* ==== Reading arguments ================================================ */

/* Parse exactly n integers in -1000000..1000000 separated by commas
 * (blanks allowed around them) from s into v. Return 0, or -1 on
 * anything else. */
static int parse_ints(const char *s, int *v, int n)
{
	long long x;
	int i;

	for (i = 0; i < n; i++) {
		s = number_scan(skip_blanks(s), -1000000, 1000000, &x);
		if (s == NULL)
			return -1;
		v[i] = (int)x;
		s = skip_blanks(s);
		if (i < n - 1 && *s++ != ',')
			return -1;
	}
	return *s == '\0' ? 0 : -1;
}

/* Parse a whole number (digits, spaces around them allowed) from s into
 * *v. Return 0, or -1 (also when it is beyond LLONG_MAX). */
static int parse_long(const char *s, long long *v)
{
	while (*s == ' ')
		s++;
	s = number_scan(s, 0, LLONG_MAX, v);
	if (s == NULL)
		return -1;
	while (*s == ' ')
		s++;
	return *s == '\0' ? 0 : -1;
}

/* ==== Thinking ========================================================= */

/* Return the table size that fits max_memory (the default without one). */
static size_t table_bytes(const struct brain *br)
{
	long long m;

	if (br->max_memory <= 0)
		return TT_DEFAULT;
	m = br->max_memory / 2 - OTHER_MEMORY;
	if (m < (long long)TT_MIN)
		return TT_MIN;
	return m > (long long)TT_DEFAULT ? TT_DEFAULT : (size_t)m;
}

/* Make sure br->ai exists with the right table. Return 0, or -1 when
 * out of memory. */
static int ensure_ai(struct brain *br)
{
	struct ai_config cfg;
	size_t bytes = table_bytes(br);

	if (br->ai != NULL && br->ai_bytes == bytes)
		return 0;
	ai_free(br->ai);
	ai_config_default(&cfg, br->level);
	cfg.seed = br->seed;
	cfg.tt_bytes = bytes;
	br->ai = ai_create(&cfg);
	br->ai_bytes = bytes;
	if (br->ai == NULL)
		return -1;
	ai_set_poll(br->ai, poll_input, br);
	return 0;
}

/* Give br->ai `ms` to think and the INFO lines' limits on nodes and
 * depth, with at most `nodes` nodes when that is not 0. */
static void limit(struct brain *br, int ms, long long nodes)
{
	if (br->max_node > 0 && (nodes == 0 || br->max_node < nodes))
		nodes = br->max_node;
	ai_set_limits(br->ai, ms, nodes);
	ai_set_max_depth(br->ai, br->max_depth);
}

/* Play a stone of `s` on (row, col) as board_play() would (under renju
 * black's forbidden points are refused); the other side moves next.
 * Return board_play()'s answer. */
static enum board_error play(struct brain *br, int row, int col, enum stone s)
{
	enum board_error err;

	if (br->board.rule == RULE_RENJU && s == STONE_BLACK &&
	    br->board.state == BOARD_PLAYING &&
	    renju_forbidden(&br->board, row, col))
		return BOARD_ERR_FORBIDDEN;
	err = board_place(&br->board, row, col, s);
	if (err == BOARD_OK)
		br->to_move = stone_other(s);
	return err;
}

/* Return the milliseconds to think about this move: timeout_turn (the
 * level's default without one) less a margin, and no more than a share
 * of the match time left. */
static int turn_budget(const struct brain *br)
{
	long long t = br->timeout_turn, share;

	if (t < 0)
		t = ai_level_time_ms(br->level);
	else if (t == 0)
		t = FAST_TURN_MS;
	t -= t / 10 + MARGIN_MS;
	if (br->timeout_match > 0 && br->time_left >= 0) {
		share = br->time_left / MOVES_AHEAD - MARGIN_MS;
		if (share < t)
			t = share;
	}
	return t < MIN_TURN_MS ? MIN_TURN_MS : (int)t;
}

/* Choose our move, play it and tell the manager. */
static void think(struct brain *br)
{
	struct ai_result res;
	int budget = turn_budget(br);

	if (br->board.state != BOARD_PLAYING) {
		say(br, "ERROR the game is over");
		return;
	}
	if (ensure_ai(br) != 0) {
		say(br, "ERROR out of memory");
		return;
	}
	limit(br, budget, 0);
	if (ai_choose_side(br->ai, &br->board, br->us, term_stop_flag(),
			   &res) != 0 ||
	    play(br, res.row, res.col, br->us) != BOARD_OK) {
		say(br, "ERROR no move found");
		return;
	}
	say(br, "MESSAGE depth %d score %d nodes %lld time %d ms of %d ms",
	    res.depth, res.score, res.nodes, res.elapsed_ms, budget);
	say(br, "%d,%d", res.col, res.row);
}

/* ==== Games ============================================================ */

/* Start an empty rows x cols board. Return 0, or -1 (nothing changed)
 * when that size is not one we play. */
static int new_game(struct brain *br, int rows, int cols)
{
	if (rows < MIN_SIDE || cols < MIN_SIDE || rows > BOARD_MAX_SIZE ||
	    cols > BOARD_MAX_SIZE)
		return -1;
	if (board_init(&br->board, rows, cols, BRAIN_K, br->rule) != 0)
		return -1;
	br->us = STONE_BLACK;
	br->to_move = STONE_BLACK;
	br->started = true;
	return 0;
}

/* Return the manager's words for why board_play() refused a move. */
static const char *refusal(enum board_error err)
{
	switch (err) {
	case BOARD_ERR_OFF_BOARD:
		return "outside the board";
	case BOARD_ERR_OCCUPIED:
		return "on an occupied square";
	case BOARD_ERR_GAME_OVER:
		return "after the end of the game";
	case BOARD_ERR_FORBIDDEN:
		return "on a point forbidden to black";
	default:
		return "refused";
	}
}

/* Set up the stones gathered by BOARD or YXBOARD on a fresh board, in
 * the order given, ours to move next. Black is whoever has more stones,
 * us when the counts are level: in any game played so far that is who
 * moved first, and the counts may differ as they like (an analysis
 * board, a manager's edit mode). Under renju the stones are placed as
 * they are, forbidden points or not. Return 0, or -1 after telling the
 * manager why not (the board is then left as it was). */
static int set_up_board(struct brain *br)
{
	struct board b;
	int i, own = 0;
	enum stone us;
	enum board_error err;

	for (i = 0; i < br->nstones; i++)
		own += br->owner[i] == 1;
	us = own >= br->nstones - own ? STONE_BLACK : STONE_WHITE;
	board_init(&b, br->board.rows, br->board.cols, BRAIN_K, br->rule);
	for (i = 0; i < br->nstones; i++) {
		err = board_place(&b, br->stones[i].row, br->stones[i].col,
				  br->owner[i] == 1 ? us : stone_other(us));
		if (err != BOARD_OK) {
			say(br, "ERROR BOARD: stone %d,%d %s",
			    br->stones[i].col, br->stones[i].row, refusal(err));
			return -1;
		}
	}
	br->board = b;
	br->us = us;
	br->to_move = us;
	return 0;
}

/* ==== Commands ========================================================= */

/* START N: an empty N x N board. */
static int cmd_start(struct brain *br, const char *args)
{
	int n;

	if (parse_ints(args, &n, 1) != 0 || new_game(br, n, n) != 0)
		say(br, "ERROR unsupported size (5 to %d)", BOARD_MAX_SIZE);
	else
		say(br, "OK");
	return 0;
}

/* RECTSTART W,H: an empty board W wide and H high. */
static int cmd_rectstart(struct brain *br, const char *args)
{
	int wh[2];

	if (parse_ints(args, wh, 2) != 0 || new_game(br, wh[1], wh[0]) != 0)
		say(br, "ERROR unsupported size (5 to %d a side)",
		    BOARD_MAX_SIZE);
	else
		say(br, "OK");
	return 0;
}

/* Return true when a board has been started; say so to the manager
 * when not. */
static bool need_board(struct brain *br)
{
	if (!br->started)
		say(br, "ERROR no board: send START first");
	return br->started;
}

/* RESTART: empty the board, same size. */
static int cmd_restart(struct brain *br, const char *args)
{
	(void)args;
	if (need_board(br)) {
		new_game(br, br->board.rows, br->board.cols);
		say(br, "OK");
	}
	return 0;
}

/* BEGIN: we open the game (black), or -- on a board that is not empty
 * -- move now. */
static int cmd_begin(struct brain *br, const char *args)
{
	(void)args;
	if (!need_board(br))
		return 0;
	if (br->board.nmoves == 0)
		br->us = STONE_BLACK;
	think(br);
	return 0;
}

/* TURN x,y: the opponent's move (black's on an empty board), then
 * ours. */
static int cmd_turn(struct brain *br, const char *args)
{
	enum board_error err;
	int xy[2];

	if (!need_board(br))
		return 0;
	if (parse_ints(args, xy, 2) != 0) {
		say(br, "ERROR TURN wants x,y");
		return 0;
	}
	if (br->board.nmoves == 0)
		br->us = STONE_WHITE;
	err = play(br, xy[1], xy[0], stone_other(br->us));
	if (err != BOARD_OK) {
		say(br, "ERROR move %d,%d %s", xy[0], xy[1], refusal(err));
		return 0;
	}
	think(br);
	return 0;
}

/* Start reading the lines of a BOARD (thinks = true) or a YXBOARD. */
static void begin_board(struct brain *br, bool thinks)
{
	br->in_board = true;
	br->board_bad = false;
	br->board_thinks = thinks;
	br->nstones = 0;
}

/* BOARD: the lines up to DONE set up a position; then our move. */
static int cmd_board(struct brain *br, const char *args)
{
	(void)args;
	begin_board(br, true);
	return 0;
}

/* YXBOARD: the lines up to DONE set up a position; no answer. */
static int cmd_yxboard(struct brain *br, const char *args)
{
	(void)args;
	begin_board(br, false);
	return 0;
}

/* One line inside BOARD or YXBOARD: "x,y,field", or DONE. */
static void board_line(struct brain *br, const char *line)
{
	int v[3];

	if (strcasecmp(line, "DONE") == 0) {
		br->in_board = false;
		if (!need_board(br))
			return;
		if (br->board_bad)
			say(br,
			    "ERROR BOARD wants lines x,y,field (1, 2 or 3)");
		else if (set_up_board(br) == 0 && br->board_thinks)
			think(br);
		return;
	}
	if (parse_ints(line, v, 3) != 0 || v[2] < 1 || v[2] > 3 || v[0] < 0 ||
	    v[1] < 0 || v[0] >= BOARD_MAX_SIZE || v[1] >= BOARD_MAX_SIZE ||
	    br->nstones == BOARD_MAX_CELLS) {
		br->board_bad = true;
		return;
	}
	br->stones[br->nstones].col = (unsigned char)v[0];
	br->stones[br->nstones].row = (unsigned char)v[1];
	br->owner[br->nstones] = v[2] == 1 ? 1 : 2;
	br->nstones++;
}

/* TAKEBACK x,y: take back the last move, which must be at x,y. */
static int cmd_takeback(struct brain *br, const char *args)
{
	const struct move *last;
	int xy[2];

	if (!need_board(br))
		return 0;
	last = board_last(&br->board);
	if (parse_ints(args, xy, 2) != 0 || last == NULL ||
	    last->col != xy[0] || last->row != xy[1]) {
		say(br, "ERROR TAKEBACK takes back the last move only");
		return 0;
	}
	br->to_move = board_at(&br->board, last->row, last->col);
	board_undo(&br->board);
	say(br, "OK");
	return 0;
}

/* ==== Swap2 ============================================================ */

/* Openings for swap2, as (dx, dy) from the centre: black, white, black,
 * each within two of the centre. Which is fairest is for the engine to
 * judge on the board at hand. */
static const signed char openings[][3][2] = {
	{{0, 0}, {1, 0}, {0, 2}},  {{0, 0}, {1, 1}, {-1, 2}},
	{{0, 0}, {2, 0}, {1, 2}},  {{0, 0}, {0, 1}, {2, 2}},
	{{0, 0}, {2, 2}, {-1, 1}}, {{0, 0}, {1, -1}, {-2, 1}},
	{{0, 0}, {-1, 2}, {2, 1}}, {{0, 0}, {2, 1}, {0, -2}},
};

#define N_OPENINGS (sizeof(openings) / sizeof(openings[0]))

/* Search b for its side to move within `ms` and SWAP2_NODES (fewer when
 * INFO max_node says so). Return 0
 * with the move and its score in *res, or -1. */
static int evaluate(struct brain *br, const struct board *b, int ms,
		    struct ai_result *res)
{
	if (ensure_ai(br) != 0)
		return -1;
	limit(br, ms, SWAP2_NODES);
	return ai_choose(br->ai, b, term_stop_flag(), res);
}

/* Put the stones moves[0..n-1] in order on a fresh board b of our size
 * and rule. Return 0, or -1 when one is refused. */
static int swap2_setup(const struct brain *br, struct board *b,
		       const struct move *moves, int n)
{
	int i;

	board_init(b, br->board.rows, br->board.cols, BRAIN_K, br->rule);
	for (i = 0; i < n; i++) {
		if (board_play(b, moves[i].row, moves[i].col) != BOARD_OK ||
		    b->state != BOARD_PLAYING)
			return -1;
	}
	return 0;
}

/* Write opening i's stones on our board into out[3]. */
static void opening_moves(const struct brain *br, size_t i, struct move *out)
{
	int j;

	for (j = 0; j < 3; j++) {
		out[j].col =
			(unsigned char)(br->board.cols / 2 + openings[i][j][0]);
		out[j].row =
			(unsigned char)(br->board.rows / 2 + openings[i][j][1]);
	}
}

/* SWAP2BOARD with no stones: propose three stones (black, white, black)
 * that leave neither side much better, picked with the seed among the
 * fairest in the engine's eyes. */
static void swap2_open(struct brain *br)
{
	struct move m[3];
	struct board b;
	struct ai_result res;
	int unfair[N_OPENINGS], best = -1, ms = turn_budget(br) / N_OPENINGS;
	size_t i, fair[N_OPENINGS], nfair = 0;
	struct rng r;

	for (i = 0; i < N_OPENINGS; i++) {
		opening_moves(br, i, m);
		unfair[i] = -1;
		if (swap2_setup(br, &b, m, 3) != 0 ||
		    evaluate(br, &b, ms > 0 ? ms : 1, &res) != 0)
			continue;
		unfair[i] = abs(res.score);
		if (best < 0 || unfair[i] < best)
			best = unfair[i];
	}
	for (i = 0; i < N_OPENINGS; i++) {
		if (unfair[i] >= 0 && unfair[i] <= best + SWAP2_SLACK)
			fair[nfair++] = i;
	}
	if (nfair == 0) {
		say(br, "ERROR no opening fits this board");
		return;
	}
	rng_seed(&r, br->seed);
	opening_moves(br, fair[rng_below(&r, (uint32_t)nfair)], m);
	swap2_setup(br, &br->board, m, 3);
	br->to_move = STONE_WHITE; /* the opponent may stay white (TURN) */
	br->us = STONE_BLACK;
	say(br, "%d,%d %d,%d %d,%d", m[0].col, m[0].row, m[1].col, m[1].row,
	    m[2].col, m[2].row);
}

/* SWAP2BOARD with 3 stones that leave neither side better: place two
 * more on b, `white` (the engine's move for white, found on b) and
 * black's best reply, and leave the colours to the opponent, as
 * swap2_open() does: "x1,y1 x2,y2". */
static void swap2_place_two(struct brain *br, struct board *b,
			    const struct ai_result *white)
{
	struct ai_result black;

	if (board_play(b, white->row, white->col) != BOARD_OK ||
	    evaluate(br, b, turn_budget(br), &black) != 0 ||
	    board_play(b, black.row, black.col) != BOARD_OK) {
		say(br, "ERROR no move found");
		return;
	}
	br->board = *b;
	br->to_move = STONE_WHITE; /* the opponent may stay white (TURN) */
	br->us = STONE_BLACK;
	say(br, "%d,%d %d,%d", white->col, white->row, black.col, black.row);
}

/* SWAP2BOARD with 3 or 5 stones, white to move: with 3 stones that
 * leave neither side better (AI_SWAP2_EVEN), place two more; else stay
 * white and play when the engine likes white's side (score >= 0), or
 * SWAP to black and let the opponent play. */
static void swap2_choose(struct brain *br)
{
	struct board b;
	struct ai_result res;

	if (swap2_setup(br, &b, br->swap2, br->nswap2) != 0) {
		say(br, "ERROR SWAP2BOARD: these stones cannot be played");
		return;
	}
	if (evaluate(br, &b, turn_budget(br), &res) != 0) {
		say(br, "ERROR no move found");
		return;
	}
	say(br, "MESSAGE white to move scores %d", res.score);
	if (br->nswap2 == 3 && res.score > -AI_SWAP2_EVEN &&
	    res.score < AI_SWAP2_EVEN) {
		swap2_place_two(br, &b, &res);
		return;
	}
	br->board = b;
	br->to_move = board_to_move(&br->board);
	br->us = stone_other(br->to_move); /* black after a SWAP */
	if (res.score < 0) {
		say(br, "SWAP");
		return;
	}
	br->us = br->to_move;
	play(br, res.row, res.col, br->us);
	say(br, "%d,%d", res.col, res.row);
}

/* SWAP2BOARD: the lines up to DONE give the stones so far, in order. */
static int cmd_swap2board(struct brain *br, const char *args)
{
	(void)args;
	br->in_swap2 = true;
	br->swap2_bad = false;
	br->nswap2 = 0;
	return 0;
}

/* One line inside SWAP2BOARD: "x,y", or DONE. */
static void swap2_line(struct brain *br, const char *line)
{
	int v[2];

	if (strcasecmp(line, "DONE") == 0) {
		br->in_swap2 = false;
		if (!need_board(br))
			return;
		if (br->swap2_bad ||
		    (br->nswap2 != 0 && br->nswap2 != 3 && br->nswap2 != 5))
			say(br, "ERROR SWAP2BOARD wants 0, 3 or 5 lines x,y");
		else if (br->nswap2 == 0)
			swap2_open(br);
		else
			swap2_choose(br);
		return;
	}
	if (parse_ints(line, v, 2) != 0 || v[0] < 0 || v[1] < 0 ||
	    v[0] >= BOARD_MAX_SIZE || v[1] >= BOARD_MAX_SIZE ||
	    br->nswap2 >= SWAP2_STONES) {
		br->swap2_bad = true;
		return;
	}
	br->swap2[br->nswap2].col = (unsigned char)v[0];
	br->swap2[br->nswap2].row = (unsigned char)v[1];
	br->nswap2++;
}

/* ==== INFO, ABOUT, the YX commands and END ============================= */

/* Set the rule from INFO rule's bits; an empty board switches at once,
 * a game under way keeps its rule until the next START or RESTART. */
static void set_rule(struct brain *br, long long bits)
{
	if (bits & RULE_RENJU_BIT)
		br->rule = RULE_RENJU;
	else if (bits & RULE_EXACTLY5)
		br->rule = RULE_EXACT;
	else
		br->rule = RULE_FREESTYLE;
	if (br->started && br->board.nmoves == 0)
		new_game(br, br->board.rows, br->board.cols);
}

/* Seed our random choices (INFO seed): the moves of the next searches
 * and SWAP2BOARD's fair openings. */
static void set_seed(struct brain *br, uint64_t seed)
{
	br->seed = seed;
	if (br->ai != NULL)
		ai_set_seed(br->ai, seed);
}

/* INFO key value: limits, the rule and the seed; no answer. */
static int cmd_info(struct brain *br, const char *args)
{
	const char *value = strchr(args, ' ');
	size_t n = value != NULL ? (size_t)(value - args) : strlen(args);
	long long v;

	if (value == NULL || parse_long(value, &v) != 0)
		return 0;
	if (n == 12 && strncasecmp(args, "timeout_turn", n) == 0)
		br->timeout_turn = v;
	else if (n == 13 && strncasecmp(args, "timeout_match", n) == 0)
		br->timeout_match = v;
	else if (n == 9 && strncasecmp(args, "time_left", n) == 0)
		br->time_left = v;
	else if (n == 10 && strncasecmp(args, "max_memory", n) == 0)
		br->max_memory = v;
	else if (n == 8 && strncasecmp(args, "max_node", n) == 0)
		br->max_node = v;
	else if (n == 9 && strncasecmp(args, "max_depth", n) == 0)
		br->max_depth = v > INT_MAX ? INT_MAX : (int)v;
	else if (n == 4 && strncasecmp(args, "rule", n) == 0)
		set_rule(br, v);
	else if (n == 4 && strncasecmp(args, "seed", n) == 0)
		set_seed(br, (uint64_t)v);
	return 0;
}

/* ABOUT: who we are (the project names no author, country, e-mail
 * address or web site, so neither do we). */
static int cmd_about(struct brain *br, const char *args)
{
	(void)args;
	say(br, "name=\"gomoku-club\", version=\"%s\", level=\"%d\"",
	    GOMOKU_VERSION, br->level);
	return 0;
}

/* YXSTOP: stop thinking (see arrived()); when we are not, nothing. */
static int cmd_yxstop(struct brain *br, const char *args)
{
	(void)br;
	(void)args;
	return 0;
}

/* YXHASHCLEAR: clear the search's tables (transposition and threats) by
 * freeing them; the next search makes them anew, empty. Each search
 * already ignores what earlier ones stored, so no move changes: what
 * comes back is their memory. No answer. */
static int cmd_yxhashclear(struct brain *br, const char *args)
{
	(void)args;
	ai_free(br->ai);
	br->ai = NULL;
	return 0;
}

/* YXSHOWFORBID: black's forbidden points when black is to move under
 * renju, as Yixin-Board reads them: "FORBID " then xxyy (two digits
 * each) for every point, row by row, then "." -- "FORBID ." for none. */
static int cmd_yxshowforbid(struct brain *br, const char *args)
{
	struct move pts[BOARD_MAX_CELLS];
	char text[sizeof("FORBID .") + 4 * BOARD_MAX_CELLS];
	int i, n = 0;
	size_t len;

	(void)args;
	if (!need_board(br))
		return 0;
	if (br->board.rule == RULE_RENJU && br->to_move == STONE_BLACK &&
	    br->board.state == BOARD_PLAYING)
		n = renju_forbidden_points(&br->board, pts, BOARD_MAX_CELLS);
	memcpy(text, "FORBID ", 7);
	len = 7;
	for (i = 0; i < n; i++) {
		text[len++] = (char)('0' + pts[i].col / 10);
		text[len++] = (char)('0' + pts[i].col % 10);
		text[len++] = (char)('0' + pts[i].row / 10);
		text[len++] = (char)('0' + pts[i].row % 10);
	}
	memcpy(text + len, ".", 2);
	say(br, "%s", text);
	return 0;
}

/* END: stop. */
static int cmd_end(struct brain *br, const char *args)
{
	(void)br;
	(void)args;
	return 1;
}

/* ==== The session ====================================================== */

/* The commands, each returning 1 to end the session, else 0. */
static const struct command {
	const char *name;
	int (*run)(struct brain *br, const char *args);
} commands[] = {
	{"START", cmd_start},
	{"RECTSTART", cmd_rectstart},
	{"RESTART", cmd_restart},
	{"BEGIN", cmd_begin},
	{"TURN", cmd_turn},
	{"BOARD", cmd_board},
	{"TAKEBACK", cmd_takeback},
	{"INFO", cmd_info},
	{"ABOUT", cmd_about},
	{"END", cmd_end},
	{"SWAP2BOARD", cmd_swap2board},
	{"YXSTOP", cmd_yxstop},
	{"YXBOARD", cmd_yxboard},
	{"YXSHOWFORBID", cmd_yxshowforbid},
	{"YXHASHCLEAR", cmd_yxhashclear},
};

/* Answer one line. Return 1 when the session ends, else 0. */
static int handle_line(struct brain *br, char *line)
{
	char *args;
	size_t i;

	br->stop_now = false;
	line = trim(line);
	if (*line == '\0')
		return 0;
	if (br->in_board) {
		board_line(br, line);
		return 0;
	}
	if (br->in_swap2) {
		swap2_line(br, line);
		return 0;
	}
	args = line + strcspn(line, " \t");
	if (*args != '\0')
		*args++ = '\0';
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcasecmp(line, commands[i].name) == 0)
			return commands[i].run(br, args);
	}
	say(br, "UNKNOWN command %s", line);
	return 0;
}

/* Speak the protocol until END, the end of input or a stop signal; see
 * brain.h. */
int brain_run(int in_fd, FILE *out, int level, uint64_t seed)
{
	struct brain *br = calloc(1, sizeof(*br));
	char line[TERM_LINE_MAX + 1];
	enum term_read r;
	int done = 0, status = 0;

	if (br == NULL)
		return 1;
	br->out = out;
	br->level = level >= 1 && level <= BRAIN_LEVEL ? level : BRAIN_LEVEL;
	br->seed = seed;
	br->rule = RULE_FREESTYLE;
	br->timeout_turn = -1;
	br->timeout_match = -1;
	br->time_left = -1;
	br->max_memory = -1;
	br->in.fd = in_fd;
	while (!done && !br->ending && !br->failed) {
		r = next_line(br, line);
		if (r == TERM_EOF)
			break;
		if (r == TERM_INTERRUPTED) {
			status = 1;
			break;
		}
		done = handle_line(br, line);
	}
	if (br->failed)
		status = 1;
	ai_free(br->ai);
	free(br);
	return status;
}
