/* ui_records.h -- private to the ui and main.c: the records (history,
 * replay, export, import; ui_records.c), and what it lends the other
 * ui files. */
#ifndef GOMOKU_UI_RECORDS_H
#define GOMOKU_UI_RECORDS_H

#include "ui.h"

struct match_full;

/* Show stored match f at move `at` (0 = the empty board): its players,
 * variant and outcome, the board, the move list with move `at` marked,
 * and "Move AT of N.". Cannot fail (a failed write is left in the
 * stream's error flag). */
void ui_records_position(struct ui_term *term, const struct match_full *f,
			 int at);

/* ---- Its commands, for main.c and the files above ui_records.c ---- */

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

#endif
