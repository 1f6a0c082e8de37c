/* export.c -- a stored match as PSQ or a move list (export.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "record.h"
#include "words.h"

/* The name the record gives the side of colour s: the username, else
 * the name stored (a guest), else the computer's words. */
static void side_name(const struct match_full *f, enum stone s, char *buf,
		      size_t cap)
{
	bool black = s == STONE_BLACK;
	const char *user = black ? f->black_username : f->white_username;
	long long id = black ? f->black_id : f->white_id;

	if (user[0] != '\0')
		snprintf(buf, cap, "%s", user);
	else if (f->kind == MATCH_COMPUTER && id == 0)
		words_computer(f->ai_level, buf, cap);
	else
		snprintf(buf, cap, "%s", black ? f->black_name : f->white_name);
}

/* Fill r from stored match f: shape, moves and their own times, names. */
static int record_of(const struct match_full *f, struct game_record *r)
{
	if (record_init(r, f->game.variant.rows, f->game.variant.cols,
			f->game.variant.k, f->game.variant.rule) != 0)
		return -1;
	r->nmoves = f->nmoves;
	memcpy(r->moves, f->moves, sizeof(f->moves[0]) * (size_t)f->nmoves);
	record_ms_from_elapsed(f->move_ms, f->nmoves, r->ms);
	side_name(f, STONE_BLACK, r->black, sizeof(r->black));
	side_name(f, STONE_WHITE, r->white, sizeof(r->white));
	r->end_code = f->reason == REASON_TIMEOUT ? RECORD_END_TIMEOUT
						  : RECORD_END_NORMAL;
	return 0;
}

int export_match_text(const struct match_full *f, bool moves_only, char *text,
		      size_t cap, size_t *len)
{
	struct game_record *r = malloc(sizeof(*r));
	enum record_reason why = RECORD_ERR_SIZE;

	if (r == NULL)
		return -1;
	if (record_of(f, r) == 0)
		why = moves_only ? record_write_moves(r, text, cap, len)
				 : record_write_psq(r, text, cap, len);
	free(r);
	return why;
}
