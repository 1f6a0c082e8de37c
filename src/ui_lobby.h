/* ui_lobby.h -- private to the ui and main.c: the lobby's seeks
 * (ui_lobby.c). */
#ifndef GOMOKU_UI_LOBBY_H
#define GOMOKU_UI_LOBBY_H

#include "ui_types.h"

/* "Find a game" for `me` (logged in here): the open seeks of the club,
 * shown again as they change; one is taken by its number, or `me` posts
 * a seek (rated or casual, the game chosen as before any game, a rating
 * range) and waits until it is taken or they leave. A taken seek's
 * match is played from the two terminals (ui_remote_play()). Return
 * UI_OK when `me` goes back, else what reading or a match returned
 * (UI_EOF, UI_INTERRUPTED, UI_FAILED after saying why). */
enum ui_status ui_lobby(struct ui *ui, struct player *me);

#endif
