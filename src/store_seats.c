/* store_seats.c -- one seat, one process (see store_live.h): the lease a
 * process holds on a player's seat in a two-terminal match, taken,
 * renewed, released and read, and the check every write to a match
 * makes of it (store_seat_check(), called by store_matches.c and
 * store_live.c alike, so it sits beneath both). */
#include <stdio.h>
#include <string.h>

#include "store_internal.h"
#include "store_live.h"

#define WHAT_SEAT      "cannot take the seat"
#define WHAT_LEASE     "cannot renew the seat"
#define WHAT_READ_SEAT "cannot read the seat"

/* ==== Seats: one seat, one process ======================================= */

/* store_seat_check() for a connection holding no seat in match
 * `match_id`: STORE_OK unless a seat there is held by a lease that has
 * not lapsed by the store's clock, then STORE_ERR ("the match is open
 * in another session"): whoever plays beside a live seat takes one. */
static enum store_status seat_less_check(struct store *s, long long match_id,
					 const char *what)
{
	long long n = 0;
	enum store_status st;

	st = store_query_ints(
		s,
		"SELECT count(*) FROM match_seats WHERE"
		" match_id = ?1 AND lease_until_ms > " STORE_NOW_MS,
		&match_id, 1, &n, 1, what, "");
	if (st == STORE_OK && n != 0) {
		store_set_err(s, what, "the match is open in another session");
		st = STORE_ERR;
	}
	return st;
}

/* See store_internal.h. */
enum store_status store_seat_check(struct store *s, long long match_id,
				   const char *what)
{
	const long long args[] = {match_id, s->seat.player_id, s->seat.holder};
	long long n = 0;
	enum store_status st;

	if (s->seat.match_id == 0 || s->seat.match_id != match_id)
		return seat_less_check(s, match_id, what);
	st = store_query_ints(s,
			      "SELECT count(*) FROM match_seats WHERE"
			      " match_id = ?1 AND player_id = ?2"
			      " AND holder = ?3",
			      args, 3, &n, 1, what, "");
	if (st == STORE_OK && n != 1) {
		store_set_err(s, what,
			      "the match was continued in another session");
		st = STORE_ERR;
	}
	return st;
}

/* The number this connection holds seats by: drawn at its first take
 * (SQLite's random(), from the system's random source), never 0.
 * Return STORE_OK or STORE_ERR. */
static enum store_status seat_holder(struct store *s)
{
	long long r = 0;

	while (s->seat.holder == 0) {
		if (store_query_int(s, "SELECT random()", &r, WHAT_SEAT) !=
		    SQL_OK)
			return STORE_ERR;
		s->seat.holder = r;
	}
	return STORE_OK;
}

/* Inside the take's transaction: STORE_OK when match `match_id` is
 * unfinished, ranked and `player_id`'s. */
static enum store_status seat_of_match(struct store *s, long long match_id,
				       long long player_id)
{
	const long long args[] = {match_id, player_id};
	long long v[1] = {0};
	enum store_status st;

	st = store_query_ints(s,
			      "SELECT status = 'unfinished' AND kind = 'ranked'"
			      " AND ?2 IN (black_id, white_id)"
			      " FROM matches WHERE id = ?1",
			      args, 2, v, 1, WHAT_SEAT, "no such match");
	if (st == STORE_OK && v[0] != 1) {
		store_set_err(s, WHAT_SEAT,
			      "not an unfinished ranked match of that player");
		st = STORE_ERR;
	}
	return st;
}

/* Take it: ?1 match, ?2 player, ?3 holder, ?4 now, ?5 takeover. A live
 * lease of another holder stays unless ?5. */
#define SEAT_TAKE                                                              \
	"INSERT INTO match_seats (match_id, player_id, holder,"                \
	" lease_until_ms) VALUES (?1, ?2, ?3, ?4 + ?6)"                        \
	" ON CONFLICT (match_id, player_id) DO UPDATE SET"                     \
	" holder = excluded.holder,"                                           \
	" lease_until_ms = excluded.lease_until_ms"                            \
	" WHERE ?5 <> 0 OR holder = ?3 OR lease_until_ms <= ?4"

/* See store_live.h. */
enum store_status store_seat_take(struct store *s, long long match_id,
				  long long player_id, bool takeover,
				  long long now_ms)
{
	long long args[] = {match_id, player_id, 0,
			    now_ms,   takeover,	 STORE_SEAT_LEASE_MS};
	enum store_status st;

	store_clear_err(s);
	if (seat_holder(s) != STORE_OK)
		return STORE_ERR;
	args[2] = s->seat.holder;
	st = store_begin(s, WHAT_SEAT);
	if (st != STORE_OK)
		return st;
	st = seat_of_match(s, match_id, player_id);
	if (st == STORE_OK)
		st = store_exec_one(s, SEAT_TAKE, args, 6, WHAT_SEAT,
				    STORE_EXISTS,
				    "the match is open in another session");
	st = store_finish(s, st, WHAT_SEAT);
	if (st == STORE_OK)
		s->seat = (struct store_seat){s->seat.holder, match_id,
					      player_id};
	return st;
}

/* Set the lease of this connection's seat, while it holds it, to
 * `until_ms` (`shorten`: only when that is sooner). Return STORE_OK,
 * STORE_NOT_FOUND when it holds none (any more), or STORE_ERR. */
static enum store_status set_lease(struct store *s, long long until_ms,
				   bool shorten)
{
	const long long args[] = {s->seat.match_id, s->seat.player_id,
				  s->seat.holder, until_ms, shorten};

	if (s->seat.match_id == 0)
		return STORE_NOT_FOUND;
	return store_exec_one(s,
			      "UPDATE match_seats SET lease_until_ms = CASE"
			      " WHEN ?5 <> 0 THEN least(lease_until_ms, ?4)"
			      " ELSE ?4 END WHERE match_id = ?1"
			      " AND player_id = ?2 AND holder = ?3",
			      args, 5, WHAT_LEASE, STORE_NOT_FOUND,
			      "the match was continued in another session");
}

/* See store_live.h. One UPDATE: its own transaction. */
enum store_status store_seat_renew(struct store *s, long long match_id,
				   long long now_ms)
{
	store_clear_err(s);
	if (match_id == 0 || match_id != s->seat.match_id)
		return STORE_NOT_FOUND;
	return set_lease(s, now_ms + STORE_SEAT_LEASE_MS, false);
}

/* See store_live.h. */
enum store_status store_seat_release(struct store *s, long long now_ms)
{
	enum store_status st;

	store_clear_err(s);
	st = set_lease(s, now_ms, true);
	return st == STORE_NOT_FOUND ? STORE_OK : st;
}

/* See store_live.h. */
enum store_status store_seat_get(struct store *s, long long match_id,
				 long long player_id, long long now_ms,
				 struct seat_lease *out)
{
	const long long args[] = {match_id, player_id};
	long long v[3] = {0, 0, 0};
	enum store_status st;

	store_clear_err(s);
	st = store_query_ints(
		s,
		"SELECT holder, lease_until_ms, " STORE_GONE_CLAIM_FROM_SQL
		" FROM match_seats JOIN matches"
		" ON matches.id = match_seats.match_id"
		" WHERE match_id = ?1 AND player_id = ?2",
		args, 2, v, 3, WHAT_READ_SEAT, "");
	if (st == STORE_NOT_FOUND) {
		store_clear_err(s);
		*out = (struct seat_lease){false, false, false, 0, 0};
		return STORE_OK;
	}
	if (st == STORE_OK)
		*out = (struct seat_lease){
			true, s->seat.holder != 0 && v[0] == s->seat.holder,
			v[1] > now_ms, v[1], v[2]};
	return st;
}
