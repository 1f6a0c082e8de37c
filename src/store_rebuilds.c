/* store_rebuilds.c -- the migrations that rebuild the matches tables
 * (7, 14 and 20): SQLite cannot alter a CHECK, so each makes the new
 * tables beside the old, copies the rows and swaps them, in scripts too
 * long for one C string. Frozen history, as every migration
 * (store_migrations.c): never edited once released.
 */
#include "store_internal.h"

/* Migration 7: ranked results nobody can escape, and matches that resume
 * exactly where they stopped. The reason 'abandoned' (a ranked
 * match left unfinished too long, claimed as a win by the player
 * not to move: always a win); an imported game whose file does not
 * say how it ended may stay 'unfinished' (its result is unknown);
 * the swap2 opening's state, so its stones are kept as they are
 * placed (opening_stones 3, or 5 once the second player chose to
 * place two more; colours_final 0 while black_id is only the one
 * who placed the first three); the time the move to play has used
 * when the match stopped (clock_used_ms); and when the match last
 * moved on (last_active_at), for the claim. The CHECKs change, so
 * both tables are rebuilt as in migration 3. Too long for one C
 * string, it runs as migrations[6], then migration_7_swap. An old match last
 * moved at its end, or at its start plus its last move's time. */
const char store_migration_7_matches[] =
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
	" rule TEXT NOT NULL"
	"  CHECK (rule IN ('freestyle', 'exact', 'renju')),"
	" opening TEXT NOT NULL DEFAULT 'none'"
	"  CHECK (opening IN ('none', 'swap2')),"
	" opening_stones INTEGER NOT NULL DEFAULT 0"
	"  CHECK (opening_stones IN (0, 3, 5)),"
	" colours_final INTEGER NOT NULL DEFAULT 1"
	"  CHECK (colours_final IN (0, 1)),"
	" rows INTEGER NOT NULL CHECK (rows BETWEEN 3 AND 26),"
	" cols INTEGER NOT NULL CHECK (cols BETWEEN 3 AND 26),"
	" k INTEGER NOT NULL CHECK (k BETWEEN 3 AND max(rows, cols)),"
	" time_per_move INTEGER NOT NULL DEFAULT 0"
	"  CHECK (time_per_move >= 0),"
	" clock_used_ms INTEGER NOT NULL DEFAULT 0"
	"  CHECK (clock_used_ms >= 0),"
	" result TEXT CHECK (result IN ('black', 'white', 'draw')),"
	" reason TEXT CHECK (reason IN ('five', 'resign', 'draw', 'full',"
	"  'timeout', 'forbidden', 'abandoned')),"
	" started_at INTEGER NOT NULL CHECK (started_at >= 0),"
	" ended_at INTEGER CHECK (ended_at >= started_at),"
	" last_active_at INTEGER NOT NULL"
	"  CHECK (last_active_at >= started_at),"
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
	" CHECK (kind <> 'imported' OR status <> 'abandoned'),"
	" CHECK ((status = 'finished') = (result IS NOT NULL)),"
	" CHECK (status <> 'finished'"
	"  OR (reason IS NOT NULL AND ended_at IS NOT NULL)),"
	" CHECK (status <> 'unfinished'"
	"  OR (reason IS NULL AND ended_at IS NULL)),"
	" CHECK (result IS NULL OR reason IS NULL"
	"  OR (reason IN ('draw', 'full')) = (result = 'draw')),"
	" CHECK (reason IS NOT 'forbidden'"
	"  OR (result = 'white' AND rule = 'renju')),"
	" CHECK (reason IS NOT 'abandoned' OR kind = 'ranked'),"
	" CHECK (opening = 'swap2'"
	"  OR (opening_stones = 0 AND colours_final = 1)),"
	" CHECK (opening = 'none' OR opening_stones > 0)"
	") STRICT;"
	"INSERT INTO new_matches (id, kind, status, black_id, white_id,"
	" black_name, white_name, ai_level, variant, rule, opening,"
	" opening_stones, colours_final, rows, cols, k, time_per_move,"
	" result, reason, started_at, ended_at, last_active_at)"
	" SELECT id, kind, status, black_id, white_id, black_name,"
	" white_name, ai_level, variant, rule, opening,"
	" CASE opening WHEN 'swap2' THEN 3 ELSE 0 END, 1, rows, cols, k,"
	" time_per_move, result, reason, started_at, ended_at,"
	" coalesce(ended_at, started_at + coalesce((SELECT max(ms)"
	" FROM match_moves WHERE match_id = matches.id), 0) / 1000)"
	" FROM matches;";

/* The rest of migration 7 (migration_code[6]): the moves, then the swap of the
 * tables. */
static const char migration_7_swap[] =
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
	"CREATE INDEX matches_ranked_by_rule ON matches (rule)"
	" WHERE kind = 'ranked' AND status = 'finished';"
	"CREATE TRIGGER match_moves_on_board BEFORE INSERT ON match_moves"
	" WHEN EXISTS (SELECT 1 FROM matches WHERE id = NEW.match_id"
	"  AND (NEW.row >= rows OR NEW.col >= cols))"
	" BEGIN SELECT RAISE(ABORT, 'move off the board'); END;"
	"PRAGMA user_version = 7;";

/* Migration 14: a ranked match that ends before both sides have moved
 * is aborted (issue 22, as on lichess): the status 'aborted' (ranked
 * only, no result or reason, an end time), counted for nobody. The
 * CHECKs change, so matches is rebuilt; presence, challenges and
 * match_requests refer to it, so the rows are set aside in temp tables
 * and the foreign keys wait for the commit (defer_foreign_keys; the
 * migration's transaction cannot turn them off) while the table is
 * dropped and made again, then put back under their ids, which settles
 * every reference; dropping matches cascades to match_moves, whose
 * rows are put back too. Every column of version 13 is kept, and the
 * indexes and match_moves' trigger (which names matches, so it goes
 * first) made again. Too
 * long for one C string, it runs as migrations[13], then
 * migration_14_swap and store_abort_unplayed() (migration_code[13]),
 * which aborts the old matches that ended before both sides moved and
 * takes back what they counted. */
const char store_migration_14_abort[] =
	"PRAGMA defer_foreign_keys = ON;"
	"CREATE TEMP TABLE old_matches AS SELECT * FROM matches;"
	"CREATE TEMP TABLE old_match_moves AS SELECT * FROM match_moves;"
	"CREATE TABLE new_matches ("
	" id INTEGER PRIMARY KEY,"
	" kind TEXT NOT NULL"
	"  CHECK (kind IN ('ranked', 'computer', 'imported')),"
	" status TEXT NOT NULL DEFAULT 'finished'"
	"  CHECK (status IN ('finished', 'unfinished', 'abandoned',"
	"   'aborted')),"
	" black_id INTEGER REFERENCES players (id),"
	" white_id INTEGER REFERENCES players (id),"
	" black_name TEXT"
	"  CHECK (length(CAST(black_name AS BLOB)) BETWEEN 1 AND 80),"
	" white_name TEXT"
	"  CHECK (length(CAST(white_name AS BLOB)) BETWEEN 1 AND 80),"
	" ai_level INTEGER CHECK (ai_level BETWEEN 1 AND 5),"
	" variant TEXT NOT NULL"
	"  CHECK (length(CAST(variant AS BLOB)) BETWEEN 1 AND 32),"
	" rule TEXT NOT NULL"
	"  CHECK (rule IN ('freestyle', 'exact', 'renju')),"
	" opening TEXT NOT NULL DEFAULT 'none'"
	"  CHECK (opening IN ('none', 'swap2')),"
	" opening_stones INTEGER NOT NULL DEFAULT 0"
	"  CHECK (opening_stones IN (0, 3, 5)),"
	" colours_final INTEGER NOT NULL DEFAULT 1"
	"  CHECK (colours_final IN (0, 1)),"
	" rows INTEGER NOT NULL CHECK (rows BETWEEN 3 AND 26),"
	" cols INTEGER NOT NULL CHECK (cols BETWEEN 3 AND 26),"
	" k INTEGER NOT NULL CHECK (k BETWEEN 3 AND max(rows, cols)),"
	" time_per_move INTEGER NOT NULL DEFAULT 0"
	"  CHECK (time_per_move >= 0),"
	" clock_used_ms INTEGER NOT NULL DEFAULT 0"
	"  CHECK (clock_used_ms >= 0),"
	" result TEXT CHECK (result IN ('black', 'white', 'draw')),"
	" reason TEXT CHECK (reason IN ('five', 'resign', 'draw', 'full',"
	"  'timeout', 'forbidden', 'abandoned')),"
	" started_at INTEGER NOT NULL CHECK (started_at >= 0),"
	" ended_at INTEGER CHECK (ended_at >= started_at),"
	" last_active_at INTEGER NOT NULL"
	"  CHECK (last_active_at >= started_at),"
	" turn_started_ms INTEGER NOT NULL DEFAULT 0"
	"  CHECK (turn_started_ms >= 0),"
	" turn_allowed_ms INTEGER NOT NULL DEFAULT 0"
	"  CHECK (turn_allowed_ms >= 0),"
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
	" CHECK (kind <> 'imported' OR status <> 'abandoned'),"
	" CHECK ((status = 'finished') = (result IS NOT NULL)),"
	" CHECK (status <> 'finished'"
	"  OR (reason IS NOT NULL AND ended_at IS NOT NULL)),"
	" CHECK (status <> 'unfinished'"
	"  OR (reason IS NULL AND ended_at IS NULL)),"
	" CHECK (status <> 'aborted'"
	"  OR (kind = 'ranked' AND reason IS NULL AND ended_at IS NOT NULL)),"
	" CHECK (result IS NULL OR reason IS NULL"
	"  OR (reason IN ('draw', 'full')) = (result = 'draw')),"
	" CHECK (reason IS NOT 'forbidden'"
	"  OR (result = 'white' AND rule = 'renju')),"
	" CHECK (reason IS NOT 'abandoned' OR kind = 'ranked'),"
	" CHECK (opening = 'swap2'"
	"  OR (opening_stones = 0 AND colours_final = 1)),"
	" CHECK (opening = 'none' OR opening_stones > 0)"
	") STRICT;";

/* The rest of migration 14 (migration_code[13], before
 * store_abort_unplayed()): the swap of the tables. */
static const char migration_14_swap[] =
	"DROP TRIGGER match_moves_on_board;" /* it names matches */
	"DROP TABLE matches;" /* its indexes; cascades to match_moves */
	"ALTER TABLE new_matches RENAME TO matches;"
	"INSERT INTO matches (id, kind, status, black_id, white_id,"
	" black_name, white_name, ai_level, variant, rule, opening,"
	" opening_stones, colours_final, rows, cols, k, time_per_move,"
	" clock_used_ms, result, reason, started_at, ended_at,"
	" last_active_at, turn_started_ms, turn_allowed_ms)"
	" SELECT id, kind, status, black_id, white_id, black_name,"
	" white_name, ai_level, variant, rule, opening, opening_stones,"
	" colours_final, rows, cols, k, time_per_move, clock_used_ms,"
	" result, reason, started_at, ended_at, last_active_at,"
	" turn_started_ms, turn_allowed_ms FROM temp.old_matches ORDER BY id;"
	"INSERT INTO match_moves (match_id, ply, row, col, ms)"
	" SELECT match_id, ply, row, col, ms FROM temp.old_match_moves"
	" ORDER BY match_id, ply;"
	"DROP TABLE temp.old_matches;"
	"DROP TABLE temp.old_match_moves;"
	"CREATE INDEX matches_by_black ON matches (black_id, started_at);"
	"CREATE INDEX matches_by_white ON matches (white_id, started_at);"
	"CREATE INDEX matches_unfinished ON matches (started_at)"
	" WHERE status = 'unfinished';"
	"CREATE INDEX matches_ranked_by_rule ON matches (rule)"
	" WHERE kind = 'ranked' AND status = 'finished';"
	"CREATE TRIGGER match_moves_on_board BEFORE INSERT ON match_moves"
	" WHEN EXISTS (SELECT 1 FROM matches WHERE id = NEW.match_id"
	"  AND (NEW.row >= rows OR NEW.col >= cols))"
	" BEGIN SELECT RAISE(ABORT, 'move off the board'); END;"
	"PRAGMA defer_foreign_keys = OFF;"
	"PRAGMA user_version = 14;";

/* Migration 20, after migrations[19] (the clock columns of match_moves
 * and challenges, the rows of matches and match_moves set aside, the
 * foreign keys deferred): matches made again with every column of
 * version 19 and the game clock's (as migration 14 makes it, with what
 * versions 15 to 17 added), its CHECK on result and reason allowing a
 * draw on time. */
static const char migration_20_matches[] =
	"CREATE TABLE new_matches ("
	" id INTEGER PRIMARY KEY,"
	" kind TEXT NOT NULL"
	"  CHECK (kind IN ('ranked', 'computer', 'imported')),"
	" status TEXT NOT NULL DEFAULT 'finished'"
	"  CHECK (status IN ('finished', 'unfinished', 'abandoned',"
	"   'aborted')),"
	" black_id INTEGER REFERENCES players (id),"
	" white_id INTEGER REFERENCES players (id),"
	" black_name TEXT"
	"  CHECK (length(CAST(black_name AS BLOB)) BETWEEN 1 AND 80),"
	" white_name TEXT"
	"  CHECK (length(CAST(white_name AS BLOB)) BETWEEN 1 AND 80),"
	" ai_level INTEGER CHECK (ai_level BETWEEN 1 AND 5),"
	" variant TEXT NOT NULL"
	"  CHECK (length(CAST(variant AS BLOB)) BETWEEN 1 AND 32),"
	" rule TEXT NOT NULL"
	"  CHECK (rule IN ('freestyle', 'exact', 'renju')),"
	" opening TEXT NOT NULL DEFAULT 'none'"
	"  CHECK (opening IN ('none', 'swap2')),"
	" opening_stones INTEGER NOT NULL DEFAULT 0"
	"  CHECK (opening_stones IN (0, 3, 5)),"
	" colours_final INTEGER NOT NULL DEFAULT 1"
	"  CHECK (colours_final IN (0, 1)),"
	" rows INTEGER NOT NULL CHECK (rows BETWEEN 3 AND 26),"
	" cols INTEGER NOT NULL CHECK (cols BETWEEN 3 AND 26),"
	" k INTEGER NOT NULL CHECK (k BETWEEN 3 AND max(rows, cols)),"
	" time_per_move INTEGER NOT NULL DEFAULT 0"
	"  CHECK (time_per_move >= 0),"
	" clock_used_ms INTEGER NOT NULL DEFAULT 0"
	"  CHECK (clock_used_ms >= 0),"
	" result TEXT CHECK (result IN ('black', 'white', 'draw')),"
	" reason TEXT CHECK (reason IN ('five', 'resign', 'draw', 'full',"
	"  'timeout', 'forbidden', 'abandoned')),"
	" started_at INTEGER NOT NULL CHECK (started_at >= 0),"
	" ended_at INTEGER CHECK (ended_at >= started_at),"
	" last_active_at INTEGER NOT NULL"
	"  CHECK (last_active_at >= started_at),"
	" turn_started_ms INTEGER NOT NULL DEFAULT 0"
	"  CHECK (turn_started_ms >= 0),"
	" turn_allowed_ms INTEGER NOT NULL DEFAULT 0"
	"  CHECK (turn_allowed_ms >= 0),"
	" claim_after_days INTEGER NOT NULL DEFAULT 7"
	"  CHECK (claim_after_days BETWEEN 0 AND 3650),"
	" forbidden TEXT NOT NULL DEFAULT 'refuse'"
	"  CHECK (forbidden IN ('refuse', 'lose')),"
	" disconnect_grace INTEGER NOT NULL DEFAULT 120"
	"  CHECK (disconnect_grace BETWEEN 0 AND 86400),"
	" clock_base INTEGER NOT NULL DEFAULT 0"
	"  CHECK (clock_base = 0 OR (clock_base BETWEEN 60 AND 10800"
	"   AND clock_base % 60 = 0 AND time_per_move = 0)),"
	" clock_increment INTEGER NOT NULL DEFAULT 0"
	"  CHECK (clock_increment BETWEEN 0 AND 60"
	"   AND (clock_base > 0 OR clock_increment = 0)),"
	" black_left_ms INTEGER NOT NULL DEFAULT 0"
	"  CHECK (black_left_ms >= 0),"
	" white_left_ms INTEGER NOT NULL DEFAULT 0"
	"  CHECK (white_left_ms >= 0),"
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
	" CHECK (kind <> 'imported' OR status <> 'abandoned'),"
	" CHECK ((status = 'finished') = (result IS NOT NULL)),"
	" CHECK (status <> 'finished'"
	"  OR (reason IS NOT NULL AND ended_at IS NOT NULL)),"
	" CHECK (status <> 'unfinished'"
	"  OR (reason IS NULL AND ended_at IS NULL)),"
	" CHECK (status <> 'aborted'"
	"  OR (kind = 'ranked' AND reason IS NULL AND ended_at IS NOT NULL)),"
	" CHECK (result IS NULL OR reason IS NULL OR reason = 'timeout'"
	"  OR (reason IN ('draw', 'full')) = (result = 'draw')),"
	" CHECK (reason IS NOT 'forbidden'"
	"  OR (result = 'white' AND rule = 'renju')),"
	" CHECK (reason IS NOT 'abandoned' OR kind = 'ranked'),"
	" CHECK (opening = 'swap2'"
	"  OR (opening_stones = 0 AND colours_final = 1)),"
	" CHECK (opening = 'none' OR opening_stones > 0)"
	") STRICT;";

/* The rest of migration 20 (migration_code[19], after
 * migration_20_matches): the swap of the tables, as migration_14_swap. */
static const char migration_20_swap[] =
	"DROP TRIGGER match_moves_on_board;" /* it names matches */
	"DROP TABLE matches;" /* its indexes; cascades to match_moves */
	"ALTER TABLE new_matches RENAME TO matches;"
	"INSERT INTO matches (id, kind, status, black_id, white_id,"
	" black_name, white_name, ai_level, variant, rule, opening,"
	" opening_stones, colours_final, rows, cols, k, time_per_move,"
	" clock_used_ms, result, reason, started_at, ended_at,"
	" last_active_at, turn_started_ms, turn_allowed_ms,"
	" claim_after_days, forbidden, disconnect_grace)"
	" SELECT id, kind, status, black_id, white_id, black_name,"
	" white_name, ai_level, variant, rule, opening, opening_stones,"
	" colours_final, rows, cols, k, time_per_move, clock_used_ms,"
	" result, reason, started_at, ended_at, last_active_at,"
	" turn_started_ms, turn_allowed_ms, claim_after_days, forbidden,"
	" disconnect_grace FROM temp.old_matches ORDER BY id;"
	"INSERT INTO match_moves (match_id, ply, row, col, ms, left_ms)"
	" SELECT match_id, ply, row, col, ms, left_ms"
	" FROM temp.old_match_moves ORDER BY match_id, ply;"
	"DROP TABLE temp.old_matches;"
	"DROP TABLE temp.old_match_moves;"
	"CREATE INDEX matches_by_black ON matches (black_id, started_at);"
	"CREATE INDEX matches_by_white ON matches (white_id, started_at);"
	"CREATE INDEX matches_unfinished ON matches (started_at)"
	" WHERE status = 'unfinished';"
	"CREATE INDEX matches_ranked_by_rule ON matches (rule)"
	" WHERE kind = 'ranked' AND status = 'finished';"
	"CREATE TRIGGER match_moves_on_board BEFORE INSERT ON match_moves"
	" WHEN EXISTS (SELECT 1 FROM matches WHERE id = NEW.match_id"
	"  AND (NEW.row >= rows OR NEW.col >= cols))"
	" BEGIN SELECT RAISE(ABORT, 'move off the board'); END;"
	"PRAGMA defer_foreign_keys = OFF;"
	"PRAGMA user_version = 20;";

/* See store_internal.h: the rest of migration 7. */
enum store_status store_migrate_7_swap(struct store *s, const char *what)
{
	return store_run_sql(s, migration_7_swap, what) == SQL_OK ? STORE_OK
								  : STORE_ERR;
}

/* See store_internal.h: the rest of migration 14. */
enum store_status store_migrate_14_abort(struct store *s, const char *what)
{
	if (store_run_sql(s, migration_14_swap, what) != SQL_OK)
		return STORE_ERR;
	return store_abort_unplayed(s, what);
}

/* See store_internal.h: the rest of migration 20. */
enum store_status store_migrate_20_matches(struct store *s, const char *what)
{
	if (store_run_sql(s, migration_20_matches, what) != SQL_OK ||
	    store_run_sql(s, migration_20_swap, what) != SQL_OK)
		return STORE_ERR;
	return STORE_OK;
}
