/* bench_store.c -- how the club's records scale: reading every player
 * (a leaderboard as long as the club), leaderboard, look-up, recording a
 * match (as played), refreshing a session's list after another
 * connection recorded it, and memory, at 1 000 to 1 000 000 players. Prints its
 * figures; asserts nothing (machines are shared and noisy).
 *
 * Players are inserted straight into a fresh database made by
 * store_open(), all sharing one Argon2id hash; the read of every player
 * is then compared with a plain sqlite3 scan of the same rows. The match
 * is recorded through a second handle, as another process would, and
 * the first handle's live list (holding the player who played) is then
 * refreshed. */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "bench.h"
#include "store.h"

/* A dummy hash of the right shape: no password is hashed here. */
#define SHARED_HASH                                                            \
	"$argon2id$v=19$m=65536,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$"               \
	"aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"

/* Insert n players straight into the database at `path`. */
static int fill(const char *path, int n)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	char name[32], nick[32];
	int i, rc;

	rc = sqlite3_open(path, &db);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_prepare_v2(
			db,
			"INSERT INTO players (username, nickname, "
			"password_hash, wins, losses, ties, score, games, "
			"rating, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
			"?, ?)",
			-1, &st, NULL);
	for (i = 0; rc == SQLITE_OK && i < n; i++) {
		int w = i % 37, l = i % 23, t = i % 5;

		snprintf(name, sizeof(name), "player%d", i);
		snprintf(nick, sizeof(nick), "Player %d", i);
		sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, nick, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, SHARED_HASH, -1, SQLITE_STATIC);
		sqlite3_bind_int(st, 4, w);
		sqlite3_bind_int(st, 5, l);
		sqlite3_bind_int(st, 6, t);
		sqlite3_bind_int(st, 7, w - l);
		sqlite3_bind_int(st, 8, w + l + t);
		sqlite3_bind_double(st, 9, 1500.0 + (i % 400) - 200);
		sqlite3_bind_int64(st, 10, 1700000000 + i);
		rc = sqlite3_step(st) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		fprintf(stderr, "bench: cannot fill %s: %s\n", path,
			sqlite3_errmsg(db));
	sqlite3_close(db);
	return rc == SQLITE_OK ? 0 : -1;
}

/* A plain sqlite3 full-table scan of the columns the list holds. */
static double plain_scan_ms(const char *path)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	double t0 = bench_now_ms();
	long long sum = 0;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) ==
		    SQLITE_OK &&
	    sqlite3_prepare_v2(db,
			       "SELECT id, username, nickname, created_at, "
			       "last_login_at, games, wins, losses, ties, "
			       "score, rating FROM players ORDER BY id",
			       -1, &st, NULL) == SQLITE_OK) {
		while (sqlite3_step(st) == SQLITE_ROW)
			sum += sqlite3_column_int64(st, 0) +
			       (long long)strlen((
				       const char *)sqlite3_column_text(st, 1));
	}
	sqlite3_finalize(st);
	sqlite3_close(db);
	return sum >= 0 ? bench_now_ms() - t0 : -1.0;
}

/* The leaderboard's work (ui_list_leaderboard): the top 10 by score. */
static double leaderboard_ms(struct plist *l)
{
	struct player *best[10];
	double t0 = bench_now_ms();
	size_t n = plist_top(l, PLIST_BY_SCORE, 10, best);

	return n == 10 ? bench_now_ms() - t0 : -1.0;
}

/* A full stable sort of the list by score. */
static double sort_ms(struct plist *l)
{
	double t0 = bench_now_ms();

	plist_sort(l, PLIST_BY_SCORE);
	return bench_now_ms() - t0;
}

/* Add the milliseconds since t0 to *total, keeping the most in *worst. */
static void lap(double t0, double *total, double *worst)
{
	double one = bench_now_ms() - t0;

	*total += one;
	if (one > *worst)
		*worst = one;
}

/* Play one durable match between the first two players as the program
 * records one: store_match_start(), nine store_match_move() and
 * store_match_finish(), each its own committed transaction. Return the
 * milliseconds in all, with the slowest single call in *worst, or -1. */
static double record_ms(struct store *s, struct plist *l, double *worst)
{
	static const struct move moves[] = {{7, 7},  {0, 0}, {7, 8},
					    {0, 1},  {7, 9}, {0, 2},
					    {7, 10}, {0, 3}, {7, 11}};
	const struct match_header h = {
		.kind = MATCH_RANKED,
		.black_id = plist_find(l, "player0")->id,
		.white_id = plist_find(l, "player1")->id,
		.game.variant = *rules_default(),
		.started_at = 1700000000,
	};
	double t0 = bench_now_ms(), total = 0.0;
	long long id = 0;
	bool ok;
	int i;

	*worst = 0.0;
	ok = store_match_start(s, &h, &id) == STORE_OK;
	lap(t0, &total, worst);
	for (i = 0; ok && i < 9; i++) {
		t0 = bench_now_ms();
		ok = store_match_move(s, id, i + 1, moves[i].row, moves[i].col,
				      i + 1) == STORE_OK;
		lap(t0, &total, worst);
	}
	if (ok) {
		t0 = bench_now_ms();
		ok = store_match_finish(s, id, RESULT_BLACK_WIN, REASON_FIVE,
					1700000060) == STORE_OK;
		lap(t0, &total, worst);
	}
	return ok ? total : -1.0;
}

/* Refresh l (s's live list) after another handle changed the club.
 * Return the milliseconds, or -1 when the refresh failed or did not
 * bring player0's games to `games`. */
static double refresh_ms(struct store *s, struct plist *l, int games)
{
	double t0 = bench_now_ms(), ms;

	if (store_refresh_players(s, l) != STORE_OK)
		return -1.0;
	ms = bench_now_ms() - t0;
	return plist_find(l, "player0")->rec.games == games ? ms : -1.0;
}

/* Open the database at `path` and read every player into l, returning
 * the milliseconds taken (-1 on failure) with the handle in *s. */
static double startup_ms(const char *path, struct store **s, struct plist *l)
{
	double t0 = bench_now_ms();

	if (store_open(path, s) != STORE_OK ||
	    store_top_players(*s, NULL, PLIST_BY_SCORE, INT_MAX, l) != STORE_OK)
		return -1.0;
	return bench_now_ms() - t0;
}

/* The figures of one size. */
struct size_figures {
	double startup, scan, lookup_us, record, worst, refresh, bytes;
};

/* Measure what happens after start-up: look-ups, a match recorded by
 * another handle (w) and the refresh that follows of s's live list
 * holding the player who played (a session's). */
static int after_startup(struct store *s, struct store *w, struct plist *l,
			 struct size_figures *f)
{
	int i, found = 0, games = plist_find(l, "player0")->rec.games;
	struct plist *live = plist_create();
	double t0 = bench_now_ms();
	struct player *p = NULL;

	for (i = 0; i < 1000; i++)
		found += plist_find(l, "player1") != NULL;
	f->lookup_us =
		found == 1000 ? (bench_now_ms() - t0) * 1000.0 / 1000 : -1.0;
	f->record = f->refresh = -1.0;
	if (live != NULL && store_watch_players(s, live) == STORE_OK &&
	    store_find_player(s, live, "player0", &p) == STORE_OK) {
		f->record = record_ms(w, l, &f->worst);
		f->refresh = refresh_ms(s, live, games + 1);
	}
	plist_free(live);
	return f->record < 0 || f->refresh < 0 ? -1 : 0;
}

/* One row of figures for n players in a fresh database under dir. */
static int run_size(const char *dir, int n)
{
	char path[512];
	struct store *s = NULL, *w = NULL;
	struct plist *l = plist_create();
	struct size_figures f;
	long rss0, rss1;
	int rc = -1;

	snprintf(path, sizeof(path), "%s/bench-%d.db", dir, n);
	if (l == NULL || store_open(path, &s) != STORE_OK)
		return -1;
	store_close(s);
	if (fill(path, n) != 0)
		return -1;
	f.scan = plain_scan_ms(path);
	rss0 = bench_rss_bytes();
	f.startup = startup_ms(path, &s, l);
	rss1 = bench_rss_bytes();
	f.bytes = (double)(rss1 - rss0) / n;
	if (f.startup >= 0 && store_open(path, &w) == STORE_OK &&
	    after_startup(s, w, l, &f) == 0) {
		printf("%9d  %9.1f  %9.1f  %5.2fx  %9.2f  %9.1f  %9.3f  %9.2f"
		       "  %9.2f  %9.3f  %7.0f\n",
		       n, f.startup, f.scan,
		       f.startup / (f.scan > 0 ? f.scan : 1), leaderboard_ms(l),
		       sort_ms(l), f.lookup_us, f.record, f.worst, f.refresh,
		       f.bytes);
		rc = 0;
	}
	store_close(w);
	store_close(s);
	plist_free(l);
	bench_remove_db(path);
	return rc;
}

int bench_store(const char *dir)
{
	static const int sizes[] = {1000, 100000, 1000000};
	size_t i;

	printf("\n== Players: store and list ==\n"
	       "  players   read all    sqlite3  ratio    top 10  full sort"
	       "     lookup     record    slowest    refresh  memory\n"
	       "                 ms   scan, ms               ms         ms"
	       "         us  match, ms   call, ms         ms  B/player\n");
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		if (run_size(dir, sizes[i]) != 0) {
			fprintf(stderr, "bench: store run failed at %d\n",
				sizes[i]);
			return -1;
		}
	printf("targets: reading every player at 1e6 < 1000 ms and < 1.5x the "
	       "plain scan; "
	       "record < 20 ms; refresh < 5 ms at every size; "
	       "< 150 B/player\n"
	       "record: one ranked match as the program saves it, start, 9 "
	       "moves and finish (11 commits), through a second handle; "
	       "slowest: the longest of them\n"
	       "refresh: the first handle's live list (the player who played) "
	       "brought up to date after that match (store_refresh_players)\n");
	return 0;
}
