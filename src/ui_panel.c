/* ui_panel.c -- the game screen drawn: the board (ui_screen.c's) placed
 * in the window, the panel beside it or beneath (the game, both sides
 * with their ratings, clocks and stakes, the last moves, the keys), the
 * status line and the move line. What the keys do: ui_screen_game.c. */
#define _XOPEN_SOURCE_EXTENDED 1 /* the wide-character curses calls */
#define NCURSES_WIDECHAR       1

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "ui_internal.h"
#include "ui_panel.h"
#include "words.h"

/* Columns of the panel at its narrowest and at its widest, and between
 * it and the board. */
#define PANEL_MIN_W 26
#define PANEL_MAX_W 40
#define PANEL_GAP   3

/* ==== The panel's lines ================================================= */

/* The panel is a list of lines, each with up to PANEL_FORMS forms,
 * longest first: the first form that fits the panel's width is drawn,
 * and a line none of whose forms fits is left out. When the window is
 * short, the lines of the lowest rank stay (enum rank) and the others
 * are left out from the highest rank up. Nothing is cut. */
#define PANEL_FORMS 3
#define PANEL_LINES 32

enum rank {
	RANK_GAME,  /* the game, both sides, the move: always shown */
	RANK_HELP,  /* how to get help (or stop watching) */
	RANK_STAKE, /* what a ranked result would change */
	RANK_MOVES, /* the last moves, the newest first */
	RANK_KEYS,  /* the other keys */
	RANK_SPACE  /* blank lines between the parts */
};

struct pline {
	char form[PANEL_FORMS][160]; /* UTF-8, longest first */
	int nform;
	int indent; /* columns before the text */
	enum screen_style st;
	char right[32]; /* the clock, at the right edge, or "" */
	enum screen_style right_st;
	enum rank rank;
	bool key;	/* drawn at the foot of the panel */
	bool shown;	/* chosen by choose_lines() */
	int form_shown; /* which form */
};

struct panel {
	struct pline line[PANEL_LINES];
	int n;
};

/* A new line of rank `rank` and style `st` (empty: a blank line). */
static struct pline *add_line(struct panel *p, enum rank rank,
			      enum screen_style st)
{
	struct pline *l = &p->line[p->n < PANEL_LINES ? p->n++ : p->n - 1];

	memset(l, 0, sizeof(*l));
	l->rank = rank;
	l->st = st;
	return l;
}

static void add_form(struct pline *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Add a form to l (printf-style). */
static void add_form(struct pline *l, const char *fmt, ...)
{
	va_list ap;

	if (l->nform == PANEL_FORMS)
		return;
	va_start(ap, fmt);
	vsnprintf(l->form[l->nform++], sizeof(l->form[0]), fmt, ap);
	va_end(ap);
}

/* The first of l's forms that fits `w` columns, or -1 (a blank line
 * always fits). */
static int form_that_fits(const struct pline *l, int w)
{
	int i, room = w - l->indent -
		      (l->right[0] != '\0' ? ui_screen_width(l->right) + 1 : 0);

	for (i = 0; i < l->nform; i++)
		if (ui_screen_width(l->form[i]) <= room)
			return i;
	return l->nform == 0 ? 0 : -1;
}

/* ==== What the panel says =============================================== */

/* side's name cut to `cols` columns with an ellipsis, into buf[cap]:
 * the last form of its line, for a name too long for the panel. */
static void short_name(const char *name, int cols, bool ascii, char *buf,
		       size_t cap)
{
	const char *more = ascii ? "~" : "\u2026";
	size_t n = 0, step;

	snprintf(buf, cap, "%s", name);
	if (ui_screen_width(buf) <= cols || cols < 2)
		return;
	while (name[n] != '\0' && n + 8 < cap) {
		step = 1;
		while ((name[n + step] & 0xC0) == 0x80)
			step++;
		memcpy(buf, name, n + step);
		buf[n + step] = '\0';
		if (ui_screen_width(buf) > cols - 1)
			break;
		n += step;
	}
	snprintf(buf + n, cap - n, "%s", more);
}

/* What seat `seat` stands to gain or lose, when the view shows it: a
 * faint line under its name. */
static void add_stake(struct panel *p, const struct panel_view *v, int seat)
{
	const struct game_stake *st = &v->stake[seat];
	struct pline *l;

	if (!v->staked[seat])
		return;
	l = add_line(p, RANK_STAKE, SCREEN_FAINT);
	l->indent = 4;
	game_common_stake_text(st, l->form[0], sizeof(l->form[0]));
	l->nform = 1;
	/* TRANSLATORS: the rating changes for a win, a draw and a loss, for
	 * a narrow panel: W for win, D for draw, L for loss. */
	add_form(l, _("W %s  D %s  L %s"), st->win, st->draw, st->loss);
}

/* One side's line, "> ● Black  Alice (1523)" with its clock at the
 * right, and under it, when the view has one, what a win, draw and loss
 * would change. */
static void add_side(struct panel *p, const struct game_screen *gs, int w,
		     enum stone side)
{
	const struct panel_view *v = &gs->view;
	const struct match *m = v->m;
	const struct player *pl = v->player[m->seat[side]];
	const char *stone = ui_board_stone(&gs->ui->term, side);
	const char *mark;
	char rating[32] = "", name[160];
	bool to_move = board_to_move(&m->board) == side &&
		       m->board.state == BOARD_PLAYING;
	long long left = 0;
	struct pline *l;

	if (pl != NULL)
		snprintf(rating, sizeof(rating), " (%.0f)", pl->rec.rating);
	mark = to_move ? ">" : " ";
	l = add_line(p, RANK_GAME, to_move ? SCREEN_BOLD : SCREEN_PLAIN);
	if (game_timing_left(v->timing, m, side, &left)) {
		(void)clock_format(left, l->right, sizeof(l->right));
		l->right_st =
			to_move && left < 10000 ? SCREEN_ALARM : SCREEN_PLAIN;
	}
	add_form(l, "%s %s %s  %s%s", mark, stone,
		 side == STONE_BLACK ? _("Black") : _("White"), m->name[side],
		 rating);
	add_form(l, "%s %s %s%s", mark, stone, m->name[side], rating);
	short_name(m->name[side],
		   w - 5 -
			   (l->right[0] != '\0' ? ui_screen_width(l->right) + 1
						: 0),
		   gs->ui->term.ascii, name, sizeof(name));
	add_form(l, "%s %s %s", mark, stone, name);
	add_stake(p, v, m->seat[side]);
}

/* What seat `seat` does in m's swap2 opening, in words (a static
 * string): the placer places, the other chooses, and back. */
static const char *opening_role(const struct match *m, int seat)
{
	int n = m->board.nmoves, acts = match_seat_to_act(m);

	if (!m->swap2_two && n < 3)
		return seat == acts ? _("places the three opening stones")
				    : _("chooses next");
	if (!m->swap2_two)
		return seat == acts ? _("chooses: white, black or two more")
				    : _("waits for the choice");
	if (n < 5)
		return seat == acts ? _("places two more stones")
				    : _("chooses the colour next");
	return seat == acts ? _("chooses the colour")
			    : _("waits for the choice");
}

/* During the swap2 opening, whose colours are not given out yet: seat
 * `seat`'s line, "> Alice (1523)" with its clock at the right, what it
 * does in the opening under it, and its stake when the view has one. */
static void add_seat(struct panel *p, const struct game_screen *gs, int w,
		     int seat)
{
	const struct panel_view *v = &gs->view;
	const struct match *m = v->m;
	const struct player *pl = v->player[seat];
	bool acts =
		match_seat_to_act(m) == seat && m->board.state == BOARD_PLAYING;
	char rating[32] = "", name[160];
	long long left = 0;
	struct pline *l;

	if (pl != NULL)
		snprintf(rating, sizeof(rating), " (%.0f)", pl->rec.rating);
	l = add_line(p, RANK_GAME, acts ? SCREEN_BOLD : SCREEN_PLAIN);
	/* during the opening the clocks are the seats' (black: seat 0) */
	if (game_timing_left(v->timing, m,
			     seat == 0 ? STONE_BLACK : STONE_WHITE, &left)) {
		(void)clock_format(left, l->right, sizeof(l->right));
		l->right_st =
			acts && left < 10000 ? SCREEN_ALARM : SCREEN_PLAIN;
	}
	add_form(l, "%s %s%s", acts ? ">" : " ", m->seat_name[seat], rating);
	short_name(m->seat_name[seat],
		   w - 3 -
			   (l->right[0] != '\0' ? ui_screen_width(l->right) + 1
						: 0),
		   gs->ui->term.ascii, name, sizeof(name));
	add_form(l, "%s %s", acts ? ">" : " ", name);
	l = add_line(p, RANK_GAME, SCREEN_FAINT);
	l->indent = 2;
	add_form(l, "%s", opening_role(m, seat));
	add_stake(p, v, seat);
}

/* The last moves, "12. h8 i9", one numbered pair a line, at most 8. */
static void add_moves(struct panel *p, const struct game_screen *gs)
{
	const struct board *b = &gs->view.m->board;
	char a[NOTATION_MOVE_LEN], c[NOTATION_MOVE_LEN];
	int pairs = (b->nmoves + 1) / 2, i;

	for (i = pairs > 8 ? pairs - 8 : 0; i < pairs; i++) {
		notation_format(b->moves[2 * i].row, b->moves[2 * i].col, a);
		if (2 * i + 1 < b->nmoves)
			notation_format(b->moves[2 * i + 1].row,
					b->moves[2 * i + 1].col, c);
		else
			c[0] = '\0';
		add_form(add_line(p, RANK_MOVES, SCREEN_PLAIN), "%3d. %-4s %s",
			 i + 1, a, c);
	}
}

/* A line of the key summary. */
static void add_key(struct panel *p, enum rank rank, const char *text)
{
	struct pline *l = add_line(p, rank, SCREEN_LABEL);

	l->key = true;
	add_form(l, "%s", text);
}

/* A move to show as an example of typing one on gs's board: its centre
 * ("h8" on 15x15), in at. */
static const char *example_move(const struct game_screen *gs,
				char at[NOTATION_MOVE_LEN])
{
	const struct board *b = &gs->view.m->board;

	return notation_format(b->rows / 2, b->cols / 2, at);
}

/* The key summary, in the user's language (a watcher's for gs). */
static void add_keys(struct panel *p, const struct game_screen *gs)
{
	char at[NOTATION_MOVE_LEN];
	struct pline *l;

	if (gs->watching) {
		add_key(p, RANK_HELP, _("q, Esc: stop watching"));
		return;
	}
	add_key(p, RANK_KEYS, _("arrows: move the cursor"));
	add_key(p, RANK_KEYS, _("Enter, Space, click: place"));
	l = add_line(p, RANK_KEYS, SCREEN_LABEL);
	l->key = true;
	/* TRANSLATORS: %s is a point of this board, as it is typed ("h8") */
	add_form(l, _("type %s Enter: a move"), example_move(gs, at));
	/* TRANSLATORS: the commands as they are typed in this language
	 * (the English words work in every language). */
	add_key(p, RANK_KEYS, _("type undo draw resign"));
	if (gs->view.m->board.rule == RULE_RENJU)
		add_key(p, RANK_HELP, _("type hint: forbidden points"));
	add_key(p, RANK_HELP, _("? help  Esc leave"));
}

/* Everything the panel could say for gs, `w` columns wide. */
static void build_panel(struct panel *p, const struct game_screen *gs, int w)
{
	const struct match *m = gs->view.m;
	const struct move *last = board_last(&m->board);
	const char *variant = words_variant(m->variant.name);
	char where[NOTATION_MOVE_LEN] = "-";
	int move = m->board.nmoves + (m->board.state == BOARD_PLAYING ? 1 : 0);
	struct pline *l;

	p->n = 0;
	l = add_line(p, RANK_GAME, SCREEN_BOLD);
	add_form(l, _("%s %dx%d, %d in a row"), variant, m->board.rows,
		 m->board.cols, m->board.k);
	add_form(l, "%s %dx%d", variant, m->board.rows, m->board.cols);
	add_form(l, "%s", variant);
	add_line(p, RANK_SPACE, SCREEN_PLAIN);
	if (m->opening_done) {
		add_side(p, gs, w, STONE_BLACK);
		add_side(p, gs, w, STONE_WHITE);
	} else { /* swap2: who places, who chooses */
		add_seat(p, gs, w, 0);
		add_seat(p, gs, w, 1);
	}
	add_line(p, RANK_SPACE, SCREEN_PLAIN);
	if (last != NULL)
		notation_format(last->row, last->col, where);
	l = add_line(p, RANK_GAME, SCREEN_PLAIN);
	add_form(l, _("Move %d, last: %s"), move, where);
	add_form(l, _("Move %d"), move);
	if (m->board.nmoves > 0) {
		add_line(p, RANK_SPACE, SCREEN_PLAIN);
		add_moves(p, gs);
	}
	add_line(p, RANK_SPACE, SCREEN_PLAIN);
	add_keys(p, gs);
}

/* Choose the lines of p that go in `h` lines of `w` columns (see struct
 * pline). Return how many, or -1 when the lines of RANK_GAME do not. */
static int choose_lines(struct panel *p, int w, int h)
{
	int used = 0, i, f;
	enum rank r;

	for (i = 0; i < p->n; i++) {
		p->line[i].shown = false;
		f = form_that_fits(&p->line[i], w);
		if (f < 0 && p->line[i].rank == RANK_GAME)
			return -1;
		p->line[i].form_shown = f;
	}
	for (r = RANK_GAME; r <= RANK_SPACE; r++)
		for (i = p->n - 1; i >= 0; i--) { /* the newest moves first */
			struct pline *l = &p->line[i];

			if (l->rank != r || l->form_shown < 0)
				continue;
			if (used == h)
				return r == RANK_GAME ? -1 : used;
			l->shown = true;
			used++;
		}
	return used;
}

/* Draw p's chosen lines at (y, x), `w` columns wide, the key lines at the
 * foot of `h` lines. */
static void draw_lines(const struct panel *p, int y, int x, int w, int h)
{
	int i, keys = 0, top = y;

	for (i = 0; i < p->n; i++)
		keys += p->line[i].shown && p->line[i].key;
	for (i = 0; i < p->n; i++) {
		const struct pline *l = &p->line[i];

		if (!l->shown)
			continue;
		if (l->key && y < top + h - keys)
			y = top + h - keys;
		if (l->nform > 0)
			ui_screen_put(y, x + l->indent, w - l->indent, l->st,
				      l->form[l->form_shown]);
		if (l->right[0] != '\0')
			ui_screen_put(y, x + w - ui_screen_width(l->right),
				      ui_screen_width(l->right), l->right_st,
				      l->right);
		y++;
	}
}

/* ==== Layout ============================================================ */

/* Fill v with what gs shows of its board: the position, the cursor and,
 * when they are shown, black's forbidden points, put in marks[] (the
 * caller's, BOARD_MAX_CELLS of them). */
static void board_view(const struct game_screen *gs, struct screen_view *v,
		       struct move marks[])
{
	const struct board *b = &gs->view.m->board;

	memset(v, 0, sizeof(*v));
	v->board = b;
	v->marks = marks;
	if (gs->marks_on || gs->ui->opt->show_forbidden)
		v->nmarks = ui_board_forbidden(b, marks);
	v->cursor = true;
	v->cur_row = gs->cur_row;
	v->cur_col = gs->cur_col;
}

/* The status line and the move line, at line y and the next. */
static void draw_foot(const struct game_screen *gs, int y)
{
	char text[SCREEN_LINE_MAX + 64], at[NOTATION_MOVE_LEN];

	ui_screen_status(&gs->s, y);
	if (gs->typing)
		snprintf(text, sizeof(text), "%s %s", _("Move:"), gs->line);
	else if (gs->watching)
		snprintf(text, sizeof(text), "%s",
			 _("Watching (read-only): q or Esc stops."));
	else if (gs->s.asking) /* its question (a box's, the status line's) */
		text[0] = '\0';
	else if (gs->over && gs->view.m->end == MATCH_UNFINISHED)
		snprintf(text, sizeof(text), "%s",
			 _("The game has stopped. Press any key."));
	else if (gs->over)
		snprintf(text, sizeof(text), "%s",
			 _("The game is over. Press any key."));
	else
		snprintf(text, sizeof(text),
			 /* TRANSLATORS: %s is a point of this board */
			 _("Type a move (%s) or a command; ? helps"),
			 example_move(gs, at));
	ui_screen_put(y + 1, 0, COLS, gs->typing ? SCREEN_BOLD : SCREEN_FAINT,
		      text);
}

/* Where the board and the panel go: the board full or compact, the
 * panel beside it or beneath, its width, and the lines above the foot. */
struct layout {
	bool compact, beside;
	int board_w, board_h;
	int panel_y, panel_x, panel_w, panel_h;
	int main_h; /* lines above the status line's blank */
};

/* Try the layout `try` (compact, beside already set) for gs's board and
 * panel p in the window: true, filling the rest of *try, when the board
 * and the panel's RANK_GAME lines fit without touching. */
static bool try_layout(const struct game_screen *gs, struct panel *p,
		       struct layout *try)
{
	int used;

	ui_screen_board_size(&gs->s, &gs->view.m->board, try->compact,
			     &try->board_w, &try->board_h);
	if (try->beside) {
		try->panel_y = 0;
		try->panel_x = try->board_w + PANEL_GAP;
		try->panel_w = COLS - try->panel_x;
		try->panel_h = LINES - SCREEN_FOOT_H;
		if (try->panel_w < PANEL_MIN_W || try->board_h > try->panel_h)
			return false;
	} else {
		try->panel_y = try->board_h + 1;
		try->panel_x = 0;
		try->panel_w = COLS;
		try->panel_h = LINES - try->panel_y - SCREEN_FOOT_H;
		if (COLS < try->board_w || try->panel_h < 1)
			return false;
	}
	if (try->panel_w > PANEL_MAX_W)
		try->panel_w = PANEL_MAX_W;
	build_panel(p, gs, try->panel_w);
	used = choose_lines(p, try->panel_w, try->panel_h);
	if (used < 0)
		return false;
	if (try->beside) {
		try->panel_h = used > try->board_h ? used : try->board_h;
		try->main_h = try->panel_h;
	} else {
		try->panel_h = used;
		try->main_h = try->panel_y + used;
	}
	return true;
}

/* The first layout that fits, in this order: the full board with the
 * panel beside, the compact board with it beside, the full board with
 * it beneath, the compact one with it beneath. False when none does. */
static bool choose_layout(const struct game_screen *gs, struct panel *p,
			  struct layout *out)
{
	static const struct {
		bool compact, beside;
	} order[] = {
		{false, true}, {true, true}, {false, false}, {true, false}};
	size_t i;

	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		memset(out, 0, sizeof(*out));
		out->compact = order[i].compact;
		out->beside = order[i].beside;
		if (try_layout(gs, p, out))
			return true;
	}
	return false;
}

/* ui_screen.c's redraw of gs (ctx), when the caller gives none. */
static void redraw(void *ctx)
{
	ui_panel_draw(ctx);
}

int ui_panel_start(struct game_screen *gs, struct ui *ui, const struct match *m,
		   void (*draw)(void *ctx))
{
	memset(gs, 0, sizeof(*gs));
	gs->ui = ui;
	gs->view.m = m;
	gs->sel_row = gs->sel_col = -1;
	gs->shown = -1;
	gs->cur_row = m->board.rows / 2;
	gs->cur_col = m->board.cols / 2;
	return ui_screen_start(&gs->s, &ui->term, draw != NULL ? draw : redraw,
			       gs);
}

void ui_panel_draw(struct game_screen *gs)
{
	struct move marks[BOARD_MAX_CELLS];
	struct screen_view v;
	struct panel p;
	struct layout lay;

	erase();
	board_view(gs, &v, marks);
	if (!choose_layout(gs, &p, &lay)) {
		ui_screen_wrap(0, 0, COLS, LINES, SCREEN_PLAIN,
			       _("Make the window wider (or taller) "
				 "to see the board."));
		refresh();
		return;
	}
	v.cells = lay.compact ? SCREEN_CELLS_COMPACT : SCREEN_CELLS_FULL;
	ui_screen_board(&gs->s, &v, &lay.board_w, &lay.board_h);
	draw_lines(&p, lay.panel_y, lay.panel_x, lay.panel_w, lay.panel_h);
	draw_foot(gs, lay.main_h + 1);
	if (gs->typing)
		move(lay.main_h + 2, ui_screen_width(_("Move:")) + 1 +
					     ui_screen_width(gs->line));
	else
		ui_screen_point(&gs->s, gs->cur_row, gs->cur_col);
	refresh();
}
