/* ui_internal.h -- what the ui*.c files above ui.c share besides its
 * prompts (ui.h). Games at the terminal have their own: ui_game.h. */
#ifndef GOMOKU_UI_INTERNAL_H
#define GOMOKU_UI_INTERNAL_H

#include "ui.h"

struct ui_table;

/* ---- ui.c ---- */

/* Say that the database refused something, with the store's own message
 * ("what: message", or the message alone when `what` is NULL), on
 * standard error. Return UI_FAILED, for the caller to pass on; or, when
 * the store refused it because a session is stale, UI_STALE after
 * ui_session_ended(). */
enum ui_status ui_store_failed(struct ui *ui, const char *what);

/* How long every wait for the player or for another process lasts at
 * most before it looks at the store again (ui_store_moved()): the
 * lobby, a challenge's answer, the other seat's move, a watched match,
 * whichever front end. A commit by another process ends the wait
 * sooner (ui_wait()); this is for what changes with time alone, and for
 * a store that cannot tell of its commits. */
#define UI_POLL_MS 200

/* The one wait for the player or for another process: until input on
 * fd (-1: none), a commit to the store by any process
 * (store_change_fd()), the deadline (term_now_ms() time; 0: none) or
 * UI_POLL_MS from now, whichever comes first, or a stop signal. Return
 * 1 for input, 0 when it is time to look at the store
 * (ui_store_moved()) or at the clock, -1 for a stop signal. A
 * full-screen wait gives ui_wake_fd() to its key wait instead. */
int ui_wait(struct ui *ui, int fd, long long deadline);

/* ui_read_word() whose prompt is up while it waits for the first key:
 * whenever another process may have committed to the store meanwhile
 * (ui_store_moved(), once at the start too), moved(ctx, &said) looks.
 * When it said something (ui_say(); *said set true) the prompt is shown
 * again under it; when it returns other than UI_OK (after saying why)
 * the read ends with that. Otherwise the same results as
 * ui_read_word(). */
enum ui_status ui_read_watched(struct ui *ui, const char *prompt, char *buf,
			       enum ui_status (*moved)(void *ctx, bool *said),
			       void *ctx);

/* The descriptor ui_wait() wakes on (store_change_fd() of the club's
 * store), for the full-screen key waits; -1 when there is none. */
int ui_wake_fd(struct ui_club *club);

/* Whether another process committed anything to the club's store since
 * *version, the PRAGMA data_version last seen, which it updates; 0 is
 * "not looked yet", which counts as moved. A store that cannot say
 * counts as moved too, so that the read that follows reports the error
 * rather than nothing being seen. */
bool ui_store_moved(struct ui_club *club, long long *version);

/* Whether the store refused its last call because a session of this
 * process is stale (store_stale_player(): the player's password was
 * changed in another session). When so, tell that player to log in
 * again (once: ui->club.stale remembers whom it told) and return true;
 * their menu logs them out when UI_STALE reaches it. */
bool ui_session_ended(struct ui *ui);

/* ui_menu() for a step of a choice: Enter alone takes the first item
 * (in the line interface too: an empty line) and Esc the item keyed 0
 * (Back). The same results as ui_menu(). */
enum ui_status ui_menu_step(struct ui *ui, const char *title,
			    const char *const labels[], const int keys[], int n,
			    int *choice);

/* ---- ui_choose.c: the game chosen before it starts ---- */

struct store_prefs;

/* Where a game chosen from the menus is played: what it stakes and
 * whether it is timed (only ranked matches are). */
enum choice_kind {
	CHOICE_RANKED,	  /* a ranked match at this terminal: rated */
	CHOICE_CHALLENGE, /* a ranked match from two terminals: rated */
	CHOICE_COMPUTER,  /* against the computer: recorded, not rated */
	CHOICE_GUEST,	  /* guests: not recorded */
	CHOICE_SEEK,	  /* a seek in the lobby, rated */
	CHOICE_CASUAL	  /* a seek for practice: not rated */
};

/* Choose the game of `kind` for `me` (NULL: a guest): the defaults
 * (what the command line gave, else me's preferences, else the
 * program's) shown in one line, Enter to play them, or the variant, the
 * opening and (ranked) the time control changed step by step; bad input
 * is said and asked again. Return UI_OK with the game in ui->game;
 * UI_REFUSED when the player went back (0, Esc; nothing changed);
 * UI_FAILED after saying why the preferences cannot be read; UI_EOF or
 * UI_INTERRUPTED when input ends first. */
enum ui_status ui_choose_game(struct ui *ui, const struct player *me,
			      enum choice_kind kind);

/* Game c of `kind` in one line, in the caller's buf[cap]: "Renju, swap2
 * opening, a forbidden point loses, 30 s a move, rated". For renju the
 * forbidden-point policy it plays by is said: the club's (read from the
 * store; --forbidden lose is stricter, but for a challenge), the command
 * line's for guests. Return buf. */
const char *ui_choose_words(struct ui *ui, const struct game_def *c,
			    enum choice_kind kind, char *buf, size_t cap);

/* The game the preferences p choose (ui_choose_from_prefs()) in words, as
 * ui_choose_words() says a ranked match's but without its stake, into
 * the caller's buf[cap]. Return buf. */
const char *ui_choose_default_words(struct ui *ui, const struct store_prefs *p,
				    char *buf, size_t cap);

/* Read a variant as the menus and the preferences write it: a preset's
 * name ("renju"), or a board's words "SIZE [K [RULE]]" ("19x19 5",
 * "7x7 4 exact"), checked as the command line checks --size, --k and
 * --rule (rules_variant_from()). Return RULES_OK with it in *out, or
 * what is wrong. */
enum rules_error ui_choose_variant_text(const char *text, struct variant *out);

/* Read a time control as the preferences keep it: "none", "30s" (a
 * time per move) or "5+3" (a game clock, clock_parse()). Return 0 with
 * it in *out, or -1 (*out unchanged). */
int ui_choose_time_text(const char *text, struct time_control *out);

/* The game the preferences `p` choose, over what the command line did
 * not give (opt), into *out: the defaults a player's menus start from.
 * A preference that no longer reads is left out. */
void ui_choose_from_prefs(const struct ui_options *opt,
			  const struct store_prefs *p, struct game_def *out);

/* The Preferences page's "Default game": the steps of ui_choose_game()
 * from p's game, and on Enter ("Save as my default") the game written
 * into p (ui_choose_to_prefs()) for the caller to save. Return UI_OK,
 * UI_REFUSED when the player went back (p unchanged), or why input
 * ended. */
enum ui_status ui_choose_default(struct ui *ui, struct store_prefs *p);

/* Write game c as the preferences keep it into p's variant, opening and
 * time_control (the texts the two readers above take). */
void ui_choose_to_prefs(const struct game_def *c, struct store_prefs *p);

/* ---- ui_account.c ---- */

/* Bring ui->club.players up to date with what every process has committed
 * (store_refresh_players()), before anything shows or uses player data.
 * Does nothing when the club is not open. Return UI_OK, or UI_FAILED
 * after saying why the database failed. */
enum ui_status ui_account_refresh(struct ui *ui);

/* ---- ui_analyze.c ---- */

struct match_full;
struct analyze_move;

/* True when match f may be analysed: it has ended, or it was imported
 * (a game still being played gets no help from the computer). */
bool ui_analyze_allowed(const struct match_full *f);

/* A whole game judged, as `gomoku analyze` and "Analyse this game" show
 * it: filled by ui_analysis_run(), freed by ui_analysis_free(). */
struct ui_analysis {
	const struct match_full *f; /* the caller's, not owned */
	struct analyze_move *moves; /* [f->nmoves], owned */
	int done;		    /* moves judged (fewer when stopped) */
	int skip;		    /* swap2's opening stones: not judged */
	int time_ms;		    /* the search's time a position */
	bool kept;		    /* read from the store, or saved to it */
};

/* Judge every move of f (which must be analysable: ui_analyze_allowed())
 * with time_ms a position into *a: the analysis the store keeps for f and
 * time_ms when there is one (instant), else each move in turn, calling
 * tick(ctx, i, n) before move i of n (the progress; it returns false to
 * stop there, keeping what was done; NULL: "Analysing move i of n..." on
 * standard error, as `gomoku analyze` shows it), then keeping a whole one in
 * the store (a store that cannot write it is no failure). Return UI_OK (a->done
 * may be short of f->nmoves when tick stopped it), UI_INTERRUPTED (a stop
 * signal: what was done is kept in *a), or UI_FAILED (out of memory, or
 * moves that cannot be replayed: said so). Free *a with ui_analysis_free()
 * whatever it returns. */
enum ui_status ui_analysis_run(struct ui *ui, struct ui_analysis *a,
			       const struct match_full *f, int time_ms,
			       bool (*tick)(void *ctx, int i, int n),
			       void *ctx);

/* Free what ui_analysis_run() allocated in *a. */
void ui_analysis_free(struct ui_analysis *a);

/* Print *a as `gomoku analyze` prints it in ui->opt->format (the table,
 * tsv or json), and, for the table when `graph`, black's chance over the
 * game as text rows (ui_analysis_graph_row()). */
void ui_analysis_print(struct ui *ui, const struct ui_analysis *a, bool graph);

/* Black's chance (per cent) after move i + 1 of *a. */
double ui_analysis_black(const struct ui_analysis *a, int i);

/* The graph of black's chance over the moves of *a judged, `width`
 * columns at most: as many columns a move as fit when the moves are
 * fewer than the columns, else each column the last move of its share.
 * Its columns: */
int ui_analysis_graph_columns(const struct ui_analysis *a, int width);

/* The move (0-based) that column c of a graph `cols` wide shows. */
int ui_analysis_graph_move(const struct ui_analysis *a, int cols, int c);

/* Cell c of row `row` (0 the top) of the graph, `height` rows and `cols`
 * columns: Unicode eighths of a block (filled from the bottom up to
 * black's chance), or `#` and a blank with `ascii`. A static string. */
const char *ui_analysis_graph_cell(const struct ui_analysis *a, int row,
				   int height, int cols, int c, bool ascii);

/* The marks of move m of *a in words, "blunder, forced loss from here",
 * into buf[cap] ("" for none). Return buf. */
const char *ui_analysis_marks(const struct ui_analysis *a,
			      const struct analyze_move *m, char *buf,
			      size_t cap);

/* "Analyse this game" on the line interface: judge match f's moves
 * (ui_analysis_run(), the progress on standard error, Ctrl-C keeping what
 * was done) and print the table with the graph as `gomoku analyze`
 * prints it. A match still being played is refused (said so). Return
 * UI_OK, UI_INTERRUPTED or UI_FAILED. */
enum ui_status ui_analyze_game(struct ui *ui, const struct match_full *f);

/* The replay's `a`: say what the computer sees in match f after its
 * first `at` moves (0 = the empty board): the side to move's win chance
 * and the move it would play, after thinking ANALYZE_DEFAULT_MS (plus
 * its threat search). A ranked match or a game against the computer
 * still being played is refused (said so). Return UI_OK, UI_FAILED when
 * out of memory (no message), or UI_INTERRUPTED (a stop signal). */
enum ui_status ui_analyze_replay(struct ui_term *term,
				 const struct match_full *f, int at);

/* ---- ui_words.c: a stored match's sides and clocks, for people ---- */

/* The name of the side of colour s in stored match f: the name stored
 * with it, or the computer's (words_computer()) written in the
 * caller's buf[UI_NAME_MAX]. */
const char *ui_words_side(const struct match_full *f, enum stone s,
			  char buf[UI_NAME_MAX]);

/* The clocks of stored match f after its move `at` (0: before the
 * first), into buf[cap]: "Black 4:32, White 4:50" on a game clock (each
 * side's time left after its last move, by the moves' stored times;
 * during a swap2 opening the colours are the stones'), "Move 12 was
 * made with 0:09.3 left" with a time per move, "" when untimed or not
 * stored. Return buf. */
const char *ui_words_clocks(const struct match_full *f, int at, char *buf,
			    size_t cap);

/* Stored match f in one line, into buf[cap]: "Match 1: ● Bob against ○
 * Alice, tictactoe 3x3; Black won (row of 3)" (the stones as `term`
 * shows them, a side the computer's name, the outcome as words.c says
 * it). Return buf. */
const char *ui_words_match(const struct ui_term *term,
			   const struct match_full *f, char *buf, size_t cap);

/* ---- ui_list.c: listings for scripts (--format tsv or json) ----
 *
 * ui_list_begin() writes the tsv header line or json's "[";
 * ui_list_row() starts a row (ending the one before); the row's fields
 * follow, one call each, in the order of the columns; ui_list_end()
 * ends the last row and the listing. TSV: fields tab-separated, a row a
 * line. JSON: an array of objects keyed by the column names. In the
 * table format these calls print nothing: tables are the caller's. */
struct ui_list {
	struct ui *ui;
	const char *const *columns; /* the keys, fixed in DESIGN.md */
	int ncolumns;
	int rows;  /* rows started */
	int field; /* fields written in the current row */
};

/* Start a listing with columns[0..ncolumns-1] (which must outlive it). */
void ui_list_begin(struct ui_list *l, struct ui *ui,
		   const char *const columns[], int ncolumns);

/* Start a row. */
void ui_list_row(struct ui_list *l);

/* The next field: text (tsv: control characters as spaces; json: a
 * quoted, escaped string). */
void ui_list_text(struct ui_list *l, const char *s);

/* The next field: a number, written as printf() writes `fmt`. */
void ui_list_number(struct ui_list *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* End the last row and the listing. */
void ui_list_end(struct ui_list *l);

/* Add the row cells[0..n) to table t, each cleaned for the terminal
 * (ui_clean()). Return 0, or -1 out of memory (t as it was). */
int ui_list_table_row(struct ui_table *t, const char *const cells[], int n);

/* Show table t (taken: freed here) for people, laid out as ui_table.h
 * says: on the page (ui_page_table()) to the window's width whenever it
 * is drawn; else printed in the terminal's columns, or 80 where output
 * is no terminal, the last column left blank. */
void ui_list_table(struct ui_term *term, struct ui_table *t);

/* Print a table's cell `text` padded to `width` columns (right-aligned
 * if width < 0), whatever the language's character widths. */
void ui_list_cell(FILE *out, const char *text, int width);

#endif
