/* store_match_load.c -- reading a match back whole (its row and its
 * moves, from one snapshot), to resume or replay it.
 */
#include <string.h>

#include "store_internal.h"

#define WHAT_LOAD_MATCH "cannot load the match"

/* Copy column `col` (NULL reads as "") into buf[size]. Return 0, or -1
 * when it does not fit. */
static int column_copy(struct sql_stmt *st, int col, char *buf, size_t size)
{
	const char *text = sql_text(st, col);
	size_t len = (size_t)sql_bytes(st, col);

	if (text == NULL)
		len = 0;
	if (len >= size)
		return -1;
	if (len > 0)
		memcpy(buf, text, len);
	buf[len] = '\0';
	return 0;
}

/* The columns row_to_full() reads, in its order: the game
 * (store_row_game()'s nine), the words, the rest. */
#define FULL_COLUMNS                                                           \
	STORE_GAME_COLUMNS                                                     \
	", m.kind, m.status, m.rule, m.result, m.reason,"                      \
	" coalesce(m.black_id, 0), coalesce(m.white_id, 0),"                   \
	" coalesce(m.ai_level, 0), m.started_at, coalesce(m.ended_at, 0),"     \
	" coalesce(b.nickname, m.black_name), coalesce(w.nickname,"            \
	" m.white_name), b.username, w.username,"                              \
	" m.clock_used_ms, m.opening_stones, m.colours_final,"                 \
	" m.last_active_at, m.turn_started_ms, m.turn_allowed_ms,"             \
	" m.claim_after_days, m.forbidden = 'lose', m.disconnect_grace,"       \
	" m.black_left_ms, m.white_left_ms, m.rated, " CLAIM_FROM_BOTH         \
	", " STORE_UNRATED_SQL("m.unrated")
/* FULL_COLUMNS' two claim times, black's then white's. */
#define CLAIM_FROM_BOTH                                                        \
	STORE_CLAIM_FROM_SQL("m.black_id")                                     \
	", " STORE_CLAIM_FROM_SQL("m.white_id")

/* Fill the game and the words of *out from a row of FULL_COLUMNS.
 * Return 0, or -1 when one is not valid. */
static int row_to_words(struct sql_stmt *st, struct match_full *out)
{
	struct match_words w;

	if (store_row_game(st, 0, &out->game) != 0 ||
	    store_read_words(st, STORE_GAME_DEF, 5, &w) != 0)
		return -1;
	out->kind = w.kind;
	out->status = w.status;
	out->result = w.result;
	out->reason = w.reason;
	return 0;
}

/* Fill *out's header from a row of FULL_COLUMNS. Return 0, or -1 when
 * something stored is not valid. */
static int row_to_full(struct sql_stmt *st, struct match_full *out)
{
	enum { AFTER = STORE_GAME_DEF + 5 }; /* the game's and the words */

	if (row_to_words(st, out) != 0)
		return -1;
	out->black_id = sql_int64(st, AFTER);
	out->white_id = sql_int64(st, AFTER + 1);
	out->ai_level = sql_int(st, AFTER + 2);
	out->started_at = sql_int64(st, AFTER + 3);
	out->ended_at = sql_int64(st, AFTER + 4);
	out->clock_used_ms = sql_int64(st, AFTER + 9);
	out->opening_stones = sql_int(st, AFTER + 10);
	out->colours_final = sql_int(st, AFTER + 11) != 0;
	out->last_active_at = sql_int64(st, AFTER + 12);
	out->turn_started_ms = sql_int64(st, AFTER + 13);
	out->turn_allowed_ms = sql_int64(st, AFTER + 14);
	out->rules.claim_after_days = sql_int(st, AFTER + 15);
	out->rules.forbidden_loses = sql_int(st, AFTER + 16) != 0;
	out->rules.disconnect_grace = sql_int(st, AFTER + 17);
	out->black_left_ms = sql_int64(st, AFTER + 18);
	out->white_left_ms = sql_int64(st, AFTER + 19);
	out->casual = sql_int(st, AFTER + 20) == 0;
	out->claim_from_ms[0] = sql_int64(st, AFTER + 21);
	out->claim_from_ms[1] = sql_int64(st, AFTER + 22);
	out->unrated = (enum match_unrated)sql_int(st, AFTER + 23);
	if (column_copy(st, AFTER + 5, out->black_name,
			sizeof out->black_name) ||
	    column_copy(st, AFTER + 6, out->white_name,
			sizeof out->white_name) ||
	    column_copy(st, AFTER + 7, out->black_username,
			sizeof out->black_username) ||
	    column_copy(st, AFTER + 8, out->white_username,
			sizeof out->white_username))
		return -1;
	return 0;
}

/* Read match `id`'s row into *out. Return STORE_OK, STORE_NOT_FOUND or
 * STORE_ERR. */
static enum store_status load_header(struct store *s, long long id,
				     struct match_full *out)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;

	if (store_prepare_ints(s,
			       "SELECT " FULL_COLUMNS " FROM matches AS m"
			       " LEFT JOIN players AS b ON b.id = m.black_id"
			       " LEFT JOIN players AS w ON w.id = m.white_id"
			       " WHERE m.id = ?1",
			       &st, &id, 1, WHAT_LOAD_MATCH) != 0)
		return STORE_ERR;
	ret = store_step_row(s, st, WHAT_LOAD_MATCH, "no such match");
	if (ret == STORE_OK && row_to_full(st, out) != 0) {
		store_set_err(s, WHAT_LOAD_MATCH,
			      "the stored match is not valid");
		ret = STORE_ERR;
	} else if (ret == STORE_OK) {
		out->id = id;
	}
	store_release(s, st);
	return ret;
}

/* Read match `id`'s moves, in order, into *out. Return STORE_OK, or
 * STORE_ERR when they cannot be read or are not 1, 2, 3, ... */
static enum store_status load_moves(struct store *s, long long id,
				    struct match_full *out)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;
	int n = 0, rc;

	if (store_prepare_ints(s,
			       "SELECT ply, row, col, ms, coalesce(left_ms, -1)"
			       " FROM match_moves"
			       " WHERE match_id = ?1 ORDER BY ply",
			       &st, &id, 1, WHAT_LOAD_MATCH) != 0)
		return STORE_ERR;
	for (rc = sql_step(st); rc == SQL_ROW; rc = sql_step(st)) {
		if (n == BOARD_MAX_CELLS || sql_int(st, 0) != n + 1)
			break;
		out->moves[n].row = (unsigned char)sql_int(st, 1);
		out->moves[n].col = (unsigned char)sql_int(st, 2);
		out->move_ms[n] = sql_int64(st, 3);
		out->move_left_ms[n] = sql_int64(st, 4);
		n++;
	}
	out->nmoves = n;
	if (rc == SQL_DONE)
		ret = STORE_OK;
	else if (rc == SQL_ROW)
		store_set_err(s, WHAT_LOAD_MATCH,
			      "the stored moves have a gap");
	else
		store_set_db_err(s, WHAT_LOAD_MATCH);
	store_release(s, st);
	return ret;
}

/* See store.h. */
enum store_status store_match_load(struct store *s, long long id,
				   struct match_full *out)
{
	enum store_status st;

	store_clear_err(s);
	memset(out, 0, sizeof *out);
	st = store_begin_read(s, WHAT_LOAD_MATCH);
	if (st != STORE_OK)
		return st;
	st = load_header(s, id, out);
	if (st == STORE_OK)
		st = load_moves(s, id, out);
	return store_finish(s, st, WHAT_LOAD_MATCH);
}
