/* test_match.c -- whole games through match_run() with scripted players:
 * moves, undo, draw offers, resignation, refusals and stopping. */
#include <string.h>

#include <CUnit/CUnit.h>

#include "match.h"

/* A scripted game: lines the players type, answers they give to
 * questions, and what the match told them. */
struct script {
	const char *const *lines; /* NULL-terminated; NULL = input ends */
	int next_line;
	const int *answers; /* 1 yes, 0 no, -1 stop; used in order */
	int next_answer;
	int shows, refusals, helps, events[8];
	const int *choices; /* swap2 answers, in order */
	int next_choice, chooser[4];
	enum match_choice choice_asked[4];
	int changes, last_saved;
	enum board_error last_refusal;
	enum match_question questions[8];
	enum stone asked[8];
	long long now;
};

static void s_show(void *ctx, const struct match *m)
{
	struct script *s = ctx;

	(void)m;
	s->shows++;
}

static int s_ask(void *ctx, const struct match *m, struct input *in)
{
	struct script *s = ctx;
	const char *line = s->lines[s->next_line];

	if (line == NULL)
		return -1;
	s->next_line++;
	s->now += 250;
	if (strcmp(line, "TIMEOUT") == 0) /* the mover's time ran out */
		return MATCH_ASK_TIMEOUT;
	notation_parse(line, strlen(line), m->board.rows, m->board.cols, in);
	CU_ASSERT_NOT_EQUAL(in->kind, INPUT_INVALID);
	return 0;
}

static int s_confirm(void *ctx, const struct match *m, enum stone who,
		     enum match_question q)
{
	struct script *s = ctx;

	(void)m;
	if (s->next_answer < 8) {
		s->questions[s->next_answer] = q;
		s->asked[s->next_answer] = who;
	}
	return s->answers[s->next_answer++];
}

static void s_refused(void *ctx, const struct match *m, const struct input *in,
		      enum board_error err)
{
	struct script *s = ctx;

	(void)m;
	(void)in;
	s->refusals++;
	s->last_refusal = err;
}

static void s_event(void *ctx, const struct match *m, enum match_event e)
{
	struct script *s = ctx;

	(void)m;
	s->events[e]++;
}

static void s_help(void *ctx, const struct match *m)
{
	struct script *s = ctx;

	(void)m;
	s->helps++;
}

static long long s_clock(void *ctx)
{
	return ((struct script *)ctx)->now;
}

/* Swap2 choices in order, from s->choices; records who was asked. */
static int s_choose(void *ctx, const struct match *m, int seat,
		    enum match_choice q)
{
	struct script *s = ctx;

	(void)m;
	s->chooser[s->next_choice] = seat;
	s->choice_asked[s->next_choice] = q;
	return s->choices[s->next_choice++];
}

/* Count the saves the match asks for. */
static int s_changed(void *ctx, const struct match *m)
{
	struct script *s = ctx;

	s->changes++;
	s->last_saved = m->board.nmoves;
	return 0;
}

static const struct match_io script_io = {
	.show = s_show,
	.ask = s_ask,
	.confirm = s_confirm,
	.refused = s_refused,
	.event = s_event,
	.help = s_help,
	.clock_ms = s_clock,
	.changed = s_changed,
	.choose = s_choose,
};

static const int no_answers[] = {-1};
static const int no_choices[] = {-1};

/* Play `lines` with `answers` on variant `name`; return how it ended. */
static enum match_end play(struct match *m, struct script *s,
			   const char *variant, const char *const *lines,
			   const int *answers)
{
	memset(s, 0, sizeof(*s));
	s->lines = lines;
	s->answers = answers;
	s->choices = no_choices;
	s->now = 1000;
	CU_ASSERT_EQUAL_FATAL(
		match_init(m, rules_preset(variant), "Ann", "Ben"), 0);
	return match_run(m, &script_io, s);
}

static void test_five_wins(void)
{
	static const char *const lines[] = {"8 8", "1 1",  "8 9", "1 2", "j8",
					    "1 3", "8,11", "1 4", "l8",	 NULL};
	struct match m;
	struct script s;

	CU_ASSERT_EQUAL(play(&m, &s, "gomoku", lines, no_answers), MATCH_FIVE);
	CU_ASSERT_EQUAL(m.winner, STONE_BLACK);
	CU_ASSERT_EQUAL(m.board.nmoves, 9);
	CU_ASSERT_EQUAL(m.board.nwin, 5);
	CU_ASSERT_EQUAL(match_result_of(&m), RESULT_BLACK_WIN);
	CU_ASSERT_EQUAL(match_reason_of(&m), REASON_FIVE);
	CU_ASSERT_EQUAL(s.shows, 9);
	/* every move is timed from the start: 250 ms per line typed */
	CU_ASSERT_EQUAL(m.move_ms[0], 250);
	CU_ASSERT_EQUAL(m.move_ms[8], 9 * 250);
}

static void test_full_board_draw(void)
{
	static const char *const lines[] = {"1 1", "2 2", "1 2", "1 3", "3 1",
					    "2 1", "2 3", "3 2", "3 3", NULL};
	struct match m;
	struct script s;

	CU_ASSERT_EQUAL(play(&m, &s, "tictactoe", lines, no_answers),
			MATCH_FULL);
	CU_ASSERT_EQUAL(m.winner, STONE_NONE);
	CU_ASSERT_EQUAL(match_result_of(&m), RESULT_DRAW);
	CU_ASSERT_EQUAL(match_reason_of(&m), REASON_FULL);
}

/* Out of time loses while the other side can still make K in a row,
 * and is a draw once it cannot (clock_flag_winner()): tic-tac-toe with
 * c2 and c3 left, white's flag is a draw; a move earlier, black's is
 * white's win (column b is open). */
static void test_timeout_draw(void)
{
	static const char *const drawn[] = {"1 1", "1 2",     "1 3",
					    "2 2", "2 1",     "3 1",
					    "3 2", "TIMEOUT", NULL};
	static const char *const lost[] = {"1 1", "1 2", "1 3",	    "2 2",
					   "2 1", "3 1", "TIMEOUT", NULL};
	struct match m;
	struct script s;

	CU_ASSERT_EQUAL(play(&m, &s, "tictactoe", drawn, no_answers),
			MATCH_TIMEOUT);
	CU_ASSERT_EQUAL(m.winner, STONE_NONE);
	CU_ASSERT_EQUAL(match_result_of(&m), RESULT_DRAW);
	CU_ASSERT_EQUAL(match_reason_of(&m), REASON_TIMEOUT);
	CU_ASSERT_EQUAL(play(&m, &s, "tictactoe", lost, no_answers),
			MATCH_TIMEOUT);
	CU_ASSERT_EQUAL(m.winner, STONE_WHITE);
	CU_ASSERT_EQUAL(match_result_of(&m), RESULT_WHITE_WIN);
}

static void test_occupied_refused(void)
{
	static const char *const lines[] = {"2 2", "2 2", "1 1", NULL};
	struct match m;
	struct script s;

	CU_ASSERT_EQUAL(play(&m, &s, "tictactoe", lines, no_answers),
			MATCH_UNFINISHED);
	CU_ASSERT_EQUAL(s.refusals, 1);
	CU_ASSERT_EQUAL(s.last_refusal, BOARD_ERR_OCCUPIED);
	CU_ASSERT_EQUAL(m.board.nmoves, 2);
	CU_ASSERT_EQUAL(board_at(&m.board, 0, 0), STONE_WHITE);
}

static void test_undo_agreed(void)
{
	static const char *const lines[] = {"8 8", "9 9", "undo", "7 7", NULL};
	static const int answers[] = {1};
	struct match m;
	struct script s;

	play(&m, &s, "gomoku", lines, answers);
	CU_ASSERT_EQUAL(s.questions[0], ASK_ACCEPT_UNDO);
	CU_ASSERT_EQUAL(s.asked[0], STONE_WHITE); /* black asked */
	CU_ASSERT_EQUAL(s.events[EVENT_UNDONE], 1);
	CU_ASSERT_EQUAL(m.board.nmoves, 1);
	CU_ASSERT_EQUAL(board_at(&m.board, 6, 6), STONE_BLACK);
	CU_ASSERT_EQUAL(board_at(&m.board, 7, 7), STONE_NONE);
	CU_ASSERT_EQUAL(board_at(&m.board, 8, 8), STONE_NONE);
}

static void test_undo_refused_and_too_early(void)
{
	static const char *const lines[] = {"8 8", "undo", "9 9", "undo", NULL};
	static const int answers[] = {0};
	struct match m;
	struct script s;

	play(&m, &s, "gomoku", lines, answers);
	CU_ASSERT_EQUAL(s.events[EVENT_NOTHING_TO_UNDO], 1);
	CU_ASSERT_EQUAL(s.events[EVENT_UNDO_REFUSED], 1);
	CU_ASSERT_EQUAL(s.next_answer, 1); /* only the second undo asked */
	CU_ASSERT_EQUAL(m.board.nmoves, 2);
}

static void test_draw_offers(void)
{
	static const char *const lines[] = {"8 8", "draw", "draw", NULL};
	static const int answers[] = {0, 1};
	struct match m;
	struct script s;

	CU_ASSERT_EQUAL(play(&m, &s, "gomoku", lines, answers),
			MATCH_AGREED_DRAW);
	CU_ASSERT_EQUAL(s.events[EVENT_DRAW_REFUSED], 1);
	CU_ASSERT_EQUAL(s.asked[0], STONE_BLACK); /* white offered */
	CU_ASSERT_EQUAL(m.winner, STONE_NONE);
}

static void test_resign(void)
{
	static const char *const lines[] = {"8 8", "resign", "resign", NULL};
	static const int answers[] = {0, 1};
	struct match m;
	struct script s;

	CU_ASSERT_EQUAL(play(&m, &s, "gomoku", lines, answers), MATCH_RESIGN);
	CU_ASSERT_EQUAL(s.questions[1], ASK_CONFIRM_RESIGN);
	CU_ASSERT_EQUAL(s.asked[1], STONE_WHITE);
	CU_ASSERT_EQUAL(m.resigned, STONE_WHITE);
	CU_ASSERT_EQUAL(m.winner, STONE_BLACK);
	CU_ASSERT_EQUAL(match_result_of(&m), RESULT_BLACK_WIN);
	CU_ASSERT_EQUAL(match_reason_of(&m), REASON_RESIGN);
}

static void test_stop_in_question(void)
{
	static const char *const lines[] = {"8 8", "9 9", "undo", "7 7", NULL};
	static const int answers[] = {-1};
	struct match m;
	struct script s;

	CU_ASSERT_EQUAL(play(&m, &s, "gomoku", lines, answers),
			MATCH_UNFINISHED);
	CU_ASSERT_EQUAL(s.next_line, 3); /* nothing read after the stop */
	CU_ASSERT_EQUAL(m.board.nmoves, 2);
}

static void test_help(void)
{
	static const char *const lines[] = {"help", "帮助", "?", NULL};
	struct match m;
	struct script s;

	play(&m, &s, "gomoku", lines, no_answers);
	CU_ASSERT_EQUAL(s.helps, 3);
	CU_ASSERT_EQUAL(m.board.nmoves, 0);
}

static void test_bad_variant(void)
{
	struct variant v = *rules_default();
	struct match m;

	v.k = 30;
	CU_ASSERT_EQUAL(match_init(&m, &v, "a", "b"), -1);
}

/* Play `lines` with swap2 and `choices`; return how it ended. */
static enum match_end play_swap2(struct match *m, struct script *s,
				 const char *const *lines, const int *choices)
{
	memset(s, 0, sizeof(*s));
	s->lines = lines;
	s->answers = no_answers;
	s->choices = choices;
	CU_ASSERT_EQUAL_FATAL(
		match_init(m, rules_preset("gomoku"), "Ann", "Ben"), 0);
	CU_ASSERT_EQUAL_FATAL(match_set_opening(m, OPENING_SWAP2), 0);
	CU_ASSERT_FALSE(m->opening_done);
	return match_run(m, &script_io, s);
}

static void test_swap2_take_white(void)
{
	static const char *const lines[] = {"8 8", "8 9", "9 9", "7 7", NULL};
	static const int choices[] = {SWAP2_TAKE_WHITE};
	struct match m;
	struct script s;

	play_swap2(&m, &s, lines, choices);
	CU_ASSERT_EQUAL(s.next_choice, 1);
	CU_ASSERT_EQUAL(s.chooser[0], 1);
	CU_ASSERT_EQUAL(s.choice_asked[0], CHOOSE_SWAP2);
	CU_ASSERT_TRUE(m.opening_done);
	CU_ASSERT_STRING_EQUAL(m.name[STONE_BLACK], "Ann");
	CU_ASSERT_STRING_EQUAL(m.name[STONE_WHITE], "Ben");
	CU_ASSERT_EQUAL(s.events[EVENT_COLOURS_SET], 1);
	CU_ASSERT_EQUAL(m.board.nmoves, 4); /* Ben's first white move */
}

static void test_swap2_take_black(void)
{
	static const char *const lines[] = {"8 8", "8 9", "9 9", NULL};
	static const int choices[] = {SWAP2_TAKE_BLACK};
	struct match m;
	struct script s;

	play_swap2(&m, &s, lines, choices);
	CU_ASSERT_STRING_EQUAL(m.name[STONE_BLACK], "Ben");
	CU_ASSERT_STRING_EQUAL(m.name[STONE_WHITE], "Ann");
	CU_ASSERT_EQUAL(m.seat[STONE_BLACK], 1);
	CU_ASSERT_EQUAL(board_to_move(&m.board), STONE_WHITE);
}

static void test_swap2_place_two(void)
{
	static const char *const lines[] = {"8 8", "8 9", "9 9",   "undo",
					    "7 7", "6 6", "10 10", NULL};
	static const int choices[] = {SWAP2_PLACE_TWO, STONE_WHITE};
	struct match m;
	struct script s;

	play_swap2(&m, &s, lines, choices);
	CU_ASSERT_EQUAL(s.next_choice, 2);
	CU_ASSERT_EQUAL(s.chooser[1], 0); /* Ann chooses the colour */
	CU_ASSERT_EQUAL(s.choice_asked[1], CHOOSE_COLOUR);
	CU_ASSERT_EQUAL(s.events[EVENT_OPENING_MOVES_ONLY], 1); /* undo */
	CU_ASSERT_STRING_EQUAL(m.name[STONE_WHITE], "Ann");
	CU_ASSERT_STRING_EQUAL(m.name[STONE_BLACK], "Ben");
	CU_ASSERT_EQUAL(m.board.nmoves, 6);
	/* a save after each of the six moves, and one when the colours
	 * are known (so the opening can be written at once) */
	CU_ASSERT_EQUAL(s.changes, 7);
	CU_ASSERT_EQUAL(s.last_saved, 6);
}

/* A timeout loses for the seat to act, also during the opening (whose
 * stones are of both colours): the colours are then set as the record
 * keeps them until chosen, the first placer black, so the winner's
 * colour names the other seat. */
static void test_swap2_timeout(void)
{
	static const char *const placer[] = {"8 8", "TIMEOUT", NULL};
	static const char *const second[] = {"8 8", "8 9",     "9 9",
					     "7 7", "TIMEOUT", NULL};
	static const int choices[] = {SWAP2_PLACE_TWO};
	struct match m;
	struct script s;

	CU_ASSERT_EQUAL(play_swap2(&m, &s, placer, no_choices), MATCH_TIMEOUT);
	CU_ASSERT_EQUAL(m.winner, STONE_WHITE); /* Ann placed white's stone */
	CU_ASSERT_STRING_EQUAL(m.name[STONE_WHITE], "Ben");
	CU_ASSERT_STRING_EQUAL(m.name[STONE_BLACK], "Ann");
	CU_ASSERT_EQUAL(play_swap2(&m, &s, second, choices), MATCH_TIMEOUT);
	CU_ASSERT_EQUAL(m.winner, STONE_BLACK); /* Ben placed black's stone */
	CU_ASSERT_STRING_EQUAL(m.name[STONE_BLACK], "Ann");
	CU_ASSERT_EQUAL(m.board.nmoves, 4);
}

/* Either seat may resign during the opening, when it is to act: the
 * other wins, the colours read as the record keeps them until they are
 * chosen (the first placer black); a draw offer is still refused. */
static void test_swap2_resign(void)
{
	static const char *const placer[] = {"8 8", "draw", "resign", NULL};
	static const char *const second[] = {"8 8", "8 9",    "9 9",
					     "7 7", "resign", NULL};
	static const int choices[] = {SWAP2_PLACE_TWO};
	static const int yes[] = {1};
	struct match m;
	struct script s;

	memset(&s, 0, sizeof(s));
	CU_ASSERT_EQUAL_FATAL(
		match_init(&m, rules_preset("gomoku"), "Ann", "Ben"), 0);
	CU_ASSERT_EQUAL_FATAL(match_set_opening(&m, OPENING_SWAP2), 0);
	s.lines = placer;
	s.answers = yes;
	s.choices = no_choices;
	CU_ASSERT_EQUAL(match_run(&m, &script_io, &s), MATCH_RESIGN);
	CU_ASSERT_EQUAL(s.events[EVENT_OPENING_MOVES_ONLY], 1); /* the draw */
	CU_ASSERT_EQUAL(m.resigned, STONE_BLACK); /* Ann, the placer */
	CU_ASSERT_EQUAL(m.winner, STONE_WHITE);
	CU_ASSERT_STRING_EQUAL(m.name[STONE_WHITE], "Ben");
	CU_ASSERT_EQUAL(m.board.nmoves, 1);

	memset(&s, 0, sizeof(s));
	CU_ASSERT_EQUAL_FATAL(
		match_init(&m, rules_preset("gomoku"), "Ann", "Ben"), 0);
	CU_ASSERT_EQUAL_FATAL(match_set_opening(&m, OPENING_SWAP2), 0);
	s.lines = second;
	s.answers = yes;
	s.choices = choices;
	CU_ASSERT_EQUAL(match_run(&m, &script_io, &s), MATCH_RESIGN);
	CU_ASSERT_EQUAL(m.resigned, STONE_WHITE); /* Ben, placing two more */
	CU_ASSERT_EQUAL(m.winner, STONE_BLACK);
	CU_ASSERT_STRING_EQUAL(m.name[STONE_BLACK], "Ann");
	CU_ASSERT_EQUAL(m.board.nmoves, 4);
}

/* Undo never takes back the opening's stones: right after swap2 the
 * player to move has no move of their own, and later an undo stops at
 * the opening. */
static void test_swap2_undo_keeps_opening(void)
{
	static const char *const lines[] = {"8 8", "8 9",  "9 9", "undo",
					    "7 7", "undo", "6 6", NULL};
	static const int choices[] = {SWAP2_TAKE_WHITE};
	struct match m;
	struct script s;

	play_swap2(&m, &s, lines, choices);
	/* white's undo at 3 stones, black's at 4: nothing of their own */
	CU_ASSERT_EQUAL(s.events[EVENT_NOTHING_TO_UNDO], 2);
	CU_ASSERT_EQUAL(s.next_answer, 0); /* the opponent never asked */
	CU_ASSERT_EQUAL(s.events[EVENT_UNDONE], 0);
	CU_ASSERT_EQUAL(m.board.nmoves, 5);
	CU_ASSERT_TRUE(m.opening_done);
	CU_ASSERT_EQUAL(m.opening_stones, 3);
	CU_ASSERT_EQUAL(s.next_choice, 1); /* swap2 was not asked again */
}

/* After the opening, an undo takes back the player's own move and the
 * reply, never crossing into the opening's stones. */
static void test_swap2_undo_after_opening(void)
{
	static const char *const lines[] = {"8 8", "8 9", "9 9",  "7 7",
					    "6 6", "5 5", "undo", NULL};
	static const int choices[] = {SWAP2_TAKE_WHITE};
	static const int answers[] = {1};
	struct match m;
	struct script s;

	memset(&s, 0, sizeof(s));
	s.lines = lines;
	s.answers = answers;
	s.choices = choices;
	CU_ASSERT_EQUAL_FATAL(
		match_init(&m, rules_preset("gomoku"), "Ann", "Ben"), 0);
	CU_ASSERT_EQUAL_FATAL(match_set_opening(&m, OPENING_SWAP2), 0);
	match_run(&m, &script_io, &s);
	CU_ASSERT_EQUAL(s.events[EVENT_UNDONE], 1);
	CU_ASSERT_EQUAL(m.board.nmoves, 4); /* white's 7 7 stays */
}

/* A resumed swap2 match goes on from the step of the opening it stopped
 * at; what does not fit the board is refused. */
static void test_restore_opening(void)
{
	static const struct move three[] = {{7, 7}, {7, 8}, {8, 8}, {6, 6}};
	struct match m;

	CU_ASSERT_EQUAL_FATAL(
		match_init(&m, rules_preset("gomoku"), "Ann", "Ben"), 0);
	CU_ASSERT_EQUAL(match_restore_opening(&m, 3, true), -1);
	CU_ASSERT_EQUAL(match_restore_opening(&m, 0, true), 0);
	CU_ASSERT_EQUAL_FATAL(match_set_opening(&m, OPENING_SWAP2), 0);
	CU_ASSERT_EQUAL_FATAL(match_replay(&m, three, NULL, 2), 0);
	CU_ASSERT_EQUAL(match_restore_opening(&m, 5, false), -1);
	CU_ASSERT_EQUAL(match_restore_opening(&m, 3, true), -1);
	CU_ASSERT_EQUAL(match_restore_opening(&m, 3, false), 0);
	CU_ASSERT_FALSE(m.opening_done);
	CU_ASSERT_EQUAL(m.seat[STONE_WHITE], 0); /* Ann places both */

	CU_ASSERT_EQUAL_FATAL(
		match_init(&m, rules_preset("gomoku"), "Ann", "Ben"), 0);
	CU_ASSERT_EQUAL_FATAL(match_set_opening(&m, OPENING_SWAP2), 0);
	CU_ASSERT_EQUAL_FATAL(match_replay(&m, three, NULL, 4), 0);
	CU_ASSERT_EQUAL(match_restore_opening(&m, 5, false), 0);
	CU_ASSERT_TRUE(m.swap2_two);
	CU_ASSERT_EQUAL(m.seat[STONE_BLACK], 1); /* Ben places both */
	CU_ASSERT_EQUAL(match_restore_opening(&m, 3, true), 0);
	CU_ASSERT_TRUE(m.opening_done);
	CU_ASSERT_EQUAL(m.seat[STONE_BLACK], 0);
	CU_ASSERT_STRING_EQUAL(m.name[STONE_WHITE], "Ben");
	CU_ASSERT_EQUAL(m.opening_stones, 3);
}

/* Who acts next, through a swap2 opening and after it. */
static void test_seat_to_act(void)
{
	static const struct move five[] = {{7, 7}, {7, 8}, {8, 8},
					   {6, 6}, {9, 9}, {3, 3}};
	struct match m;

	CU_ASSERT_EQUAL_FATAL(
		match_init(&m, rules_preset("gomoku"), "Ann", "Ben"), 0);
	CU_ASSERT_EQUAL(match_seat_to_act(&m), 0);
	CU_ASSERT_EQUAL_FATAL(match_replay(&m, five, NULL, 1), 0);
	CU_ASSERT_EQUAL(match_seat_to_act(&m), 1);

	CU_ASSERT_EQUAL_FATAL(
		match_init(&m, rules_preset("gomoku"), "Ann", "Ben"), 0);
	CU_ASSERT_EQUAL_FATAL(match_set_opening(&m, OPENING_SWAP2), 0);
	CU_ASSERT_EQUAL_FATAL(match_replay(&m, five, NULL, 2), 0);
	CU_ASSERT_EQUAL(match_seat_to_act(&m), 0); /* the third stone */
	CU_ASSERT_EQUAL_FATAL(match_replay(&m, five + 2, NULL, 1), 0);
	CU_ASSERT_EQUAL(match_seat_to_act(&m), 1); /* the swap2 choice */
	CU_ASSERT_EQUAL(match_restore_opening(&m, 5, false), 0);
	CU_ASSERT_EQUAL(match_seat_to_act(&m), 1); /* two more stones */
	CU_ASSERT_EQUAL_FATAL(match_replay(&m, five + 3, NULL, 2), 0);
	CU_ASSERT_EQUAL(match_seat_to_act(&m), 0); /* the colour */
	CU_ASSERT_EQUAL(match_restore_opening(&m, 5, true), 0);
	CU_ASSERT_EQUAL(match_seat_to_act(&m), 1); /* white, seat 1 */
}

static void test_swap2_needs_five(void)
{
	struct match m;

	CU_ASSERT_EQUAL(match_init(&m, rules_preset("tictactoe"), "a", "b"), 0);
	CU_ASSERT_EQUAL(match_set_opening(&m, OPENING_SWAP2), -1);
	CU_ASSERT_TRUE(m.opening_done);
}

/* Every value has its fixed word and is read back from it; words of the
 * other vocabularies, other spellings and NULL are not values. */
static void test_words(void)
{
	int v;

	CU_ASSERT_STRING_EQUAL(match_result_word(RESULT_WHITE_WIN), "white");
	CU_ASSERT_STRING_EQUAL(match_reason_word(REASON_RESIGN), "resign");
	CU_ASSERT_STRING_EQUAL(match_kind_word(MATCH_COMPUTER), "computer");
	CU_ASSERT_STRING_EQUAL(match_status_word(MATCH_STATUS_ABANDONED),
			       "abandoned");
	CU_ASSERT_STRING_EQUAL(match_opening_word(OPENING_SWAP2), "swap2");
	for (v = RESULT_BLACK_WIN; v <= RESULT_DRAW; v++)
		CU_ASSERT_EQUAL(match_result_value(match_result_word(v)), v);
	for (v = REASON_FIVE; v <= REASON_ABANDONED; v++)
		CU_ASSERT_EQUAL(match_reason_value(match_reason_word(v)), v);
	for (v = MATCH_RANKED; v <= MATCH_IMPORTED; v++)
		CU_ASSERT_EQUAL(match_kind_value(match_kind_word(v)), v);
	CU_ASSERT_STRING_EQUAL(match_status_word(MATCH_STATUS_ABORTED),
			       "aborted");
	for (v = MATCH_STATUS_UNFINISHED; v <= MATCH_STATUS_ABORTED; v++)
		CU_ASSERT_EQUAL(match_status_value(match_status_word(v)), v);
	for (v = OPENING_NONE; v <= OPENING_SWAP2; v++)
		CU_ASSERT_EQUAL(match_opening_value(match_opening_word(v)), v);
	CU_ASSERT_PTR_NULL(match_result_word(RESULT_NONE));
	CU_ASSERT_PTR_NULL(match_reason_word(REASON_NONE));
	CU_ASSERT_PTR_NULL(match_kind_word((enum match_kind)0));
	CU_ASSERT_PTR_NULL(match_status_word((enum match_status)5));
	CU_ASSERT_PTR_NULL(match_opening_word((enum match_opening)2));
	CU_ASSERT_EQUAL(match_result_value("won"), -1);
	CU_ASSERT_EQUAL(match_reason_value("resigned"), -1);
	CU_ASSERT_EQUAL(match_kind_value("Ranked"), -1);
	CU_ASSERT_EQUAL(match_status_value(""), -1);
	CU_ASSERT_EQUAL(match_opening_value(NULL), -1);
}

/* The listings' reasons keep their own spelling, "" when not ended. */
static void test_reason_listed(void)
{
	static const char *const listed[] = {
		"",	      "five",	 "resigned",  "agreed",
		"full board", "timeout", "forbidden", "abandoned"};
	int v;

	for (v = REASON_NONE; v <= REASON_ABANDONED; v++)
		CU_ASSERT_STRING_EQUAL(match_reason_listed(v), listed[v]);
	CU_ASSERT_STRING_EQUAL(match_reason_listed((enum match_reason)99), "");
}

/* match_set_end() reads back what match_result_of() and
 * match_reason_of() wrote, for every end and winner a record can hold
 * (a claim is always a win); REASON_NONE, and a claim without a
 * winner, leave the match as it was. */
static void test_set_end(void)
{
	static const enum match_end ends[] = {
		MATCH_FIVE,    MATCH_RESIGN,	MATCH_AGREED_DRAW, MATCH_FULL,
		MATCH_TIMEOUT, MATCH_FORBIDDEN, MATCH_CLAIMED};
	static const enum stone winners[] = {STONE_BLACK, STONE_WHITE,
					     STONE_NONE};
	struct match m, back;
	size_t e, w;

	CU_ASSERT_EQUAL_FATAL(match_init(&m, rules_preset("gomoku"), "A", "B"),
			      0);
	for (e = 0; e < sizeof(ends) / sizeof(ends[0]); e++)
		for (w = 0; w < sizeof(winners) / sizeof(winners[0]); w++) {
			if (ends[e] == MATCH_CLAIMED &&
			    winners[w] == STONE_NONE)
				continue; /* no record holds it */
			m.end = ends[e];
			m.winner = winners[w];
			back = m;
			back.end = MATCH_UNFINISHED;
			back.winner = winners[(w + 1) % 3]; /* another */
			CU_ASSERT_EQUAL(match_set_end(&back,
						      match_result_of(&m),
						      match_reason_of(&m)),
					0);
			CU_ASSERT_EQUAL(back.end, m.end);
			CU_ASSERT_EQUAL(back.winner, m.winner);
		}
	back.end = MATCH_UNFINISHED;
	CU_ASSERT_EQUAL(match_set_end(&back, RESULT_NONE, REASON_NONE), -1);
	CU_ASSERT_EQUAL(match_set_end(&back, RESULT_DRAW, REASON_ABANDONED),
			-1);
	CU_ASSERT_EQUAL(back.end, MATCH_UNFINISHED);
	CU_ASSERT_EQUAL(
		match_set_end(&back, RESULT_WHITE_WIN, REASON_ABANDONED), 0);
	CU_ASSERT_EQUAL(back.end, MATCH_CLAIMED);
	CU_ASSERT_EQUAL(back.winner, STONE_WHITE);
}

static CU_TestInfo tests[] = {
	{"swap2: the second player takes white", test_swap2_take_white},
	{"swap2: the second player takes black", test_swap2_take_black},
	{"swap2: two more stones, then the first chooses",
	 test_swap2_place_two},
	{"swap2 needs five in a row", test_swap2_needs_five},
	{"swap2: the seat to act may resign during the opening",
	 test_swap2_resign},
	{"a timeout in the swap2 opening loses for the seat to act",
	 test_swap2_timeout},
	{"out of time is a draw when the other side cannot win any more",
	 test_timeout_draw},
	{"undo right after swap2 has no own move to take back",
	 test_swap2_undo_keeps_opening},
	{"undo after the opening stops at its stones",
	 test_swap2_undo_after_opening},
	{"a resumed swap2 opening goes on where it stopped",
	 test_restore_opening},
	{"the seat that acts next, in the opening and after", test_seat_to_act},
	{"five in a row ends the game, moves timed", test_five_wins},
	{"a full board is a draw", test_full_board_draw},
	{"an occupied point is refused, the same player again",
	 test_occupied_refused},
	{"undo agreed takes back two moves", test_undo_agreed},
	{"undo refused, or with no own move yet",
	 test_undo_refused_and_too_early},
	{"draw offers refused then accepted", test_draw_offers},
	{"resign needs confirmation", test_resign},
	{"a stop inside a question ends the game", test_stop_in_question},
	{"help in both languages", test_help},
	{"a bad variant is refused", test_bad_variant},
	{"each result, reason, kind, status, opening has one word", test_words},
	{"the listings' words for reasons", test_reason_listed},
	{"a record's result and reason set the end they came from",
	 test_set_end},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo match_suite = {"match", NULL, NULL, NULL, NULL, tests};
