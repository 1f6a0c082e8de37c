/* ui_replay.c -- a recorded match replayed full-screen: the board at the
 * move shown, the moves around it, keys to step through them, and room
 * beside the board for the computer's view when `a` turns it on (an
 * evaluation bar, black's chance from the bottom, and the move it would
 * play). The board is ui_screen.c's, drawn from the position alone; the
 * line replay is ui_records.c's. */
#define _GNU_SOURCE		 /* open_memstream() */
#define _XOPEN_SOURCE_EXTENDED 1 /* the wide-character curses calls */
#define NCURSES_WIDECHAR       1

#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "notation.h"
#include "number.h"
#include "ui_internal.h"
#include "ui_page.h"
#include "ui_replay.h"
#include "ui_screen.h"

/* The evaluation bar: a gap, its width, a gap before the panel. */
#define BAR_X	   1
#define BAR_W	   2
#define PANEL_X	   (BAR_X + BAR_W + 2)
#define PANEL_MAXW 40
#define MOVES_MIN  3 /* lines of moves beside a board too low for more */
/* Digits of a move number being typed, and the most it can be (moves
 * beyond the last go to the last). */
#define JUMP_MAX   4
#define JUMP_LIMIT 9999

/* A replay on the screen. */
struct replay {
	struct ui *ui;
	const struct match_full *f;
	struct board board;	 /* the position shown */
	struct screen s;	 /* ui_screen.c's drawing of that board */
	char *describe;		 /* the players and the result, one line */
	int at;			 /* moves on the board */
	char jump[JUMP_MAX + 1]; /* a move number being typed */
	/* The computer's view, once `a` has turned it on: each position's
	 * figure is worked out when first shown, then kept. */
	struct analysis *an;	   /* NULL while it is off */
	struct analyze_view *view; /* [0..nmoves], by moves on the board */
	bool *seen;		   /* view[i] is worked out */
};

/* ==== The position =========================================================
 */

/* Put the board at move `at` (0: empty). */
static void replay_goto(struct replay *r, int at)
{
	const struct match_full *f = r->f;
	int i;

	r->at = at < 0 ? 0 : at > f->nmoves ? f->nmoves : at;
	board_init(&r->board, f->rows, f->cols, f->k, f->rule);
	for (i = 0; i < r->at; i++)
		board_play(&r->board, f->moves[i].row, f->moves[i].col);
}

/* The line describing f, as `describe` writes it on ui->term.out, into
 * memory the caller frees; NULL when out of memory. */
static char *describe_text(struct ui *ui, const struct match_full *f,
			   void (*describe)(struct ui *,
					    const struct match_full *))
{
	FILE *saved = ui->term.out, *mem;
	char *text = NULL, *nl;
	size_t size = 0;

	fflush(ui->term.out);
	mem = open_memstream(&text, &size);
	if (mem == NULL)
		return NULL;
	ui->term.out = mem;
	describe(ui, f);
	ui->term.out = saved;
	if (fclose(mem) != 0) {
		free(text);
		return NULL;
	}
	nl = strchr(text, '\n');
	if (nl != NULL)
		*nl = '\0';
	return text;
}

/* ==== Drawing ============================================================= */

/* The computer's view of the position shown, or NULL while it is off or
 * not worked out (the game over in it too: nothing to judge). */
static const struct analyze_view *shown_view(const struct replay *r)
{
	if (r->an == NULL || !r->seen[r->at] ||
	    r->view[r->at].side == STONE_NONE)
		return NULL;
	return &r->view[r->at];
}

/* Black's chance, per cent, in view v. */
static double black_chance(const struct analyze_view *v)
{
	return v->side == STONE_BLACK ? v->win_chance : 100.0 - v->win_chance;
}

/* The evaluation bar at column x, `h` lines from line 1, when the
 * computer's view of the position is on: black's chance from the
 * bottom. */
static void draw_bar(const struct replay *r, int x, int h)
{
	const struct analyze_view *v = shown_view(r);
	int black, i;

	if (v == NULL)
		return;
	black = (int)(black_chance(v) * h / 100.0 + 0.5);
	for (i = 0; i < h; i++)
		ui_screen_put(1 + i, x, BAR_W,
			      h - i <= black ? SCREEN_CHOSEN : SCREEN_DIM,
			      h - i <= black ? "  " : "::");
}

/* The moves as numbered pairs, "12. h8   i9", from line y for `lines`
 * lines, the pair of the move shown in the middle and that move
 * highlighted. */
static void draw_moves(const struct replay *r, int y, int x, int w, int lines)
{
	const struct match_full *f = r->f;
	char text[64], a[NOTATION_MOVE_LEN], b[NOTATION_MOVE_LEN];
	int pairs = (f->nmoves + 1) / 2, cur = r->at > 0 ? (r->at - 1) / 2 : 0;
	int first = cur - lines / 2, i;

	first = first + lines > pairs ? pairs - lines : first;
	for (i = first < 0 ? 0 : first; i < pairs && lines-- > 0; i++, y++) {
		notation_format(f->moves[2 * i].row, f->moves[2 * i].col, a);
		b[0] = '\0';
		if (2 * i + 1 < f->nmoves)
			notation_format(f->moves[2 * i + 1].row,
					f->moves[2 * i + 1].col, b);
		snprintf(text, sizeof(text), "%3d.", i + 1);
		ui_screen_put(y, x, w, SCREEN_PLAIN, text);
		ui_screen_put(y, x + 5, 4,
			      2 * i + 1 == r->at ? SCREEN_CHOSEN : SCREEN_PLAIN,
			      a);
		ui_screen_put(y, x + 10, 4,
			      2 * i + 2 == r->at ? SCREEN_CHOSEN : SCREEN_PLAIN,
			      b);
	}
}

/* The computer's view of the position on lines y to y + 2, or why
 * there is none. */
static void draw_view(const struct replay *r, int y, int x, int w)
{
	const struct analyze_view *v = shown_view(r);
	char text[128], best[NOTATION_MOVE_LEN] = "-";

	if (!ui_analyze_allowed(r->f))
		ui_screen_put(y, x, w, SCREEN_DIM,
			      _("No analysis until the match ends."));
	if (v == NULL)
		return;
	if (v->has_best)
		notation_format(v->best.row, v->best.col, best);
	snprintf(text, sizeof(text), _("Black %.0f%%, White %.0f%%"),
		 black_chance(v), 100.0 - black_chance(v));
	ui_screen_put(y, x, w, SCREEN_BOLD, text);
	if (v->proven != 0)
		snprintf(text, sizeof(text), _("%s wins by force; best %s"),
			 (v->proven > 0) == (v->side == STONE_BLACK)
				 ? _("Black")
				 : _("White"),
			 best);
	else
		snprintf(text, sizeof(text), _("The computer would play %s"),
			 best);
	/* (broken between words onto the blank line under it) */
	ui_screen_wrap(y + 1, x, w, 2, SCREEN_PLAIN, text);
}

/* The panel beside the board, at column x: the title, the move, the
 * computer's view and the moves from the top, the keys (each broken
 * between words to the panel's width) at the bottom, on line `h` - 1
 * (the board's last) or, beside a board too low for all of it, under
 * the rest. Return the lines it takes. */
static int draw_panel(const struct replay *r, int x, int h)
{
	static const int nkeys = 4;
	const char *keys[4];
	char text[128];
	int w = COLS - x, i, nk = 0, y, need,
	    top = 6; /* lines above the moves */

	w = w > PANEL_MAXW ? PANEL_MAXW : w;
	if (w < 16)
		return 0;
	snprintf(text, sizeof(text), _("Replay of match %lld"), r->f->id);
	ui_screen_put(0, x, w, SCREEN_BOLD, text);
	snprintf(text, sizeof(text), _("Move %d of %d"), r->at, r->f->nmoves);
	ui_screen_put(2, x, w, SCREEN_PLAIN, text);
	draw_view(r, 3, x, w);
	/* the clocks after the move, when the match was timed */
	if (ui_words_clocks(r->f, r->at, text, sizeof(text))[0] != '\0')
		ui_screen_put(top++, x, w, SCREEN_PLAIN, text);
	keys[0] = _("Left, Right, p, n: a move");
	keys[1] = _("Home, End: the first, the last");
	keys[2] = _("a number, Enter: go there");
	keys[3] = _("a: the computer's view  q: back");
	for (i = 0; i < nkeys; i++)
		nk += ui_screen_rows(keys[i], strlen(keys[i]), w, NULL, 0);
	/* beside a low board: a few moves too, and room for the match's line
	 * beneath */
	need = top + MOVES_MIN + 1 + nk;
	need = need < LINES - 4 ? need : LINES - 4;
	h = h < need ? need : h;
	draw_moves(r, top, x, w, h - top - nk - 1);
	for (i = 0, y = h - nk; i < nkeys; i++)
		y += ui_screen_wrap(y, x, w, h - y, SCREEN_DIM, keys[i]);
	return h;
}

/* Draw the replay: board, bar, panel, the match's line, the jump line. */
static void replay_draw(struct replay *r)
{
	struct move marks[BOARD_MAX_CELLS];
	struct screen_view v = {.board = &r->board, .marks = marks};
	char text[64];
	int bw, bh, rows, ph;

	erase();
	if (r->ui->opt->show_forbidden) /* as on the game's board */
		v.nmarks = ui_board_forbidden(&r->board, marks);
	if (!ui_screen_board(&r->s, &v, &bw, &bh)) {
		mvaddstr(0, 0,
			 _("Make the window wider (or taller) "
			   "to see the board."));
		refresh();
		return;
	}
	draw_bar(r, bw + BAR_X, bh - 1);
	ph = draw_panel(r, bw + PANEL_X, bh);
	bh = ph > bh ? ph : bh; /* what follows goes under both */
	/* the match's line, broken between words where it is too long */
	rows = ui_screen_wrap(bh + 1, 0, COLS, LINES - bh - 2, SCREEN_PLAIN,
			      r->describe != NULL ? r->describe : "");
	if (r->jump[0] != '\0') {
		snprintf(text, sizeof(text), "%s %s", _("Go to move:"),
			 r->jump);
		ui_screen_put(bh + 1 + rows, 0, COLS, SCREEN_BOLD, text);
	}
	refresh();
}

/* Draw the replay at ctx (a struct replay), as the screen asks. */
static void draw(void *ctx)
{
	replay_draw(ctx);
}

/* ==== The computer's view ================================================= */

/* Turn the computer's view off, freeing what it kept. */
static void view_free(struct replay *r)
{
	analyze_free(r->an);
	free(r->view);
	free(r->seen);
	r->an = NULL;
	r->view = NULL;
	r->seen = NULL;
}

/* ==== Keys ================================================================ */

/* A digit, Backspace or Enter for the move number being typed: true
 * when k was one of them. */
static bool jump_key(struct replay *r, const struct screen_key *k)
{
	size_t n = strlen(r->jump);
	unsigned long long to;

	if (k->kind == SK_CHAR && k->ch >= '0' && k->ch <= '9') {
		if (n < JUMP_MAX) {
			r->jump[n] = (char)k->ch;
			r->jump[n + 1] = '\0';
		}
	} else if (n > 0 && (k->ch == 127 || k->ch == 8 ||
			     (k->kind == SK_KEY && k->ch == KEY_BACKSPACE))) {
		r->jump[n - 1] = '\0';
	} else if (n > 0 && (k->ch == '\n' || k->ch == '\r' ||
			     (k->kind == SK_KEY && k->ch == KEY_ENTER))) {
		replay_goto(r, number_parse(r->jump, 0, JUMP_LIMIT, &to) == 0
				       ? (int)to
				       : r->at);
		r->jump[0] = '\0';
	} else if (n > 0 && k->ch == 27) {
		r->jump[0] = '\0';
	} else {
		return false;
	}
	return true;
}

/* A step key: the move to show after it, or -1 when k is none. */
static int step_key(const struct replay *r, const struct screen_key *k)
{
	bool key = k->kind == SK_KEY, chr = k->kind == SK_CHAR;

	if ((key && k->ch == KEY_LEFT) || (chr && k->ch == 'p'))
		return r->at - 1;
	if ((key && (k->ch == KEY_RIGHT || k->ch == KEY_ENTER)) ||
	    (chr &&
	     (k->ch == 'n' || k->ch == ' ' || k->ch == '\n' || k->ch == '\r')))
		return r->at + 1;
	if (key && k->ch == KEY_HOME)
		return 0;
	if (key && k->ch == KEY_END)
		return r->f->nmoves;
	return -1;
}

/* `a`: turn the computer's view on (a match still being played gets
 * none) or off. Return 0, or -1 when out of memory. */
static int view_toggle(struct replay *r)
{
	size_t n = (size_t)r->f->nmoves + 1;

	if (r->an != NULL) {
		view_free(r);
		return 0;
	}
	if (!ui_analyze_allowed(r->f))
		return 0;
	r->an = analyze_create(ANALYZE_DEFAULT_MS);
	r->view = calloc(n, sizeof(*r->view));
	r->seen = calloc(n, sizeof(*r->seen));
	if (r->an == NULL || r->view == NULL || r->seen == NULL) {
		view_free(r);
		return -1;
	}
	return 0;
}

/* Work out the computer's view of the position shown when it is on and
 * not known yet, saying so while it thinks. Return 0, or 1 when a stop
 * signal ended the thinking. */
static int view_update(struct replay *r)
{
	if (r->an == NULL || r->seen[r->at])
		return 0;
	replay_draw(r);
	ui_screen_put(LINES - 1, 0, COLS, SCREEN_BOLD,
		      _("The computer is thinking..."));
	refresh();
	switch (analyze_position(r->an, &r->board, term_stop_flag(),
				 &r->view[r->at])) {
	case 0:
		r->seen[r->at] = true;
		return 0;
	case 1:
		return 1;
	default: /* a board the analysis cannot take: no figure */
		r->view[r->at].side = STONE_NONE;
		r->seen[r->at] = true;
		return 0;
	}
}

/* Read keys until the player goes back or input ends. */
static enum ui_status replay_keys(struct replay *r)
{
	struct screen_key k;
	int to;

	for (;;) {
		replay_draw(r);
		switch (ui_screen_raw_key(500, &k)) {
		case SK_STOP:
			return UI_INTERRUPTED;
		case SK_EOF:
			return UI_EOF;
		case SK_NONE:
		case SK_CLICK:
		case SK_BAD:
			continue;
		case SK_CHAR:
		case SK_KEY:
			break;
		}
		if (k.kind == SK_CHAR && k.ch == 4)
			return UI_EOF;
		if (jump_key(r, &k))
			continue;
		if (k.kind == SK_CHAR && k.ch == 'q')
			return UI_OK;
		if (k.kind == SK_CHAR && k.ch == 'a' && view_toggle(r) != 0)
			return UI_FAILED;
		to = step_key(r, &k);
		if (to >= 0)
			replay_goto(r, to);
		if (view_update(r) != 0)
			return UI_INTERRUPTED;
	}
}

enum ui_status ui_replay_screen(struct ui *ui, const struct match_full *f,
				void (*describe)(struct ui *ui,
						 const struct match_full *f))
{
	struct replay r;
	enum ui_status st = UI_FAILED;

	memset(&r, 0, sizeof(r));
	r.ui = ui;
	r.f = f;
	r.describe = describe_text(ui, f, describe);
	if (r.describe == NULL)
		goto out_free;
	replay_goto(&r, f->nmoves);
	if (ui_screen_start(&r.s, &ui->term, draw, &r) != 0)
		goto out_free;
	st = replay_keys(&r);
	ui_screen_stop(&r.s);
	ui_page_redraw(ui);
out_free:
	view_free(&r);
	free(r.describe);
	return st;
}
