/* store_fixture.c -- what the store's suites share: the temporary
 * folder, plain SQLite on the files, a club and its matches, records,
 * history pages and old databases (see store_fixture.h).
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <CUnit/CUnit.h>
#include <sqlite3.h>

#include "player.h"
#include "rating.h"
#include "store.h"
#include "store_fixture.h"
#include "../src/store_internal.h"

/* The suite's temporary folder, and how many paths fx_new_path() gave. */
static char tmpdir[FX_PATH_SIZE];
static int file_no;

/* A new club's file as store_open() makes it on an empty one, made at
 * the suite's first fx_club() and copied for each: making a file runs
 * every migration (over a second under valgrind), which each of the
 * store suites' clubs would otherwise pay. "" until made. */
static char empty_club[FX_PATH_SIZE];

/* ==== Files and folders ================================================= */

/* Remove `path` and, when it is a folder, everything in it. Return 0 or
 * -1. */
static int remove_tree(const char *path)
{
	char child[FX_PATH_SIZE];
	struct dirent *e;
	struct stat sb;
	DIR *d;

	if (lstat(path, &sb) != 0)
		return -1;
	if (!S_ISDIR(sb.st_mode))
		return unlink(path);
	d = opendir(path);
	if (d == NULL)
		return -1;
	for (e = readdir(d); e != NULL; e = readdir(d)) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(child, sizeof child, "%s/%s", path, e->d_name);
		remove_tree(child);
	}
	closedir(d);
	return rmdir(path);
}

/* See store_fixture.h. */
int fx_suite_init(void)
{
	empty_club[0] = '\0';
	snprintf(tmpdir, sizeof tmpdir, "%s", "/tmp/gomoku-store-XXXXXX");
	return mkdtemp(tmpdir) != NULL ? 0 : -1;
}

/* See store_fixture.h. */
int fx_suite_cleanup(void)
{
	return remove_tree(tmpdir);
}

/* See store_fixture.h. */
const char *fx_tmpdir(void)
{
	return tmpdir;
}

/* See store_fixture.h. */
void fx_new_path(char *buf, const char *name)
{
	int n = snprintf(buf, FX_PATH_SIZE, "%s/%d-%s", tmpdir, ++file_no,
			 name);

	CU_ASSERT_FATAL(n > 0 && n < FX_PATH_SIZE);
}

/* See store_fixture.h. */
void fx_with_suffix(char *buf, const char *path, const char *suffix)
{
	int n = snprintf(buf, FX_PATH_SIZE, "%s%s", path, suffix);

	CU_ASSERT_FATAL(n > 0 && n < FX_PATH_SIZE);
}

/* See store_fixture.h. */
int fx_mode_of(const char *path)
{
	struct stat sb;

	if (stat(path, &sb) != 0)
		return -1;
	return (int)(sb.st_mode & 07777);
}

/* See store_fixture.h. */
char *fx_read_all(const char *path, size_t *len)
{
	char *buf = NULL;
	struct stat sb;
	FILE *f;

	f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	if (fstat(fileno(f), &sb) == 0) {
		buf = malloc((size_t)sb.st_size + 1);
		*len = (size_t)sb.st_size;
		if (buf != NULL && fread(buf, 1, *len, f) != *len) {
			free(buf);
			buf = NULL;
		}
	}
	fclose(f);
	return buf;
}

/* See store_fixture.h. */
int fx_write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	int ok;

	if (f == NULL)
		return -1;
	ok = fputs(text, f) >= 0;
	return fclose(f) == 0 && ok ? 0 : -1;
}

/* See store_fixture.h. */
int fx_same_bytes(const char *a, size_t alen, const char *path)
{
	size_t blen = 0;
	char *b = fx_read_all(path, &blen);
	int same = b != NULL && alen == blen && memcmp(a, b, alen) == 0;

	free(b);
	return same;
}

/* See store_fixture.h. */
int fx_count_in_file(const char *path, const char *needle)
{
	size_t len = 0, nlen = strlen(needle), i;
	char *buf = fx_read_all(path, &len);
	int n = 0;

	for (i = 0; buf != NULL && i + nlen <= len; i++)
		if (memcmp(buf + i, needle, nlen) == 0)
			n++;
	free(buf);
	return n;
}

/* ==== Plain SQLite ====================================================== */

/* See store_fixture.h. */
sqlite3 *fx_raw_open(const char *path)
{
	sqlite3 *db = NULL;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL) !=
		    SQLITE_OK ||
	    sqlite3_busy_timeout(db, 5000) != SQLITE_OK ||
	    sqlite3_exec(db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL) !=
		    SQLITE_OK) {
		sqlite3_close(db);
		return NULL;
	}
	return db;
}

/* See store_fixture.h. */
int fx_path_exec(const char *path, const char *sql)
{
	sqlite3 *db = fx_raw_open(path);
	int rc;

	if (db == NULL)
		return SQLITE_CANTOPEN;
	rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
	sqlite3_close(db);
	return rc;
}

/* Prepare `sql` on `db` and bind `arg` to ?1 when it has parameters.
 * NULL on failure. */
static sqlite3_stmt *raw_query(sqlite3 *db, const char *sql, long long arg)
{
	sqlite3_stmt *st = NULL;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return NULL;
	if (sqlite3_bind_parameter_count(st) > 0 &&
	    sqlite3_bind_int64(st, 1, arg) != SQLITE_OK) {
		sqlite3_finalize(st);
		return NULL;
	}
	return st;
}

/* See store_fixture.h. */
long long fx_raw_int(sqlite3 *db, const char *sql, long long arg)
{
	sqlite3_stmt *st = raw_query(db, sql, arg);
	long long v = FX_RAW_ERROR;

	if (st != NULL && sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* See store_fixture.h. */
const char *fx_raw_text(sqlite3 *db, const char *sql, long long arg, char *buf)
{
	sqlite3_stmt *st = raw_query(db, sql, arg);
	const unsigned char *t;

	snprintf(buf, FX_SNAP_SIZE, "%s", "(error)");
	if (st != NULL && sqlite3_step(st) == SQLITE_ROW) {
		t = sqlite3_column_text(st, 0);
		snprintf(buf, FX_SNAP_SIZE, "%s",
			 t ? (const char *)t : "(null)");
	}
	sqlite3_finalize(st);
	return buf;
}

/* See store_fixture.h. */
long long fx_path_int(const char *path, const char *sql, long long arg)
{
	sqlite3 *db = fx_raw_open(path);
	long long v;

	if (db == NULL)
		return FX_RAW_ERROR;
	v = fx_raw_int(db, sql, arg);
	sqlite3_close(db);
	return v;
}

/* See store_fixture.h. */
const char *fx_path_text(const char *path, const char *sql, long long arg,
			 char *buf)
{
	sqlite3 *db = fx_raw_open(path);

	snprintf(buf, FX_SNAP_SIZE, "%s", "(error)");
	if (db == NULL)
		return buf;
	fx_raw_text(db, sql, arg, buf);
	sqlite3_close(db);
	return buf;
}

/* See store_fixture.h. */
const char *fx_snapshot(const char *path, char *buf)
{
	return fx_path_text(
		path,
		"SELECT (SELECT group_concat(s, ';') FROM (SELECT id || ':' ||"
		" games || ':' || wins || ':' || losses || ':' || ties || ':'"
		" || score || ':' || rating || ':' || failed_logins || ':' ||"
		" locked_until || ':' || last_login_at AS s FROM players"
		" ORDER BY id)) || '|' || (SELECT count(*) FROM matches) ||"
		" '|' || (SELECT count(*) FROM match_moves)",
		0, buf);
}

/* See store_fixture.h. */
const char *fx_schema_text(const char *path, char *buf)
{
	return fx_path_text(path,
			    "SELECT group_concat(type || ' ' || name || ' ' ||"
			    " coalesce(sql, ''), char(10)) FROM"
			    " (SELECT * FROM sqlite_schema ORDER BY name)",
			    0, buf);
}

/* See store_fixture.h. */
int fx_refused(sqlite3 *db, const char *sql)
{
	return (sqlite3_exec(db, sql, NULL, NULL, NULL) & 0xff) ==
	       SQLITE_CONSTRAINT;
}

/* ==== Clubs and matches ================================================= */

/* See store_fixture.h. */
struct store *fx_open_ok(const char *path)
{
	struct store *s = NULL;
	enum store_status st = store_open(path, &s);

	CU_ASSERT_EQUAL_FATAL(st, STORE_OK);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_STRING_EQUAL(store_errmsg(s), "");
	return s;
}

/* See store_fixture.h. */
long long fx_session(struct store *s, const char *username)
{
	struct store_login in;

	CU_ASSERT_EQUAL_FATAL(store_get_login(s, username, "", &in), STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_session_begin(s, in.id, in.gen), STORE_OK);
	return in.id;
}

/* See store_fixture.h. */
void fx_passwd_elsewhere(const char *path, long long id, const char *hash)
{
	struct store *other = fx_open_ok(path);

	CU_ASSERT_EQUAL(store_set_password(other, id, hash), STORE_OK);
	store_close(other);
}

/* Copy the file `from` to `to`, made 0600 as the store makes its
 * files; a file `from` that does not exist is no copy. */
static void copy_file(const char *from, const char *to)
{
	char buf[65536];
	FILE *in = fopen(from, "rb"), *out;
	size_t n;
	int fd;

	if (in == NULL)
		return;
	fd = open(to, O_WRONLY | O_CREAT | O_EXCL, 0600);
	out = fd >= 0 ? fdopen(fd, "wb") : NULL;
	CU_ASSERT_PTR_NOT_NULL_FATAL(out);
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		CU_ASSERT_EQUAL_FATAL(fwrite(buf, 1, n, out), n);
	CU_ASSERT_FATAL(!ferror(in));
	fclose(in);
	CU_ASSERT_EQUAL_FATAL(fclose(out), 0);
}

/* See store_fixture.h. */
struct store *fx_club(char *path, long long ids[3])
{
	char from[FX_PATH_SIZE], to[FX_PATH_SIZE];
	struct store *s;

	if (empty_club[0] == '\0') {
		fx_new_path(empty_club, "empty-club.db");
		store_close(fx_open_ok(empty_club));
	}
	fx_new_path(path, "club.db");
	copy_file(empty_club, path);
	fx_with_suffix(from, empty_club, "-wal");
	fx_with_suffix(to, path, "-wal");
	copy_file(from, to);
	s = fx_open_ok(path);
	CU_ASSERT_EQUAL_FATAL(store_add_player(s, "alice", "Alice",
					       FX_HASH_ALICE, 1000, &ids[0]),
			      STORE_OK);
	CU_ASSERT_EQUAL_FATAL(
		store_add_player(s, "bob", "Bob", FX_HASH_BOB, 1001, &ids[1]),
		STORE_OK);
	CU_ASSERT_EQUAL_FATAL(store_add_player(s, "carol", "Carol",
					       FX_HASH_CAROL, 1002, &ids[2]),
			      STORE_OK);
	/* the tests give the store times of their own (1000, 2013, ...):
	 * the club takes them unchecked, but where a test sets it */
	CU_ASSERT_EQUAL_FATAL(store_club_set(s, CLUB_CLOCK_SKEW, 0, 1003),
			      STORE_OK);
	return s;
}

/* Append the players of `sql` (STORE_PLAYER_COLUMNS, ?1 bound to
 * `word` when not NULL) to `l`, asserting that it worked: one statement,
 * so one snapshot. */
static void read_players(struct store *s, const char *sql, const char *word,
			 struct plist *l)
{
	struct sql_stmt *rows;

	CU_ASSERT_EQUAL_FATAL(store_prepare(s, sql, &rows, "fixture"), 0);
	if (word != NULL)
		CU_ASSERT_EQUAL(sql_bind_text(rows, 1, word), SQL_OK);
	CU_ASSERT_EQUAL(store_append_players(s, l, rows), STORE_OK);
	store_release(s, rows);
}

/* See store_fixture.h. */
struct plist *fx_load_players(struct store *s)
{
	struct plist *l = plist_create();

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	read_players(s,
		     "SELECT " STORE_PLAYER_COLUMNS " FROM players"
		     " ORDER BY id",
		     NULL, l);
	return l;
}

/* See store_fixture.h. */
struct plist *fx_rule_players(struct store *s, enum rule rule)
{
	struct plist *l = plist_create();

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	read_players(s,
		     "SELECT p.id, p.username, p.nickname, p.created_at,"
		     " p.last_login_at, r.wins, r.losses, r.ties, r.rating"
		     " FROM rule_records r JOIN players p ON p.id = r.player_id"
		     " WHERE r.rule = ?1 ORDER BY p.id",
		     store_rule_word(rule), l);
	return l;
}

/* See store_fixture.h. */
int fx_rule_records(struct store *s, enum rule rule, struct fx_rule_row rows[],
		    int cap)
{
	struct sql_stmt *st;
	int n = 0, rc;

	CU_ASSERT_EQUAL_FATAL(
		store_prepare(s,
			      "SELECT player_id, games, wins, losses, ties,"
			      " score, rating FROM rule_records"
			      " WHERE rule = ?1 ORDER BY player_id",
			      &st, "fixture"),
		0);
	CU_ASSERT_EQUAL(sql_bind_text(st, 1, store_rule_word(rule)), SQL_OK);
	while ((rc = sql_step(st)) == SQL_ROW) {
		CU_ASSERT_FATAL(n < cap);
		rows[n].id = sql_int64(st, 0);
		rows[n].rec =
			(struct player_record){.games = sql_int(st, 1),
					       .wins = sql_int(st, 2),
					       .losses = sql_int(st, 3),
					       .ties = sql_int(st, 4),
					       .score = sql_int(st, 5),
					       .rating = sql_double(st, 6)};
		n++;
	}
	CU_ASSERT_EQUAL(rc, SQL_DONE);
	store_release(s, st);
	return n;
}

/* See store_fixture.h. */
struct plist *fx_live_players(struct store *s)
{
	struct plist *all = fx_load_players(s), *l = plist_create();
	const struct player *p;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	CU_ASSERT_EQUAL(store_watch_players(s, l), STORE_OK);
	for (p = plist_first(all); p != NULL; p = p->next)
		CU_ASSERT_EQUAL(store_reload_player(s, l, p->id), STORE_OK);
	plist_free(all);
	return l;
}

/* See store_fixture.h. */
struct player_record fx_record_of(struct store *s, long long id)
{
	struct player_record r = {0};
	struct plist *l = fx_load_players(s);
	struct player *p = plist_find_id(l, id);

	CU_ASSERT_PTR_NOT_NULL(p);
	if (p != NULL)
		r = p->rec;
	plist_free(l);
	return r;
}

/* See store_fixture.h. */
const struct move fx_five_moves[9] = {
	{7, 3}, {8, 3}, {7, 4}, {8, 4}, {7, 5}, {8, 5}, {7, 6}, {8, 6}, {7, 7},
};
const long long fx_five_ms[9] = {
	0, 1500, 2600, 4100, 5000, 7300, 8000, 9999, 12345,
};

/* See store_fixture.h. */
struct time_control fx_time(int per_move, int base, int increment)
{
	struct time_control tc = {CLOCK_NONE, per_move, base, increment};

	if (base != 0 || increment != 0)
		tc.kind = CLOCK_FISCHER;
	else if (per_move != 0)
		tc.kind = CLOCK_PER_MOVE;
	return tc;
}

struct match_header fx_ranked(long long black, long long white, long long at)
{
	struct match_header h = {
		.kind = MATCH_RANKED,
		.black_id = black,
		.white_id = white,
		.game.variant = {"gomoku", 15, 15, 5, RULE_FREESTYLE},
		.started_at = at,
	};
	return h;
}

/* See store_fixture.h. */
enum store_status fx_play_whole(struct store *s, const struct match_header *h,
				enum match_result result,
				enum match_reason reason, long long *mid)
{
	enum store_status st;
	long long id = 0;
	int i;

	st = store_match_start(s, h, &id);
	for (i = 0; st == STORE_OK && i < 9; i++)
		st = store_match_move(s, id, i + 1, fx_five_moves[i].row,
				      fx_five_moves[i].col, fx_five_ms[i]);
	if (st == STORE_OK)
		st = store_match_finish(s, id, result, reason,
					h->started_at + 13);
	if (st == STORE_OK)
		*mid = id;
	return st;
}

/* See store_fixture.h. */
enum store_status fx_a_match(struct store *s, long long black, long long white,
			     enum match_result result, long long *mid)
{
	const struct match_header h = fx_ranked(black, white, 2000);

	return fx_play_whole(s, &h, result,
			     result == RESULT_DRAW ? REASON_DRAW : REASON_FIVE,
			     mid);
}

/* See store_fixture.h. */
struct match_header fx_computer(long long black, long long white, int level,
				long long at)
{
	struct match_header h = fx_ranked(black, white, at);

	h.kind = MATCH_COMPUTER;
	h.ai_level = level;
	return h;
}

/* See store_fixture.h. */
struct match_header fx_imported(long long at)
{
	struct match_header h = fx_ranked(0, 0, at);

	h.kind = MATCH_IMPORTED;
	h.black_name = "Black Brain";
	h.white_name = "White Brain";
	return h;
}

/* See store_fixture.h. */
long long fx_play(struct store *s, const struct match_header *h, int n)
{
	long long id = -1;
	int i;

	CU_ASSERT_EQUAL_FATAL(store_match_start(s, h, &id), STORE_OK);
	CU_ASSERT_FATAL(id > 0);
	for (i = 0; i < n; i++)
		CU_ASSERT_EQUAL_FATAL(
			store_match_move(s, id, i + 1, fx_five_moves[i].row,
					 fx_five_moves[i].col, fx_five_ms[i]),
			STORE_OK);
	return id;
}

/* See store_fixture.h. */
long long fx_moves_of(const char *path, long long id)
{
	return fx_path_int(
		path, "SELECT count(*) FROM match_moves WHERE match_id = ?1",
		id);
}

/* ==== Records =========================================================== */

/* See store_fixture.h. */
struct player_record fx_expect_after(struct player_record r,
				     const struct player_record *opp,
				     double score)
{
	double delta = rating_delta(r.rating, r.games, opp->rating, score);

	r.games++;
	r.wins += score == 1.0;
	r.losses += score == 0.0;
	r.ties += score == 0.5;
	r.score = r.wins - r.losses;
	r.rating += delta;
	return r;
}

/* See store_fixture.h. */
void fx_assert_record(struct player_record got, struct player_record want)
{
	CU_ASSERT_EQUAL(got.games, want.games);
	CU_ASSERT_EQUAL(got.wins, want.wins);
	CU_ASSERT_EQUAL(got.losses, want.losses);
	CU_ASSERT_EQUAL(got.ties, want.ties);
	CU_ASSERT_EQUAL(got.score, want.score);
	CU_ASSERT_DOUBLE_EQUAL(got.rating, want.rating, 1e-9);
}

/* See store_fixture.h. */
void fx_record_and_check(struct store *s, const long long ids[3],
			 long long black, long long white,
			 enum match_result result, long long *mid)
{
	struct player_record b = fx_record_of(s, black),
			     w = fx_record_of(s, white);
	struct player_record third = fx_record_of(s, ids[2]);
	double bs = result == RESULT_BLACK_WIN	 ? 1.0
		    : result == RESULT_WHITE_WIN ? 0.0
						 : 0.5;

	CU_ASSERT_EQUAL_FATAL(fx_a_match(s, black, white, result, mid),
			      STORE_OK);
	fx_assert_record(fx_record_of(s, black), fx_expect_after(b, &w, bs));
	fx_assert_record(fx_record_of(s, white),
			 fx_expect_after(w, &b, 1.0 - bs));
	fx_assert_record(fx_record_of(s, ids[2]), third);
}

/* ==== Histories ========================================================= */

/* See store_fixture.h. */
int fx_collect_history(void *ctx, const struct history_row *r)
{
	struct fx_seen_list *l = ctx;
	struct fx_seen *e;

	CU_ASSERT_FATAL(l->n < 16);
	e = &l->rows[l->n++];
	e->r = *r;
	snprintf(e->opponent, sizeof e->opponent, "%s",
		 r->opponent ? r->opponent : "(computer)");
	snprintf(e->nickname, sizeof e->nickname, "%s",
		 r->opponent_nickname ? r->opponent_nickname : "(computer)");
	snprintf(e->variant, sizeof e->variant, "%s", r->game.variant.name);
	return l->stop_after != 0 && l->n >= l->stop_after;
}

/* See store_fixture.h. */
int fx_history_page(struct store *s, long long id, int offset, int limit,
		    struct fx_seen_list *l)
{
	int total = -1;

	l->n = 0;
	CU_ASSERT_EQUAL(store_history(s, id, offset, limit, fx_collect_history,
				      l, &total),
			STORE_OK);
	return total;
}

/* ==== Old databases ===================================================== */

/* What migrations 1 and 2 made, as released (store_migrations.c never edits a
 * released migration): the SQL of a real version 2 database. */
static const char v2_schema[] =
	"CREATE TABLE players ("
	" id INTEGER PRIMARY KEY,"
	" username TEXT NOT NULL UNIQUE COLLATE NOCASE"
	"  CHECK (length(username) BETWEEN 3 AND 20"
	"   AND username NOT GLOB '*[^A-Za-z0-9_]*'),"
	" nickname TEXT NOT NULL"
	"  CHECK (length(CAST(nickname AS BLOB)) BETWEEN 1 AND 80),"
	" password_hash TEXT NOT NULL"
	"  CHECK (length(password_hash) BETWEEN 1 AND 127),"
	" wins INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),"
	" losses INTEGER NOT NULL DEFAULT 0 CHECK (losses >= 0),"
	" ties INTEGER NOT NULL DEFAULT 0 CHECK (ties >= 0),"
	" score INTEGER NOT NULL DEFAULT 0,"
	" games INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),"
	" rating REAL NOT NULL DEFAULT 1500,"
	" created_at INTEGER NOT NULL CHECK (created_at >= 0),"
	" last_login_at INTEGER NOT NULL DEFAULT 0 CHECK (last_login_at >= 0),"
	" failed_logins INTEGER NOT NULL DEFAULT 0 CHECK (failed_logins >= 0),"
	" locked_until INTEGER NOT NULL DEFAULT 0 CHECK (locked_until >= 0),"
	" CHECK (score = wins - losses),"
	" CHECK (games = wins + losses + ties)"
	") STRICT;"
	"PRAGMA user_version = 1;"
	"PRAGMA application_id = 1198484843;"
	"CREATE TABLE matches ("
	" id INTEGER PRIMARY KEY,"
	" status TEXT NOT NULL DEFAULT 'finished'"
	"  CHECK (status IN ('finished', 'unfinished', 'abandoned')),"
	" black_id INTEGER REFERENCES players (id),"
	" white_id INTEGER REFERENCES players (id),"
	" ai_level INTEGER CHECK (ai_level >= 0),"
	" variant TEXT NOT NULL CHECK (length(variant) BETWEEN 1 AND 32),"
	" rule TEXT NOT NULL CHECK (rule IN ('freestyle', 'exact')),"
	" rows INTEGER NOT NULL CHECK (rows BETWEEN 3 AND 26),"
	" cols INTEGER NOT NULL CHECK (cols BETWEEN 3 AND 26),"
	" k INTEGER NOT NULL CHECK (k BETWEEN 3 AND max(rows, cols)),"
	" result TEXT CHECK (result IN ('black', 'white', 'draw')),"
	" reason TEXT"
	"  CHECK (reason IN ('five', 'resign', 'draw', 'full', 'timeout')),"
	" started_at INTEGER NOT NULL CHECK (started_at >= 0),"
	" ended_at INTEGER CHECK (ended_at >= started_at),"
	" CHECK (black_id <> white_id),"
	" CHECK (CASE WHEN ai_level IS NULL"
	"  THEN black_id IS NOT NULL AND white_id IS NOT NULL"
	"  ELSE (black_id IS NULL) <> (white_id IS NULL) END),"
	" CHECK ((status = 'finished') = (result IS NOT NULL)),"
	" CHECK (status <> 'finished'"
	"  OR (reason IS NOT NULL AND ended_at IS NOT NULL)),"
	" CHECK (status <> 'unfinished'"
	"  OR (reason IS NULL AND ended_at IS NULL)),"
	" CHECK (result IS NULL OR reason IS NULL"
	"  OR (reason IN ('draw', 'full')) = (result = 'draw'))"
	") STRICT;"
	"CREATE INDEX matches_by_black ON matches (black_id);"
	"CREATE INDEX matches_by_white ON matches (white_id);"
	"CREATE TABLE match_moves ("
	" match_id INTEGER NOT NULL"
	"  REFERENCES matches (id) ON DELETE CASCADE,"
	" ply INTEGER NOT NULL CHECK (ply BETWEEN 1 AND 676),"
	" row INTEGER NOT NULL CHECK (row BETWEEN 0 AND 25),"
	" col INTEGER NOT NULL CHECK (col BETWEEN 0 AND 25),"
	" ms INTEGER NOT NULL CHECK (ms >= 0),"
	" PRIMARY KEY (match_id, ply),"
	" UNIQUE (match_id, row, col)"
	") STRICT, WITHOUT ROWID;"
	"CREATE TRIGGER match_moves_on_board BEFORE INSERT ON match_moves"
	" WHEN EXISTS (SELECT 1 FROM matches WHERE id = NEW.match_id"
	"  AND (NEW.row >= rows OR NEW.col >= cols))"
	" BEGIN SELECT RAISE(ABORT, 'move off the board'); END;"
	"PRAGMA user_version = 2;";

/* What migration 3 made of a version 2 database, as released: with
 * v2_schema, the SQL of a real version 3 database. */
static const char v3_migration[] =
	"CREATE TABLE new_matches ("
	" id INTEGER PRIMARY KEY,"
	" kind TEXT NOT NULL"
	"  CHECK (kind IN ('ranked', 'computer', 'imported')),"
	" status TEXT NOT NULL DEFAULT 'finished'"
	"  CHECK (status IN ('finished', 'unfinished', 'abandoned')),"
	" black_id INTEGER REFERENCES players (id),"
	" white_id INTEGER REFERENCES players (id),"
	" black_name TEXT"
	"  CHECK (length(CAST(black_name AS BLOB)) BETWEEN 1 AND 80),"
	" white_name TEXT"
	"  CHECK (length(CAST(white_name AS BLOB)) BETWEEN 1 AND 80),"
	" ai_level INTEGER CHECK (ai_level BETWEEN 1 AND 5),"
	" variant TEXT NOT NULL"
	"  CHECK (length(CAST(variant AS BLOB)) BETWEEN 1 AND 32),"
	" rule TEXT NOT NULL CHECK (rule IN ('freestyle', 'exact')),"
	" rows INTEGER NOT NULL CHECK (rows BETWEEN 3 AND 26),"
	" cols INTEGER NOT NULL CHECK (cols BETWEEN 3 AND 26),"
	" k INTEGER NOT NULL CHECK (k BETWEEN 3 AND max(rows, cols)),"
	" time_per_move INTEGER NOT NULL DEFAULT 0"
	"  CHECK (time_per_move >= 0),"
	" result TEXT CHECK (result IN ('black', 'white', 'draw')),"
	" reason TEXT"
	"  CHECK (reason IN ('five', 'resign', 'draw', 'full', 'timeout')),"
	" started_at INTEGER NOT NULL CHECK (started_at >= 0),"
	" ended_at INTEGER CHECK (ended_at >= started_at),"
	" CHECK (black_id <> white_id),"
	" CHECK (CASE kind"
	"  WHEN 'ranked' THEN black_id IS NOT NULL AND white_id IS NOT NULL"
	"   AND ai_level IS NULL"
	"  WHEN 'computer' THEN (black_id IS NULL) <> (white_id IS NULL)"
	"   AND ai_level IS NOT NULL"
	"  ELSE black_id IS NULL AND white_id IS NULL AND ai_level IS NULL"
	"   AND black_name IS NOT NULL AND white_name IS NOT NULL END),"
	" CHECK (kind = 'imported'"
	"  OR (black_name IS NULL AND white_name IS NULL)),"
	" CHECK (kind <> 'imported' OR status = 'finished'),"
	" CHECK ((status = 'finished') = (result IS NOT NULL)),"
	" CHECK (status <> 'finished'"
	"  OR (reason IS NOT NULL AND ended_at IS NOT NULL)),"
	" CHECK (status <> 'unfinished'"
	"  OR (reason IS NULL AND ended_at IS NULL)),"
	" CHECK (result IS NULL OR reason IS NULL"
	"  OR (reason IN ('draw', 'full')) = (result = 'draw'))"
	") STRICT;"
	"INSERT INTO new_matches (id, kind, status, black_id, white_id,"
	" ai_level, variant, rule, rows, cols, k, result, reason,"
	" started_at, ended_at)"
	" SELECT id, CASE WHEN ai_level IS NULL THEN 'ranked'"
	" ELSE 'computer' END, status, black_id, white_id, ai_level,"
	" variant, rule, rows, cols, k, result, reason, started_at,"
	" ended_at FROM matches;"
	"CREATE TABLE new_match_moves ("
	" match_id INTEGER NOT NULL"
	"  REFERENCES new_matches (id) ON DELETE CASCADE,"
	" ply INTEGER NOT NULL CHECK (ply BETWEEN 1 AND 676),"
	" row INTEGER NOT NULL CHECK (row BETWEEN 0 AND 25),"
	" col INTEGER NOT NULL CHECK (col BETWEEN 0 AND 25),"
	" ms INTEGER NOT NULL CHECK (ms >= 0),"
	" PRIMARY KEY (match_id, ply),"
	" UNIQUE (match_id, row, col)"
	") STRICT, WITHOUT ROWID;"
	"INSERT INTO new_match_moves (match_id, ply, row, col, ms)"
	" SELECT match_id, ply, row, col, ms FROM match_moves;"
	"DROP TABLE match_moves;" /* and its trigger */
	"DROP TABLE matches;"	  /* and its indexes */
	"ALTER TABLE new_matches RENAME TO matches;"
	"ALTER TABLE new_match_moves RENAME TO match_moves;"
	"CREATE INDEX matches_by_black ON matches (black_id, started_at);"
	"CREATE INDEX matches_by_white ON matches (white_id, started_at);"
	"CREATE INDEX matches_unfinished ON matches (started_at)"
	" WHERE status = 'unfinished';"
	"CREATE TRIGGER match_moves_on_board BEFORE INSERT ON match_moves"
	" WHEN EXISTS (SELECT 1 FROM matches WHERE id = NEW.match_id"
	"  AND (NEW.row >= rows OR NEW.col >= cols))"
	" BEGIN SELECT RAISE(ABORT, 'move off the board'); END;"
	"PRAGMA user_version = 3;";

/* See store_fixture.h. */
void fx_make_old(const char *path, int version, const char *rows)
{
	sqlite3 *db = NULL;

	CU_ASSERT_EQUAL_FATAL(sqlite3_open(path, &db), SQLITE_OK);
	CU_ASSERT_EQUAL(sqlite3_exec(db, v2_schema, NULL, NULL, NULL),
			SQLITE_OK);
	if (version == 3)
		CU_ASSERT_EQUAL(
			sqlite3_exec(db, v3_migration, NULL, NULL, NULL),
			SQLITE_OK);
	CU_ASSERT_EQUAL(sqlite3_exec(db, rows, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	CU_ASSERT_EQUAL_FATAL(fx_path_int(path, "PRAGMA user_version", 0),
			      version);
}
