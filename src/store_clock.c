/* store_clock.c -- the clocks of a match being played: each turn's end
 * charged to the player who acted, the next turn started (see
 * store_internal.h). Beneath store_matches.c and store_live.c, which
 * both end turns; the arithmetic is clock.h's. */
#include "clock.h"
#include "store_internal.h"

/* See store_internal.h. */
enum store_status store_clock_now(struct store *s, long long *now_ms,
				  const char *what)
{
	return store_query_int(s, "SELECT " STORE_NOW_MS, now_ms, what) ==
			       SQL_OK
		       ? STORE_OK
		       : STORE_ERR;
}

/* The columns turn_of() reads, in its order. */
enum {
	TURN_PER_MOVE,
	TURN_BASE,
	TURN_INCREMENT,
	TURN_STARTED,
	TURN_ALLOWED,
	TURN_BLACK_ACTS,
	TURN_COLUMNS
};

/* Read match `id`'s time control into *tc and its turn into v[]. Return
 * STORE_OK, STORE_NOT_FOUND or STORE_ERR (the error kept). */
static enum store_status turn_of(struct store *s, long long id,
				 struct time_control *tc, long long *v,
				 const char *what)
{
	enum store_status st;

	st = store_query_ints(s,
			      "SELECT time_per_move, clock_base,"
			      " clock_increment, turn_started_ms,"
			      " turn_allowed_ms, " STORE_BLACK_TO_ACT_SQL
			      " FROM matches WHERE id = ?1",
			      &id, 1, v, TURN_COLUMNS, what, "no such match");
	if (st != STORE_OK)
		return st;
	if (clock_control((int)v[TURN_PER_MOVE], (int)v[TURN_BASE],
			  (int)v[TURN_INCREMENT], tc) != 0) {
		store_set_err(s, what, "the stored time control is not valid");
		return STORE_ERR;
	}
	return STORE_OK;
}

/* See store_internal.h. */
enum store_status store_clock_end_turn(struct store *s, long long id,
				       bool moved, long long now_ms,
				       long long *left_ms, const char *what)
{
	long long v[TURN_COLUMNS], args[3], after = 0;
	struct time_control tc;
	enum store_status st;
	bool in_time = true;

	st = turn_of(s, id, &tc, v, what);
	if (st != STORE_OK)
		return st;
	if (moved)
		in_time = clock_move(&tc, v[TURN_ALLOWED],
				     now_ms - v[TURN_STARTED], &after);
	else
		after = clock_spend(&tc, v[TURN_ALLOWED],
				    now_ms - v[TURN_STARTED]);
	if (left_ms != NULL)
		*left_ms = tc.kind == CLOCK_NONE ? -1 : after;
	if (tc.kind != CLOCK_FISCHER)
		return STORE_OK;
	if (!in_time) {
		store_set_err(s, what, "the time is up");
		return STORE_ERR;
	}
	args[0] = id;
	args[1] = after;
	args[2] = v[TURN_BLACK_ACTS];
	return store_exec_ints(s,
			       "UPDATE matches SET black_left_ms = CASE WHEN"
			       " ?3 THEN ?2 ELSE black_left_ms END,"
			       " white_left_ms = CASE WHEN ?3 THEN"
			       " white_left_ms ELSE ?2 END WHERE id = ?1",
			       args, 3, what) == SQL_DONE
		       ? STORE_OK
		       : STORE_ERR;
}

/* See store_internal.h. */
enum store_status store_clock_start_turn(struct store *s, long long id,
					 long long now_ms, const char *what)
{
	const long long args[] = {id, now_ms};

	return store_exec_ints(
		       s,
		       "UPDATE matches SET clock_used_ms = 0,"
		       " last_active_at = greatest(started_at, ?2 / 1000),"
		       " turn_started_ms = greatest(1000 * started_at, ?2),"
		       " turn_allowed_ms = " STORE_TURN_FULL_SQL
		       " WHERE id = ?1",
		       args, 2, what) == SQL_DONE
		       ? STORE_OK
		       : STORE_ERR;
}

/* See store_internal.h. */
enum store_status store_clock_take_back(struct store *s, long long id,
					long long keep, long long now_ms,
					const char *what)
{
	const long long args[] = {id, keep};
	enum store_status st;

	st = store_clock_end_turn(s, id, false, now_ms, NULL, what);
	if (st == STORE_OK &&
	    store_exec_ints(s,
			    "DELETE FROM match_moves WHERE match_id = ?1"
			    " AND ply > ?2",
			    args, 2, what) != SQL_DONE)
		st = STORE_ERR;
	if (st == STORE_OK)
		st = store_clock_start_turn(s, id, now_ms, what);
	return st;
}
