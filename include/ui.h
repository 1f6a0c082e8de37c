/* ui.h -- everything the player sees and types: menus, prompts, the
 * board, games at the terminal, accounts and listings.
 *
 * The only layer that prints. It reads standard input line by line
 * (term.h) and passwords through auth.h, and reaches the database only
 * through store.h. One struct ui carries a run's settings and handles.
 */
#ifndef GOMOKU_UI_H
#define GOMOKU_UI_H

#include <stdbool.h>
#include <stdio.h>

#include "i18n.h"
#include "match.h"
#include "paths.h"
#include "player.h"
#include "rng.h"
#include "rules.h"
#include "term.h"

struct store;
struct auth_wordlist;

/* How a step of the interface ended; main() turns it into an exit
 * status (see ui_exit_status()). */
enum ui_status {
	UI_OK = 0,
	UI_REFUSED,	/* wrong password, invalid input, nothing done */
	UI_USAGE,	/* a bad command line */
	UI_FAILED,	/* the database or memory failed; said why */
	UI_EOF,		/* end of input */
	UI_INTERRUPTED, /* Ctrl-C, SIGTERM or SIGHUP */
	UI_TIMEOUT	/* a deadline passed (a timed move) */
};

/* Who moves first against the computer (--first). */
enum ui_first { FIRST_COIN = 0, FIRST_ME, FIRST_COMPUTER };

/* How listings are printed (--format). */
enum ui_format { FORMAT_TABLE = 0, FORMAT_TSV, FORMAT_JSON };

struct ui {
	FILE *out;   /* standard output */
	int in;	     /* standard input's descriptor */
	bool tty_in; /* standard input is a terminal */
	bool utf8;   /* the terminal takes UTF-8 */
	bool ascii;  /* --ascii or not UTF-8: * and # stones */
	bool color;  /* ANSI colours allowed */
	enum lang lang;
	enum ui_format format;
	struct rng rng;		    /* coin flips; repeatable with --seed */
	struct variant variant;	    /* for new games */
	bool variant_chosen;	    /* by --variant, --size, --k or --rule */
	int time_per_move;	    /* seconds per move in ranked matches */
	enum ui_first first;	    /* against the computer */
	enum match_opening opening; /* for new games (--opening) */
	bool forbidden_loses;	    /* renju: a forbidden point loses */
	bool show_forbidden;	    /* renju: mark forbidden points */
	struct paths paths;
	const char *db_path;
	/* Accounts: opened by ui_open_club(), closed by ui_close(). */
	struct store *store;
	struct plist *players;
	struct auth_wordlist *common;
};

/* ---- ui.c: prompts and messages ---- */

/* The exit status for a run that ended with `st`. */
int ui_exit_status(enum ui_status st);

/* Print a message line (printf-style) on the output, cleaned as by
 * ui_clean(). */
void ui_say(struct ui *ui, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Print an error line on standard error, prefixed "gomoku: ", cleaned as
 * by ui_clean(). */
void ui_error(struct ui *ui, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Show `prompt` and read a line into buf[TERM_LINE_MAX + 1]. Lines that
 * are too long or not UTF-8 get a message and the prompt again. */
enum ui_status ui_read(struct ui *ui, const char *prompt, char *buf,
		       size_t *len);

/* ui_read() with a deadline in term_now_ms() time (0 = none); returns
 * UI_TIMEOUT when it passes first. */
enum ui_status ui_read_until(struct ui *ui, const char *prompt, char *buf,
			     size_t *len, long long deadline);

/* Room for ui_time() and ui_computer_name(). */
#define UI_NAME_MAX 64

/* Unix time t as local "YYYY-MM-DD" (or "YYYY-MM-DD HH:MM" with
 * `clock`) in buf[UI_NAME_MAX]; "-" for 0 or a time that cannot be
 * shown. Return buf. */
const char *ui_time(long long t, bool clock, char *buf);

/* "Computer (level N)" in the user's language, in buf[UI_NAME_MAX].
 * Return buf. */
const char *ui_computer_name(int level, char *buf);

/* ui_read() with blanks at both ends of the line taken off. */
enum ui_status ui_read_word(struct ui *ui, const char *prompt, char *buf);

/* Ask a yes/no question until answered. *yes is the answer. */
enum ui_status ui_yes_no(struct ui *ui, const char *question, bool *yes);

/* Show a numbered menu and read a choice among keys[0..n-1]. */
enum ui_status ui_menu(struct ui *ui, const char *title,
		       const char *const labels[], const int keys[], int n,
		       int *choice);

/* Room for a cleaned name, path or argument; longer ones are cut. */
#define UI_CLEAN_MAX 512

/* Room for one message of ui_say() or ui_error(). */
#define UI_MESSAGE_MAX 4096

/* Copy `s` into buf[cap] without control characters (C0 but newline
 * and tab, DEL, C1 and whole ESC sequences), so text from a user, a file
 * or the database can never drive the terminal. Return buf. */
const char *ui_clean(const char *s, char *buf, size_t cap);

/* Write `s` as a JSON string: quoted, with quotes, backslashes and
 * control characters escaped. */
void ui_put_json(struct ui *ui, const char *s);

/* Write `s` as ui_clean() leaves it. */
void ui_put_clean(struct ui *ui, const char *s);

/* ---- ui_board.c ---- */

/* Draw the labelled board, marking the last move and, once the game is
 * won, the winning line. */
void ui_board_draw(struct ui *ui, const struct board *b);

/* ui_board_draw() with the empty points marks[0..nmarks-1] shown as a
 * cross (× or x): black's forbidden points under renju. */
void ui_board_draw_marked(struct ui *ui, const struct board *b,
			  const struct move *marks, int nmarks);

/* The symbol for a stone ("●", "○", or "*", "#" in ASCII). */
const char *ui_stone(const struct ui *ui, enum stone s);

/* ---- ui_game.c ---- */

/* Guest hot-seat games of ui->variant until the players stop. */
enum ui_status ui_game_guest(struct ui *ui);

/* ---- ui_matches.c ---- */

/* A ranked match between two logged-in players, recorded move by move. */
enum ui_status ui_game_ranked(struct ui *ui, struct player *a,
			      struct player *b);

/* Games against the computer at `level` until the player stops;
 * recorded for `me` (NULL: a guest, not recorded). */
enum ui_status ui_game_computer(struct ui *ui, struct player *me, int level);

/* Offer `me` to resume or abandon their unfinished match, if they have
 * one (with `opponent` already logged in: only a match against them).
 * *played says whether a match was resumed. */
enum ui_status ui_offer_resume(struct ui *ui, struct player *me,
			       struct player *opponent, bool *played);

/* ---- ui_account.c ---- */

/* Open the database, load the players and the common-password list.
 * Says why and returns UI_FAILED when the database cannot be used. */
enum ui_status ui_open_club(struct ui *ui);

/* Close the database and free the list. */
void ui_close(struct ui *ui);

/* Register an account; username and nickname are asked when NULL. */
enum ui_status ui_register(struct ui *ui, const char *username,
			   const char *nickname);

/* Log a player in (username asked when NULL); *who on success. A second
 * login for a ranked match passes the first player as `other`. */
enum ui_status ui_login(struct ui *ui, const char *username,
			const struct player *other, struct player **who);

/* Change `username`'s password: asks the old one, then the new twice. */
enum ui_status ui_passwd(struct ui *ui, const char *username);

/* Print the leaderboard: top `top` by `key`, and `me`'s row beneath
 * when outside the top (me may be NULL). */
enum ui_status ui_leaderboard(struct ui *ui, int top, enum plist_key key,
			      const struct player *me);

/* Print the leaderboard of ranked matches played under `rule` alone
 * (counters from those matches; the rating is the player's overall). */
enum ui_status ui_leaderboard_rule(struct ui *ui, int top, enum plist_key key,
				   enum rule rule);

/* Print one player's record and rank. */
enum ui_status ui_stats(struct ui *ui, const struct player *p);

/* ---- ui_records.c ---- */

/* Print page `page` (from 1) of p's matches, newest first. */
enum ui_status ui_history(struct ui *ui, const struct player *p, int page);

/* Show match `id` move by move: n, p, a move number, first, last, q. */
enum ui_status ui_replay(struct ui *ui, long long id);

/* Write match `id` as PSQ (or, with moves_only, "h8 i9 ...") to the
 * file at `path`, or to the output when path is NULL. */
enum ui_status ui_export(struct ui *ui, long long id, bool moves_only,
			 const char *path);

/* Read a PSQ file or a move list at `path`, check every move against
 * ui->variant's K and rule, and store it as an unranked match. */
enum ui_status ui_import(struct ui *ui, const char *path);

/* ---- ui_menu.c ---- */

/* The interactive main menu, until Quit or end of input. */
enum ui_status ui_main_menu(struct ui *ui);

#endif
