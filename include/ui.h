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

#include "clock.h"
#include "game_def.h"
#include "i18n.h"
#include "match.h"
#include "paths.h"
#include "player.h"
#include "rng.h"
#include "rules.h"
#include "term.h"
#include "ui_term.h"

struct store;
struct match_full;
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
	UI_TIMEOUT,	/* a deadline passed (a timed move) */
	UI_STALE	/* a player's session ended: their password was
			 * changed in another session (said so); see
			 * ui->club.stale */
};

/* Who moves first against the computer (--first). */
enum ui_first { FIRST_COIN = 0, FIRST_ME, FIRST_COMPUTER };

/* How listings are printed (--format). */
enum ui_format { FORMAT_TABLE = 0, FORMAT_TSV, FORMAT_JSON };

/* What the command line chose: main.c parses it, and everything below
 * main.c reads it through a const pointer (ui->opt). */
struct ui_options {
	enum ui_format format;
	struct variant variant;	    /* for new games */
	bool variant_chosen;	    /* by --variant, --size, --k or --rule */
	struct time_control time;   /* --time-per-move or --clock */
	int claim_after_days;	    /* --claim-after: a claim wait asked
				     * for new matches (stricter only);
				     * -1 when not given */
	enum ui_first first;	    /* against the computer */
	enum match_opening opening; /* for new games (--opening) */
	bool opening_given;	    /* --opening was given */
	bool time_given;	    /* --time-per-move or --clock given */
	bool forbidden_loses;	    /* renju: a forbidden point loses */
	bool forbidden_given;	    /* --forbidden was given (recorded
				     * games: stricter than the club's
				     * only) */
	bool show_forbidden;	    /* renju: mark forbidden points */
	struct paths paths;
	const char *db_path;
	/* Given on the command line, so a player's preferences do not
	 * change them for this run (ui_prefs.c). */
	bool lang_given;     /* --lang */
	bool ascii_given;    /* --ascii */
	bool no_color_given; /* --no-color */
};

/* The preferences of the player logged in from the menus, as applied
 * (ui_prefs.c), and the environment's choices they replaced, put back
 * at logout. */
struct ui_prefs {
	bool applied;	    /* a player's preferences are in force */
	enum lang env_lang; /* the environment's, before they were */
	bool env_ascii;
	bool env_color;
	bool confirm_moves; /* a move is played on a second key press */
	int ai_level;	    /* the default level against the computer,
			     * 0 for none: the level is asked */
};

/* The club's accounts: opened by ui_account_open(), closed by
 * ui_account_close(). */
struct ui_club {
	struct store *store;
	struct plist *players;
	struct auth_wordlist *common;
	/* The player whose session the store last found stale (a write in
	 * their name refused: their password changed elsewhere), told so
	 * once; 0 for none. Their menu logs them out (UI_STALE). */
	long long stale;
};

/* This process's presence row and the challenges it announced: private
 * to ui_presence.c and ui_remote.c (src/ui_presence.h). */
struct ui_presence;

struct ui {
	struct ui_term term;
	const struct ui_options *opt;
	struct ui_club club;
	struct rng rng; /* coin flips; repeatable with --seed */
	/* NULL but while a player is logged in here: from
	 * ui_presence_begin() to ui_presence_end(). */
	struct ui_presence *presence;
	/* While set (a player logged in from the menus), called before
	 * every line-mode prompt and menu, and by the page's Tab: asks the
	 * player about a challenge that came (ui_remote_challenge_at_prompt()).
	 */
	enum ui_status (*challenge_hook)(struct ui *ui, bool asked);
	struct ui_prefs prefs;
	/* The game the next game plays (ui_choose.c). main.c fills it from
	 * the command line (ui_choose_from_options()) for the commands;
	 * before a game started from the menus, ui_choose_game() fills it
	 * again: what the command line gave, else the player's
	 * preferences, else the defaults, then what the player chose. */
	struct game_def game;
};

/* ---- ui.c: prompts and messages ---- */

/* The exit status for a run that ended with `st`: 0 (done or end of
 * input), 1 (refused, failed, timed out), 2 (usage) or 128 + the stop
 * signal. Cannot fail. */
int ui_exit_status(enum ui_status st);

/* Print a message line (printf-style) on the output, cleaned as by
 * ui_clean() and cut at UI_MESSAGE_MAX bytes (or hand it to ui->term.sink).
 * A failed write is left in the stream's error flag. */
void ui_say(struct ui *ui, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Begin a part of the output that may come first (a menu, a listing,
 * a record, a replayed position) with a blank line, except as the
 * output's first line: a command such as `gomoku stats` starts with its
 * title. On a full-screen page, always (the page's title is above it).
 * What ui_say() and ui_put_clean() wrote counts as written; a blank line
 * inside a part is the part's own. */
void ui_break(struct ui *ui);

/* Print an error line on standard error, prefixed "gomoku: ", cleaned as
 * by ui_clean() and cut at UI_MESSAGE_MAX bytes, after flushing the
 * output so the two stay in order (or hand it to ui->term.sink). A failed
 * write is not reported. */
void ui_error(struct ui *ui, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Show `prompt` and read a line into the caller's buf[TERM_LINE_MAX + 1]
 * (its length in *len), in UTF-8: converted from the terminal's
 * character set when that is another (i18n_terminal_codeset()). Lines
 * that are too long (also once converted), not valid in that character
 * set or hold a NUL byte get a message and the prompt again. Return UI_OK with
 * the line, or UI_EOF (end of input or a read error) or UI_INTERRUPTED (a stop
 * signal), and then buf holds no line. */
enum ui_status ui_read(struct ui *ui, const char *prompt, char *buf,
		       size_t *len);

/* ui_read() with a deadline in term_now_ms() time (0 = none); returns
 * UI_TIMEOUT (and no line) when it passes first. */
enum ui_status ui_read_until(struct ui *ui, const char *prompt, char *buf,
			     size_t *len, long long deadline);

/* Room for ui_time() and a side's name (words_computer()). */
#define UI_NAME_MAX 64

/* Unix time t as local "YYYY-MM-DD" (or "YYYY-MM-DD HH:MM" with
 * `clock`) in the caller's buf[UI_NAME_MAX]; "-" for 0 or a time that
 * cannot be shown (so it never fails). Return buf. */
const char *ui_time(long long t, bool clock, char *buf);

/* ui_read() with blanks at both ends of the line taken off, into the
 * caller's buf[TERM_LINE_MAX + 1]; the same results as ui_read(). */
enum ui_status ui_read_word(struct ui *ui, const char *prompt, char *buf);

/* True when the line read (NUL-terminated, as ui_read_word() trims it)
 * asks to leave its prompt: an empty line, or Esc (the line is ESC
 * alone: Esc on the full screen, Esc then Enter in the line interface). */
bool ui_left(const char *line);

/* Ask a yes/no question (y/yes/n/no, or the Chinese words) until it is
 * answered. Return UI_OK with the answer in *yes, or UI_EOF or
 * UI_INTERRUPTED when input ends first (*yes unchanged). */
enum ui_status ui_yes_no(struct ui *ui, const char *question, bool *yes);

/* Show a numbered menu of labels[0..n-1] and read a choice until it is
 * one of keys[0..n-1]. Return UI_OK with the key in *choice, or UI_EOF
 * or UI_INTERRUPTED when input ends first (*choice unchanged). */
enum ui_status ui_menu(struct ui *ui, const char *title,
		       const char *const labels[], const int keys[], int n,
		       int *choice);

/* Room for a cleaned name, path or argument; longer ones are cut. */
#define UI_CLEAN_MAX 512

/* Room for one message of ui_say() or ui_error(). */
#define UI_MESSAGE_MAX 4096

/* Copy `s` into the caller's buf[cap] (cap > 0) without control
 * characters (C0 but newline and tab, DEL, C1 and whole ESC sequences),
 * so text from a user, a file or the database can never drive the
 * terminal; a longer text is cut. Return buf; cannot fail. */
const char *ui_clean(const char *s, char *buf, size_t cap);

/* Write the UTF-8 text `s` as a JSON string on the output: quoted, with
 * quotes, backslashes and control characters escaped. On a terminal in
 * another character set (i18n_terminal_codeset()) every non-ASCII
 * character is escaped too, as \uXXXX (a surrogate pair beyond U+FFFF,
 * U+FFFD for an invalid byte), so the JSON is plain ASCII whatever the
 * set lacks. A failed write is left in the stream's error flag. */
void ui_put_json(struct ui *ui, const char *s);

/* Write `s` on the output as ui_clean() leaves it (cut at
 * UI_CLEAN_MAX bytes). A failed write is left in the stream's error
 * flag. */
void ui_put_clean(struct ui *ui, const char *s);

/* End the full-screen run, if one began: the terminal is given back as
 * it was, and the text of the last page is printed on the output (its
 * errors on standard error), for the terminal to keep. Then ui->term.out and
 * ui->term.sink are what they were before. Does nothing otherwise; cannot
 * fail. */
void ui_page_end(struct ui *ui);

/* ---- ui_choose.c: the game chosen ---- */

/* The game the command line chose (opt's variant, opening and time per
 * move) into *out. Cannot fail. */
void ui_choose_from_options(const struct ui_options *opt, struct game_def *out);

/* ---- ui_game.c ---- */

/* Guest hot-seat games of ui->opt->variant until the players stop: nothing
 * is recorded, nothing is left to free. Return UI_OK when they decline
 * another game, UI_USAGE (with no message) when the board cannot be
 * made for ui->opt->variant, else why input ended (UI_EOF, UI_INTERRUPTED). */
enum ui_status ui_game_guest(struct ui *ui);

/* ---- ui_club.c: the club's settings (the administrator's) ---- */

/* `gomoku club show`: open the club and list each setting, its value
 * and what it means (--format tsv/json: columns setting, value,
 * meaning). Return UI_OK, or UI_FAILED after saying why. */
enum ui_status ui_club_show(struct ui *ui);

/* `gomoku club set NAME VALUE`: check the setting's name and value
 * (UI_USAGE after a clear message, nothing opened), open the club and
 * store it for the matches that start from then on, and say what it
 * now means. Return UI_OK, or UI_FAILED after saying why. */
enum ui_status ui_club_set(struct ui *ui, const char *name, const char *text);

/* ---- ui_matches.c ---- */

/* Whether the club allows a ranked match at one terminal (hot-seat):
 * UI_OK when it does; UI_REFUSED after saying that it is off here and
 * how to play ranked from two terminals instead; UI_FAILED after saying
 * why the settings cannot be read. Asked before the second player
 * would log in. */
enum ui_status ui_matches_hotseat_allowed(struct ui *ui);

/* A ranked match between two logged-in players (nodes of ui->club.players,
 * which stay the list's), recorded move by move. An unfinished match
 * between the two is offered first (as ui_matches_offer_resume() does with both
 * present): resumed, or resigned or abandoned (then a new match
 * starts), or left for later (then none starts). A new match's colours
 * come from a secure coin flip (never --seed). Return UI_OK once the
 * result is saved and both players' new records are shown (a and b are
 * re-read from the database), when another process ended the match, or
 * when it was left for later; UI_FAILED after saying why the database
 * refused a write; UI_EOF or UI_INTERRUPTED when input ends first (the
 * match stays unfinished in the database, to be resumed); UI_USAGE for
 * a variant the board cannot take. */
enum ui_status ui_matches_ranked(struct ui *ui, struct player *a,
				 struct player *b);

/* Games against the computer at `level` (1..5) until the player stops;
 * recorded for `me` (a node of ui->club.players, re-read after each game) or,
 * when me is NULL, a guest's and not recorded. Return UI_OK when the
 * player declines another game, UI_FAILED (out of memory for the
 * computer, or the database refused a write; said why), UI_USAGE for a
 * variant the board cannot take, else why input ended (an unfinished
 * recorded game stays in the database). */
enum ui_status ui_matches_computer(struct ui *ui, struct player *me, int level);

/* Offer `me` their newest unfinished match, if they have one (with
 * `opponent` already logged in: only a ranked match against them). A
 * game against the computer: resume, abandon, or not now. A ranked
 * match: resume it (the opponent logs in unless present); resign it (a
 * loss for `me`); abandon it so that it counts for nobody, only when
 * both players are logged in and both agree; or not now. A player alone
 * may also play their one move when it is theirs to play (the match
 * then waits for the opponent), and claim the win when the opponent is
 * to act and the match has waited its own claim wait (kept from its
 * start: the club's, or longer) since its turn began (it is then
 * recorded as abandoned by the opponent's colour). While the club has
 * ranked hot-seat off, nothing that needs the opponent to log in here
 * (resume together, abandon) is offered. *played says whether a match was
 * played on. Return UI_OK (also when there is nothing to offer, or the player
 * chose "not now"), UI_REFUSED when the opponent's login was refused, UI_FAILED
 * after saying why the database or the stored moves failed, else what the match
 * or the prompts returned (see ui_matches_ranked()). */
enum ui_status ui_matches_offer_resume(struct ui *ui, struct player *me,
				       struct player *opponent, bool *played);

/* The same offer for `me`'s unfinished match `id`, chosen from the list
 * of their unfinished matches (the opponent logs in here where the
 * offer needs it). A match that has ended meanwhile is said so. */
enum ui_status ui_matches_offer_match(struct ui *ui, struct player *me,
				      long long id, bool *played);

/* The most of a player's unfinished matches one list shows. */
#define UI_UNFINISHED_SHOWN 9

/* Print `me`'s unfinished matches, the most recently active first and
 * numbered from 1 ("  1  Match 16 with carol, gomoku, 12 moves: your
 * turn"), at most UI_UNFINISHED_SHOWN; their ids into id[] (NULL: not
 * kept) and how many into *n. Return UI_OK, or UI_FAILED after saying
 * why. */
enum ui_status ui_matches_list_unfinished(struct ui *ui,
					  const struct player *me,
					  long long id[UI_UNFINISHED_SHOWN],
					  int *n);

/* How many unfinished matches `me` has (at most UI_UNFINISHED_SHOWN; 0
 * when the store cannot say). */
int ui_matches_unfinished_count(struct ui *ui, const struct player *me);

/* ---- ui_account.c ---- */

/* Open the database at ui->opt->db_path and load the players into
 * ui->club.store and ui->club.players, which ui owns until ui_account_close();
 * the common-password list (ui->club.common) is loaded when first needed. Does
 * nothing when the club is already open. Says why and returns UI_FAILED
 * when the database cannot be used (missing path, newer or foreign file,
 * SQLite error, out of memory). */
enum ui_status ui_account_open(struct ui *ui);

/* Open the existing database at ui->opt->db_path read-only
 * (store_open_readonly()) into ui->club.store, loading no players, for
 * `gomoku serve`. Says why and returns UI_FAILED when it cannot be
 * used; UI_OK when it is open (or was already). */
enum ui_status ui_account_open_readonly(struct ui *ui);

/* Close the database and free the player list and the common-password
 * list, leaving their fields NULL. Accepts a ui never opened, or opened
 * and closed before. */
void ui_account_close(struct ui *ui);

/* Register an account (username and nickname are asked when NULL;
 * the password twice, until it passes the rules) and add it to
 * ui->club.players. An empty line or Esc (a line that is just ESC) at any
 * prompt leaves ("Cancelled.", UI_REFUSED), except at the nickname's,
 * where Enter keeps the username. Return UI_OK; UI_REFUSED when a given
 * name is refused or taken (said why) or the player left; UI_FAILED after
 * saying why hashing or the database failed; UI_EOF or UI_INTERRUPTED when
 * input ends first. Nothing is stored unless the account was added (UI_OK, or
 * UI_FAILED when only re-reading it failed). */
enum ui_status ui_account_register(struct ui *ui, const char *username,
				   const char *nickname);

/* Register from the menus (ui_account_register() with both names asked),
 * then log the new player in, as ui_account_login() does after a right
 * password: on UI_OK *who is their node and their session has begun.
 * Returns what ui_account_register() returns. */
enum ui_status ui_account_register_login(struct ui *ui, struct player **who);

/* Log a player in (username asked when NULL, then the password). A
 * second login for a ranked match passes the first player as `other`,
 * who cannot log in twice. Return UI_OK with *who pointing to the
 * player's node in ui->club.players (the list's, valid until
 * ui_account_close()); UI_REFUSED for a wrong name or password, a locked
 * account or `other` (said so; a wrong password counts towards a lock), or when
 * the player left with an empty line or Esc at a prompt ("Cancelled.", nothing
 * counted); UI_FAILED after
 * saying why the database failed; UI_EOF or UI_INTERRUPTED. *who is set
 * only on UI_OK. On UI_OK the player's session begins on the store
 * (store_session_begin(), with the password checked): it lasts until
 * ui_account_leave() or their password changes in another session. */
enum ui_status ui_account_login(struct ui *ui, const char *username,
				const struct player *other,
				struct player **who);

/* `who` logs out (the player of the account menu, or one logged in
 * beside them for a hot-seat match): their session on the store ends.
 * Return `st`, what they did last, or UI_OK when that is UI_STALE for
 * `who`'s own session: they are logged out, and whoever is still
 * logged in here (or the main menu) goes on. */
enum ui_status ui_account_leave(struct ui *ui, const struct player *who,
				enum ui_status st);

/* Change `username`'s password: asks the current one ("Wrong current
 * password." when it is not, for a player who exists), then the new one
 * twice until it passes the rules and differs from the current one (an
 * empty line or Esc at any of them leaves, as in ui_account_login()).
 * Return UI_OK once it is stored; otherwise what ui_account_login() would
 * return, or UI_FAILED when hashing (no message) or the database (said
 * why) fails, and the old password stays; UI_STALE (said so) when this
 * process's session of the player is itself stale. Every other session
 * of the player ends; this process's, if any, goes on. */
enum ui_status ui_account_passwd(struct ui *ui, const char *username);

/* Print the leaderboard in ui->opt->format, as the club is now
 * (ui->club.players refreshed first): top `top` by `key`, and `me`'s row
 * beneath when outside the top (me may be NULL; tables only). Return UI_OK, or
 * UI_FAILED (out of memory or the database; said so) with nothing
 * printed. */
enum ui_status ui_list_leaderboard(struct ui *ui, int top, enum plist_key key,
				   const struct player *me);

/* Print the leaderboard of ranked matches played under `rule` alone
 * (counters and the Elo rating under that rule: store_rule_records()),
 * as ui_list_leaderboard() does. Return UI_OK, or UI_FAILED after saying why
 * the database or memory failed, with nothing printed. */
enum ui_status ui_list_leaderboard_rule(struct ui *ui, int top,
					enum plist_key key, enum rule rule);

/* Print one player's record and rank in ui->opt->format, and for tables
 * their record and rating under each rule they played ranked matches
 * under and the games against each level of the computer. Return UI_OK, or
 * UI_FAILED after saying why the database failed (the lines before stay). */
enum ui_status ui_list_stats(struct ui *ui, const struct player *p);

/* ---- ui_records.c ---- */

/* Print page `page` (from 1) of p's matches in ui->opt->format, newest
 * first, and for tables how to ask for the next page (--page). Return
 * UI_OK; UI_REFUSED (said so, nothing printed) when p has no such page
 * (an empty history has page 1); or UI_FAILED after saying why the
 * database failed; a listing cut short by it may be left without its
 * end (json's ']'). */
enum ui_status ui_records_history(struct ui *ui, const struct player *p,
				  int page);

/* Page through p's matches at the prompt: n and p for the next and the
 * previous page (saying so at either end), a match number replays it
 * (then the page is shown again), i pages through the imported games
 * the same way (Enter there comes back to p's page), Enter goes back. Return
 * UI_OK after Enter; UI_EOF, UI_INTERRUPTED or UI_FAILED (said why) as the
 * reading, the database or a replay ended it. */
enum ui_status ui_records_browse(struct ui *ui, const struct player *p);

/* Show match `id` move by move: n, p, a move number, first, last, q.
 * Return UI_OK when the player quits or input ends, UI_REFUSED (said
 * so) when there is no such match or it cannot be read, UI_FAILED when
 * out of memory (no message), or UI_INTERRUPTED. */
enum ui_status ui_records_replay(struct ui *ui, long long id);

/* "Analyse this game": the computer's judgement of every move of match
 * `id` (the analysis kept in the store when there is one, else worked
 * out with its progress shown and kept once whole), then the replay:
 * full-screen, the analysis screen (ui_replay.h's `A`); on the line
 * interface, the report `gomoku analyze` prints with the graph as text
 * rows, then the replay's prompt. A match still being played is refused
 * (said so). Return as ui_records_replay(). */
enum ui_status ui_records_analyse(struct ui *ui, long long id);

/* Write match `id` as PSQ (or, with moves_only, "h8 i9 ...") to the
 * file at `path` (created or truncated), or to the output when path is
 * NULL. Return UI_OK; UI_REFUSED (said why) when there is no such match,
 * it cannot be written in that form or the file cannot be written (it
 * may then be left partly written); UI_FAILED when out of memory. */
enum ui_status ui_records_export(struct ui *ui, long long id, bool moves_only,
				 const char *path);

/* Read a PSQ file or a move list at `path`, check every move against
 * ui->opt->variant's K and rule (the file's own rule line when no variant was
 * chosen), and store it as an unranked match, saying its number. Return
 * UI_OK; UI_REFUSED (said where and why) when the file is not a game
 * that can be played, and nothing is stored; UI_FAILED when the file
 * cannot be read, memory runs out or the database refuses it. */
enum ui_status ui_records_import(struct ui *ui, const char *path);

/* ---- ui_analyze.c ---- */

/* Analyse every move of match `id` with the computer, time_ms a
 * position (0 or less: ANALYZE_DEFAULT_MS, see analyze.h) besides its
 * threat search, and print in ui->opt->format each move's win chances
 * before and after, the computer's move and the marks, then each
 * player's summary. Progress goes to standard error. A ranked match or
 * a game against the computer still being played is refused. Return
 * UI_OK; UI_REFUSED (said why, nothing printed) when there is no such
 * match, it is still being played or has no moves; UI_FAILED when out
 * of memory or the stored moves do not replay (said so); UI_INTERRUPTED
 * when a stop signal (Ctrl-C) came first: the moves judged until then
 * are printed, and the summary over them, marked partial. */
enum ui_status ui_analyze(struct ui *ui, long long id, int time_ms);

/* ---- ui_presence.c: this process's presence row ----
 * Failures to write it are ignored (presence is a courtesy; the next
 * refresh tries again); nothing here is shown to the player. */

/* Player `player_id` logged in here: write the row (idle, taking
 * challenges: a new session) and refresh it every few seconds from
 * every wait for input (term_set_idle()), until ui_presence_end(). */
void ui_presence_begin(struct ui *ui, long long player_id);

/* The logged-in player now plays match `match_id` (0: idle again); the
 * row says so at once. Does nothing when nobody is present here. */
void ui_presence_playing(struct ui *ui, long long match_id);

/* Say in this process's presence row that its player watches match
 * `match_id` (0: no longer). Nothing when nobody is logged in here. */
void ui_presence_watching(struct ui *ui, long long match_id);

/* Nobody is logged in here any more: delete the row, stop the refresh
 * and forget the challenges announced. Does nothing when nobody is
 * present. */
void ui_presence_end(struct ui *ui);

/* Look for a challenge to the player logged in here, cheaply (PRAGMA
 * data_version first, then one indexed read): a new one is announced
 * once (a line of text: with ui->challenge_hook set, how to answer it
 * from where the player is) and noted in ui->presence->told. Called from
 * the waits for input; does nothing while the player plays a match or
 * when nobody is present. Failures count as nothing new. */
void ui_presence_look(struct ui *ui);

/* The player who offers the player logged in here a rematch of match
 * `match_id` now (a pending challenge to them), or NULL: read again only
 * when another process committed (PRAGMA data_version), so that a box
 * may ask about twice a second. Failures count as no offer. */
const struct player *ui_presence_rematch_from(struct ui *ui,
					      long long match_id);

/* ---- ui_remote.c ---- */

/* List the players logged in now in any process on this database (a
 * live presence row), each idle or playing which match, and offer `me`
 * (logged in here) to challenge one of them (ui_remote_challenge()). Return
 * UI_OK (also when the challenge was refused, declined or expired: said
 * so), else what reading or the match returned (UI_EOF,
 * UI_INTERRUPTED, UI_FAILED after saying why). */
enum ui_status ui_remote_online(struct ui *ui, struct player *me);

/* ---- ui_lobby.c ---- */

/* "Find a game" for `me` (logged in here): the open seeks of the club,
 * shown again as they change; one is taken by its number, or `me` posts
 * a seek (rated or casual, the game chosen as before any game, a rating
 * range) and waits until it is taken or they leave. A taken seek's
 * match is played from the two terminals (ui_remote_play()). Return
 * UI_OK when `me` goes back, else what reading or a match returned
 * (UI_EOF, UI_INTERRUPTED, UI_FAILED after saying why). */
enum ui_status ui_lobby(struct ui *ui, struct player *me);

/* Whether the player logged in here refuses every challenge now
 * (ui_remote_refuse()). */
bool ui_remote_refusing(const struct ui *ui);

/* The player logged in here refuses every challenge from now until they
 * log out (the store tells challengers at once, and declines those
 * waiting), or takes challenges again when they refused them: the
 * store's presence row says which (store_presence_refuse()); said so.
 * Return UI_OK, or UI_FAILED when the store refused the write (said
 * why). */
enum ui_status ui_remote_refuse(struct ui *ui);

/* `me` (logged in here) challenges the player `username`, who must be
 * online, to a ranked match of ui->game (the command line's; with
 * `choose`, the game `me` then chooses: ui_choose_game(), UI_REFUSED
 * when they go back), and waits for the answer (a minute at most; q or end of
 * input withdraws it), polling the store. When the two have an
 * unfinished ranked match, the challenge offers it instead (the store
 * decides: store_challenge_new()). Accepted: the match is played from
 * here, `me`'s seat only (ui_remote_play()). The store's refusals are
 * said in a sentence: the player takes no challenges now, `me`
 * challenged them already, or must wait after a decline or withdrawal;
 * when they have challenged `me` meanwhile, `me` is asked that
 * challenge instead (as ui_remote_answer() asks it). Return what the
 * match returned; UI_REFUSED when the player does not exist, is not
 * online, the store refused the challenge, the player declined, or let
 * it expire (said so); UI_OK when withdrawn; UI_FAILED after saying why
 * the database failed; UI_INTERRUPTED. */
enum ui_status ui_remote_challenge(struct ui *ui, struct player *me,
				   const char *username, bool choose);

/* Offer `me` the oldest challenge waiting for them: accept (a secure
 * coin flip gives black, the match starts and is played from here; a
 * challenge that offers an unfinished match plays that one on, from the
 * position and clocks the store holds) or decline. With nothing waiting, say so
 * unless `quiet`. Return UI_OK, or what the question or the match returned. */
enum ui_status ui_remote_answer(struct ui *ui, struct player *me, bool quiet);

/* Offer the opponent of the last match `me` played here from two
 * terminals a rematch of it, the colours swapped (a challenge naming
 * that match: the store gives it that match's game and swaps its
 * colours), and wait for the answer as ui_remote_challenge() does; when
 * the opponent offered it too, it is accepted at once. Accepted, the
 * match is played from here. Return as ui_remote_challenge(), UI_OK
 * when refused (said why). */
enum ui_status ui_remote_rematch(struct ui *ui, struct player *me);

/* The username of the opponent a rematch would be offered to (the last
 * match played here from two terminals, ended), or NULL for none. */
const char *ui_remote_rematch_with(struct ui *ui);

/* ui->challenge_hook for the player logged in here (ui->presence->id):
 * when a challenge came that they were not asked about yet
 * (ui_presence_look()), ui_remote_answer() quietly; when the player
 * `asked` (the page's Tab), ui_remote_answer() at once, saying so
 * when none is waiting any more. Does nothing while a match is played
 * here. Return UI_OK, or what the question or the match returned. */
enum ui_status ui_remote_challenge_at_prompt(struct ui *ui, bool asked);

/* Play unfinished ranked match `id` from this terminal for `me` (one of
 * its players): `me`'s seat only, line by line, the opponent's moves
 * as their own process commits them; resign from either side, q leaves
 * (the match waits). Return UI_OK when it ended or waits; UI_REFUSED
 * (said why) when it is not such a match; else as ui_matches_ranked(). */
enum ui_status ui_remote_play(struct ui *ui, struct player *me, long long id);

/* At login (id 0: `me`'s newest unfinished match), or from the list of
 * unfinished matches (match `id`): when that ranked match is being
 * played now by the opponent from another terminal (a process of
 * theirs shows it in its presence row), or by another session of
 * `me`'s (it holds the seat), offer to rejoin it from here (taking the
 * seat over from that session only when the player says so). *played
 * says whether it was played on. Return UI_OK, or what the question or
 * the match returned. */
enum ui_status ui_remote_rejoin(struct ui *ui, struct player *me, long long id,
				bool *played);

/* ---- ui_prefs.c: a player's preferences ---- */

/* `me` logged in from the menus: read their preferences from the store
 * and apply them (language, stones, colours, move confirmation, the
 * default level; refusing challenges, which needs the presence row of
 * ui_presence_begin()), over the environment's choices but not over the
 * command line's (ui->opt: --lang, --ascii, --no-color). Return UI_OK, or
 * what the store's refusal gives (ui_store_failed(), said why; the
 * environment's choices stay). */
enum ui_status ui_prefs_login(struct ui *ui, const struct player *me);

/* The player logged in from the menus logged out: the environment's
 * language, stones and colours again, no move confirmation, no default
 * level. Does nothing when no preferences were applied. */
void ui_prefs_logout(struct ui *ui);

/* The Preferences page of the account menu for `me`: each item shows
 * its value and changes it when chosen, saved at once in the store and
 * applied at once here (as ui_prefs_login() does). Return UI_OK after
 * Back, else what reading or the store gave (UI_EOF, UI_INTERRUPTED,
 * UI_FAILED or UI_STALE, said why). */
enum ui_status ui_prefs_page(struct ui *ui, const struct player *me);

/* ---- ui_watch.c ---- */

/* Watch match `id` live and read-only from this terminal: the board is
 * shown again each time another process commits a move, until the match
 * ends (its result is shown and its replay offered), q, end of input or
 * a stop signal. With id 0, list the matches in progress (players, moves,
 * time since the last move) and ask which one. Return UI_OK (also when
 * nothing was chosen or input ended), UI_REFUSED when there is no such
 * match (said so), UI_FAILED (the database or memory; said why) or
 * UI_INTERRUPTED. */
enum ui_status ui_watch(struct ui *ui, long long id);

/* ---- ui_menu.c ---- */

/* The interactive main menu, until Quit or end of input; refusals go
 * back to the menu. Return UI_OK after Quit, UI_EOF at end of input,
 * else the UI_INTERRUPTED or UI_FAILED (said why) that ended it. */
enum ui_status ui_menu_main(struct ui *ui);

#endif
