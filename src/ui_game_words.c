/* ui_game_words.c -- a game's words, the same in both front ends: why a
 * point is forbidden or a line is not a move, what an event says, the
 * rule, how the game ended, the questions and the swap2 choices. */
#include <stdio.h>

#include "i18n.h"
#include "renju.h"
#include "ui_game_common.h"
#include "ui_term.h"

/* ==== Words =============================================================== */

const char *game_common_verdict_words(enum renju_verdict v)
{
	switch (v) {
	case RENJU_OVERLINE:
		return _("overline");
	case RENJU_DOUBLE_FOUR:
		return _("double four");
	case RENJU_DOUBLE_THREE:
		return _("double three");
	case RENJU_OK:
		break;
	}
	return "";
}

int game_common_forbidden_list(const struct match *m, char *buf, size_t cap)
{
	char where[NOTATION_MOVE_LEN];
	struct move p[BOARD_MAX_CELLS];
	size_t used = 0;
	int i, n;

	buf[0] = '\0';
	if (m->board.rule != RULE_RENJU ||
	    board_to_move(&m->board) != STONE_BLACK)
		return -1;
	n = renju_forbidden_points(&m->board, p, BOARD_MAX_CELLS);
	for (i = 0; i < n && used + 1 < cap; i++)
		used += (size_t)snprintf(
			buf + used, cap - used, " %s (%s)",
			notation_format(p[i].row, p[i].col, where),
			game_common_verdict_words(
				renju_check(&m->board, p[i].row, p[i].col)));
	return n;
}

void game_common_input_error(const struct board *b, enum input_error e,
			     char *buf, size_t cap)
{
	if (e == INPUT_ERR_ROW_RANGE)
		snprintf(buf, cap, _("Row must be between 1 and %d."), b->rows);
	else if (e == INPUT_ERR_COL_RANGE)
		snprintf(buf, cap,
			 _("Column must be between 1 and %d (a to %c)."),
			 b->cols, 'a' + b->cols - 1);
	else if (e == INPUT_ERR_TOO_LONG)
		snprintf(buf, cap, "%s", _("That is too long to be a move."));
	else
		snprintf(buf, cap, "%s",
			 _("Type a move as h8 (column letter, row) or 8 8 "
			   "(row, column), or help."));
}

void game_common_refusal(const struct match *m, const struct input *in,
			 enum board_error err, char *buf, size_t cap)
{
	const char *verdict;

	if (err == BOARD_ERR_FORBIDDEN) {
		verdict = game_common_verdict_words(
			board_play_verdict(&m->board, in->row, in->col));
		if (m->forbidden_loses)
			snprintf(buf, cap,
				 _("Black may not play there: %s (renju), and "
				   "loses the game."),
				 verdict);
		else
			snprintf(buf, cap,
				 _("Black may not play there: %s (renju). Type "
				   "hint to see them all."),
				 verdict);
	} else if (err == BOARD_ERR_OCCUPIED)
		snprintf(buf, cap, "%s",
			 _("That point is taken. Choose an empty one."));
	else if (err == BOARD_ERR_OFF_BOARD)
		snprintf(buf, cap, "%s", _("That point is not on the board."));
	else
		snprintf(buf, cap, "%s", _("The game is over."));
}

void game_common_rule_words(const struct match *m, char *buf, size_t cap)
{
	if (m->board.rule == RULE_RENJU)
		snprintf(buf, cap, "%s",
			 _("Renju: black wins with exactly five and may not "
			   "play an overline, a double four or a double "
			   "three;\nwhite wins with five or more."));
	else if (m->board.rule == RULE_EXACT)
		snprintf(buf, cap,
			 _("%d in a row wins (exactly, no overlines)."),
			 m->board.k);
	else
		snprintf(buf, cap, _("%d in a row wins (or more)."),
			 m->board.k);
}

/* How m ended on its own board (match_run()'s end, or its record's put
 * into it), naming the sides as name[] does, into buf[cap]; "" while
 * unfinished. */
static void board_end_words(const struct match *m, const char *const name[3],
			    char *buf, size_t cap)
{
	const char *winner = m->winner == STONE_NONE ? "" : name[m->winner];
	const char *loser =
		m->winner == STONE_NONE ? "" : name[stone_other(m->winner)];

	buf[0] = '\0';
	switch (m->end) {
	case MATCH_FIVE:
		snprintf(buf, cap, _("%s wins with %d in a row!"), winner,
			 m->board.k);
		break;
	case MATCH_RESIGN:
		snprintf(buf, cap, _("%s resigned. %s wins."), loser, winner);
		break;
	case MATCH_TIMEOUT:
		if (m->winner == STONE_NONE)
			snprintf(buf, cap,
				 _("%s ran out of time, but %s could no "
				   "longer win: a draw."),
				 name[board_to_move(&m->board)],
				 name[stone_other(board_to_move(&m->board))]);
		else
			snprintf(buf, cap, _("%s ran out of time. %s wins."),
				 loser, winner);
		break;
	case MATCH_FORBIDDEN:
		snprintf(buf, cap, _("%s played a forbidden point. %s wins."),
			 loser, winner);
		break;
	case MATCH_CLAIMED:
		snprintf(buf, cap,
			 _("%s left the game and did not come back: %s wins "
			   "by claim."),
			 loser, winner);
		break;
	case MATCH_AGREED_DRAW:
		snprintf(buf, cap, "%s", _("Draw by agreement."));
		break;
	case MATCH_FULL:
		snprintf(buf, cap, "%s", _("The board is full: a draw."));
		break;
	case MATCH_UNFINISHED:
		break;
	}
}

void game_common_end_words(const struct game *g, const struct match *m,
			   const char *const name[3], char *buf, size_t cap)
{
	char end[512];

	buf[0] = '\0';
	if (game_ended(g) && g->life.end.status == MATCH_STATUS_ABANDONED) {
		snprintf(buf, cap,
			 _("Match %lld was abandoned in another session: it "
			   "counts for nobody."),
			 g->rec.id);
		return;
	}
	if (game_aborted(g) && g->life.ended_here) {
		snprintf(buf, cap, "%s", game_common_aborted_words());
		return;
	}
	if (game_aborted(g)) {
		game_common_match_aborted(g->rec.id, buf, cap);
		return;
	}
	board_end_words(m, name, end, sizeof(end));
	if (end[0] != '\0' && game_ended(g) && !g->life.ended_here &&
	    !g->remote.on) /* a hot-seat match ended by another session */
		snprintf(buf, cap,
			 _("Match %lld was ended in another session. %s"),
			 g->rec.id, end);
	else
		snprintf(buf, cap, "%s", end);
}

bool game_common_event_words(const struct game *g, const struct match *m,
			     enum match_event e, char *buf, size_t cap)
{
	enum stone other = stone_other(board_to_move(&m->board));
	const char *opponent = m->name[other];

	if ((e == EVENT_UNDO_REFUSED || e == EVENT_DRAW_REFUSED) &&
	    g->remote.request_refused)
		return false; /* said why already: nobody was asked */
	if (e == EVENT_NOTHING_TO_UNDO)
		snprintf(buf, cap, "%s",
			 _("You have no move to take back yet."));
	else if (e == EVENT_UNDO_REFUSED)
		snprintf(buf, cap, _("%s said no: the moves stay."), opponent);
	else if (e == EVENT_UNDONE && g->remote.on &&
		 game_common_absent_turn(g, m))
		snprintf(buf, cap, /* asked at the other terminal */
			 _("%s's last move and your reply were taken back."),
			 m->name[board_to_move(&m->board)]);
	else if (e == EVENT_UNDONE)
		snprintf(buf, cap, "%s",
			 _("Your last move and the reply were taken back."));
	else if (e == EVENT_DRAW_REFUSED && g->seats.ai[m->seat[other]] != NULL)
		return false; /* the computer has said so */
	else if (e == EVENT_DRAW_REFUSED)
		snprintf(buf, cap, _("%s declined the draw. Play on."),
			 opponent);
	else if (e == EVENT_OPENING_MOVES_ONLY)
		snprintf(buf, cap, "%s",
			 _("During the opening only moves, resign and help "
			   "are possible."));
	else
		snprintf(buf, cap,
			 _("The opening is over: %s plays black (%s), %s "
			   "plays white (%s)."),
			 m->name[STONE_BLACK],
			 ui_board_stone(&g->ui->term, STONE_BLACK),
			 m->name[STONE_WHITE],
			 ui_board_stone(&g->ui->term, STONE_WHITE));
	return true;
}

void game_common_question(const struct match *m, enum stone who,
			  enum match_question q, char *buf, size_t cap)
{
	const char *me = m->name[who], *other = m->name[stone_other(who)];

	if (q == ASK_ACCEPT_UNDO)
		snprintf(buf, cap,
			 _("%s, %s asks to take back their last move. "
			   "Do you agree?"),
			 me, other);
	else if (q == ASK_ACCEPT_DRAW)
		snprintf(buf, cap, _("%s, %s offers a draw. Do you accept?"),
			 me, other);
	else
		snprintf(buf, cap, _("%s, do you really want to resign?"), me);
}

int game_common_choice_menu(const struct match *m, int seat,
			    enum match_choice q, char *title, size_t cap,
			    const char *labels[3])
{
	snprintf(title, cap,
		 q == CHOOSE_SWAP2 ? _("Swap2: %s, what will you do?")
				   : _("Swap2: %s, choose your colour."),
		 m->seat_name[seat]);
	if (q != CHOOSE_SWAP2) {
		labels[0] = _("Black");
		labels[1] = _("White");
		return 2;
	}
	labels[0] = _("Play white (you move next)");
	labels[1] = _("Take black");
	labels[2] = _("Place two more stones (white, then black) and let the "
		      "other player choose");
	return 3;
}

int game_common_choice_value(enum match_choice q, int index)
{
	if (q == CHOOSE_SWAP2)
		return index;
	return index == 0 ? STONE_BLACK : STONE_WHITE;
}
