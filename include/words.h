/* words.h -- how results, reasons, variants and rules read to people, in
 * the user's language (gettext: i18n.h), for every front end alike: the
 * terminal's games, listings and replays (ui_*.c) and the web's pages
 * (web_pages.c). Scripts read the fixed English words of match.h and
 * rules.h instead, never these. A leaf below both front ends: it calls
 * neither, keeps no state and writes only into the caller's buffers.
 */
#ifndef GOMOKU_WORDS_H
#define GOMOKU_WORDS_H

#include <stddef.h>

#include "board_types.h"
#include "clock.h"
#include "match.h"

/* The name of variant `name` when it is one of the presets (rules.h:
 * "gomoku" is 五子棋 in Chinese), else `name` itself: a static string
 * or `name`. */
const char *words_variant(const char *name);

/* The computer's level 1..5 as the menus name it ("Expert"): a static
 * string; "?" for any other level. */
const char *words_level(int level);

/* "Computer (level N)" into buf[cap] (cut to fit). Return buf. */
const char *words_computer(int level, char *buf, size_t cap);

/* Rule r as a family of records and leaderboards: "freestyle gomoku"
 * (five or more: gomoku, gomoku10, tictactoe and other boards count
 * there), "standard gomoku" (exactly five), "renju": a static string. */
const char *words_rule_family(enum rule r);

/* The rule of a board whose winning line is `k` long, into buf[cap]:
 * words_rule_family() when k is 5; else the line itself, "3 in a row"
 * (freestyle) or "exactly 4 in a row" (exact). Return buf. */
const char *words_rule(enum rule r, int k, char *buf, size_t cap);

/* What wins under rule r with a line of k, as the menus tell variants
 * apart, into buf[cap]: "5 or more in a row" (freestyle), "exactly 5 in
 * a row" (exact), "5 in a row, black's forbidden points" (renju).
 * Return buf. */
const char *words_goal(enum rule r, int k, char *buf, size_t cap);

/* Why a finished match ended, into buf[cap]: "five" (a line of K: "row
 * of 3" on a board of three), "resigned", "agreed", "full board",
 * "timeout", "forbidden", "abandoned by black" (a claim: the loser left,
 * named by `result`); "" for REASON_NONE. Return buf. */
const char *words_reason(enum match_reason reason, enum match_result result,
			 int k, char *buf, size_t cap);

/* How a stored match stands, into buf[cap]: "Black won (five)", "a draw
 * (agreed)", "aborted (not rated)", "abandoned", "unfinished", or for
 * an imported game not finished "result unknown". Return buf. */
const char *words_outcome(enum match_kind kind, enum match_status status,
			  enum match_result result, enum match_reason reason,
			  int k, char *buf, size_t cap);

/* Why a rated result moved no rating (the club's rules, docs/CLUB.md),
 * as a sentence; "" for UNRATED_NO. */
const char *words_unrated(enum match_unrated why);

/* What a ranked match's result did to the ratings, as a note after the
 * result where it did not move them: "casual" (never counted), "rating
 * unchanged" (counted, but it moved none: words_unrated() says why);
 * "" otherwise. */
const char *words_counted(bool casual, enum match_unrated why);

/* The rule of time control *tc, as a game's help tells it, into
 * buf[cap]: "Each move must be made within 1 second, or the game is
 * lost.", "Each side has 5 minutes for the game and 3 seconds more after
 * each move (5+3); out of time loses."; "" without a clock. Return buf. */
const char *words_clock(const struct time_control *tc, char *buf, size_t cap);

#endif
