/* ui_club.h -- private to the ui and main.c: the club's settings, the
 * administrator's commands (ui_club.c). */
#ifndef GOMOKU_UI_CLUB_H
#define GOMOKU_UI_CLUB_H

#include "ui_types.h"

/* `gomoku club show`: open the club and list each setting, its value
 * and what it means (--format tsv/json: columns setting, value,
 * meaning). Return UI_OK, or UI_FAILED after saying why. */
enum ui_status ui_club_show(struct ui *ui);

/* `gomoku club set NAME VALUE`: check the setting's name and value
 * (UI_USAGE after a clear message, nothing opened), open the club and
 * store it for the matches that start from then on, and say what it
 * now means. Return UI_OK, or UI_FAILED after saying why. */
enum ui_status ui_club_set(struct ui *ui, const char *name, const char *text);

/* `gomoku club approve USER`: open the club and approve the account,
 * whose rated results then move ratings (enum club_join). Return UI_OK,
 * UI_REFUSED when there is no such player, or UI_FAILED after saying
 * why. */
enum ui_status ui_club_approve(struct ui *ui, const char *username);

#endif
