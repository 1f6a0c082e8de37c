/* ui_matches.h -- private to the ui and main.c: which game to play
 * (ranked, against the computer, resumed), and a game rebuilt from its
 * record, for the files that play on or watch a stored match
 * (ui_remote.c, ui_watch.c). */
#ifndef GOMOKU_UI_MATCHES_H
#define GOMOKU_UI_MATCHES_H

#include "ui_game_common.h"

struct match_full;

/* The match of record f at its position, into *m: f's variant, opening
 * and moves, seat 0 black named `black` (the names must outlive m), its
 * own forbidden-move rule. Return UI_OK, or UI_FAILED after saying on
 * term that its moves do not make a game. */
enum ui_status ui_matches_match(struct ui_term *term, struct match *m,
				const struct match_full *f, const char *black,
				const char *white);

/* Rebuild into g the game of unfinished match f from its record (seat 0
 * black, named `black`; the names must outlive g), with the clock and
 * the opening where they stopped, to be played on and recorded. Return
 * UI_OK, or UI_FAILED after saying that its moves do not make a game. */
enum ui_status ui_matches_rebuild(struct game *g, struct ui *ui,
				  const struct match_full *f, const char *black,
				  const char *white);

/* ---- Its commands, for main.c and the files above ui_matches.c ---- */

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
int ui_matches_unfinished_count(struct ui_club *club, const struct player *me);

#endif
