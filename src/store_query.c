/* store_query.c -- reading across matches: a player's history, the
 * imported games, a player's record against the computer, and players'
 * records under a rule; and the leaderboards. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "rating.h"
#include "store_internal.h"

#define WHAT_UNFINISHED_LIST "cannot list the unfinished matches"
#define WHAT_HISTORY	     "cannot read the match history"
#define WHAT_IMPORTED	     "cannot read the imported games"
#define WHAT_COMPUTER	     "cannot read the record against the computer"
#define WHAT_RULE	     "cannot read the records under the rule"
#define WHAT_ABORTED	     "cannot count the aborted matches"

/* ==== History =========================================================== */

/* After the game's nine columns (STORE_GAME_COLUMNS) and m.id: the
 * words. */
#define WORDS_AT (STORE_GAME_DEF + 1)

/* The columns row_to_history() reads, in its order; ?1 is the player.
 * HISTORY_NCOLUMNS of them (store_unfinished() adds one). */
#define HISTORY_COLUMNS                                                        \
	STORE_GAME_COLUMNS                                                     \
	", m.id, m.kind, m.status, m.rule, m.result, m.reason,"                \
	" CASE WHEN m.black_id = ?1 THEN 1 ELSE 2 END, "                       \
	"coalesce(o.id, 0),"                                                   \
	" o.username, o.nickname, coalesce(m.ai_level, 0), "                   \
	"m.started_at,"                                                        \
	" coalesce(m.ended_at, 0),"                                            \
	" (SELECT count(*) FROM match_moves WHERE match_id = m.id),"           \
	" coalesce((SELECT ms FROM match_moves WHERE match_id = m.id"          \
	" ORDER BY ply DESC LIMIT 1), 0), m.rated, " STORE_UNRATED_SQL(        \
		"m.unrated")
#define HISTORY_NCOLUMNS (WORDS_AT + 5 + 11)

/* Fill the game and the words of *r from a row of HISTORY_COLUMNS.
 * Return 0, or -1 when one is not valid. */
static int history_words(struct sql_stmt *st, struct history_row *r)
{
	struct match_words w;

	if (store_row_game(st, 0, &r->game) != 0 ||
	    store_read_words(st, WORDS_AT, 5, &w) != 0)
		return -1;
	r->kind = w.kind;
	r->status = w.status;
	r->result = w.result;
	r->reason = w.reason;
	return 0;
}

/* Fill *r from a row of HISTORY_COLUMNS; the strings point into the
 * statement. Return 0, or -1 when something stored is not valid. */
static int row_to_history(struct sql_stmt *st, struct history_row *r)
{
	enum { AFTER = WORDS_AT + 5 }; /* the columns after the words */

	memset(r, 0, sizeof *r);
	if (history_words(st, r) != 0)
		return -1;
	r->id = sql_int64(st, STORE_GAME_DEF);
	r->colour = sql_int(st, AFTER) == 1 ? STONE_BLACK : STONE_WHITE;
	r->opponent_id = sql_int64(st, AFTER + 1);
	r->opponent = sql_text(st, AFTER + 2);
	r->opponent_nickname = sql_text(st, AFTER + 3);
	r->ai_level = sql_int(st, AFTER + 4);
	r->started_at = sql_int64(st, AFTER + 5);
	r->ended_at = sql_int64(st, AFTER + 6);
	r->nmoves = sql_int(st, AFTER + 7);
	r->casual = sql_int(st, AFTER + 9) == 0;
	r->unrated = (enum match_unrated)sql_int(st, AFTER + 10);
	r->duration = r->status == MATCH_STATUS_FINISHED
			      ? r->ended_at - r->started_at
			      : sql_int64(st, AFTER + 8) / 1000;
	r->my_turn = sql_columns(st) > HISTORY_NCOLUMNS &&
		     sql_int(st, HISTORY_NCOLUMNS) != 0;
	/* (the last: store_unfinished()'s) */
	if ((r->opponent_id != 0) != (r->opponent != NULL))
		return -1;
	return 0;
}

/* Run `sql` (with args[0..n-1] as ?1..?n) and call each(ctx, st) for
 * every row it returns, until each() returns non-zero: 1 stops early,
 * -1 means the row is not valid. Return STORE_OK or STORE_ERR. */
static enum store_status list_rows(struct store *s, const char *sql,
				   const long long *args, int n,
				   int (*each)(void *, struct sql_stmt *),
				   void *ctx, const char *what)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;
	int rc, done = 0;

	if (store_prepare_ints(s, sql, &st, args, n, what) != 0)
		return STORE_ERR;
	for (rc = sql_step(st); rc == SQL_ROW; rc = sql_step(st)) {
		done = each(ctx, st);
		if (done != 0)
			break; /* no step past the row that ended it */
	}
	if (done < 0) {
		store_set_err(s, what, "a stored match is not valid");
		goto out_finalize;
	}
	if (done > 0 || rc == SQL_DONE)
		ret = STORE_OK;
	else
		store_set_db_err(s, what);
out_finalize:
	store_release(s, st);
	return ret;
}

/* A history listing's caller: its row() and ctx. */
struct history_call {
	int (*row)(void *, const struct history_row *);
	void *ctx;
};

/* list_rows()'s each() for the history. */
static int each_history(void *ctx, struct sql_stmt *st)
{
	const struct history_call *c = ctx;
	struct history_row r;

	if (row_to_history(st, &r) != 0)
		return -1;
	return c->row(c->ctx, &r) != 0 ? 1 : 0;
}

/* Call row() for up to `limit` of player `id`'s matches after `offset`,
 * newest first, until it returns non-zero. Return STORE_OK or STORE_ERR. */
static enum store_status
list_history(struct store *s, long long id, int offset, int limit,
	     int (*row)(void *, const struct history_row *), void *ctx)
{
	const long long args[] = {id, limit, offset};
	struct history_call c = {row, ctx};

	/* the page's matches chosen first, by the players' indexes: the
	 * columns (a join and two counts of moves) only for them */
	return list_rows(s,
			 "SELECT " HISTORY_COLUMNS " FROM matches AS m"
			 " LEFT JOIN players AS o ON o.id = CASE WHEN"
			 " m.black_id = ?1 THEN m.white_id ELSE m.black_id END"
			 " WHERE m.id IN (SELECT id FROM matches"
			 " WHERE black_id = ?1 OR white_id = ?1"
			 " ORDER BY started_at DESC, id DESC"
			 " LIMIT ?2 OFFSET ?3)"
			 " ORDER BY m.started_at DESC, m.id DESC",
			 args, 3, each_history, &c, WHAT_HISTORY);
}

/* See store.h. Walks matches_unfinished: a player has few. */
enum store_status
store_unfinished(struct store *s, long long player_id, int limit,
		 int (*row)(void *ctx, const struct history_row *r), void *ctx)
{
	const long long args[] = {player_id, limit};
	struct history_call c = {row, ctx};

	store_clear_err(s);
	if (limit < 0 || row == NULL) {
		store_set_err(s, WHAT_UNFINISHED_LIST, "the page is not valid");
		return STORE_ERR;
	}
	return list_rows(
		s,
		"SELECT " HISTORY_COLUMNS ", " STORE_BLACK_TO_ACT_OF(
			"m") " = (m.black_id IS NOT DISTINCT FROM ?1)"
			     " FROM matches AS m"
			     " LEFT JOIN players AS o ON o.id = CASE WHEN"
			     " m.black_id = ?1 THEN m.white_id ELSE"
			     " m.black_id END"
			     " WHERE m.status = 'unfinished'"
			     " AND (+m.black_id = ?1 OR +m.white_id = ?1)"
			     " ORDER BY m.last_active_at DESC, m.id DESC"
			     " LIMIT ?2",
		args, 2, each_history, &c, WHAT_UNFINISHED_LIST);
}

/* See store.h. One read transaction, so the total and the page agree. */
enum store_status
store_history(struct store *s, long long player_id, int offset, int limit,
	      int (*row)(void *ctx, const struct history_row *r), void *ctx,
	      int *total)
{
	enum store_status st;
	long long count = 0;

	store_clear_err(s);
	if (offset < 0 || limit < 0 || (limit > 0 && row == NULL)) {
		store_set_err(s, WHAT_HISTORY, "the page is not valid");
		return STORE_ERR;
	}
	st = store_begin_read(s, WHAT_HISTORY);
	if (st != STORE_OK)
		return st;
	st = store_player_exists(s, player_id, WHAT_HISTORY);
	if (st == STORE_OK)
		st = store_query_ints(s,
				      "SELECT count(*) FROM matches"
				      " WHERE black_id = ?1 OR white_id = ?1",
				      &player_id, 1, &count, 1, WHAT_HISTORY,
				      "");
	if (st == STORE_OK && limit > 0)
		st = list_history(s, player_id, offset, limit, row, ctx);
	st = store_finish(s, st, WHAT_HISTORY);
	if (st == STORE_OK)
		*total = count > INT_MAX ? INT_MAX : (int)count;
	return st;
}

/* ==== Imported games ===================================================== */

/* The columns row_to_imported() reads, in its order. */
#define IMPORTED_COLUMNS                                                       \
	STORE_GAME_COLUMNS                                                     \
	", m.id, m.kind, m.status, m.rule, m.result, m.reason,"                \
	" m.black_name, m.white_name, m.started_at,"                           \
	" (SELECT count(*) FROM match_moves WHERE match_id = m.id)"

/* Fill *r from a row of IMPORTED_COLUMNS; the strings point into the
 * statement. Return 0, or -1 when something stored is not valid. */
static int row_to_imported(struct sql_stmt *st, struct imported_row *r)
{
	enum { AFTER = WORDS_AT + 5 }; /* the columns after the words */
	struct match_words w;

	memset(r, 0, sizeof *r);
	if (store_row_game(st, 0, &r->game) != 0 ||
	    store_read_words(st, WORDS_AT, 5, &w) != 0 ||
	    w.kind != MATCH_IMPORTED)
		return -1;
	r->id = sql_int64(st, STORE_GAME_DEF);
	r->status = w.status;
	r->result = w.result;
	r->reason = w.reason;
	r->black_name = sql_text(st, AFTER);
	r->white_name = sql_text(st, AFTER + 1);
	r->started_at = sql_int64(st, AFTER + 2);
	r->nmoves = sql_int(st, AFTER + 3);
	return r->black_name != NULL && r->white_name != NULL ? 0 : -1;
}

/* An imported listing's caller: its row() and ctx. */
struct imported_call {
	int (*row)(void *, const struct imported_row *);
	void *ctx;
};

/* list_rows()'s each() for the imported games. */
static int each_imported(void *ctx, struct sql_stmt *st)
{
	const struct imported_call *c = ctx;
	struct imported_row r;

	if (row_to_imported(st, &r) != 0)
		return -1;
	return c->row(c->ctx, &r) != 0 ? 1 : 0;
}

/* See store.h. One read transaction, so the total and the page agree. */
enum store_status store_imported(struct store *s, int offset, int limit,
				 int (*row)(void *ctx,
					    const struct imported_row *r),
				 void *ctx, int *total)
{
	const long long args[] = {limit, offset};
	struct imported_call c = {row, ctx};
	enum store_status st;
	long long count = 0;

	store_clear_err(s);
	if (offset < 0 || limit < 0 || (limit > 0 && row == NULL)) {
		store_set_err(s, WHAT_IMPORTED, "the page is not valid");
		return STORE_ERR;
	}
	st = store_begin_read(s, WHAT_IMPORTED);
	if (st == STORE_OK)
		st = store_query_ints(s,
				      "SELECT count(*) FROM matches"
				      " WHERE kind = 'imported'",
				      NULL, 0, &count, 1, WHAT_IMPORTED, "");
	if (st == STORE_OK && limit > 0)
		st = list_rows(s,
			       "SELECT " IMPORTED_COLUMNS " FROM matches AS m"
			       " WHERE m.kind = 'imported'"
			       " ORDER BY m.started_at DESC, m.id DESC"
			       " LIMIT ?1 OFFSET ?2",
			       args, 2, each_imported, &c, WHAT_IMPORTED);
	st = store_finish(s, st, WHAT_IMPORTED);
	if (st == STORE_OK)
		*total = count > INT_MAX ? INT_MAX : (int)count;
	return st;
}

/* ==== Against the computer ================================================ */

/* See store.h. */
enum store_status store_computer_record(struct store *s, long long player_id,
					int level, int *wins, int *losses,
					int *draws)
{
	const long long args[] = {player_id, level};
	enum store_status st;
	long long v[3];

	store_clear_err(s);
	if (level < STORE_AI_LEVEL_MIN || level > STORE_AI_LEVEL_MAX) {
		store_set_err(s, WHAT_COMPUTER, "the level is not valid");
		return STORE_ERR;
	}
	st = store_player_exists(s, player_id, WHAT_COMPUTER);
	if (st == STORE_OK)
		st = store_query_ints(
			s,
			"SELECT coalesce(sum(CAST(result = CASE WHEN"
			" black_id = ?1 THEN 'black' ELSE 'white' END"
			" AS INTEGER)), 0),"
			" coalesce(sum(CAST(result = CASE WHEN black_id = ?1"
			" THEN 'white' ELSE 'black' END AS INTEGER)), 0),"
			" coalesce(sum(CAST(result = 'draw' AS INTEGER)), 0)"
			" FROM matches"
			" WHERE kind = 'computer' AND status = 'finished'"
			" AND ai_level = ?2"
			" AND (black_id = ?1 OR white_id = ?1)",
			args, 2, v, 3, WHAT_COMPUTER, "");
	if (st != STORE_OK)
		return st;
	*wins = (int)v[0];
	*losses = (int)v[1];
	*draws = (int)v[2];
	return STORE_OK;
}

/* See store.h. The per-player indexes find the player's matches. */
enum store_status store_aborted_count(struct store *s, long long player_id,
				      int *n)
{
	enum store_status st;
	long long v = 0;

	store_clear_err(s);
	st = store_player_exists(s, player_id, WHAT_ABORTED);
	if (st == STORE_OK)
		st = store_query_ints(s,
				      "SELECT count(*) FROM matches"
				      " WHERE status = 'aborted'"
				      " AND (black_id = ?1 OR white_id = ?1)",
				      &player_id, 1, &v, 1, WHAT_ABORTED, "");
	if (st == STORE_OK)
		*n = (int)v;
	return st;
}

/* ==== Records under one rule =========================================== */

/* The columns row_to_rule_record() reads, in its order. */
#define RULE_COLUMNS "player_id, games, wins, losses, ties, score, rating"

/* Fill *rec from a row of RULE_COLUMNS. */
static void row_to_rule_record(struct sql_stmt *st, struct player_record *rec)
{
	rec->games = sql_int(st, 1);
	rec->wins = sql_int(st, 2);
	rec->losses = sql_int(st, 3);
	rec->ties = sql_int(st, 4);
	rec->score = sql_int(st, 5);
	rec->rating = sql_double(st, 6);
}

/* Prepare `sql` (RULE_COLUMNS from rule_records) with the word of `rule`
 * as ?1 and the player as ?2. Return 0, or -1 with the error kept (*st
 * NULL). */
static int prepare_rule(struct store *s, const char *sql, enum rule rule,
			long long player_id, struct sql_stmt **st)
{
	const char *word = store_rule_word(rule);
	int rc;

	*st = NULL;
	if (word == NULL) {
		store_set_err(s, WHAT_RULE, "the rule is not valid");
		return -1;
	}
	if (store_prepare(s, sql, st, WHAT_RULE) != 0)
		return -1;
	rc = sql_bind_text(*st, 1, word);
	if (rc == SQL_OK)
		rc = sql_bind_int64(*st, 2, player_id);
	if (rc == SQL_OK)
		return 0;
	store_set_db_err(s, WHAT_RULE);
	store_release(s, *st);
	*st = NULL;
	return -1;
}

/* See store.h. */
enum store_status store_rule_record(struct store *s, long long player_id,
				    enum rule rule, struct player_record *rec)
{
	enum store_status ret = STORE_ERR;
	struct sql_stmt *st;
	int rc;

	store_clear_err(s);
	if (prepare_rule(s,
			 "SELECT " RULE_COLUMNS " FROM rule_records"
			 " WHERE rule = ?1 AND player_id = ?2",
			 rule, player_id, &st) != 0)
		return STORE_ERR;
	rc = sql_step(st);
	if (rc == SQL_ROW) {
		row_to_rule_record(st, rec);
		ret = STORE_OK;
	} else if (rc == SQL_DONE) {
		store_set_err(s, WHAT_RULE, "no game under the rule");
		ret = STORE_NOT_FOUND;
	} else {
		store_set_db_err(s, WHAT_RULE);
	}
	store_release(s, st);
	return ret;
}

/* ==== Results against each opponent ===================================== */

#define WHAT_OPPONENTS "cannot read the results against each opponent"

/* An opponents listing's caller: its row() and ctx. */
struct opponent_call {
	int (*row)(void *, const struct opponent_row *);
	void *ctx;
};

/* list_rows()'s each() for the opponents. */
static int each_opponent(void *ctx, struct sql_stmt *st)
{
	struct opponent_call *c = ctx;
	struct opponent_row r;

	r.opponent_id = sql_int64(st, 0);
	r.username = sql_text(st, 1);
	r.nickname = sql_text(st, 2);
	r.won = sql_int(st, 3);
	r.lost = sql_int(st, 4);
	r.drawn = sql_int(st, 5);
	if (r.username == NULL || r.nickname == NULL)
		return -1;
	return c->row(c->ctx, &r) != 0 ? 1 : 0;
}

/* See store.h. */
enum store_status
store_opponents(struct store *s, long long player_id, int limit,
		int (*row)(void *ctx, const struct opponent_row *r), void *ctx)
{
	const long long args[] = {player_id, limit};
	struct opponent_call c = {row, ctx};

	store_clear_err(s);
	if (limit < 0 || row == NULL) {
		store_set_err(s, WHAT_OPPONENTS, "the listing is not valid");
		return STORE_ERR;
	}
	/* the counted results (the rated ranked ones finished), from
	 * each side's index alone; then the opponents' names */
	return list_rows(
		s,
		"SELECT o.id, o.username, o.nickname, c.won, c.lost, c.drawn"
		" FROM (SELECT opp, sum(won) AS won, sum(lost) AS lost,"
		" sum(drawn) AS drawn, count(*) AS n FROM (SELECT white_id"
		" AS opp, CAST(result = 'black' AS INTEGER) AS won,"
		" CAST(result = 'white' AS INTEGER) AS lost,"
		" CAST(result = 'draw' AS INTEGER) AS drawn FROM matches"
		" WHERE black_id = ?1 AND black_after IS NOT NULL"
		" UNION ALL SELECT black_id, CAST(result = 'white' AS INTEGER),"
		" CAST(result = 'black' AS INTEGER),"
		" CAST(result = 'draw' AS INTEGER) FROM matches"
		" WHERE white_id = ?1 AND white_after IS NOT NULL) AS sides"
		" GROUP BY opp) AS c"
		" JOIN players AS o ON o.id = c.opp"
		" ORDER BY c.n DESC, o.username LIMIT ?2",
		args, 2, each_opponent, &c, WHAT_OPPONENTS);
}

/* ==== A player's rating after each rated match ========================== */

#define WHAT_RATED "cannot read the ratings after each result"

/* Migration 32's replay: every player's rating and ranked games so far,
 * indexed by id (up to max_id), and the statement that keeps a match's
 * two ratings after it. */
struct replay {
	long long max_id;
	double *rating;
	int *games;
	struct sql_stmt *keep;
};

/* list_rows()'s each() for the rated results, in the order they were
 * counted: count one as the store did (a game, and the ratings moved
 * only where they were), then keep both ratings on the match. */
static int each_rated(void *ctx, struct sql_stmt *st)
{
	struct replay *rp = ctx;
	const char *word = sql_text(st, 2);
	long long b = sql_int64(st, 0);
	long long w = sql_int64(st, 1);
	int result = word != NULL ? match_result_value(word) : -1;
	double db = 0.0, dw = 0.0;
	int rc;

	if (result <= RESULT_NONE || b < 1 || w < 1 || b > rp->max_id ||
	    w > rp->max_id)
		return -1;
	if (sql_int(st, 4) != 0)
		rating_deltas(rp->rating[b], rp->games[b], rp->rating[w],
			      rp->games[w],
			      match_black_score((enum match_result)result), &db,
			      &dw);
	rp->rating[b] += db;
	rp->rating[w] += dw;
	rp->games[b]++;
	rp->games[w]++;
	sql_reset(rp->keep);
	rc = sql_bind_int64(rp->keep, 1, sql_int64(st, 3));
	if (rc == SQL_OK)
		rc = sql_bind_double(rp->keep, 2, rp->rating[b]);
	if (rc == SQL_OK)
		rc = sql_bind_double(rp->keep, 3, rp->rating[w]);
	if (rc == SQL_OK)
		rc = sql_step(rp->keep);
	sql_reset(rp->keep);
	return rc == SQL_DONE ? 0 : -1;
}

/* See store_internal.h. */
enum store_status store_keep_ratings_after(struct store *s, const char *what)
{
	struct replay rp = {0};
	enum store_status st = STORE_ERR;
	long long i;

	if (store_query_int(s, "SELECT coalesce(max(id), 0) FROM players",
			    &rp.max_id, what) != SQL_OK ||
	    store_prepare(s,
			  "UPDATE matches SET black_after = ?2,"
			  " white_after = ?3 WHERE id = ?1",
			  &rp.keep, what) != 0)
		return STORE_ERR;
	rp.rating = malloc((size_t)(rp.max_id + 1) * sizeof(*rp.rating));
	rp.games = calloc((size_t)(rp.max_id + 1), sizeof(*rp.games));
	if (rp.rating == NULL || rp.games == NULL) {
		store_set_err(s, what, "out of memory");
	} else {
		for (i = 0; i <= rp.max_id; i++)
			rp.rating[i] = RATING_START;
		st = list_rows(s,
			       "SELECT black_id, white_id, result, id,"
			       " unrated = '' FROM matches"
			       " WHERE kind = 'ranked' AND status = 'finished'"
			       " AND rated = 1 ORDER BY ended_at, id",
			       NULL, 0, each_rated, &rp, what);
	}
	store_release(s, rp.keep);
	free(rp.rating);
	free(rp.games);
	return st;
}

/* A rating graph's caller: its row() and ctx. */
struct graph_call {
	int (*row)(void *ctx, long long at, double rating);
	void *ctx;
};

/* list_rows()'s each() for a player's ratings: one point. */
static int each_point(void *ctx, struct sql_stmt *st)
{
	struct graph_call *g = ctx;

	return g->row(g->ctx, sql_int64(st, 0), sql_double(st, 1)) != 0 ? 1 : 0;
}

/* See store.h. */
enum store_status store_rating_history(struct store *s, long long player_id,
				       int (*row)(void *ctx, long long at,
						  double rating),
				       void *ctx)
{
	struct graph_call g = {row, ctx};

	store_clear_err(s);
	if (row == NULL) {
		store_set_err(s, WHAT_RATED, "no callback");
		return STORE_ERR;
	}
	/* each side's index alone, merged in the counting's order */
	return list_rows(s,
			 "SELECT ended_at, black_after, id FROM matches"
			 " WHERE black_id = ?1 AND black_after IS NOT NULL"
			 " UNION ALL SELECT ended_at, white_after, id"
			 " FROM matches WHERE white_id = ?1"
			 " AND white_after IS NOT NULL ORDER BY 1, 3",
			 &player_id, 1, each_point, &g, WHAT_RATED);
}

/* ==== The leaderboards ================================================== */

#define WHAT_TOP "cannot read the leaderboard"

/* The columns of STORE_PLAYER_COLUMNS with a rule's record for the player's
 * own (the record's games and score follow from them, as the table's
 * CHECKs have it). */
#define RULE_PLAYER_COLUMNS                                                    \
	"p.id, p.username, p.nickname, p.created_at, p.last_login_at,"         \
	" r.wins, r.losses, r.ties, r.rating"

/* A ranked record's win rate, of table `t` ("" or "r."), as migration
 * 34's indexes hold it. */
#define WIN_RATE(t) "CAST(" t "wins AS DOUBLE PRECISION) / " t "games"

/* Each key's order of the ranked records of table `t` ("" or "r."), the
 * username left out: rank_compare()'s, as migrations 24's and 34's
 * indexes hold it (for PLIST_BY_WINS the losses follow from wins and
 * score). */
#define BY_SCORE(t)    t "score DESC, " t "wins DESC, " t "losses"
#define BY_RATING(t)   t "rating DESC, " BY_SCORE(t)
#define BY_WINS(t)     t "wins DESC, " t "score DESC, " t "losses"
#define BY_WIN_RATE(t) WIN_RATE(t) " DESC, " BY_SCORE(t)

/* The ranked players (games > 0) in the order BY, ?1 the rows wanted
 * and ?2 the rule's word: every rule's records, or one rule's (SQLite
 * sorts only the rows that tie on the rest, by username, as it walks the
 * rule's index). The index is walked from the top and left after ?1
 * rows. */
#define TOP_EVERY_RULE(BY)                                                     \
	"SELECT " STORE_PLAYER_COLUMNS " FROM players WHERE games > 0"         \
	" ORDER BY " BY("") ", username COLLATE NOCASE LIMIT ?1"
#define TOP_ONE_RULE(BY)                                                       \
	"SELECT " RULE_PLAYER_COLUMNS " FROM rule_records r CROSS JOIN"        \
	" players p WHERE p.id = r.player_id AND r.rule = ?2 AND r.games > 0"  \
	" ORDER BY " BY("r.") ", p.username COLLATE NOCASE LIMIT ?1"

/* The ranked players' reads, by enum plist_key, of every rule and of
 * one. */
static const char *const top_ranked[2][4] = {
	{TOP_EVERY_RULE(BY_SCORE), TOP_EVERY_RULE(BY_RATING),
	 TOP_EVERY_RULE(BY_WINS), TOP_EVERY_RULE(BY_WIN_RATE)},
	{TOP_ONE_RULE(BY_SCORE), TOP_ONE_RULE(BY_RATING), TOP_ONE_RULE(BY_WINS),
	 TOP_ONE_RULE(BY_WIN_RATE)}};

/* The unranked players, read while fewer than ?1 were found: equal
 * under every key but the username (no record), so by username. */
static const char *const top_unranked[2] = {
	"SELECT " STORE_PLAYER_COLUMNS " FROM players WHERE games = 0"
	" ORDER BY username COLLATE NOCASE LIMIT ?1",
	"SELECT " RULE_PLAYER_COLUMNS " FROM rule_records r CROSS JOIN"
	" players p WHERE p.id = r.player_id AND r.rule = ?2 AND r.games = 0"
	" ORDER BY p.username COLLATE NOCASE LIMIT ?1"};

/* Append to `out` the rows of sql (see top_ranked) for up to `top`
 * more players, `word` (NULL: none) bound as ?2. Return STORE_OK or
 * STORE_ERR with the error kept (`out` as it was). */
static enum store_status top_part(struct store *s, const char *sql,
				  const char *word, int top, struct plist *out)
{
	enum store_status st = STORE_ERR;
	struct sql_stmt *rows;
	int rc;

	if (store_prepare(s, sql, &rows, WHAT_TOP) != 0)
		return STORE_ERR;
	rc = sql_bind_int(rows, 1, top);
	if (rc == SQL_OK && word != NULL)
		rc = sql_bind_text(rows, 2, word);
	if (rc == SQL_OK)
		st = store_append_players(s, out, rows);
	else
		store_set_db_err(s, WHAT_TOP);
	store_release(s, rows);
	return st;
}

/* Whether `key` is one of enum plist_key's. */
static bool key_valid(enum plist_key key)
{
	return key >= PLIST_BY_SCORE && key <= PLIST_BY_WINRATE;
}

/* See store.h. One read transaction, so both reads see one snapshot. */
enum store_status store_top_players(struct store *s, const enum rule *rule,
				    enum plist_key key, int top,
				    struct plist *out)
{
	const char *word = rule != NULL ? store_rule_word(*rule) : NULL;
	size_t had = plist_count(out);
	int one = rule != NULL;
	enum store_status st;
	int found;

	store_clear_err(s);
	if (top < 0 || (rule != NULL && word == NULL) || !key_valid(key)) {
		store_set_err(s, WHAT_TOP,
			      "the rule, the order or the count is not valid");
		return STORE_ERR;
	}
	st = store_begin_read(s, WHAT_TOP);
	if (st != STORE_OK)
		return st;
	if (top > 0)
		st = top_part(s, top_ranked[one][key], word, top, out);
	found = (int)(plist_count(out) - had);
	if (st == STORE_OK && found < top)
		st = top_part(s, top_unranked[one], word, top - found, out);
	if (st != STORE_OK)
		while (plist_count(out) > had)
			plist_remove(out, plist_last(out));
	return store_finish(s, st, WHAT_TOP);
}

/* ==== A player's rank ==================================================== */

#define WHAT_RANK "cannot read the player's rank"

/* Whether the player is ranked, the ranked players above them under
 * the key, and the ranked players in all, from the player's row `p`.
 * RANK_SQL's middle column is 0 for an unranked player (and is not
 * worked out: a win rate of no games would divide by 0). */
#define RANK_SQL(ABOVE)                                                        \
	"SELECT p.games > 0, CASE WHEN p.games > 0 THEN " ABOVE " ELSE 0 END," \
	" (SELECT coalesce(sum(players), 0) FROM rank_groups)"                 \
	" FROM players p WHERE p.id = ?1"

/* The ranked players above p by score: the groups kept by (score, wins)
 * (schema 33) of a higher score, then of p's score and more wins (in
 * PLIST_BY_SCORE's order the losses follow from the two): two ranges of
 * rank_groups' key. By wins: the groups of more wins, then of p's wins
 * and a higher score: a pass over the groups, as many as there are
 * different records (hundreds), not players. */
#define ABOVE_BY_GROUPS(KEY, THEN)                                             \
	"(SELECT coalesce(sum(g.players), 0) FROM rank_groups g"               \
	" WHERE g." KEY " > p." KEY ")"                                        \
	" + (SELECT coalesce(sum(g.players), 0) FROM rank_groups g"            \
	" WHERE g." KEY " = p." KEY " AND g." THEN " > p." THEN ")"

/* The ranked players above p by rating or win rate (the key of the
 * counted players q, and of p): counts over ranges of migration 34's
 * index, walking every entry above p (SQLite's b-trees keep no counts),
 * as no count can be kept of a number that is different for nearly
 * every player: those of a higher key, then of p's key and a higher
 * score, then of p's key and score and more wins. */
#define ABOVE_BY_INDEX(Q, P)                                                   \
	"(SELECT count(*) FROM players q WHERE q.games > 0"                    \
	" AND " Q " > " P ")"                                                  \
	" + (SELECT count(*) FROM players q WHERE q.games > 0"                 \
	" AND " Q " = " P " AND q.score > p.score)"                            \
	" + (SELECT count(*) FROM players q WHERE q.games > 0"                 \
	" AND " Q " = " P " AND q.score = p.score AND q.wins > p.wins)"

/* The rank's read, by enum plist_key. */
static const char *const rank_sql[4] = {
	RANK_SQL(ABOVE_BY_GROUPS("score", "wins")),
	RANK_SQL(ABOVE_BY_INDEX("q.rating", "p.rating")),
	RANK_SQL(ABOVE_BY_GROUPS("wins", "score")),
	RANK_SQL(ABOVE_BY_INDEX(WIN_RATE("q."), WIN_RATE("p.")))};

/* See store.h. */
enum store_status store_player_rank(struct store *s, long long player_id,
				    enum plist_key key, int *rank,
				    long long *ranked)
{
	long long got[3];
	enum store_status st;

	store_clear_err(s);
	if (!key_valid(key)) {
		store_set_err(s, WHAT_RANK, "the order is not valid");
		return STORE_ERR;
	}
	st = store_query_ints(s, rank_sql[key], &player_id, 1, got, 3,
			      WHAT_RANK, "no such player");
	if (st != STORE_OK)
		return st;
	if (got[1] >= INT_MAX) {
		store_set_err(s, WHAT_RANK, "the rank is out of range");
		return STORE_ERR;
	}
	*rank = got[0] ? (int)got[1] + 1 : 0;
	if (ranked != NULL)
		*ranked = got[2];
	return STORE_OK;
}
