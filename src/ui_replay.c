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
	/* The whole game judged ("Analyse this game", `A`): the screen shows
	 * it, with its graph, while `judging` is on. */
	struct ui_analysis judged;
	bool judging, has_judged;
};

/* Lines of the graph of the game judged; fewer in a window lower than
 * SMALL_H, where its label goes too, to leave room for the moves. */
#define GRAPH_H	      4
#define GRAPH_SMALL_H 3
#define SMALL_H	      24

/* ==== The position =========================================================
 */

/* Put the board at move `at` (0: empty). */
static void replay_goto(struct replay *r, int at)
{
	const struct match_full *f = r->f;
	int i;

	r->at = at < 0 ? 0 : at > f->nmoves ? f->nmoves : at;
	rules_start(&f->game.variant, &r->board);
	for (i = 0; i < r->at; i++)
		board_play(&r->board, f->moves[i].row, f->moves[i].col);
}

/* The line describing f, as `describe` writes it on term->out, into
 * memory the caller frees; NULL when out of memory. */
static char *describe_text(struct ui_term *term, const struct match_full *f,
			   void (*describe)(struct ui_term *,
					    const struct match_full *))
{
	FILE *saved = term->out, *mem;
	char *text = NULL, *nl;
	size_t size = 0;

	fflush(term->out);
	mem = open_memstream(&text, &size);
	if (mem == NULL)
		return NULL;
	term->out = mem;
	describe(term, f);
	term->out = saved;
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

/* Black's chance in the position shown, per cent, from the game judged
 * or the computer's view; -1 when there is none. */
static double shown_black(const struct replay *r)
{
	const struct analyze_view *v = shown_view(r);

	if (r->judging)
		return r->at == 0 ? 50.0
		       : r->at > r->judged.done
			       ? -1.0
			       : ui_analysis_black(&r->judged, r->at - 1);
	return v != NULL ? black_chance(v) : -1.0;
}

/* The evaluation bar at column x, `h` lines from line 1, when the
 * computer's view of the position is on or the game is judged: black's
 * chance from the bottom. */
static void draw_bar(const struct replay *r, int x, int h)
{
	double chance = shown_black(r);
	int black, i;

	if (chance < 0.0)
		return;
	black = (int)(chance * h / 100.0 + 0.5);
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

/* The keys of a panel at the foot of it, into keys[PANEL_KEYS]: the
 * replay's, or (`judging`) the game judged's; without the ways to jump
 * unless `all`. Return how many. */
#define PANEL_KEYS 5
static int panel_keys(bool judging, bool all, const char *keys[PANEL_KEYS])
{
	int n = 0;

	keys[n++] = _("Left, Right, p, n: a move");
	if (all) {
		keys[n++] = _("Home, End: the first, the last");
		keys[n++] = _("a number, Enter: go there");
	}
	if (judging) {
		keys[n++] = _("A: the replay  q: back");
	} else {
		keys[n++] = _("a: the computer's view");
		keys[n++] = _("A: the whole game  q: back");
	}
	return n;
}

/* The lines keys[0..n) take broken between words to the width w. */
static int keys_rows(const char *const keys[], int n, int w)
{
	int i, rows = 0;

	for (i = 0; i < n; i++)
		rows += i18n_rows(keys[i], strlen(keys[i]), w, NULL, 0);
	return rows;
}

/* The keys of a panel (panel_keys()) whose moves' list starts on line
 * `top`, into keys[PANEL_KEYS], their lines at the width w in *nk: all
 * of them, or, in a window too low to show MOVES_MIN moves above them,
 * those that step and leave. Return how many. */
static int fit_keys(bool judging, int top, int w, const char *keys[PANEL_KEYS],
		    int *nk)
{
	int n = panel_keys(judging, true, keys);

	*nk = keys_rows(keys, n, w);
	if (top + MOVES_MIN + 1 + *nk > LINES - 4) {
		n = panel_keys(judging, false, keys);
		*nk = keys_rows(keys, n, w);
	}
	return n;
}

/* The lines a panel takes beside a board of h lines: `top` lines above
 * its list of moves, the list (all `moves` lines where the window has
 * room, MOVES_MIN at least), a blank line and `nk` lines of keys; in
 * the window with room beneath for the match's line. */
static int panel_height(int h, int top, int moves, int nk)
{
	int need = top + (moves > MOVES_MIN ? moves : MOVES_MIN) + 1 + nk;

	need = need < LINES - 4 ? need : LINES - 4;
	return h < need ? need : h;
}

/* Draw keys[0..n) at the foot of a panel of h lines at column x. */
static void draw_keys(const char *const keys[], int n, int x, int w, int h,
		      int nk)
{
	int i, y;

	for (i = 0, y = h - nk; i < n; i++)
		y += ui_screen_wrap(y, x, w, h - y, SCREEN_DIM, keys[i]);
}

/* The panel beside the board, at column x: the title, the move, the
 * computer's view and the moves from the top, the keys (each broken
 * between words to the panel's width) at the bottom, on line `h` - 1
 * (the board's last) or, beside a board too low for all of it, under
 * the rest. Return the lines it takes. */
static int draw_panel(const struct replay *r, int x, int h)
{
	const char *keys[PANEL_KEYS];
	char text[128];
	int w = COLS - x, n, nk, top = 6; /* lines above the moves */

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
	n = fit_keys(false, top, w, keys, &nk);
	h = panel_height(h, top, (r->f->nmoves + 1) / 2, nk);
	draw_moves(r, top, x, w, h - top - nk - 1);
	draw_keys(keys, n, x, w, h, nk);
	return h;
}

/* ==== The game judged ===================================================== */

/* The move of the game judged that put the position shown, or NULL. */
static const struct analyze_move *judged_move(const struct replay *r)
{
	if (!r->judging || r->at < 1 || r->at > r->judged.done)
		return NULL;
	return &r->judged.moves[r->at - 1];
}

/* The parts of move m judged, into text[JUDGED_PARTS] ("" for none):
 * who played what with the chances before and after, the computer's
 * move, the marks. */
#define JUDGED_PARTS 3
#define JUDGED_ROWS  2 /* lines a part may take */
static void judged_texts(const struct replay *r, const struct analyze_move *m,
			 char text[JUDGED_PARTS][160])
{
	char played[NOTATION_MOVE_LEN], best[NOTATION_MOVE_LEN];

	notation_format(m->played.row, m->played.col, played);
	/* TRANSLATORS: "6. White h9: 27% -> 0%", the mover's chance before
	 * and after the move */
	snprintf(text[0], 160, _("%d. %s %s: %.0f%% -> %.0f%%"), m->number,
		 m->colour == STONE_BLACK ? _("Black") : _("White"), played,
		 m->before, m->after);
	text[1][0] = '\0';
	if (m->has_best) {
		notation_format(m->best.row, m->best.col, best);
		snprintf(text[1], 160, _("The computer's move: %s"), best);
	}
	ui_analysis_marks(&r->judged, m, text[2], 160);
}

/* The lines the parts of a move judged take at the width w: the most
 * that any move of the game takes, so that what is under them stays
 * where it is from move to move. */
static int judged_rows(const struct replay *r, int w)
{
	char text[JUDGED_PARTS][160];
	int i, j, n, most = 0;

	for (i = 0; i < r->judged.done; i++) {
		judged_texts(r, &r->judged.moves[i], text);
		for (j = n = 0; j < JUDGED_PARTS; j++) {
			int rows = text[j][0] == '\0'
					   ? 0
					   : i18n_rows(text[j], strlen(text[j]),
						       w, NULL, 0);

			n += rows < JUDGED_ROWS ? rows : JUDGED_ROWS;
		}
		most = n > most ? n : most;
	}
	return most;
}

/* The move shown judged, from line y, each part broken between words
 * to the width w (judged_texts()). Return the lines kept for it
 * (judged_rows()). */
static int draw_judged_move(const struct replay *r, int y, int x, int w)
{
	static const enum screen_style styles[JUDGED_PARTS] = {
		SCREEN_PLAIN, SCREEN_PLAIN, SCREEN_WARN};
	const struct analyze_move *m = judged_move(r);
	char text[JUDGED_PARTS][160];
	int i, n = 0;

	if (m != NULL) {
		judged_texts(r, m, text);
		for (i = 0; i < JUDGED_PARTS; i++)
			if (text[i][0] != '\0')
				n += ui_screen_wrap(y + n, x, w, JUDGED_ROWS,
						    styles[i], text[i]);
	}
	return judged_rows(r, w);
}

/* The graph of black's chance over the game, `h` lines from y,
 * the column of the move shown highlighted, those of marked moves as
 * warnings. */
static void draw_graph(const struct replay *r, int y, int x, int w, int h)
{
	const struct ui_analysis *a = &r->judged;
	int i, c, m, cols = ui_analysis_graph_columns(a, w);
	enum screen_style st;

	for (c = 0; c < cols; c++) {
		m = ui_analysis_graph_move(a, cols, c);
		st = m == r->at - 1			? SCREEN_CHOSEN
		     : a->moves[m].mark != ANALYZE_GOOD ? SCREEN_WARN
							: SCREEN_PLAIN;
		for (i = 0; i < h; i++)
			ui_screen_put(
				y + i, x + c, 1, st,
				ui_analysis_graph_cell(a, i, h, cols, c,
						       r->ui->term.ascii));
	}
}

/* The sign of move m's marks in the list, as chess players write them:
 * "??" a blunder (a missed win or a forced loss too), "?" a mistake,
 * "?!" an inaccuracy, "" none. */
static const char *mark_sign(const struct ui_analysis *a,
			     const struct analyze_move *m)
{
	static const char *const signs[ANALYZE_MARKS] = {"", "?!", "?", "??"};

	return m->number <= a->skip ? "" : signs[m->mark];
}

/* The moves judged, one a line from line y for `lines` lines, the move
 * shown in the middle and highlighted: its number, the move, the mover's
 * chance after it and the sign of its marks. */
static void draw_judged_list(const struct replay *r, int y, int x, int w,
			     int lines)
{
	const struct ui_analysis *a = &r->judged;
	const struct analyze_move *m;
	char text[64], move[NOTATION_MOVE_LEN];
	int first = r->at - 1 - lines / 2, i;
	enum screen_style st;

	first = first + lines > a->done ? a->done - lines : first;
	for (i = first < 0 ? 0 : first; i < a->done && lines-- > 0; i++, y++) {
		m = &a->moves[i];
		notation_format(m->played.row, m->played.col, move);
		snprintf(text, sizeof(text), "%3d. %-4s %3.0f%% %s", i + 1,
			 move, m->after, mark_sign(a, m));
		st = i + 1 == r->at		  ? SCREEN_CHOSEN
		     : mark_sign(a, m)[0] != '\0' ? SCREEN_WARN
						  : SCREEN_PLAIN;
		ui_screen_put(y, x, w, st, text);
	}
}

/* The panel of the game judged beside the board, at column x, each part
 * broken between words to its width: the title, the move shown judged,
 * both players' accuracy, the graph, the moves and the keys; as
 * draw_panel(). */
static int draw_judged_panel(const struct replay *r, int x, int h)
{
	const char *keys[PANEL_KEYS];
	struct analyze_summary sb, sw;
	char text[160];
	int w = COLS - x, n, nk, y, gh;

	w = w > PANEL_MAXW ? PANEL_MAXW : w;
	if (w < 16)
		return 0;
	snprintf(text, sizeof(text), _("Analysis of match %lld"), r->f->id);
	y = ui_screen_wrap(0, x, w, 2, SCREEN_BOLD, text);
	y += draw_judged_move(r, y, x, w);
	analyze_summarise(r->judged.moves, r->judged.done, STONE_BLACK,
			  r->judged.skip, &sb);
	analyze_summarise(r->judged.moves, r->judged.done, STONE_WHITE,
			  r->judged.skip, &sw);
	snprintf(text, sizeof(text), _("Accuracy: %s %.0f%%, %s %.0f%%"),
		 ui_board_stone(&r->ui->term, STONE_BLACK), sb.accuracy,
		 ui_board_stone(&r->ui->term, STONE_WHITE), sw.accuracy);
	y += ui_screen_wrap(y, x, w, 2, SCREEN_BOLD, text);
	if (LINES >= SMALL_H)
		y += ui_screen_wrap(y, x, w, 2, SCREEN_DIM,
				    _("Black's chance:"));
	gh = LINES >= SMALL_H ? GRAPH_H : GRAPH_SMALL_H;
	draw_graph(r, y, x, w, gh);
	y += gh + 1;
	n = fit_keys(true, y, w, keys, &nk);
	h = panel_height(h, y, r->judged.done, nk);
	draw_judged_list(r, y, x, w, h - y - nk - 1);
	draw_keys(keys, n, x, w, h, nk);
	return h;
}

/* Draw the replay: board, bar, panel, the match's line, the jump line. */
static void replay_draw(struct replay *r)
{
	const struct analyze_move *m = judged_move(r);
	struct move marks[BOARD_MAX_CELLS + 1];
	struct screen_view v = {.board = &r->board, .marks = marks};
	char text[64];
	int bw, bh, rows, ph;

	erase();
	if (r->ui->opt->show_forbidden) /* as on the game's board */
		v.nmarks = ui_board_forbidden(&r->board, marks);
	if (m != NULL && m->has_best &&
	    (m->best.row != m->played.row || m->best.col != m->played.col))
		marks[v.nmarks++] = m->best; /* the computer's move there */
	if (!ui_screen_board(&r->s, &v, &bw, &bh)) {
		mvaddstr(0, 0,
			 _("Make the window wider (or taller) "
			   "to see the board."));
		refresh();
		return;
	}
	draw_bar(r, bw + BAR_X, bh - 1);
	ph = r->judging ? draw_judged_panel(r, bw + PANEL_X, bh)
			: draw_panel(r, bw + PANEL_X, bh);
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

/* The progress of "Analyse this game" (ctx a struct replay): the replay
 * drawn, "Analysing move i of n..." on its last line. Return false when
 * Esc (or the end of input, or a stop signal) asks to stop there. */
static bool judge_tick(void *ctx, int i, int n)
{
	struct replay *r = ctx;
	struct screen_key k;
	enum screen_key_kind kind;
	char text[192], what[128];

	replay_draw(r);
	snprintf(what, sizeof(what), _("Analysing move %d of %d..."), i, n);
	snprintf(text, sizeof(text), "%s %s", what,
		 _("Esc stops, keeping what is done."));
	ui_screen_put(LINES - 1, 0, COLS, SCREEN_BOLD, text);
	refresh();
	kind = ui_screen_raw_key(0, -1, &k);
	return !(kind == SK_STOP || kind == SK_EOF ||
		 (kind == SK_CHAR && (k.ch == 27 || k.ch == 4)));
}

/* `A`: judge the whole game (the analysis kept in the store when there
 * is one), then show it; `A` again goes back to the replay. Nothing for
 * a match still being played (the panel says so) or one without moves.
 * Return UI_OK, UI_INTERRUPTED or UI_FAILED. */
static enum ui_status judge_toggle(struct replay *r)
{
	enum ui_status st;

	if (r->has_judged || r->judging) {
		r->judging = !r->judging;
		return UI_OK;
	}
	if (!ui_analyze_allowed(r->f) || r->f->nmoves == 0)
		return UI_OK;	      /* (the panel says why for the first) */
	ui_analysis_free(&r->judged); /* a part stopped by Esc: again */
	st = ui_analysis_run(r->ui, &r->judged, r->f, ANALYZE_DEFAULT_MS,
			     judge_tick, r);
	if (st == UI_FAILED)
		return st;
	r->has_judged = r->judged.done == r->f->nmoves;
	r->judging = true;
	if (r->at > r->judged.done)
		replay_goto(r, r->judged.done);
	return st;
}

/* Read keys until the player goes back or input ends. */
static enum ui_status replay_keys(struct replay *r)
{
	struct screen_key k;
	enum ui_status st;
	int to;

	for (;;) {
		replay_draw(r);
		switch (ui_screen_raw_key(500, -1, &k)) {
		case SK_STOP:
			return UI_INTERRUPTED;
		case SK_EOF:
			return UI_EOF;
		case SK_NONE:
		case SK_CLICK:
		case SK_BAD:
		case SK_DROPPED:
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
		if (k.kind == SK_CHAR && k.ch == 'a' && !r->judging &&
		    view_toggle(r) != 0)
			return UI_FAILED;
		if (k.kind == SK_CHAR && k.ch == 'A') {
			st = judge_toggle(r);
			if (st != UI_OK)
				return st;
		}
		to = step_key(r, &k);
		if (to >= 0)
			replay_goto(r, to);
		if (view_update(r) != 0)
			return UI_INTERRUPTED;
	}
}

enum ui_status ui_replay_screen(struct ui *ui, const struct match_full *f,
				void (*describe)(struct ui_term *term,
						 const struct match_full *f),
				bool judge)
{
	struct replay r;
	enum ui_status st = UI_FAILED;

	memset(&r, 0, sizeof(r));
	r.ui = ui;
	r.f = f;
	r.describe = describe_text(&ui->term, f, describe);
	if (r.describe == NULL)
		goto out_free;
	replay_goto(&r, f->nmoves);
	if (ui_screen_start(&r.s, &ui->term, draw, &r) != 0)
		goto out_free;
	st = judge ? judge_toggle(&r) : UI_OK;
	if (st == UI_OK)
		st = replay_keys(&r);
	ui_screen_stop(&r.s);
	ui_page_redraw(&ui->term);
out_free:
	view_free(&r);
	ui_analysis_free(&r.judged);
	free(r.describe);
	return st;
}
