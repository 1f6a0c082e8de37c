/* store_club.c -- the club's settings: the one row of club_settings
 * that decides ranked results, read by every match as it starts and
 * changed only by `gomoku club set`. */
#include "store_internal.h"

#define WHAT_READ_CLUB "cannot read the club's settings"
#define WHAT_SET_CLUB  "cannot change the club's setting"

/* One setting: its column's UPDATE and the values it takes. */
struct club_column {
	const char *update; /* ?1 the value, ?2 the time of the change */
	long long min, max;
};

/* The UPDATE that sets `value` (SQL of ?1, the value asked) and stamps
 * the change at ?2 (never before 0). */
#define SET(value)                                                             \
	"UPDATE club_settings SET " value ", changed_at = greatest(?2, 0)"

static const struct club_column club_columns[] = {
	[CLUB_CLAIM_AFTER] = {SET("claim_after_days = ?1"), 0,
			      STORE_CLAIM_AFTER_MAX},
	[CLUB_FORBIDDEN] = {SET("forbidden = CASE ?1 WHEN 1 THEN 'lose'"
				" ELSE 'refuse' END"),
			    0, 1},
	[CLUB_RANKED_HOTSEAT] = {SET("ranked_hotseat = ?1"), 0, 1},
	[CLUB_DISCONNECT_GRACE] = {SET("disconnect_grace = ?1"), 0,
				   STORE_GRACE_MAX},
	[CLUB_NAME_DIGITS] = {SET("name_digits = ?1"), 0, 1},
	[CLUB_JOINS_PER_DAY] = {SET("joins_per_day = ?1"), 0, STORE_JOINS_MAX},
	[CLUB_JOIN] = {SET("join_policy = CASE ?1 WHEN 0 THEN 'open'"
			   " WHEN 1 THEN 'approval' ELSE 'closed' END"),
		       CLUB_JOIN_OPEN, CLUB_JOIN_CLOSED},
	[CLUB_RATED_AFTER] = {SET("rated_after = ?1"), 0, STORE_GAMES_MAX},
	[CLUB_PAIR_GAMES] = {SET("pair_games = ?1"), 0, STORE_GAMES_MAX},
	[CLUB_PAIR_HOURS] = {SET("pair_hours = ?1"), 1, STORE_PAIR_HOURS_MAX},
	[CLUB_CLOCK_SKEW] = {SET("clock_skew = ?1"), 0, STORE_GRACE_MAX},
};

#undef SET

#define CLUB_KEYS ((int)(sizeof club_columns / sizeof club_columns[0]))

/* See store.h. */
enum store_status store_club_get(struct store *s, struct club_settings *out)
{
	enum store_status st;
	long long v[11];

	store_clear_err(s);
	st = store_query_ints(s,
			      "SELECT claim_after_days, forbidden = 'lose',"
			      " ranked_hotseat, disconnect_grace, name_digits,"
			      " joins_per_day, " STORE_JOIN_SQL ", rated_after,"
			      " pair_games, pair_hours, clock_skew"
			      " FROM club_settings WHERE id = 1",
			      NULL, 0, v, 11, WHAT_READ_CLUB,
			      "the club has no settings row");
	if (st != STORE_OK)
		return st == STORE_NOT_FOUND ? STORE_ERR : st;
	out->claim_after_days = (int)v[0];
	out->forbidden_loses = v[1] != 0;
	out->ranked_hotseat = v[2] != 0;
	out->disconnect_grace = (int)v[3];
	out->name_digits = v[4] != 0;
	out->joins_per_day = (int)v[5];
	out->join = (enum club_join)v[6];
	out->rated_after = (int)v[7];
	out->pair_games = (int)v[8];
	out->pair_hours = (int)v[9];
	out->clock_skew = (int)v[10];
	return STORE_OK;
}

/* See store.h. One UPDATE, with every player keyed again for
 * CLUB_NAME_DIGITS, in one transaction. */
enum store_status store_club_set(struct store *s, enum club_key key,
				 long long value, long long now)
{
	const long long args[] = {value, now};
	const struct club_column *c;
	enum store_status st;

	store_clear_err(s);
	if ((int)key < 0 || (int)key >= CLUB_KEYS) {
		store_set_err(s, WHAT_SET_CLUB, "no such setting");
		return STORE_ERR;
	}
	c = &club_columns[key];
	if (value < c->min || value > c->max) {
		store_set_err(s, WHAT_SET_CLUB, "the value is out of range");
		return STORE_ERR;
	}
	st = store_begin(s, WHAT_SET_CLUB);
	if (st != STORE_OK)
		return st;
	st = store_exec_one(s, c->update, args, 2, WHAT_SET_CLUB, STORE_ERR,
			    "the club has no settings row");
	if (st == STORE_OK && key == CLUB_NAME_DIGITS)
		st = store_rekey_players(s, value != 0, WHAT_SET_CLUB);
	return store_finish(s, st, WHAT_SET_CLUB);
}
