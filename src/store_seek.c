/* store_seek.c -- the lobby: seeks posted, paired, taken, kept fresh and
 * withdrawn (store_live.h). Every rule that decides who plays whom is
 * decided here, in the transaction that writes: one open seek a player,
 * a seek open only while its poster refreshes it, the taker's rating in
 * the range, the colours drawn by the store (docs/ARCHITECTURE.md, "The
 * lobby"). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rating.h"
#include "rules.h"
#include "store_internal.h"
#include "store_live.h"

#define WHAT_SEEK   "cannot post the seek"
#define WHAT_TAKE   "cannot take the seek"
#define WHAT_SEEKS  "cannot read the seeks"
#define WHAT_LEAVE  "cannot withdraw the seek"
#define SEEK_KEEP_S 600 /* a settled or stale seek is deleted after this */

/* The words the seeks table stores, by enum seek_state. */
static const char *const state_words[] = {
	[SEEK_OPEN] = "open",
	[SEEK_TAKEN] = "taken",
	[SEEK_WITHDRAWN] = "withdrawn",
};

/* The rating of the player ?P under the rule of the seek row in scope
 * (`seeks`), or RATING_START before their first game under it. */
#define RATING_UNDER(P)                                                        \
	"coalesce((SELECT r.rating FROM rule_records AS r WHERE r.rule ="      \
	" seeks.rule AND r.player_id = " P "), ?99)"

/* The columns row_to_seek() reads, in its order. */
#define SEEK_COLUMNS                                                           \
	"SELECT seeks.id, seeks.player_id, seeks.variant, seeks.rule,"         \
	" seeks.rows, seeks.cols, seeks.k, seeks.opening,"                     \
	" seeks.time_per_move, seeks.clock_base, seeks.clock_increment,"       \
	" seeks.rated, seeks.min_rating, seeks.max_rating,"                    \
	" seeks.created_at, seeks.state, coalesce(seeks.match_id, 0),"         \
	" coalesce(seeks.origin, '')"

/* Bind ?99, the rating of a player with no game under a rule, where
 * the statement has it. */
static int bind_start_rating(struct sql_stmt *st)
{
	if (sql_params(st) < 99)
		return SQL_OK;
	return sql_bind_double(st, 99, RATING_START);
}

/* Fill *k from a row of SEEK_COLUMNS. Return 0, or -1 when something
 * stored is not valid. */
static int row_to_seek(struct sql_stmt *st, struct seek *k)
{
	const char *state = sql_text(st, 15);
	int i;

	memset(k, 0, sizeof(*k));
	for (i = SEEK_OPEN; i <= SEEK_WITHDRAWN; i++)
		if (state != NULL && strcmp(state, state_words[i]) == 0)
			k->state = (enum seek_state)i;
	if (k->state == 0 || store_row_game(st, 2, &k->game) != 0)
		return -1;
	k->id = sql_int64(st, 0);
	k->player_id = sql_int64(st, 1);
	k->rated = sql_int(st, 11) != 0;
	k->min_rating = sql_int(st, 12);
	k->max_rating = sql_int(st, 13);
	k->created_at = sql_int64(st, 14);
	k->match_id = sql_int64(st, 16);
	snprintf(k->origin, sizeof(k->origin), "%s", sql_text(st, 17));
	return 0;
}

/* Read seek `id` into *out. Return STORE_OK, STORE_NOT_FOUND or
 * STORE_ERR (the error kept). */
static enum store_status read_seek(struct store *s, long long id,
				   struct seek *out, const char *what)
{
	enum store_status ret;
	struct sql_stmt *st;

	if (store_prepare_ints(s, SEEK_COLUMNS " FROM seeks WHERE id = ?1", &st,
			       &id, 1, what) != 0)
		return STORE_ERR;
	ret = store_step_row(s, st, what, "no such seek");
	if (ret == STORE_OK && row_to_seek(st, out) != 0) {
		store_set_err(s, what, "the stored seek is not valid");
		ret = STORE_ERR;
	}
	store_release(s, st);
	return ret;
}

/* ==== Taking ============================================================== */

/* Why `taker_id` may not take seek k at `now` (its poster's refresh at
 * `refreshed`, the taker's rating under its rule `rating`), or
 * SEEK_TAKEN_OK. */
static enum seek_refusal take_problem(const struct seek *k, long long taker_id,
				      long long refreshed, double rating,
				      long long now)
{
	if (k->state != SEEK_OPEN || refreshed < now - STORE_SEEK_STALE)
		return SEEK_GONE;
	if (k->player_id == taker_id)
		return SEEK_OWN;
	if (rating < k->min_rating || rating > k->max_rating)
		return SEEK_OUT_OF_RANGE;
	return SEEK_TAKEN_OK;
}

/* The words of each refusal, for the error kept. */
static const char *const refusal_words[] = {
	[SEEK_TAKEN_OK] = "",
	[SEEK_GONE] = "the seek is no longer open",
	[SEEK_OWN] = "a player cannot take their own seek",
	[SEEK_OUT_OF_RANGE] = "the rating is outside the seek's range",
	[SEEK_SAME_ORIGIN] = "another player's seek from that origin is open",
};

/* Inside the take's transaction: the refresh time of seek `id` and the
 * rating of `taker_id` under its rule, into v[0] and *rating. */
static enum store_status seek_facts(struct store *s, long long id,
				    long long taker_id, long long *refreshed,
				    double *rating)
{
	const long long args[] = {id, taker_id};
	enum store_status ret;
	struct sql_stmt *st;

	if (store_prepare_ints(s,
			       "SELECT refreshed_at, " RATING_UNDER(
				       "?2") " FROM seeks WHERE id = ?1",
			       &st, args, 2, WHAT_TAKE) != 0)
		return STORE_ERR;
	if (bind_start_rating(st) != SQL_OK) {
		store_set_db_err(s, WHAT_TAKE);
		store_release(s, st);
		return STORE_ERR;
	}
	ret = store_step_row(s, st, WHAT_TAKE, "no such seek");
	if (ret == STORE_OK) {
		*refreshed = sql_int64(st, 0);
		*rating = sql_double(st, 1);
	}
	store_release(s, st);
	return ret;
}

/* Inside the take's transaction: the match of seek k between its poster
 * and `taker_id`, the colours drawn here, into *h. */
static enum store_status seek_match(struct store *s, const struct seek *k,
				    long long taker_id, long long now,
				    struct match_header *h)
{
	long long coin = 0;

	if (store_query_int(s, "SELECT random() & 1", &coin, WHAT_TAKE) !=
	    SQL_OK)
		return STORE_ERR;
	memset(h, 0, sizeof(*h));
	h->kind = MATCH_RANKED;
	h->black_id = coin ? k->player_id : taker_id;
	h->white_id = coin ? taker_id : k->player_id;
	h->game = k->game;
	h->started_at = now;
	h->casual = !k->rated;
	return STORE_OK;
}

/* Inside a transaction: `taker_id` takes seek `id` at `now` (the rules
 * of store_seek_take(), a refusal into *why), its match into
 * *match_id. */
static enum store_status take(struct store *s, long long id, long long taker_id,
			      long long now, long long *match_id,
			      enum seek_refusal *why)
{
	long long refreshed = 0, args[] = {id, 0};
	struct match_header h;
	bool resumed = false;
	enum store_status st;
	double rating = 0;
	struct seek k;

	*why = SEEK_TAKEN_OK;
	st = read_seek(s, id, &k, WHAT_TAKE);
	if (st == STORE_OK)
		st = seek_facts(s, id, taker_id, &refreshed, &rating);
	if (st == STORE_OK)
		*why = take_problem(&k, taker_id, refreshed, rating, now);
	if (*why != SEEK_TAKEN_OK) {
		store_set_err(s, WHAT_TAKE, refusal_words[*why]);
		return STORE_EXISTS;
	}
	if (st == STORE_OK)
		st = seek_match(s, &k, taker_id, now, &h);
	if (st == STORE_OK) /* both sessions checked there */
		st = store_match_begin(s, &h, false, &args[1], &resumed);
	if (st == STORE_OK &&
	    store_exec_ints(s,
			    "UPDATE seeks SET state = 'taken', match_id = ?2"
			    " WHERE id = ?1 AND state = 'open'",
			    args, 2, WHAT_TAKE) != SQL_DONE)
		st = STORE_ERR;
	if (st == STORE_OK)
		*match_id = args[1];
	return st;
}

/* See store_live.h. */
enum store_status store_seek_take(struct store *s, long long id,
				  long long taker_id, long long now,
				  long long *match_id, enum seek_refusal *why)
{
	enum seek_refusal refusal;
	enum store_status st;

	store_clear_err(s);
	refusal = SEEK_TAKEN_OK;
	st = store_begin(s, WHAT_TAKE);
	if (st != STORE_OK)
		return st;
	st = store_check_now(s, 1000 * now, WHAT_TAKE);
	if (st == STORE_OK)
		st = take(s, id, taker_id, now, match_id, &refusal);
	if (why != NULL)
		*why = refusal;
	return store_finish(s, st, WHAT_TAKE);
}

/* ==== Posting ============================================================= */

/* Bind seek k's proposal, range and origin to ?1..?13 (player,
 * variant, rule, rows, cols, k, opening, time per move, clock base,
 * increment, rated, min and max rating), ?15 and ?99. Return SQL_OK
 * or the first error. */
static int bind_seek(struct sql_stmt *st, const struct seek *k)
{
	const long long ints[] = {k->player_id, k->rated ? 1 : 0, k->min_rating,
				  k->max_rating};
	static const int at[] = {1, 11, 12, 13};
	int i, rc = bind_start_rating(st);

	for (i = 0; rc == SQL_OK && i < 4; i++)
		rc = sql_bind_int64(st, at[i], ints[i]);
	if (rc == SQL_OK)
		rc = store_bind_game(st, 2, &k->game);
	if (rc == SQL_OK && sql_params(st) >= 15)
		rc = store_bind_opt_text(
			st, 15, k->origin[0] != '\0' ? k->origin : NULL);
	return rc;
}

/* Prepare `sql` with seek k bound (bind_seek()) and ?14 `now`. Return 0,
 * or -1 with the error kept. */
static int prepare_seek(struct store *s, const char *sql, const struct seek *k,
			long long now, struct sql_stmt **st)
{
	int rc;

	if (store_prepare(s, sql, st, WHAT_SEEK) != 0)
		return -1;
	rc = bind_seek(*st, k);
	if (rc == SQL_OK)
		rc = sql_bind_int64(*st, 14, now);
	if (rc == SQL_OK)
		return 0;
	store_set_db_err(s, WHAT_SEEK);
	store_release(s, *st);
	*st = NULL;
	return -1;
}

/* The oldest open seek, fresh at ?14, of another player than ?1, for
 * the game ?2..?11, whose range holds ?1's rating and whose poster's
 * rating is in ?12..?13: the seek a new one pairs with. */
#define PAIRED_SEEK                                                            \
	"SELECT coalesce(min(id), 0) FROM (SELECT id FROM seeks"               \
	" INDEXED BY seeks_open WHERE state = 'open' AND player_id <> ?1"      \
	" AND refreshed_at >= ?14 - " STORE_SEEK_STALE_SQL                     \
	" AND variant = ?2 AND rule = ?3 AND rows = ?4 AND cols = ?5"          \
	" AND k = ?6 AND opening = ?7 AND time_per_move = ?8"                  \
	" AND clock_base = ?9 AND clock_increment = ?10 AND rated = ?11"       \
	" AND " RATING_UNDER(                                                  \
		"?1") " BETWEEN min_rating AND max_rating"                     \
		      " AND " RATING_UNDER(                                    \
			      "seeks.player_id") " BETWEEN ?12 AND ?13"        \
						 " ORDER BY created_at, id "   \
						 "LIMIT 1) AS paired"
#define STORE_SEEK_STALE_SQL "20"
_Static_assert(STORE_SEEK_STALE == 20, "PAIRED_SEEK's staleness");

/* Inside the post's transaction: the seek k pairs with, or 0: *id. */
static enum store_status paired(struct store *s, const struct seek *k,
				long long now, long long *id)
{
	enum store_status ret;
	struct sql_stmt *st;

	if (prepare_seek(s, PAIRED_SEEK, k, now, &st) != 0)
		return STORE_ERR;
	ret = store_step_row(s, st, WHAT_SEEK, "no answer");
	if (ret == STORE_OK)
		*id = sql_int64(st, 0);
	store_release(s, st);
	return ret;
}

/* Inside the post's transaction: delete what is settled or stale long
 * enough, and insert k, its id into *id. */
static enum store_status insert_seek(struct store *s, const struct seek *k,
				     long long now, long long *id)
{
	const long long args[] = {now - SEEK_KEEP_S};
	struct sql_stmt *st;
	int rc;

	if (store_exec_ints(s, "DELETE FROM seeks WHERE refreshed_at < ?1",
			    args, 1, WHAT_SEEK) != SQL_DONE)
		return STORE_ERR;
	if (prepare_seek(s,
			 "INSERT INTO seeks (player_id, variant, rule, rows,"
			 " cols, k, opening, time_per_move, clock_base,"
			 " clock_increment, rated, min_rating, max_rating,"
			 " created_at, refreshed_at, origin) VALUES (?1, ?2,"
			 " ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,"
			 " ?14, ?15)",
			 k, now, &st) != 0)
		return STORE_ERR;
	rc = store_step_done(s, st, WHAT_SEEK);
	store_release(s, st);
	if (rc != SQL_DONE)
		return STORE_ERR;
	*id = sql_last_id(s->db);
	return STORE_OK;
}

/* Inside the post's transaction: k's range, from the poster's rating
 * under its rule and k->within. */
static enum store_status seek_range(struct store *s, struct seek *k)
{
	struct player_record rec = {.rating = RATING_START};
	enum store_status st;
	long long mine;

	if (k->within < 0 || k->within > STORE_SEEK_WITHIN_MAX) {
		store_set_err(s, WHAT_SEEK, "the rating range is not valid");
		return STORE_ERR;
	}
	k->min_rating = 0;
	k->max_rating = STORE_SEEK_ANY_RATING;
	if (k->within == 0)
		return STORE_OK;
	st = store_rule_record(s, k->player_id, k->game.variant.rule, &rec);
	if (st != STORE_OK && st != STORE_NOT_FOUND)
		return st;
	mine = llround(rec.rating);
	k->min_rating = mine > k->within ? (int)(mine - k->within) : 0;
	k->max_rating = (int)(mine + k->within);
	return STORE_OK;
}

/* Inside the post's transaction: one open seek a player and an origin.
 * The poster's own open seek is withdrawn, and a stale one of k's
 * origin; another player's fresh one of that origin refuses k: *why. */
static enum store_status one_open(struct store *s, const struct seek *k,
				  long long now, enum seek_refusal *why)
{
	enum store_status ret;
	long long others;
	struct sql_stmt *st;
	int rc;

	*why = SEEK_TAKEN_OK;
	if (store_exec_ints(s,
			    "UPDATE seeks SET state = 'withdrawn' WHERE"
			    " player_id = ?1 AND state = 'open'",
			    &k->player_id, 1, WHAT_SEEK) != SQL_DONE)
		return STORE_ERR;
	if (k->origin[0] == '\0')
		return STORE_OK;
	if (prepare_seek(s,
			 "UPDATE seeks SET state = 'withdrawn' WHERE origin ="
			 " ?15 AND state = 'open' AND refreshed_at < ?14 "
			 "- " STORE_SEEK_STALE_SQL,
			 k, now, &st) != 0)
		return STORE_ERR;
	rc = store_step_done(s, st, WHAT_SEEK);
	store_release(s, st);
	if (rc != SQL_DONE ||
	    prepare_seek(s,
			 "SELECT count(*) FROM seeks WHERE origin = ?15"
			 " AND state = 'open'",
			 k, now, &st) != 0)
		return STORE_ERR;
	ret = store_step_row(s, st, WHAT_SEEK, "no answer");
	others = ret == STORE_OK ? sql_int64(st, 0) : 0;
	store_release(s, st);
	if (ret != STORE_OK || others == 0)
		return ret;
	*why = SEEK_SAME_ORIGIN;
	store_set_err(s, WHAT_SEEK, refusal_words[*why]);
	return STORE_EXISTS;
}

/* See store_live.h. */
enum store_status store_seek_post(struct store *s, struct seek *k,
				  long long now, long long *match_id,
				  enum seek_refusal *why)
{
	enum seek_refusal refusal = SEEK_TAKEN_OK;
	enum store_status st;
	long long other = 0;

	store_clear_err(s);
	k->id = *match_id = 0;
	st = store_begin(s, WHAT_SEEK);
	if (st != STORE_OK)
		return st;
	st = store_check_now(s, 1000 * now, WHAT_SEEK);
	if (st == STORE_OK)
		st = store_check_sessions(s, &k->player_id, 1, WHAT_SEEK);
	if (st == STORE_OK)
		st = one_open(s, k, now, &refusal);
	if (st == STORE_OK)
		st = seek_range(s, k);
	if (st == STORE_OK)
		st = paired(s, k, now, &other);
	if (st == STORE_OK && other != 0) {
		st = take(s, other, k->player_id, now, match_id, &refusal);
		k->id = other;
	} else if (st == STORE_OK) {
		st = insert_seek(s, k, now, &k->id);
	}
	if (why != NULL)
		*why = refusal;
	return store_finish(s, st, WHAT_SEEK);
}

/* ==== Waiting, leaving, listing =========================================== */

/* See store_live.h. */
enum store_status store_seek_refresh(struct store *s, long long id,
				     long long now, struct seek *out)
{
	const long long args[] = {id, now};
	enum store_status st;

	store_clear_err(s);
	st = store_begin(s, WHAT_SEEKS);
	if (st != STORE_OK)
		return st;
	if (store_exec_ints(
		    s,
		    "UPDATE seeks SET refreshed_at = greatest(refreshed_at,"
		    " ?2) WHERE id = ?1 AND state = 'open'",
		    args, 2, WHAT_SEEKS) != SQL_DONE)
		st = STORE_ERR;
	if (st == STORE_OK)
		st = read_seek(s, id, out, WHAT_SEEKS);
	return store_finish(s, st, WHAT_SEEKS);
}

/* See store_live.h. */
enum store_status store_seek_get(struct store *s, long long id,
				 struct seek *out)
{
	store_clear_err(s);
	return read_seek(s, id, out, WHAT_SEEKS);
}

/* See store_live.h. */
enum store_status store_seek_withdraw(struct store *s, long long id,
				      long long *match_id)
{
	enum store_status st;
	struct seek k;

	store_clear_err(s);
	*match_id = 0;
	st = store_begin(s, WHAT_LEAVE);
	if (st != STORE_OK)
		return st;
	if (store_exec_ints(s,
			    "UPDATE seeks SET state = 'withdrawn'"
			    " WHERE id = ?1 AND state = 'open'",
			    &id, 1, WHAT_LEAVE) != SQL_DONE)
		st = STORE_ERR;
	if (st == STORE_OK && sql_changes(s->db) == 0) {
		st = read_seek(s, id, &k, WHAT_LEAVE);
		if (st == STORE_OK)
			*match_id = k.match_id;
	}
	return store_finish(s, st, WHAT_LEAVE);
}

/* The open seeks fresh at ?1, with their posters (p), that the filter
 * ?2..?5 lets through: not the viewer's (?2), of variant ?3 (NULL:
 * any), clock ?4 (enum seek_clock_filter), rated ?5 (enum
 * seek_rated_filter). */
#define LISTED_SEEKS                                                           \
	" FROM seeks INDEXED BY seeks_open JOIN players AS p"                  \
	" ON p.id = seeks.player_id WHERE seeks.state = 'open'"                \
	" AND seeks.refreshed_at >= ?1 AND seeks.player_id <> ?2"              \
	" AND (?3 IS NULL OR seeks.variant = ?3)"                              \
	" AND (?4 = 0 OR (?4 = 1 AND seeks.time_per_move = 0"                  \
	" AND seeks.clock_base = 0) OR (?4 = 2 AND seeks.time_per_move > 0)"   \
	" OR (?4 = 3 AND seeks.clock_base > 0))"                               \
	" AND (?5 = 0 OR seeks.rated = (?5 = 1))"
_Static_assert(SEEK_NO_CLOCK == 1 && SEEK_PER_MOVE == 2 &&
		       SEEK_GAME_CLOCK == 3 && SEEK_RATED_ONLY == 1,
	       "LISTED_SEEKS's numbers");

/* Whether the viewer ?2 may take the seek row in scope. */
#define TAKEABLE                                                               \
	RATING_UNDER("?2")                                                     \
	" BETWEEN seeks.min_rating AND seeks.max_rating"                       \
	" AS takeable"

/* Prepare `sql` (LISTED_SEEKS's parameters, ?6 and ?7 the page) for
 * filter f at `now`. Return 0, or -1 with the error kept. */
static int prepare_list(struct store *s, const char *sql, long long now,
			const struct seek_filter *f, struct sql_stmt **st)
{
	const long long ints[] = {now - STORE_SEEK_STALE,
				  f->viewer_id,
				  f->clock,
				  f->rated,
				  f->limit,
				  f->offset};
	static const int at[] = {1, 2, 4, 5, 6, 7};
	int i, rc;

	if (store_prepare(s, sql, st, WHAT_SEEKS) != 0)
		return -1;
	rc = bind_start_rating(*st);
	for (i = 0; rc == SQL_OK && i < 6; i++)
		if (at[i] <= sql_params(*st))
			rc = sql_bind_int64(*st, at[i], ints[i]);
	if (rc == SQL_OK)
		rc = store_bind_opt_text(*st, 3, f->variant);
	if (rc == SQL_OK)
		return 0;
	store_set_db_err(s, WHAT_SEEKS);
	store_release(s, *st);
	*st = NULL;
	return -1;
}

/* How many seeks filter f lets through at `now`: *total. */
static enum store_status count_listed(struct store *s, long long now,
				      const struct seek_filter *f, int *total)
{
	enum store_status ret;
	struct sql_stmt *st;

	if (prepare_list(s, "SELECT count(*)" LISTED_SEEKS, now, f, &st) != 0)
		return STORE_ERR;
	ret = store_step_row(s, st, WHAT_SEEKS, "no answer");
	if (ret == STORE_OK)
		*total = sql_int(st, 0);
	store_release(s, st);
	return ret;
}

/* See store_live.h. */
enum store_status store_seek_list(struct store *s, long long now,
				  const struct seek_filter *f,
				  int (*row)(void *ctx, const struct seek *k),
				  void *ctx, int *total)
{
	enum store_status ret;
	struct sql_stmt *st;
	struct seek k;
	int rc;

	store_clear_err(s);
	*total = 0;
	ret = store_begin_read(s, WHAT_SEEKS); /* count and page agree */
	if (ret != STORE_OK)
		return ret;
	ret = count_listed(s, now, f, total);
	if (ret == STORE_OK &&
	    prepare_list(s,
			 SEEK_COLUMNS ", p.username, p.nickname, " RATING_UNDER(
				 "seeks.player_id") ", " TAKEABLE LISTED_SEEKS
						    " ORDER BY takeable DESC,"
						    " seeks.created_at,"
						    " seeks.id LIMIT ?6"
						    " OFFSET ?7",
			 now, f, &st) != 0)
		ret = STORE_ERR;
	if (ret != STORE_OK)
		return store_finish(s, ret, WHAT_SEEKS);
	while ((rc = sql_step(st)) == SQL_ROW) {
		if (row_to_seek(st, &k) != 0) {
			store_set_err(s, WHAT_SEEKS,
				      "a stored seek is not valid");
			ret = STORE_ERR;
			break;
		}
		snprintf(k.username, sizeof(k.username), "%s",
			 sql_text(st, 18));
		snprintf(k.nickname, sizeof(k.nickname), "%s",
			 sql_text(st, 19));
		k.rating = sql_double(st, 20);
		k.takeable = sql_int(st, 21) != 0;
		if (row(ctx, &k) != 0)
			break;
	}
	if (ret == STORE_OK && rc != SQL_ROW && rc != SQL_DONE) {
		store_set_db_err(s, WHAT_SEEKS);
		ret = STORE_ERR;
	}
	store_release(s, st);
	return store_finish(s, ret, WHAT_SEEKS);
}
