/* export.h -- a stored match as the text Gomoku Club writes: PSQ, the
 * Piskvork format (`gomoku export`, and the web site's download), or a
 * move list ("h8 i9 ..."). Below both front ends: the terminal's export
 * and the web's download call it, and it calls neither.
 */
#ifndef GOMOKU_EXPORT_H
#define GOMOKU_EXPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "store.h"

/* Match f as PSQ (or, with moves_only, a move list) into text[0..cap)
 * with its length in *len: its board, rule, moves and their own times,
 * and the players' usernames (a guest's name, or the computer's words,
 * words_computer()). Return RECORD_OK, why it cannot be written (an
 * enum record_reason), or -1 out of memory. */
int export_match_text(const struct match_full *f, bool moves_only, char *text,
		      size_t cap, size_t *len);

#endif
