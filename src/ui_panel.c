/* ui_panel.c -- the game screen drawn: the board (ui_screen.c's) placed
 * in the window, the panel beside it or beneath (the game, both sides
 * with their ratings, clocks and stakes, the last moves, the keys), the
 * status line and the move line. What the keys do: ui_screen_game.c. */
#define _XOPEN_SOURCE_EXTENDED 1 /* the wide-character curses calls */
#define NCURSES_WIDECHAR       1

#include <curses.h>
#include <limits.h>
#include <string.h>

#include "ui_internal.h"
#include "ui_panel.h"

/* Columns of the panel at its narrowest and at its widest, and between
 * it and the board. */
#define PANEL_MIN_W 26
#define PANEL_MAX_W 40
#define PANEL_GAP   3

/* ==== The panel ========================================================= */

/* "1:05" for `ms` milliseconds, rounded up to the second. */
static void clock_text(long long ms, char *buf, size_t cap)
{
	long long sec = ms > 0 ? (ms + 999) / 1000 : 0;

	snprintf(buf, cap, "%lld:%02lld", sec / 60, sec % 60);
}

/* What is left of the move's time for the side to move, in ms: the
 * player at the other terminal's since their move began here, else what
 * the move has used (a watcher knows only the first). */
static long long time_left(const struct game_screen *gs)
{
	const struct game *g = gs->g;
	long long left = g->time_per_move * 1000LL;

	if (gs->other_since != 0)
		left -= term_now_ms() - gs->other_since;
	else if (!gs->watching)
		left -= game_common_clock_used(g, &g->m);
	return left;
}

/* One side's line: "> ● Black  Alice (1523)  0:25". */
static void draw_side(const struct game_screen *gs, int y, int x, int w,
		      enum stone side)
{
	const struct game *g = gs->g;
	const struct match *m = &g->m;
	const struct player *p;
	char text[256], rating[32] = "", clock[32] = "";
	bool to_move = board_to_move(&m->board) == side &&
		       m->board.state == BOARD_PLAYING;
	long long left = g->time_per_move * 1000LL;

	p = g->player_id[m->seat[side]] != 0
		    ? plist_find_id(g->ui->club.players,
				    g->player_id[m->seat[side]])
		    : NULL;
	if (p != NULL)
		snprintf(rating, sizeof(rating), " (%.0f)", p->rec.rating);
	if (to_move)
		left = time_left(gs);
	if (g->time_per_move > 0)
		clock_text(left, clock, sizeof(clock));
	snprintf(text, sizeof(text), "%s %s %s  %s%s", to_move ? ">" : " ",
		 ui_board_stone(g->ui, side),
		 side == STONE_BLACK ? _("Black") : _("White"), m->name[side],
		 rating);
	ui_screen_put(y, x, w - 7, to_move ? SCREEN_BOLD : SCREEN_PLAIN, text);
	if (clock[0] != '\0')
		ui_screen_put(y, x + w - 6, 6,
			      to_move && left < 10000 ? SCREEN_ALARM
						      : SCREEN_PLAIN,
			      clock);
}

/* For a ranked match, under side's line at y: what a win, draw and
 * loss would change (game_common_stake(); a watcher sees none). Return the
 * lines used (0 or 1). */
static int draw_stake(const struct game_screen *gs, int y, int x, int w,
		      enum stone side)
{
	char text[256];
	double rating;

	if (gs->watching || !game_common_stake(gs->g, gs->g->m.seat[side],
					       &rating, text, sizeof(text)))
		return 0;
	ui_screen_put(y, x + 4, w - 4, SCREEN_FAINT, text);
	return 1;
}

/* The last moves, "12. h8 i9", one numbered pair a line, from line y up
 * to `lines` lines. */
static void draw_moves(const struct game_screen *gs, int y, int x, int w,
		       int lines)
{
	const struct board *b = &gs->g->m.board;
	char text[64], a[NOTATION_MOVE_LEN], c[NOTATION_MOVE_LEN];
	int pairs = (b->nmoves + 1) / 2, first = pairs - lines, i;

	for (i = first < 0 ? 0 : first; i < pairs; i++) {
		notation_format(b->moves[2 * i].row, b->moves[2 * i].col, a);
		if (2 * i + 1 < b->nmoves)
			notation_format(b->moves[2 * i + 1].row,
					b->moves[2 * i + 1].col, c);
		else
			c[0] = '\0';
		snprintf(text, sizeof(text), "%3d. %-4s %s", i + 1, a, c);
		ui_screen_put(y++, x, w, SCREEN_PLAIN, text);
	}
}

/* The key summary, in the user's language (a watcher's for gs), with
 * their number in *n. */
static const char *const *key_lines(const struct game_screen *gs, int *n)
{
	static const char *lines[6];

	if (gs->watching) {
		lines[0] = _("q, Esc: stop watching");
		*n = 1;
		return lines;
	}
	lines[0] = _("arrows, hjkl, wasd: move");
	lines[1] = _("Enter, Space, click: place");
	lines[2] = _("u undo  D draw  r resign");
	lines[3] = _("t hint  ? help  q leave");
	lines[4] = _(": or a digit: type a move");
	*n = 5;
	return lines;
}

/* Draw the panel at (y, x), `w` columns wide and `h` lines high. */
static void draw_panel(const struct game_screen *gs, int y, int x, int w, int h)
{
	const struct match *m = &gs->g->m;
	const struct move *last = board_last(&m->board);
	const char *const *keys;
	char text[256], where[NOTATION_MOVE_LEN] = "-";
	int i, nkeys, y0 = y;

	snprintf(text, sizeof(text), _("%s %dx%d, %d in a row"),
		 ui_words_variant(m->variant.name), m->board.rows,
		 m->board.cols, m->board.k);
	ui_screen_put(y++, x, w, SCREEN_BOLD, text);
	draw_side(gs, ++y, x, w, STONE_BLACK);
	y += draw_stake(gs, y + 1, x, w, STONE_BLACK);
	draw_side(gs, ++y, x, w, STONE_WHITE);
	y += draw_stake(gs, y + 1, x, w, STONE_WHITE);
	y += 2;
	if (last != NULL)
		notation_format(last->row, last->col, where);
	snprintf(text, sizeof(text), _("Move %d, last: %s"),
		 m->board.nmoves + (m->board.state == BOARD_PLAYING ? 1 : 0),
		 where);
	ui_screen_put(y++, x, w, SCREEN_PLAIN, text);
	keys = key_lines(gs, &nkeys);
	i = h - (y - y0) - nkeys - 2; /* lines left for the moves */
	if (i > 0)
		draw_moves(gs, ++y, x, w, i < 8 ? i : 8);
	y = y0 + h - nkeys;
	for (i = 0; i < nkeys; i++)
		ui_screen_put(y + i, x, w, SCREEN_LABEL, keys[i]);
}

/* ==== Layout ============================================================ */

/* Fill v with what gs shows of its board: the position, the cursor and,
 * when they are shown, black's forbidden points, put in marks[] (the
 * caller's, BOARD_MAX_CELLS of them). */
static void board_view(const struct game_screen *gs, struct screen_view *v,
		       struct move marks[])
{
	const struct board *b = &gs->g->m.board;

	memset(v, 0, sizeof(*v));
	v->board = b;
	v->marks = marks;
	if (gs->marks_on || gs->g->ui->opt->show_forbidden)
		v->nmarks = ui_board_forbidden(b, marks);
	v->cursor = true;
	v->cur_row = gs->cur_row;
	v->cur_col = gs->cur_col;
}

/* The status line and the move line, at line y and the next. */
static void draw_foot(const struct game_screen *gs, int y)
{
	char text[SCREEN_LINE_MAX + 64];

	ui_screen_status(&gs->s, y);
	if (gs->typing)
		snprintf(text, sizeof(text), "%s %s", _("Move:"), gs->line);
	else if (gs->watching)
		snprintf(text, sizeof(text), "%s",
			 _("Watching (read-only): q or Esc stops."));
	else if (gs->over && gs->g->m.end == MATCH_UNFINISHED)
		snprintf(text, sizeof(text), "%s",
			 _("The game has stopped. Press any key."));
	else if (gs->over)
		snprintf(text, sizeof(text), "%s",
			 _("The game is over. Press any key."));
	else
		snprintf(text, sizeof(text), "%s",
			 _(": types a move, ? helps"));
	ui_screen_put(y + 1, 0, COLS, gs->typing ? SCREEN_BOLD : SCREEN_FAINT,
		      text);
}

/* Draw the panel beside the board if it fits, else below it. */
static void place_panel(const struct game_screen *gs, int board_w, int board_h)
{
	int room_right = COLS - board_w - PANEL_GAP;
	int room_below = LINES - board_h - SCREEN_FOOT_H - 1;

	if (room_right >= PANEL_MIN_W)
		draw_panel(gs, gs->s.top, board_w + PANEL_GAP,
			   room_right > PANEL_MAX_W ? PANEL_MAX_W : room_right,
			   board_h);
	else if (room_below >= 12)
		draw_panel(gs, board_h + SCREEN_FOOT_H + 1, 0,
			   COLS > PANEL_MAX_W ? PANEL_MAX_W : COLS, room_below);
}

void ui_panel_draw(struct game_screen *gs)
{
	struct move marks[BOARD_MAX_CELLS];
	struct screen_view v;
	int board_w, board_h;

	erase();
	board_view(gs, &v, marks);
	if (!ui_screen_board(&gs->s, &v, &board_w, &board_h)) {
		ui_screen_put(0, 0, INT_MAX, /* wrapped at the window's edge */
			      SCREEN_PLAIN,
			      _("Make the window wider (or taller) "
				"to see the board."));
		refresh();
		return;
	}
	place_panel(gs, board_w, board_h);
	draw_foot(gs, board_h + 1);
	if (gs->typing)
		move(board_h + 2, ui_screen_width(_("Move:")) + 1 +
					  ui_screen_width(gs->line));
	else
		ui_screen_point(&gs->s, gs->cur_row, gs->cur_col);
	refresh();
}
