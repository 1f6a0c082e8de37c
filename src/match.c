/* match.c -- one game from the first move to the end, through callbacks. */
#include "match.h"

#include <string.h>

#include "clock.h"

int match_init(struct match *m, const struct variant *v, const char *black_name,
	       const char *white_name)
{
	memset(m, 0, sizeof(*m));
	if (rules_start(v, &m->board) != 0)
		return -1;
	m->variant = *v;
	m->seat_name[0] = black_name;
	m->seat_name[1] = white_name;
	m->seat[STONE_BLACK] = 0;
	m->seat[STONE_WHITE] = 1;
	m->name[STONE_BLACK] = black_name;
	m->name[STONE_WHITE] = white_name;
	m->opening_done = true;
	return 0;
}

/* Give `seat` both colours (it places stones of either colour). */
static void seat_places(struct match *m, int seat)
{
	m->seat[STONE_BLACK] = m->seat[STONE_WHITE] = seat;
	m->name[STONE_BLACK] = m->name[STONE_WHITE] = m->seat_name[seat];
}

/* The opening is over: `black_seat` plays black, the other white. */
static void set_colours(struct match *m, int black_seat)
{
	m->seat[STONE_BLACK] = black_seat;
	m->seat[STONE_WHITE] = 1 - black_seat;
	m->name[STONE_BLACK] = m->seat_name[black_seat];
	m->name[STONE_WHITE] = m->seat_name[1 - black_seat];
	m->opening_done = true;
}

int match_set_opening(struct match *m, enum match_opening opening)
{
	if (opening == OPENING_NONE) {
		set_colours(m, 0);
		m->opening = OPENING_NONE;
		return 0;
	}
	if (m->board.nmoves != 0 || m->board.k < 5)
		return -1;
	m->opening = opening;
	m->opening_done = false;
	m->swap2_two = false;
	m->opening_stones = 3;
	seat_places(m, 0);
	return 0;
}

/* Whether `stones` and `colours_final` fit m's opening and board. */
static bool opening_fits(const struct match *m, int stones, bool colours_final)
{
	int n = m->board.nmoves;

	if (m->opening == OPENING_NONE)
		return stones == 0 && colours_final;
	if (stones != 3 && stones != 5)
		return false;
	if (colours_final)
		return n >= stones;
	return stones == 3 ? n <= 3 : n >= 3 && n <= 5;
}

int match_restore_opening(struct match *m, int stones, bool colours_final)
{
	if (!opening_fits(m, stones, colours_final))
		return -1;
	if (m->opening == OPENING_NONE)
		return 0;
	m->opening_stones = stones;
	m->swap2_two = stones == 5;
	if (colours_final)
		set_colours(m, 0);
	else
		seat_places(m, m->swap2_two ? 1 : 0);
	return 0;
}

/* The clock now, or 0 without one. */
static long long clock_now(const struct match_io *io, void *ctx)
{
	return io->clock_ms != NULL ? io->clock_ms(ctx) : 0;
}

/* Tell io the board changed. Return 0, or -1 when io stops the game. */
static int report_change(struct match *m, const struct match_io *io, void *ctx)
{
	return io->changed != NULL ? io->changed(ctx, m) : 0;
}

/* Set m->end and m->winner from the board after a move. */
static void note_board_end(struct match *m)
{
	if (m->board.state == BOARD_DRAW) {
		m->end = MATCH_FULL;
	} else if (m->board.state != BOARD_PLAYING) {
		m->end = MATCH_FIVE;
		m->winner = board_winner(&m->board);
	}
}

int match_replay(struct match *m, const struct move *moves, const long long *ms,
		 int n)
{
	struct match saved = *m;
	int i;

	for (i = 0; i < n; i++) {
		if (board_play(&m->board, moves[i].row, moves[i].col) !=
			    BOARD_OK ||
		    m->board.state != BOARD_PLAYING) {
			*m = saved;
			return -1;
		}
		m->move_ms[i] = ms != NULL ? ms[i] : 0;
	}
	return 0;
}

/* Play the move in `in`; tell the player why when the board refuses.
 * Return 0, or -1 when the game was stopped. */
static int play_move(struct match *m, const struct match_io *io, void *ctx,
		     const struct input *in)
{
	enum board_error err = board_play(&m->board, in->row, in->col);

	if (err != BOARD_OK) {
		io->refused(ctx, m, in, err);
		if (err == BOARD_ERR_FORBIDDEN && m->forbidden_loses) {
			m->end = MATCH_FORBIDDEN;
			m->winner = STONE_WHITE;
		}
		return 0;
	}
	m->move_ms[m->board.nmoves - 1] = clock_now(io, ctx) - m->started_ms;
	if (report_change(m, io, ctx) != 0) {
		board_undo(&m->board); /* not saved: not played */
		return -1;
	}
	note_board_end(m);
	return 0;
}

/* The player to move asks to take back their last move and the reply,
 * which must both come after the opening's stones. Return 0, or -1 when
 * the game was stopped. */
static int take_back(struct match *m, const struct match_io *io, void *ctx)
{
	enum stone me = board_to_move(&m->board);
	int answer;

	if (m->board.nmoves - 2 < m->opening_stones || m->board.nmoves < 2) {
		io->event(ctx, m, EVENT_NOTHING_TO_UNDO);
		return 0;
	}
	answer = io->confirm(ctx, m, stone_other(me), ASK_ACCEPT_UNDO);
	if (answer < 0)
		return -1;
	if (answer == 0) {
		io->event(ctx, m, EVENT_UNDO_REFUSED);
		return 0;
	}
	board_undo(&m->board);
	board_undo(&m->board);
	if (report_change(m, io, ctx) != 0)
		return -1;
	io->event(ctx, m, EVENT_UNDONE);
	return 0;
}

/* The seat to act resigns: the other wins. During the opening the
 * colours are read as a record keeps them until they are chosen (seat
 * 0, the first placer, black), as for a timeout (time_out()). */
static void resign(struct match *m)
{
	int loser = match_seat_to_act(m);

	if (!m->opening_done)
		set_colours(m, 0);
	m->end = MATCH_RESIGN;
	m->resigned = m->seat[STONE_BLACK] == loser ? STONE_BLACK : STONE_WHITE;
	m->winner = stone_other(m->resigned);
}

/* The player to move offers a draw or resigns, after asking whoever must
 * agree. Return 0, or -1 when the game was stopped. */
static int offer_end(struct match *m, const struct match_io *io, void *ctx,
		     enum input_kind kind)
{
	enum stone me = board_to_move(&m->board);
	int answer;

	if (kind == INPUT_DRAW) {
		answer = io->confirm(ctx, m, stone_other(me), ASK_ACCEPT_DRAW);
		if (answer > 0)
			m->end = MATCH_AGREED_DRAW;
		else if (answer == 0)
			io->event(ctx, m, EVENT_DRAW_REFUSED);
	} else {
		answer = io->confirm(ctx, m, me, ASK_CONFIRM_RESIGN);
		if (answer > 0)
			resign(m);
	}
	return answer < 0 ? -1 : 0;
}

/* Swap2's decisions, when the stones placed so far call for one.
 * Return 0, or -1 when the game was stopped. */
static int swap2_step(struct match *m, const struct match_io *io, void *ctx)
{
	int answer;

	if (m->board.nmoves == 3 && !m->swap2_two) {
		answer = io->choose(ctx, m, 1, CHOOSE_SWAP2);
		if (answer < 0)
			return -1;
		if (answer == SWAP2_PLACE_TWO) {
			m->swap2_two = true;
			m->opening_stones = 5;
			seat_places(m, 1);
			return 0;
		}
		set_colours(m, answer == SWAP2_TAKE_BLACK ? 1 : 0);
	} else if (m->board.nmoves == 5 && m->swap2_two) {
		answer = io->choose(ctx, m, 0, CHOOSE_COLOUR);
		if (answer < 0)
			return -1;
		set_colours(m, answer == STONE_BLACK ? 0 : 1);
	} else {
		return 0;
	}
	io->event(ctx, m, EVENT_COLOURS_SET);
	return report_change(m, io, ctx); /* the stones can be kept now */
}

/* During the opening only moves, a resignation and help are taken. True
 * when `in` must be turned down for that reason. */
static bool opening_refuses(const struct match *m, const struct input *in)
{
	return !m->opening_done && in->kind != INPUT_MOVE &&
	       in->kind != INPUT_RESIGN && in->kind != INPUT_HELP;
}

/* The seat to act ran out of time: it loses, or draws once the other
 * side can no longer make K in a row (clock_flag_winner(), after the
 * opening). During the opening the colours are read as a record keeps
 * them until they are chosen (seat 0, the first placer, black), so
 * that the loser is the seat that was to act whatever colour its stone
 * would have been. */
static void time_out(struct match *m)
{
	int loser = match_seat_to_act(m);

	if (!m->opening_done)
		set_colours(m, 0);
	m->end = MATCH_TIMEOUT;
	m->winner = m->seat[STONE_BLACK] == loser ? STONE_WHITE : STONE_BLACK;
	if (m->opening_done &&
	    clock_flag_winner(&m->board, board_to_move(&m->board)) ==
		    STONE_NONE)
		m->winner = STONE_NONE;
}

int match_seat_to_act(const struct match *m)
{
	int n = m->board.nmoves;

	if (m->opening_done)
		return m->seat[board_to_move(&m->board)];
	if (!m->swap2_two)
		return n < 3 ? 0 : 1;
	return n < 5 ? 1 : 0;
}

enum match_end match_run(struct match *m, const struct match_io *io, void *ctx)
{
	struct input in;
	int rc = 0;

	/* A resumed match keeps its moves' times: the clock goes on from
	 * the last move. */
	m->started_ms =
		clock_now(io, ctx) -
		(m->board.nmoves > 0 ? m->move_ms[m->board.nmoves - 1] : 0);
	while (m->end == MATCH_UNFINISHED && rc == 0) {
		if (!m->opening_done && swap2_step(m, io, ctx) != 0)
			break;
		io->show(ctx, m);
		rc = io->ask(ctx, m, &in);
		if (rc == MATCH_ASK_TIMEOUT) {
			time_out(m);
			break;
		}
		if (rc != 0)
			break;
		if (opening_refuses(m, &in)) {
			io->event(ctx, m, EVENT_OPENING_MOVES_ONLY);
			continue;
		}
		switch (in.kind) {
		case INPUT_MOVE:
			rc = play_move(m, io, ctx, &in);
			break;
		case INPUT_UNDO:
			rc = take_back(m, io, ctx);
			break;
		case INPUT_DRAW:
		case INPUT_RESIGN:
			rc = offer_end(m, io, ctx, in.kind);
			break;
		case INPUT_HELP:
			io->help(ctx, m);
			break;
		case INPUT_HINT:
			break; /* a display: ask() shows it and asks again */
		case INPUT_INVALID:
			break; /* ask() re-asks; never returns these */
		}
	}
	return m->end;
}

/* ==== How a match ended, in words ======================================= */

/* A value and its fixed word; each table ends with {0, NULL}. */
struct word {
	int value;
	const char *word;
};

static const struct word result_words[] = {
	{RESULT_BLACK_WIN, "black"},
	{RESULT_WHITE_WIN, "white"},
	{RESULT_DRAW, "draw"},
	{0, NULL},
};

static const struct word reason_words[] = {
	{REASON_FIVE, "five"},		 {REASON_RESIGN, "resign"},
	{REASON_DRAW, "draw"},		 {REASON_FULL, "full"},
	{REASON_TIMEOUT, "timeout"},	 {REASON_FORBIDDEN, "forbidden"},
	{REASON_ABANDONED, "abandoned"}, {0, NULL},
};

/* The same reasons as the listings for scripts spell them. */
static const struct word reason_listed[] = {
	{REASON_FIVE, "five"},		 {REASON_RESIGN, "resigned"},
	{REASON_DRAW, "agreed"},	 {REASON_FULL, "full board"},
	{REASON_TIMEOUT, "timeout"},	 {REASON_FORBIDDEN, "forbidden"},
	{REASON_ABANDONED, "abandoned"}, {0, NULL},
};

static const struct word unrated_words[] = {
	{UNRATED_NEW, "new"},
	{UNRATED_PAIR, "pair"},
	{0, NULL},
};

static const struct word kind_words[] = {
	{MATCH_RANKED, "ranked"},
	{MATCH_COMPUTER, "computer"},
	{MATCH_IMPORTED, "imported"},
	{0, NULL},
};

static const struct word status_words[] = {
	{MATCH_STATUS_UNFINISHED, "unfinished"},
	{MATCH_STATUS_FINISHED, "finished"},
	{MATCH_STATUS_ABANDONED, "abandoned"},
	{MATCH_STATUS_ABORTED, "aborted"},
	{0, NULL},
};

static const struct word opening_words[] = {
	{OPENING_NONE, "none"},
	{OPENING_SWAP2, "swap2"},
	{0, NULL},
};

/* The word for `value` in table `t`, or NULL if it has none. */
static const char *word_of(const struct word *t, int value)
{
	for (; t->word != NULL; t++)
		if (t->value == value)
			return t->word;
	return NULL;
}

/* The value of `word` in table `t`, or -1 when `word` is NULL or not in
 * the table (no table has the value -1). */
static int value_of(const struct word *t, const char *word)
{
	for (; word != NULL && t->word != NULL; t++)
		if (strcmp(t->word, word) == 0)
			return t->value;
	return -1;
}

enum match_result match_result_of(const struct match *m)
{
	if (m->winner == STONE_BLACK)
		return RESULT_BLACK_WIN;
	return m->winner == STONE_WHITE ? RESULT_WHITE_WIN : RESULT_DRAW;
}

enum match_reason match_reason_of(const struct match *m)
{
	switch (m->end) {
	case MATCH_RESIGN:
		return REASON_RESIGN;
	case MATCH_AGREED_DRAW:
		return REASON_DRAW;
	case MATCH_FULL:
		return REASON_FULL;
	case MATCH_TIMEOUT:
		return REASON_TIMEOUT;
	case MATCH_FORBIDDEN:
		return REASON_FORBIDDEN;
	case MATCH_CLAIMED:
		return REASON_ABANDONED;
	case MATCH_FIVE:
	case MATCH_UNFINISHED:
		break;
	}
	return REASON_FIVE;
}

int match_set_end(struct match *m, enum match_result result,
		  enum match_reason reason)
{
	static const enum match_end ends[] = {
		[REASON_FIVE] = MATCH_FIVE,
		[REASON_RESIGN] = MATCH_RESIGN,
		[REASON_DRAW] = MATCH_AGREED_DRAW,
		[REASON_FULL] = MATCH_FULL,
		[REASON_TIMEOUT] = MATCH_TIMEOUT,
		[REASON_FORBIDDEN] = MATCH_FORBIDDEN,
		[REASON_ABANDONED] = MATCH_CLAIMED,
	};

	if ((size_t)reason >= sizeof(ends) / sizeof(ends[0]) ||
	    ends[reason] == MATCH_UNFINISHED ||
	    (reason == REASON_ABANDONED && result != RESULT_BLACK_WIN &&
	     result != RESULT_WHITE_WIN))
		return -1;
	m->end = ends[reason];
	m->winner = result == RESULT_BLACK_WIN	 ? STONE_BLACK
		    : result == RESULT_WHITE_WIN ? STONE_WHITE
						 : STONE_NONE;
	return 0;
}

double match_black_score(enum match_result r)
{
	return r == RESULT_BLACK_WIN ? 1.0 : r == RESULT_WHITE_WIN ? 0.0 : 0.5;
}

const char *match_result_word(enum match_result r)
{
	return word_of(result_words, (int)r);
}

const char *match_reason_word(enum match_reason r)
{
	return word_of(reason_words, (int)r);
}

const char *match_kind_word(enum match_kind k)
{
	return word_of(kind_words, (int)k);
}

const char *match_status_word(enum match_status s)
{
	return word_of(status_words, (int)s);
}

const char *match_opening_word(enum match_opening o)
{
	return word_of(opening_words, (int)o);
}

int match_result_value(const char *word)
{
	return value_of(result_words, word);
}

int match_reason_value(const char *word)
{
	return value_of(reason_words, word);
}

int match_kind_value(const char *word)
{
	return value_of(kind_words, word);
}

int match_status_value(const char *word)
{
	return value_of(status_words, word);
}

int match_opening_value(const char *word)
{
	return value_of(opening_words, word);
}

const char *match_reason_listed(enum match_reason r)
{
	const char *w = word_of(reason_listed, (int)r);

	return w != NULL ? w : "";
}

const char *match_unrated_word(enum match_unrated why)
{
	const char *w = word_of(unrated_words, (int)why);

	return w != NULL ? w : "";
}
