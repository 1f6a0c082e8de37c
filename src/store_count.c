/* store_count.c -- counting a finished ranked match into both players'
 * counters and Elo ratings, overall and under the match's rule (and
 * whether it moves them: the club's rules against farming), and the
 * replays migrations run (store_replay_rule_records(), and migration
 * 14's store_abort_unplayed()). */

#include "rating.h"
#include "store_internal.h"

#define WHAT_PREDICT "cannot tell whether the ratings will move"

/* ==== Counting a result =================================================
 *
 * A finished ranked match counts twice, each time the same way: into the
 * players' own counters and Elo rating (over every rule), and into their
 * counters and Elo rating under the match's rule alone (rule_records,
 * where a player's row is made at their first game under that rule).
 * A counter's two statements are prepared once, so that replaying every
 * match of a club (a migration) costs steps, not prepares. */

/* The columns of a finished ranked match that counting reads, from
 * matches: its id, the players and the result, then whether it moves
 * the ratings: MOVES_NOW for a match counted now, MOVES_THEN in a
 * migration's replay (those run before migration 31 made the column,
 * when every result moved them). */
#define RANKED_COLUMNS "id, black_id, white_id, result"
#define MOVES_NOW      ", unrated = ''"
#define MOVES_THEN     ", 1"
#define RANKED_WHERE                                                           \
	" FROM matches WHERE kind = 'ranked' AND status = 'finished'"

/* Why a rated result between players `b` and `w` (SQL expressions), in
 * a match begun at `at` and counted after the matches with ids below
 * `before`, moves no rating: 'new' when a side is not a rated member
 * (approved, or with the club open past its rated_after games), 'pair'
 * past the club's pair_games rated games between the two begun within
 * its pair_hours before `at`, else ''. From what is committed and the
 * match's own times: no process's clock. */
#define UNRATED_WHY(b, w, at, before)                                          \
	"(CASE WHEN EXISTS (SELECT 1 FROM players AS p, club_settings AS c"    \
	"  WHERE c.id = 1 AND p.id IN (" b ", " w ") AND p.approved = 0"       \
	"  AND (c.join_policy <> 'open' OR p.games < c.rated_after))"          \
	" THEN 'new'"                                                          \
	" WHEN (SELECT pair_games FROM club_settings WHERE id = 1) > 0"        \
	"  AND (SELECT count(*) FROM matches AS o WHERE o.id < " before        \
	"  AND o.kind = 'ranked' AND o.status = 'finished' AND o.rated = 1"    \
	"  AND ((o.black_id = " b " AND o.white_id = " w ")"                   \
	"  OR (o.black_id = " w " AND o.white_id = " b "))"                    \
	"  AND o.started_at > " at " - 3600 * (SELECT pair_hours"              \
	"  FROM club_settings WHERE id = 1)) >= (SELECT pair_games"            \
	"  FROM club_settings WHERE id = 1) THEN 'pair'"                       \
	" ELSE '' END)"

/* Decide, as match ?1 is counted, whether it moves the ratings. */
#define DECIDE_UNRATED                                                         \
	"UPDATE matches AS m SET unrated = " UNRATED_WHY(                      \
		"m.black_id", "m.white_id", "m.started_at",                    \
		"m.id") " WHERE id = ?1"

/* A finished ranked match, as counting needs it. */
struct ranked {
	long long id, black_id, white_id;
	enum match_result result;
	bool moves; /* it moves the ratings (matches.unrated '') */
};

/* One side of a match: what it had before and what it gets. */
struct side {
	long long id;
	double rating;
	int games;
	double score; /* 1 win, 0.5 draw, 0 loss */
};

/* Where a count goes: the players' own counters, those under the rule
 * of the match being counted, or a replay's ratings (temp.replayed, a
 * migration's: store_abort_unplayed()). */
enum count_target { COUNT_OWN, COUNT_RULE, COUNT_REPLAY };

struct counter {
	enum count_target to;
	struct sql_stmt *read;	/* READ_OWN or READ_RULE */
	struct sql_stmt *apply; /* APPLY_OWN or APPLY_RULE */
};

/* Fill *m from a row of RANKED_COLUMNS and its MOVES_*. */
static void row_to_ranked(struct sql_stmt *st, struct ranked *m)
{
	m->id = sql_int64(st, 0);
	m->black_id = sql_int64(st, 1);
	m->white_id = sql_int64(st, 2);
	m->result = (enum match_result)match_result_value(sql_text(st, 3));
	m->moves = sql_int(st, 4) != 0;
}

/* Read finished ranked match `id` into *m. Return STORE_OK,
 * STORE_NOT_FOUND (no such finished ranked match) or STORE_ERR. */
static enum store_status read_ranked(struct store *s, long long id,
				     struct ranked *m, const char *what)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;
	int rc;

	if (store_prepare_ints(s,
			       "SELECT " RANKED_COLUMNS MOVES_NOW RANKED_WHERE
			       " AND id = ?1",
			       &st, &id, 1, what) != 0)
		return STORE_ERR;
	rc = sql_step(st);
	if (rc == SQL_ROW) {
		row_to_ranked(st, m);
		ret = STORE_OK;
	} else if (rc == SQL_DONE) {
		store_set_err(s, what, "no such finished ranked match");
		ret = STORE_NOT_FOUND;
	} else {
		store_set_db_err(s, what);
	}
	store_release(s, st);
	return ret;
}

/* Give c's statements back. Accepts one never prepared (zeroed). */
static void counter_free(struct store *s, struct counter *c)
{
	store_release(s, c->read);
	store_release(s, c->apply);
	c->read = c->apply = NULL;
}

/* A counter's statements: reading a side (?1 the player; for a rule,
 * ?2 the match), and adding a game to it (apply_side()). */
#define READ_OWN "SELECT rating, games FROM players WHERE id = ?1"
#define READ_RULE                                                              \
	"SELECT r.rating, r.games FROM rule_records AS r"                      \
	" JOIN matches AS m ON r.rule = m.rule"                                \
	" WHERE m.id = ?2 AND r.player_id = ?1"
#define APPLY_OWN                                                              \
	"UPDATE players SET games = games + 1, wins = wins + ?2,"              \
	" losses = losses + ?3, ties = ties + ?4, score = score + ?5,"         \
	" rating = rating + ?6 WHERE id = ?1"
#define APPLY_RULE                                                             \
	"INSERT INTO rule_records (rule, player_id, games, wins, losses,"      \
	" ties, score, rating) SELECT rule, ?1, 1, ?2, ?3, ?4, ?5, ?7 + ?6"    \
	" FROM matches WHERE id = ?8 ON CONFLICT (rule, player_id) DO UPDATE"  \
	" SET games = games + 1, wins = wins + ?2, losses = losses + ?3,"      \
	" ties = ties + ?4, score = score + ?5, rating = rating + ?6"

/* A replay's side: its rating and games so far (?1 the player), and a
 * game added (?1 the player, ?6 the change, ?7 the rating before its
 * first game; ?2..?5 are bound and unused). */
#define READ_REPLAY                                                            \
	"SELECT rating, games FROM temp.replayed WHERE player_id = ?1"
#define APPLY_REPLAY                                                           \
	"INSERT INTO temp.replayed (player_id, games, rating)"                 \
	" VALUES (?1, 1, ?7 + ?6) ON CONFLICT (player_id) DO UPDATE"           \
	" SET games = games + 1, rating = rating + ?6"

/* Prepare c's statements (c->to says which). Return 0, or -1 with
 * the error kept and nothing left to free. */
static int counter_prepare(struct store *s, struct counter *c, const char *what)
{
	static const char *const read[] = {READ_OWN, READ_RULE, READ_REPLAY};
	static const char *const apply[] = {APPLY_OWN, APPLY_RULE,
					    APPLY_REPLAY};

	c->read = c->apply = NULL;
	if (store_prepare(s, read[c->to], &c->read, what) != 0 ||
	    store_prepare(s, apply[c->to], &c->apply, what) != 0) {
		counter_free(s, c);
		return -1;
	}
	return 0;
}

/* Read side->id's rating and games into `side` through c, for match
 * `match` (a player without a game under its rule yet starts at
 * RATING_START). Return STORE_OK, STORE_NOT_FOUND or STORE_ERR. */
static enum store_status read_side(struct store *s, const struct counter *c,
				   long long match, struct side *side,
				   const char *what)
{
	enum store_status ret = STORE_ERR;
	int rc;

	sql_reset(c->read);
	if (sql_bind_int64(c->read, 1, side->id) != SQL_OK ||
	    (c->to == COUNT_RULE &&
	     sql_bind_int64(c->read, 2, match) != SQL_OK)) {
		store_set_db_err(s, what);
		return STORE_ERR;
	}
	side->rating = RATING_START;
	side->games = 0;
	rc = sql_step(c->read);
	if (rc == SQL_ROW) {
		side->rating = sql_double(c->read, 0);
		side->games = sql_int(c->read, 1);
		ret = STORE_OK;
	} else if (rc == SQL_DONE && c->to != COUNT_OWN) {
		ret = STORE_OK;
	} else if (rc == SQL_DONE) {
		store_set_err(s, what, "no such player");
		ret = STORE_NOT_FOUND;
	} else {
		store_set_db_err(s, what);
	}
	sql_reset(c->read);
	return ret;
}

/* Add one game's outcome for `side` in match `match` to its counters
 * through c, relative to what the row holds now, with rating change
 * `delta` (a missing rule row is made, from side->rating). Return
 * STORE_OK or STORE_ERR. */
static enum store_status apply_side(struct store *s, const struct counter *c,
				    long long match, const struct side *side,
				    double delta, const char *what)
{
	const int win = side->score == 1.0, loss = side->score == 0.0;
	const int counts[] = {win, loss, !win && !loss, win - loss};
	enum store_status ret = STORE_ERR;
	int rc, i;

	sql_reset(c->apply);
	rc = sql_bind_int64(c->apply, 1, side->id);
	for (i = 0; i < 4 && rc == SQL_OK; i++)
		rc = sql_bind_int(c->apply, i + 2, counts[i]);
	if (rc == SQL_OK)
		rc = sql_bind_double(c->apply, 6, delta);
	if (rc == SQL_OK && c->to != COUNT_OWN)
		rc = sql_bind_double(c->apply, 7, side->rating);
	if (rc == SQL_OK && c->to == COUNT_RULE)
		rc = sql_bind_int64(c->apply, 8, match);
	if (rc != SQL_OK)
		store_set_db_err(s, what);
	else if (store_step_done(s, c->apply, what) == SQL_DONE)
		ret = STORE_OK;
	sql_reset(c->apply);
	return ret;
}

/* Count match m for both players through c. Each side's Elo change
 * comes from both sides' values before the game; none when m moves no
 * rating. Return STORE_OK, STORE_NOT_FOUND or STORE_ERR. */
static enum store_status count_match(struct store *s, const struct counter *c,
				     const struct ranked *m, const char *what)
{
	struct side black = {.id = m->black_id}, white = {.id = m->white_id};
	double black_delta, white_delta;
	enum store_status st;

	st = read_side(s, c, m->id, &black, what);
	if (st == STORE_OK)
		st = read_side(s, c, m->id, &white, what);
	if (st != STORE_OK)
		return st;
	black.score = match_black_score(m->result);
	white.score = 1.0 - black.score;
	black_delta = white_delta = 0.0;
	if (m->moves)
		rating_deltas(black.rating, black.games, white.rating,
			      white.games, black.score, &black_delta,
			      &white_delta);
	st = apply_side(s, c, m->id, &black, black_delta, what);
	if (st == STORE_OK)
		st = apply_side(s, c, m->id, &white, white_delta, what);
	return st;
}

/* Count match m through a counter of its own to `to`. */
static enum store_status count_once(struct store *s, const struct ranked *m,
				    enum count_target to, const char *what)
{
	struct counter c = {.to = to};
	enum store_status st;

	if (counter_prepare(s, &c, what) != 0)
		return STORE_ERR;
	st = count_match(s, &c, m, what);
	counter_free(s, &c);
	return st;
}

/* See store.h. */
enum store_status store_rating_moves(struct store *s, long long a, long long b,
				     long long at, enum match_unrated *why)
{
	const long long args[] = {a, b, at};
	enum store_status st;
	long long v = 0;

	store_clear_err(s);
	st = store_query_ints(
		s,
		"SELECT " STORE_UNRATED_SQL(UNRATED_WHY(
			"?1", "?2", "?3",
			"(SELECT coalesce(max(id), 0) + 1 FROM matches)")),
		args, 3, &v, 1, WHAT_PREDICT, "no answer");
	if (st == STORE_OK)
		*why = (enum match_unrated)v;
	return st;
}

/* See store_internal.h. */
enum store_status store_count_ranked(struct store *s, long long match_id,
				     const char *what)
{
	struct ranked m;
	enum store_status st;

	if (store_exec_ints(s, DECIDE_UNRATED, &match_id, 1, what) != SQL_DONE)
		return STORE_ERR;
	st = read_ranked(s, match_id, &m, what);
	if (st == STORE_OK)
		st = count_once(s, &m, COUNT_OWN, what);
	if (st == STORE_OK &&
	    store_exec_ints(s,
			    "UPDATE matches SET black_after = (SELECT rating"
			    " FROM players WHERE id = black_id), white_after ="
			    " (SELECT rating FROM players WHERE id = white_id)"
			    " WHERE id = ?1",
			    &match_id, 1, what) != SQL_DONE)
		st = STORE_ERR;
	if (st == STORE_OK)
		st = count_once(s, &m, COUNT_RULE, what);
	return st;
}

/* Count every finished ranked match to `to`, oldest result first (as
 * they were counted), through one counter for them all. Return STORE_OK
 * or STORE_ERR (the error kept). */
static enum store_status replay(struct store *s, enum count_target to,
				const char *what)
{
	struct counter c = {.to = to};
	enum store_status ret = STORE_OK;
	struct ranked m;
	struct sql_stmt *st;
	int rc;

	if (store_prepare(s,
			  "SELECT " RANKED_COLUMNS MOVES_THEN RANKED_WHERE
			  " ORDER BY ended_at, id",
			  &st, what) != 0)
		return STORE_ERR;
	if (counter_prepare(s, &c, what) != 0) {
		store_release(s, st);
		return STORE_ERR;
	}
	for (rc = sql_step(st); rc == SQL_ROW; rc = sql_step(st)) {
		row_to_ranked(st, &m);
		ret = count_match(s, &c, &m, what);
		if (ret != STORE_OK)
			goto out_finalize;
	}
	if (rc != SQL_DONE) {
		store_set_db_err(s, what);
		ret = STORE_ERR;
	}
out_finalize:
	counter_free(s, &c);
	store_release(s, st);
	return ret;
}

/* See store_internal.h. */
enum store_status store_replay_rule_records(struct store *s, const char *what)
{
	return replay(s, COUNT_RULE, what);
}

/* See store_internal.h. One UPDATE decides, from what is committed. */
enum store_status store_count_or_abort(struct store *s, long long match_id,
				       const char *what)
{
	long long rated = 0;

	if (store_exec_ints(s,
			    "UPDATE matches SET status = 'aborted',"
			    " result = NULL, reason = NULL WHERE id = ?1"
			    " AND kind = 'ranked' AND status = 'finished'"
			    " AND " STORE_UNPLAYED_SQL,
			    &match_id, 1, what) != SQL_DONE)
		return STORE_ERR;
	if (sql_changes(s->db) == 1)
		return STORE_OK;
	if (store_query_ints(s, "SELECT rated FROM matches WHERE id = ?1",
			     &match_id, 1, &rated, 1, what,
			     "no such match") != STORE_OK)
		return STORE_ERR;
	return rated ? store_count_ranked(s, match_id, what) : STORE_OK;
}

/* ==== Aborting the matches of older versions (migration 14) ============= */

/* The finished ranked matches that migration 14 aborts. */
#define UNPLAYED_RANKED                                                        \
	" FROM matches WHERE kind = 'ranked' AND status = 'finished' "         \
	"AND " STORE_UNPLAYED_SQL

/* Run `sql` (no parameters) inside the migration. Return STORE_OK or
 * STORE_ERR (the error kept). */
static enum store_status run(struct store *s, const char *sql, const char *what)
{
	return store_run_sql(s, sql, what) == SQL_OK ? STORE_OK : STORE_ERR;
}

/* Take back from the players' own counters what the matches about to be
 * aborted counted (their games, wins, losses, ties and score: exact
 * sums). Return STORE_OK or STORE_ERR. */
static enum store_status take_back_counts(struct store *s, const char *what)
{
	return run(
		s,
		"CREATE TEMP TABLE taken_back AS SELECT player_id,"
		" count(*) AS n, sum(won) AS n_won, sum(lost) AS n_lost"
		" FROM (SELECT black_id AS player_id,"
		" CAST(result = 'black' AS INTEGER) AS won,"
		" CAST(result = 'white' AS INTEGER) AS lost" UNPLAYED_RANKED
		" UNION ALL SELECT white_id, CAST(result = 'white' AS INTEGER),"
		" CAST(result = 'black' AS INTEGER)" UNPLAYED_RANKED
		") AS sides GROUP BY player_id;"
		"UPDATE players SET games = games - t.n,"
		" wins = wins - t.n_won, losses = losses - t.n_lost,"
		" ties = ties - (t.n - t.n_won - t.n_lost),"
		" score = score - (t.n_won - t.n_lost)"
		" FROM temp.taken_back AS t WHERE t.player_id = players.id;"
		"DROP TABLE temp.taken_back;",
		what);
}

/* Replay every finished ranked match from RATING_START into a new
 * temp.replayed, first renaming the one there (if any) to
 * temp.replayed_before. Return STORE_OK or STORE_ERR. */
static enum store_status replay_ratings(struct store *s, bool again,
					const char *what)
{
	if (again &&
	    run(s, "ALTER TABLE temp.replayed RENAME TO replayed_before;",
		what) != STORE_OK)
		return STORE_ERR;
	if (run(s,
		"CREATE TEMP TABLE replayed (player_id INTEGER PRIMARY KEY,"
		" games INTEGER NOT NULL, rating REAL NOT NULL);",
		what) != STORE_OK)
		return STORE_ERR;
	return replay(s, COUNT_REPLAY, what);
}

/* Move each player's rating by what the replay without the aborted
 * matches gives less what the replay with them gave (a player left
 * with no game in it is back at RATING_START); players it did not move
 * are not touched. Return STORE_OK or STORE_ERR. */
static enum store_status move_ratings(struct store *s, const char *what)
{
	const long long start = (long long)RATING_START; /* a whole number */

	if (store_exec_ints(
		    s,
		    "UPDATE players SET rating = rating + d.change FROM"
		    " (SELECT b.player_id, coalesce(a.rating, ?1) - b.rating"
		    " AS change FROM temp.replayed_before AS b"
		    " LEFT JOIN temp.replayed AS a"
		    " ON a.player_id = b.player_id) AS d"
		    " WHERE d.player_id = players.id AND d.change <> 0",
		    &start, 1, what) != SQL_DONE)
		return STORE_ERR;
	return run(s,
		   "DROP TABLE temp.replayed; DROP TABLE temp.replayed_before;",
		   what);
}

/* See store_internal.h. */
enum store_status store_abort_unplayed(struct store *s, const char *what)
{
	enum store_status st;
	long long n = 0;

	st = run(s,
		 "UPDATE matches SET status = 'aborted',"
		 " ended_at = coalesce(ended_at, last_active_at)"
		 " WHERE kind = 'ranked' AND status = 'abandoned'"
		 " AND " STORE_UNPLAYED_SQL ";",
		 what);
	if (st == STORE_OK &&
	    store_query_int(s, "SELECT count(*)" UNPLAYED_RANKED, &n, what) !=
		    SQL_OK)
		st = STORE_ERR;
	if (st != STORE_OK || n == 0)
		return st;
	st = replay_ratings(s, false, what);
	if (st == STORE_OK)
		st = take_back_counts(s, what);
	if (st == STORE_OK)
		st = run(s,
			 "UPDATE matches SET status = 'aborted', result = NULL,"
			 " reason = NULL WHERE kind = 'ranked'"
			 " AND status = 'finished' AND " STORE_UNPLAYED_SQL ";",
			 what);
	if (st == STORE_OK)
		st = replay_ratings(s, true, what);
	if (st == STORE_OK)
		st = move_ratings(s, what);
	if (st == STORE_OK)
		st = run(s, "DELETE FROM rule_records;", what);
	if (st == STORE_OK)
		st = replay(s, COUNT_RULE, what);
	return st;
}
