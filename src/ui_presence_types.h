/* ui_presence_types.h -- this process's presence row and the challenges
 * it announced: what ui_presence.c keeps in ui->presence, read by ui.c
 * (the last challenge told) and ui_remote.c (the challenge asked at a
 * prompt, and the terminal's Tab).
 * Data only; ui_presence.c's functions are in ui_presence.h. */
#ifndef GOMOKU_UI_PRESENCE_TYPES_H
#define GOMOKU_UI_PRESENCE_TYPES_H

#include <stdbool.h>

struct ui_presence {
	long long id;		 /* the player logged in here (0: none) */
	long long match;	 /* the match they play (0: idle) */
	long long ms;		 /* when the row was written (term_now_ms()) */
	long long seat_ms;	 /* when the seat's lease was renewed */
	long long version;	 /* ui_store_moved()'s, for challenges */
	long long told;		 /* the last challenge announced */
	long long asked;	 /* the last challenge asked about */
	bool refusing;		 /* the row refuses challenges (the store's
				  * store_presence_refuse() said yes) */
	long long rematch_of;	 /* the last match played from here, ended:
				  * the one a rematch would play again */
	long long rematch_with;	 /* and its opponent */
	long long offer_version; /* data_version at the last look for a
				  * rematch offered (0: never looked) */
	long long offer_of;	 /* the match it looked for */
	long long offer_from;	 /* who offered it (0: nobody) */
};

#endif
