/* store_prefs.c -- a player's preferences, kept with the account: one
 * row of player_prefs per player who saved any (schema version 19). */
#include <stdio.h>
#include <string.h>

#include "store_internal.h"

#define WHAT_GET_PREFS "cannot read the preferences"
#define WHAT_SET_PREFS "cannot save the preferences"

/* The columns of player_prefs, in the order the statements use them. */
#define PREF_COLUMNS                                                           \
	"lang, ascii, color, ai_level, confirm_moves, refuse_challenges,"      \
	" variant, opening, time_control"

/* Each of PREF_COLUMNS set to the value a conflicting INSERT brought. */
#define PREF_SET                                                               \
	"lang = excluded.lang, ascii = excluded.ascii,"                        \
	" color = excluded.color, ai_level = excluded.ai_level,"               \
	" confirm_moves = excluded.confirm_moves,"                             \
	" refuse_challenges = excluded.refuse_challenges,"                     \
	" variant = excluded.variant, opening = excluded.opening,"             \
	" time_control = excluded.time_control"

void store_prefs_default(struct store_prefs *out)
{
	memset(out, 0, sizeof(*out));
	out->ascii = -1;
	out->color = -1;
	out->ai_level = -1;
}

/* Copy column `col` of st's row (text or NULL) into buf[cap] ("" for
 * NULL; the table keeps them shorter than STORE_PREF_TEXT_MAX). */
static void column_text(struct sql_stmt *st, int col, char *buf, size_t cap)
{
	const char *t = sql_text(st, col);

	snprintf(buf, cap, "%s", t != NULL ? t : "");
}

/* Column `col` of st's row as an integer, or -1 for NULL. */
static int column_int(struct sql_stmt *st, int col)
{
	if (sql_is_null(st, col))
		return -1;
	return sql_int(st, col);
}

/* Fill *out from st's row of PREF_COLUMNS. */
static void row_to_prefs(struct sql_stmt *st, struct store_prefs *out)
{
	column_text(st, 0, out->lang, sizeof(out->lang));
	out->ascii = column_int(st, 1);
	out->color = column_int(st, 2);
	out->ai_level = column_int(st, 3);
	out->confirm_moves = sql_int(st, 4) != 0;
	out->refuse_challenges = sql_int(st, 5) != 0;
	column_text(st, 6, out->variant, sizeof(out->variant));
	column_text(st, 7, out->opening, sizeof(out->opening));
	column_text(st, 8, out->time_control, sizeof(out->time_control));
}

/* See store.h. One read transaction: the player and their row. */
enum store_status store_prefs_get(struct store *s, long long player_id,
				  struct store_prefs *out)
{
	const long long args[] = {player_id};
	struct store_prefs p;
	enum store_status st;
	struct sql_stmt *q = NULL;
	int rc;

	store_clear_err(s);
	st = store_begin_read(s, WHAT_GET_PREFS);
	if (st != STORE_OK)
		return st;
	st = store_player_exists(s, player_id, WHAT_GET_PREFS);
	if (st == STORE_OK &&
	    store_prepare_ints(s,
			       "SELECT " PREF_COLUMNS
			       " FROM player_prefs WHERE player_id = ?1",
			       &q, args, 1, WHAT_GET_PREFS) != 0)
		st = STORE_ERR;
	store_prefs_default(&p);
	if (st == STORE_OK) {
		rc = sql_step(q);
		if (rc == SQL_ROW)
			row_to_prefs(q, &p);
		else if (rc != SQL_DONE) {
			store_set_db_err(s, WHAT_GET_PREFS);
			st = STORE_ERR;
		}
	}
	store_release(s, q);
	st = store_finish(s, st, WHAT_GET_PREFS);
	if (st == STORE_OK)
		*out = p;
	return st;
}

/* Bind integer `v` to parameter i, NULL for -1. Return SQL_OK or the failure.
 */
static int bind_int(struct sql_stmt *st, int i, int v)
{
	return v < 0 ? sql_bind_null(st, i) : sql_bind_int(st, i, v);
}

/* Bind text `t` to parameter i, NULL for "". Return SQL_OK or the failure. */
static int bind_text(struct sql_stmt *st, int i, const char *t)
{
	return t[0] == '\0' ? sql_bind_null(st, i) : sql_bind_text(st, i, t);
}

/* Write p as player_id's row (inside the caller's transaction). */
static enum store_status write_prefs(struct store *s, long long player_id,
				     const struct store_prefs *p)
{
	struct sql_stmt *st = NULL;
	int rc;

	if (store_prepare(s,
			  "INSERT INTO player_prefs (player_id, " PREF_COLUMNS
			  ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"
			  " ON CONFLICT (player_id) DO UPDATE SET " PREF_SET,
			  &st, WHAT_SET_PREFS) != 0)
		return STORE_ERR;
	rc = sql_bind_int64(st, 1, player_id);
	if (rc == SQL_OK)
		rc = bind_text(st, 2, p->lang);
	if (rc == SQL_OK)
		rc = bind_int(st, 3, p->ascii);
	if (rc == SQL_OK)
		rc = bind_int(st, 4, p->color);
	if (rc == SQL_OK)
		rc = bind_int(st, 5, p->ai_level);
	if (rc == SQL_OK)
		rc = sql_bind_int(st, 6, p->confirm_moves);
	if (rc == SQL_OK)
		rc = sql_bind_int(st, 7, p->refuse_challenges);
	if (rc == SQL_OK)
		rc = bind_text(st, 8, p->variant);
	if (rc == SQL_OK)
		rc = bind_text(st, 9, p->opening);
	if (rc == SQL_OK)
		rc = bind_text(st, 10, p->time_control);
	if (rc == SQL_OK)
		rc = store_step_done(s, st, WHAT_SET_PREFS);
	else
		store_set_db_err(s, WHAT_SET_PREFS);
	store_release(s, st);
	return rc == SQL_DONE ? STORE_OK : STORE_ERR;
}

/* See store.h. The session's check, the player and the row: one write
 * transaction; the table's CHECKs refuse values out of range. */
enum store_status store_prefs_set(struct store *s, long long player_id,
				  const struct store_prefs *p)
{
	enum store_status st;

	store_clear_err(s);
	st = store_begin(s, WHAT_SET_PREFS);
	if (st != STORE_OK)
		return st;
	st = store_check_sessions(s, &player_id, 1, WHAT_SET_PREFS);
	if (st == STORE_OK)
		st = store_player_exists(s, player_id, WHAT_SET_PREFS);
	if (st == STORE_OK)
		st = write_prefs(s, player_id, p);
	return store_finish(s, st, WHAT_SET_PREFS);
}
