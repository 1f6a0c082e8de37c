/* store_fixture.h -- what the store's suites (tests/test_store_*.c)
 * share: a temporary folder per suite, plain SQLite on the files from
 * outside the store, a club of three players and whole matches, checks
 * of the players' records, history pages and old databases.
 *
 * Every file is made in the folder fx_suite_init() makes and
 * fx_suite_cleanup() removes, so each suite registers those two (the
 * suites run one after another, one folder at a time). The functions
 * assert as they go (CU_ASSERT*): a failure is the calling test's, and
 * a FATAL one ends it. A store a function opens (fx_open_ok(),
 * fx_club()) is the caller's to store_close(); a list or buffer it
 * returns (fx_load_players(), fx_read_all()) the caller's to
 * plist_free() or free().
 */
#ifndef STORE_FIXTURE_H
#define STORE_FIXTURE_H

#include <limits.h>
#include <stddef.h>

#include <sqlite3.h>

#include "player.h"
#include "store.h"

#define FX_PATH_SIZE 512       /* every path buffer */
#define FX_SNAP_SIZE 4096      /* every text buffer fx_*_text() fill */
#define FX_RAW_ERROR LLONG_MIN /* fx_raw_int() and fx_path_int() failed */

/* The password hashes of alice, bob and carol (fx_club()). */
#define FX_HASH_ALICE                                                          \
	"$argon2id$v=19$m=8,t=1,p=1$YWxpY2VzYWx0$aliceHASHaaaa0001"
#define FX_HASH_BOB   "$argon2id$v=19$m=8,t=1,p=1$Ym9ic2FsdHM$bobHASHbbbbbb0002"
#define FX_HASH_CAROL "$argon2id$v=19$m=8,t=1,p=1$Y2Fyb2xzYWx0$carolHASHccc0003"

/* ==== Files and folders ================================================= */

/* Make the suite's temporary folder. Return 0, or -1 when it cannot be
 * made (CUnit then runs none of the suite's tests). */
int fx_suite_init(void);

/* Remove the suite's temporary folder and everything in it. Return 0
 * or -1. */
int fx_suite_cleanup(void);

/* The suite's temporary folder (fx_suite_init() made it). */
const char *fx_tmpdir(void);

/* A fresh path in the temporary folder, unique within the run. */
void fx_new_path(char *buf, const char *name);

/* `path` with `suffix` appended. */
void fx_with_suffix(char *buf, const char *path, const char *suffix);

/* The permission bits of `path`, or -1 when it cannot be stat'ed. */
int fx_mode_of(const char *path);

/* The whole of file `path` in a new buffer; *len is its size. NULL when
 * it cannot be read. */
char *fx_read_all(const char *path, size_t *len);

/* Write `text` to a new file `path`. Return 0 or -1. */
int fx_write_text(const char *path, const char *text);

/* True when the `alen` bytes at `a` are the bytes of file `path`. */
int fx_same_bytes(const char *a, size_t alen, const char *path);

/* How many times `needle` occurs in the bytes of file `path` (0 when the
 * file does not exist). */
int fx_count_in_file(const char *path, const char *needle);

/* ==== Plain SQLite ====================================================== */

/* Open `path` with plain SQLite, foreign keys on. NULL on failure. */
sqlite3 *fx_raw_open(const char *path);

/* Run `sql` (no parameters) on the file `path`. Return SQLite's code. */
int fx_path_exec(const char *path, const char *sql);

/* The first column of the first row of `sql` (?1 = arg) as an integer,
 * or FX_RAW_ERROR. */
long long fx_raw_int(sqlite3 *db, const char *sql, long long arg);

/* The first column of the first row of `sql` (?1 = arg) as text in
 * buf[FX_SNAP_SIZE] ("(null)" for NULL, "(error)" on failure). */
const char *fx_raw_text(sqlite3 *db, const char *sql, long long arg, char *buf);

/* fx_raw_int() on the file `path`. */
long long fx_path_int(const char *path, const char *sql, long long arg);

/* fx_raw_text() on the file `path`. */
const char *fx_path_text(const char *path, const char *sql, long long arg,
			 char *buf);

/* Every table's rows that a match can change, as one string. */
const char *fx_snapshot(const char *path, char *buf);

/* The schema as text, sorted by object name. */
const char *fx_schema_text(const char *path, char *buf);

/* True when `sql` on `db` fails with a constraint error. */
int fx_refused(sqlite3 *db, const char *sql);

/* The counts kept by rank (schema 33), as they are and as the players'
 * rows have them, as text: the same when they are right. */
#define FX_RANK_GROUPS                                                         \
	"SELECT group_concat(score || '/' || wins || ':' || players, ' ')"     \
	" FROM (SELECT * FROM rank_groups ORDER BY score, wins)"
#define FX_RANK_GROUPS_WANTED                                                  \
	"SELECT group_concat(score || '/' || wins || ':' || n, ' ') FROM"      \
	" (SELECT score, wins, count(*) AS n FROM players WHERE games > 0"     \
	" GROUP BY score, wins ORDER BY score, wins)"

/* What schema version 18 adds (the seats' leases), taken away again:
 * with "PRAGMA user_version = 17;" after it, a version 17 file. */
#define FX_UNDO_V18 "DROP TABLE match_seats;"

/* What schema version 19 adds (the players' preferences), taken away
 * again: with "PRAGMA user_version = 18;" after it, a file from before
 * it. */
#define FX_UNDO_V19 "DROP TABLE player_prefs;"

/* What schema version 34 adds (the leaderboards' indexes by rating,
 * wins and win rate), taken away again: with "PRAGMA user_version =
 * 33;" after it, a version 33 file. */
#define FX_UNDO_V34                                                            \
	"DROP INDEX players_by_rating;"                                        \
	"DROP INDEX players_by_wins;"                                          \
	"DROP INDEX players_by_win_rate;"                                      \
	"DROP INDEX rule_records_by_rating;"                                   \
	"DROP INDEX rule_records_by_wins;"                                     \
	"DROP INDEX rule_records_by_win_rate;"

/* What schema versions 34 and 33 add (33: the counts kept by rank),
 * taken away again: with "PRAGMA user_version = 32;" after it, a
 * version 32 file. */
#define FX_UNDO_V33                                                            \
	FX_UNDO_V34                                                            \
	"DROP TRIGGER players_rank_joined;"                                    \
	"DROP TRIGGER players_rank_moved;"                                     \
	"DROP TABLE rank_groups;"

/* What schema versions 33 and 32 add (32: each side's rating after a
 * counted result), taken away again: with "PRAGMA user_version = 31;"
 * after it, a version 31 file. */
#define FX_UNDO_V32                                                            \
	FX_UNDO_V33                                                            \
	"DROP INDEX matches_counted_black;"                                    \
	"DROP INDEX matches_counted_white;"                                    \
	"ALTER TABLE matches DROP COLUMN black_after;"                         \
	"ALTER TABLE matches DROP COLUMN white_after;"

/* What schema versions 32 and 31 add (31: who may move a rating: the
 * players' approval, why a result moved none, the club's rules), taken
 * away again: with "PRAGMA user_version = 30;" after it, a version 30
 * file. */
#define FX_UNDO_V31                                                            \
	FX_UNDO_V32                                                            \
	"ALTER TABLE players DROP COLUMN approved;"                            \
	"ALTER TABLE matches DROP COLUMN unrated;"                             \
	"ALTER TABLE club_settings DROP COLUMN join_policy;"                   \
	"ALTER TABLE club_settings DROP COLUMN rated_after;"                   \
	"ALTER TABLE club_settings DROP COLUMN pair_games;"                    \
	"ALTER TABLE club_settings DROP COLUMN pair_hours;"                    \
	"ALTER TABLE club_settings DROP COLUMN clock_skew;"

/* What schema versions 31 and 30 add (30: where accounts were made
 * from, and the club's limit a day), taken away again: with "PRAGMA
 * user_version = 29;" after it, a version 29 file. */
#define FX_UNDO_V30                                                            \
	FX_UNDO_V31                                                            \
	"DROP INDEX players_by_joined_from;"                                   \
	"ALTER TABLE players DROP COLUMN joined_from;"                         \
	"ALTER TABLE club_settings DROP COLUMN joins_per_day;"

/* What schema versions 30 and 29 add (29: digits in names, a club
 * setting), taken away again: with "PRAGMA user_version = 28;" after
 * it, a version 28 file. */
#define FX_UNDO_V29                                                            \
	FX_UNDO_V30 "ALTER TABLE club_settings DROP COLUMN name_digits;"

/* What schema versions 29 and 28 add (28: the players' lock-outs),
 * taken away again: with "PRAGMA user_version = 27;" after it, a
 * version 27 file. */
#define FX_UNDO_V28 FX_UNDO_V29 "DROP TABLE lockouts;"

/* What schema versions 28 and 27 add (27: failed logins by origin),
 * taken away again: with "PRAGMA user_version = 26;" after it, a
 * version 26 file (its failures kept by name alone, none of the
 * players'). */
#define FX_UNDO_V27                                                            \
	FX_UNDO_V28                                                            \
	"CREATE TABLE login_failures_26 (name TEXT PRIMARY KEY,"               \
	" failed_logins INTEGER NOT NULL DEFAULT 0,"                           \
	" locked_until INTEGER NOT NULL DEFAULT 0,"                            \
	" last_failed_at INTEGER NOT NULL DEFAULT 0) STRICT, WITHOUT ROWID;"   \
	"INSERT INTO login_failures_26 SELECT name, failed_logins,"            \
	" locked_until, last_failed_at FROM login_failures WHERE origin = '';" \
	"DROP TABLE login_failures;"                                           \
	"ALTER TABLE login_failures_26 RENAME TO login_failures;"              \
	"CREATE INDEX login_failures_by_time ON login_failures"                \
	" (last_failed_at);"

/* What schema versions 27 and 26 add (26: the players' keys made again,
 * the same columns and indexes): with "PRAGMA user_version = 25;" after
 * it, a version 25 file whose keys are the new ones. */
#define FX_UNDO_V26 FX_UNDO_V27

/* What schema versions 26 and 25 add (25: the seeks' origins), taken
 * away again: with "PRAGMA user_version = 24;" after it, a version 24
 * file. */
#define FX_UNDO_V25                                                            \
	FX_UNDO_V26                                                            \
	"DROP INDEX seeks_one_open_origin;"                                    \
	"ALTER TABLE seeks DROP COLUMN origin;"

/* What schema versions 25 and 24 add (24: the leaderboards' indexes),
 * taken away again: with "PRAGMA user_version = 23;" after it, a
 * version 23 file. */
#define FX_UNDO_V24                                                            \
	FX_UNDO_V25                                                            \
	"DROP INDEX players_by_score;"                                         \
	"DROP INDEX rule_records_by_score;"

/* What schema versions 24 and 23 add (23: rematches), taken away again:
 * with "PRAGMA user_version = 22;" after it, a version 22 file. */
#define FX_UNDO_V23 FX_UNDO_V24 "ALTER TABLE challenges DROP COLUMN rematch_of;"

/* What schema versions 23 and 22 add (22: the analyses kept), taken
 * away again: with "PRAGMA user_version = 21;" after it, a version 21
 * file. */
#define FX_UNDO_V22 FX_UNDO_V23 "DROP TABLE match_analyses;"

/* What schema versions 22 and 21 add (21: the lobby's seeks, casual
 * matches, what a presence row watches), taken away again: with
 * "PRAGMA user_version = 20;" after it, a version 20 file. */
#define FX_UNDO_V21                                                            \
	FX_UNDO_V22                                                            \
	"DROP TABLE seeks;"                                                    \
	"ALTER TABLE presence DROP COLUMN watching_id;"                        \
	"ALTER TABLE matches DROP COLUMN rated;"

/* What schema versions 21 and 20 add (20: the game clocks of matches
 * and challenges, each move's time left), taken away again: with
 * "PRAGMA user_version = 19;" after it, a version 19 file. Before
 * FX_UNDO_V19 and the others. */
#define FX_UNDO_V20                                                            \
	FX_UNDO_V21                                                            \
	"ALTER TABLE matches DROP COLUMN clock_increment;"                     \
	"ALTER TABLE matches DROP COLUMN clock_base;"                          \
	"ALTER TABLE matches DROP COLUMN black_left_ms;"                       \
	"ALTER TABLE matches DROP COLUMN white_left_ms;"                       \
	"ALTER TABLE match_moves DROP COLUMN left_ms;"                         \
	"ALTER TABLE challenges DROP COLUMN clock_increment;"                  \
	"ALTER TABLE challenges DROP COLUMN clock_base;"

/* What schema version 17 adds (the club's settings, the rules each
 * match keeps), taken away again: with "PRAGMA user_version = 16;"
 * after it, a file from before it. */
#define FX_UNDO_V17                                                            \
	"DROP TABLE club_settings;"                                            \
	"ALTER TABLE matches DROP COLUMN claim_after_days;"                    \
	"ALTER TABLE matches DROP COLUMN forbidden;"                           \
	"ALTER TABLE matches DROP COLUMN disconnect_grace;"

/* What schema version 16 adds (the challenges' closing times, the
 * matches they offer and their pairs' index; the presence rows'
 * refusal of challenges), taken away again: with "PRAGMA user_version
 * = 15;" after it, a version 15 file. */
#define FX_UNDO_V16                                                            \
	"DROP INDEX challenges_pair;"                                          \
	"ALTER TABLE challenges DROP COLUMN closed_at;"                        \
	"ALTER TABLE challenges DROP COLUMN resume_id;"                        \
	"ALTER TABLE presence DROP COLUMN refusing;"

/* What schema version 15 adds (the players' password generations),
 * taken away again: with "PRAGMA user_version = 13;" after it, a
 * version 13 file (14 is another branch's placeholder: nothing). */
#define FX_UNDO_V15 "ALTER TABLE players DROP COLUMN password_gen;"

/* What schema version 13 adds (the matches' stored turns and the
 * requests' indexes) FX_UNDO_V15 to FX_UNDO_V20, taken away again:
 * with "PRAGMA user_version = 12;" after it, a version 12 file (its
 * requests may keep their ids). */
#define FX_UNDO_V13                                                            \
	FX_UNDO_V20                                                            \
	FX_UNDO_V19                                                            \
	FX_UNDO_V18                                                            \
	FX_UNDO_V17                                                            \
	FX_UNDO_V16                                                            \
	FX_UNDO_V15                                                            \
	"ALTER TABLE matches DROP COLUMN turn_started_ms;"                     \
	"ALTER TABLE matches DROP COLUMN turn_allowed_ms;"                     \
	"DROP INDEX match_requests_pending;"                                   \
	"DROP INDEX match_requests_match;"

/* What schema versions 12 and 13 add (the players' look-alike keys, and
 * FX_UNDO_V13), taken away again: with "PRAGMA user_version = 11;"
 * after it, a version 11 file. */
#define FX_UNDO_V12                                                            \
	FX_UNDO_V13                                                            \
	"DROP INDEX players_by_username_fold;"                                 \
	"DROP INDEX players_by_username_shape;"                                \
	"DROP INDEX players_by_nickname_fold;"                                 \
	"DROP INDEX players_by_nickname_shape;"                                \
	"ALTER TABLE players DROP COLUMN username_fold_key;"                   \
	"ALTER TABLE players DROP COLUMN username_shape_key;"                  \
	"ALTER TABLE players DROP COLUMN nickname_fold_key;"                   \
	"ALTER TABLE players DROP COLUMN nickname_shape_key;"

/* ==== Clubs and matches ================================================= */

/* Open a store at `path`, asserting success. */
struct store *fx_open_ok(const char *path);

/* Log `username` in on handle s as the ui does: its session takes the
 * password generation the login reads. Return the player's id. */
long long fx_session(struct store *s, const char *username);

/* Change player `id`'s password from another process (another handle
 * on `path`, which holds no session), to the hash `hash`. */
void fx_passwd_elsewhere(const char *path, long long id, const char *hash);

/* A new club at a fresh path (into path[FX_PATH_SIZE]) with alice, bob and
 * carol; their ids go to ids[3]. Its file is a copy of the one
 * store_open() made on an empty file at the suite's first call (the
 * tests of a new file's making open their own). Its clock_skew is 0:
 * the tests give the store times of their own. */
struct store *fx_club(char *path, long long ids[3]);

/* Every player in the database, in a new list (not live), by id. */
struct plist *fx_load_players(struct store *s);

/* Every player with a record under `rule`, holding it, in a new list
 * (not live), by id: a list to rank by the rule. */
struct plist *fx_rule_players(struct store *s, enum rule rule);

/* A player's record under one rule, as rule_records holds it. */
struct fx_rule_row {
	long long id;
	struct player_record rec;
};

/* The records under `rule`, by player id, into rows[0..cap) (more is a
 * failed test); return how many. */
int fx_rule_records(struct store *s, enum rule rule, struct fx_rule_row rows[],
		    int cap);

/* Every player in the database, in a new list made the handle's live
 * one (store_watch_players()), read into it in id order. */
struct plist *fx_live_players(struct store *s);

/* A copy of player `id`'s record as the database has it now. */
struct player_record fx_record_of(struct store *s, long long id);

/* Nine moves on 15x15 in which black makes five in a row, and the
 * milliseconds each took. */
extern const struct move fx_five_moves[9];
extern const long long fx_five_ms[9];

/* A ranked 15x15 gomoku match between `black` and `white`. */
struct match_header fx_ranked(long long black, long long white, long long at);

/* The time control of `per_move` seconds a move, or of a game clock of
 * `base` and `increment` seconds, made as clock_control() would but
 * never checked (so that a test can hand the store a bad one). */
struct time_control fx_time(int per_move, int base, int increment);

/* A 15x15 game of `black` or `white` (the other 0) against the computer
 * at `level`. */
struct match_header fx_computer(long long black, long long white, int level,
				long long at);

/* An imported 15x15 game between two names. */
struct match_header fx_imported(long long at);

/* Play a whole match as the program does: store_match_start(h), each of
 * the nine fx_five_moves with store_match_move(), then store_match_finish()
 * with `result` and `reason` 13 seconds after the start. Return the
 * first status that is not STORE_OK (the match stays as far as it got),
 * or STORE_OK with the match's id in *mid. */
enum store_status fx_play_whole(struct store *s, const struct match_header *h,
				enum match_result result,
				enum match_reason reason, long long *mid);

/* Play a whole ranked 15x15 match between `black` and `white` from 2000
 * to 2013 with the moves above, ending in `result` (by five, or an
 * agreed draw). Return as fx_play_whole(). */
enum store_status fx_a_match(struct store *s, long long black, long long white,
			     enum match_result result, long long *mid);

/* Start a match for `h` and write the first n of fx_five_moves; its id. */
long long fx_play(struct store *s, const struct match_header *h, int n);

/* How many moves match `id` has in the file. */
long long fx_moves_of(const char *path, long long id);

/* ==== Records =========================================================== */

/* `r` after one game scored `score` (1, 0.5, 0) against `opp`. */
struct player_record fx_expect_after(struct player_record r,
				     const struct player_record *opp,
				     double score);

/* Assert that two records are the same. */
void fx_assert_record(struct player_record got, struct player_record want);

/* Play one whole match and check both players' records and the
 * third's. */
void fx_record_and_check(struct store *s, const long long ids[3],
			 long long black, long long white,
			 enum match_result result, long long *mid);

/* ==== Histories ========================================================= */

/* One row of a history, with its strings copied. */
struct fx_seen {
	struct history_row r;
	char opponent[32], nickname[96], variant[40];
};

/* What a history callback collects. */
struct fx_seen_list {
	struct fx_seen rows[16];
	int n, stop_after; /* stop_after 0: never stop */
};

/* History callback: copy the row; stop when stop_after rows are in. */
int fx_collect_history(void *ctx, const struct history_row *r);

/* Read a page of player `id`'s history into *l; return the total. */
int fx_history_page(struct store *s, long long id, int offset, int limit,
		    struct fx_seen_list *l);

/* ==== Old databases ===================================================== */

/* The columns every version's players table has, of every player, as
 * one string. */
#define FX_ALL_PLAYERS                                                         \
	"SELECT group_concat(id || username || nickname || password_hash ||"   \
	" games || wins || losses || ties || score || rating || created_at,"   \
	" ';') FROM (SELECT * FROM players ORDER BY id)"

/* Make a version 2 or 3 database at `path` with plain SQLite (foreign
 * keys off, as a careless tool might have them): the version 2 schema,
 * for version 3 its migration, then `rows`. */
void fx_make_old(const char *path, int version, const char *rows);

#endif
