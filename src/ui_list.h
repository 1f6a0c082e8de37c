/* ui_list.h -- private to the ui and main.c: the leaderboard and a
 * player's statistics (ui_list.c). */
#ifndef GOMOKU_UI_LIST_H
#define GOMOKU_UI_LIST_H

#include "ui_types.h"

/* Print the leaderboard in ui->opt->format, as the club is now
 * (ui->club.players refreshed first): top `top` by `key`, and `me`'s row
 * beneath when outside the top (me may be NULL; tables only). Return UI_OK, or
 * UI_FAILED (out of memory or the database; said so) with nothing
 * printed. */
enum ui_status ui_list_leaderboard(struct ui *ui, int top, enum plist_key key,
				   const struct player *me);

/* Print the leaderboard of ranked matches played under `rule` alone
 * (counters and the Elo rating under that rule: store_rule_record()),
 * as ui_list_leaderboard() does. Return UI_OK, or UI_FAILED after saying why
 * the database or memory failed, with nothing printed. */
enum ui_status ui_list_leaderboard_rule(struct ui *ui, int top,
					enum plist_key key, enum rule rule);

/* Print one player's record and rank in ui->opt->format, and for tables
 * their record and rating under each rule they played ranked matches
 * under and the games against each level of the computer. Return UI_OK, or
 * UI_FAILED after saying why the database failed (the lines before stay). */
enum ui_status ui_list_stats(struct ui *ui, const struct player *p);

#endif
