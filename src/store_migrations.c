/* store_migrations.c -- SQLite's schema, as the ordered migrations
 * that build and upgrade a file: migrations[i] takes it from version i
 * to i + 1, and migration_code[i] does in C what its SQL cannot (Elo
 * replayed, names keyed), in the same transaction. The migrations are
 * frozen history: a released one is never edited, so later migrations
 * repeat SQL on purpose when they rebuild a table (store_rebuilds.c).
 */
#include "store_internal.h"

#define STR_(x) #x
#define STR(x)	STR_(x)
/* Part of migration 1: mark the file as ours. */
#define SET_APP_ID "PRAGMA application_id = " STR(STORE_APP_ID) ";"

/* migrations[i] takes the schema from version i to version i + 1 and sets
 * user_version to i + 1. Never edit a released migration: add one. */
static const char *const migrations[] = {
	/* 1: the players */
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
	"PRAGMA user_version = 1;" SET_APP_ID,

	/* 2: matches and their moves. A game against the computer has one
	 * player id NULL and ai_level set; result is NULL until finished. */
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
	"PRAGMA user_version = 2;",

	/* 3: kinds of match (ranked, against the computer, imported), the
	 * names of imported games' players, a time limit per move, and
	 * indexes for a player's history and unfinished matches. SQLite
	 * cannot change a CHECK, so both tables are rebuilt inside the
	 * migration's transaction, where foreign_keys stays ON: the new
	 * tables are made and filled (new_match_moves referring to
	 * new_matches), the old match_moves is dropped before the old
	 * matches (so that drop cascades to nothing), and renaming
	 * new_matches to matches points new_match_moves' reference at
	 * "matches". store_schema_migrate() then runs foreign_key_check. A v2
	 * row with an ai_level becomes a computer game, every other one ranked.
	 */
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
	"PRAGMA user_version = 3;",

	/* 4: the renju rule, the reason 'forbidden' (black played a
	 * forbidden point under renju and lost: only a win for white in a
	 * renju match), and the opening a match was played with. The
	 * CHECKs change, so both tables are rebuilt as in migration 3; every
	 * v3 match gets the opening 'none'. */
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
	" rows INTEGER NOT NULL CHECK (rows BETWEEN 3 AND 26),"
	" cols INTEGER NOT NULL CHECK (cols BETWEEN 3 AND 26),"
	" k INTEGER NOT NULL CHECK (k BETWEEN 3 AND max(rows, cols)),"
	" time_per_move INTEGER NOT NULL DEFAULT 0"
	"  CHECK (time_per_move >= 0),"
	" result TEXT CHECK (result IN ('black', 'white', 'draw')),"
	" reason TEXT CHECK (reason IN ('five', 'resign', 'draw', 'full',"
	"  'timeout', 'forbidden')),"
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
	"  OR (reason IN ('draw', 'full')) = (result = 'draw')),"
	" CHECK (reason IS NOT 'forbidden'"
	"  OR (result = 'white' AND rule = 'renju'))"
	") STRICT;"
	"INSERT INTO new_matches (id, kind, status, black_id, white_id,"
	" black_name, white_name, ai_level, variant, rule, rows, cols, k,"
	" time_per_move, result, reason, started_at, ended_at)"
	" SELECT id, kind, status, black_id, white_id, black_name,"
	" white_name, ai_level, variant, rule, rows, cols, k,"
	" time_per_move, result, reason, started_at, ended_at FROM matches;"
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
	"PRAGMA user_version = 4;",

	/* 5: each player's record and Elo rating under each rule alone,
	 * counted like the players' own (store_count_ranked()); a row
	 * appears with a player's first finished ranked match under the
	 * rule. Filled from the matches already played by
	 * store_replay_rule_records() (migration_code[4]). */
	"CREATE TABLE rule_records ("
	" rule TEXT NOT NULL"
	"  CHECK (rule IN ('freestyle', 'exact', 'renju')),"
	" player_id INTEGER NOT NULL REFERENCES players (id),"
	" games INTEGER NOT NULL CHECK (games >= 0),"
	" wins INTEGER NOT NULL CHECK (wins >= 0),"
	" losses INTEGER NOT NULL CHECK (losses >= 0),"
	" ties INTEGER NOT NULL CHECK (ties >= 0),"
	" score INTEGER NOT NULL,"
	" rating REAL NOT NULL,"
	" CHECK (score = wins - losses),"
	" CHECK (games = wins + losses + ties),"
	" PRIMARY KEY (rule, player_id)"
	") STRICT, WITHOUT ROWID;"
	"PRAGMA user_version = 5;",

	/* 6: live player lists. Every insert of a player, and every change
	 * to the columns a list holds, stamps the row's changed_seq with the
	 * next value of the one-row counter player_change_seq, inside the
	 * writer's transaction, so another process reads only the rows
	 * changed since the counter value it has seen. Existing rows keep
	 * 0 (a list loaded after this migration has read them). */
	"CREATE TABLE player_change_seq ("
	" id INTEGER PRIMARY KEY CHECK (id = 1),"
	" seq INTEGER NOT NULL CHECK (seq >= 0)"
	") STRICT;"
	"INSERT INTO player_change_seq (id, seq) VALUES (1, 0);"
	"ALTER TABLE players ADD COLUMN"
	" changed_seq INTEGER NOT NULL DEFAULT 0 CHECK (changed_seq >= 0);"
	"CREATE INDEX players_by_change ON players (changed_seq);"
	"CREATE TRIGGER players_inserted AFTER INSERT ON players BEGIN"
	" UPDATE player_change_seq SET seq = seq + 1;"
	" UPDATE players SET changed_seq = (SELECT seq FROM player_change_seq)"
	"  WHERE id = NEW.id;"
	" END;"
	"CREATE TRIGGER players_changed AFTER UPDATE OF username, nickname,"
	" created_at, last_login_at, games, wins, losses, ties, score, rating"
	" ON players BEGIN"
	" UPDATE player_change_seq SET seq = seq + 1;"
	" UPDATE players SET changed_seq = (SELECT seq FROM player_change_seq)"
	"  WHERE id = NEW.id;"
	" END;"
	"PRAGMA user_version = 6;",

	/* 7: see store_rebuilds.c. */
	store_migration_7_matches,

	/* 8: failed logins for names that have no account, keyed by the
	 * name in lower case, so that such a name counts failures and
	 * locks as an account would and nothing tells the two apart. */
	"CREATE TABLE login_failures ("
	" name TEXT PRIMARY KEY"
	"  CHECK (length(name) BETWEEN 3 AND 20"
	"   AND name NOT GLOB '*[^a-z0-9_]*'),"
	" failed_logins INTEGER NOT NULL DEFAULT 0 CHECK (failed_logins >= 0),"
	" locked_until INTEGER NOT NULL DEFAULT 0 CHECK (locked_until >= 0)"
	") STRICT, WITHOUT ROWID;"
	"PRAGMA user_version = 8;",

	/* 9: the time of the last failed login, for players and for names
	 * without an account alike: failures older than
	 * AUTH_FAILURE_WINDOW no longer count, and such login_failures
	 * rows are deleted (store_players.c). Failures counted before
	 * this version are taken as made now. */
	"ALTER TABLE players ADD COLUMN last_failed_at INTEGER NOT NULL"
	" DEFAULT 0 CHECK (last_failed_at >= 0);"
	"ALTER TABLE login_failures ADD COLUMN last_failed_at INTEGER NOT NULL"
	" DEFAULT 0 CHECK (last_failed_at >= 0);"
	"UPDATE players SET last_failed_at = CAST(strftime('%s', 'now') AS"
	" INTEGER) WHERE failed_logins > 0;"
	"UPDATE login_failures SET last_failed_at = CAST(strftime('%s', 'now')"
	" AS INTEGER);"
	"CREATE INDEX login_failures_by_time ON login_failures"
	" (last_failed_at);"
	"PRAGMA user_version = 9;",

	/* 10: two terminals (issue 15). Who is here: one row per running
	 * process with a logged-in player, refreshed every few seconds by
	 * that process alone and ignored once stale. Challenges between
	 * players, answered from the other player's terminal; an accepted
	 * one names the ranked match it started. A match's request to the
	 * player at the other terminal (a draw offer), one at a time. */
	"CREATE TABLE presence ("
	" pid INTEGER PRIMARY KEY CHECK (pid > 0),"
	" player_id INTEGER NOT NULL REFERENCES players (id),"
	" state TEXT NOT NULL CHECK (state IN ('idle', 'playing')),"
	" match_id INTEGER REFERENCES matches (id),"
	" refreshed_at INTEGER NOT NULL CHECK (refreshed_at >= 0),"
	" CHECK ((state = 'playing') = (match_id IS NOT NULL))"
	") STRICT;"
	"CREATE INDEX presence_by_player ON presence (player_id);"
	"CREATE TABLE challenges ("
	" id INTEGER PRIMARY KEY,"
	" from_id INTEGER NOT NULL REFERENCES players (id),"
	" to_id INTEGER NOT NULL REFERENCES players (id),"
	" variant TEXT NOT NULL"
	"  CHECK (length(CAST(variant AS BLOB)) BETWEEN 1 AND 32),"
	" rule TEXT NOT NULL"
	"  CHECK (rule IN ('freestyle', 'exact', 'renju')),"
	" rows INTEGER NOT NULL CHECK (rows BETWEEN 3 AND 26),"
	" cols INTEGER NOT NULL CHECK (cols BETWEEN 3 AND 26),"
	" k INTEGER NOT NULL CHECK (k BETWEEN 3 AND max(rows, cols)),"
	" opening TEXT NOT NULL CHECK (opening IN ('none', 'swap2')),"
	" time_per_move INTEGER NOT NULL CHECK (time_per_move >= 0),"
	" created_at INTEGER NOT NULL CHECK (created_at >= 0),"
	" state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN"
	"  ('pending', 'accepted', 'declined', 'expired', 'withdrawn')),"
	" match_id INTEGER REFERENCES matches (id),"
	" CHECK (from_id <> to_id),"
	" CHECK ((state = 'accepted') = (match_id IS NOT NULL))"
	") STRICT;"
	"CREATE INDEX challenges_pending ON challenges (to_id, created_at)"
	" WHERE state = 'pending';"
	"CREATE TABLE match_requests ("
	" match_id INTEGER PRIMARY KEY REFERENCES matches (id),"
	" kind TEXT NOT NULL CHECK (kind IN ('draw')),"
	" ply INTEGER NOT NULL CHECK (ply BETWEEN 0 AND 676),"
	" state TEXT NOT NULL"
	"  CHECK (state IN ('pending', 'accepted', 'declined')),"
	" created_at INTEGER NOT NULL CHECK (created_at >= 0)"
	") STRICT;"
	"PRAGMA user_version = 10;",

	/* 11: undo between two terminals (issue 15). A match's request to
	 * the other terminal is a draw offer or an undo (the asker's last
	 * move and the reply, so never before ply 2). SQLite cannot widen a
	 * CHECK in place: the table is made again and its rows copied;
	 * nothing refers to it. */
	"CREATE TABLE new_match_requests ("
	" match_id INTEGER PRIMARY KEY REFERENCES matches (id),"
	" kind TEXT NOT NULL CHECK (kind IN ('draw', 'undo')),"
	" ply INTEGER NOT NULL CHECK (ply BETWEEN 0 AND 676),"
	" state TEXT NOT NULL"
	"  CHECK (state IN ('pending', 'accepted', 'declined')),"
	" created_at INTEGER NOT NULL CHECK (created_at >= 0),"
	" CHECK (kind = 'draw' OR ply >= 2)"
	") STRICT;"
	"INSERT INTO new_match_requests (match_id, kind, ply, state,"
	" created_at) SELECT match_id, kind, ply, state, created_at"
	" FROM match_requests;"
	"DROP TABLE match_requests;"
	"ALTER TABLE new_match_requests RENAME TO match_requests;"
	"PRAGMA user_version = 11;",

	/* 12: look-alike names found by a look-up, not a scan (issue 22).
	 * Each player keeps the confusable keys (confusable.h: the folded
	 * and the shape skeleton) of its username and of its nickname,
	 * which store_add_player() writes with the row and checks, under
	 * the write lock, against every other player's four keys, one
	 * index each. store_key_players() (migration_code[11]) keys the
	 * players already there and then makes the indexes. Not UNIQUE:
	 * a club may hold look-alikes registered before this version. */
	"ALTER TABLE players ADD COLUMN username_fold_key TEXT;"
	"ALTER TABLE players ADD COLUMN username_shape_key TEXT;"
	"ALTER TABLE players ADD COLUMN nickname_fold_key TEXT;"
	"ALTER TABLE players ADD COLUMN nickname_shape_key TEXT;"
	"PRAGMA user_version = 12;",

	/* 13: the store referees requests and clocks (issue 22). Each
	 * request has an id of its own (rows are never deleted, so an id
	 * names one request for ever), so an answer names the question it
	 * answers;
	 * a match keeps every request it had, at most one of them pending
	 * (the partial unique index), and one whose match moved on is
	 * 'withdrawn'. Each match keeps when the move to play began its
	 * clock (turn_started_ms, Unix ms) and the time it has
	 * (turn_allowed_ms): a claim and every process's clock read them.
	 * An old match's turn began when it last moved on, less what its
	 * move had used. */
	"CREATE TABLE new_match_requests ("
	" id INTEGER PRIMARY KEY,"
	" match_id INTEGER NOT NULL REFERENCES matches (id),"
	" kind TEXT NOT NULL CHECK (kind IN ('draw', 'undo')),"
	" ply INTEGER NOT NULL CHECK (ply BETWEEN 0 AND 676),"
	" state TEXT NOT NULL CHECK (state IN ('pending', 'accepted',"
	"  'declined', 'withdrawn')),"
	" created_at INTEGER NOT NULL CHECK (created_at >= 0),"
	" CHECK (kind = 'draw' OR ply >= 2)"
	") STRICT;"
	"INSERT INTO new_match_requests (match_id, kind, ply, state,"
	" created_at) SELECT match_id, kind, ply, state, created_at"
	" FROM match_requests ORDER BY match_id;"
	"DROP TABLE match_requests;"
	"ALTER TABLE new_match_requests RENAME TO match_requests;"
	"CREATE UNIQUE INDEX match_requests_pending ON match_requests"
	" (match_id) WHERE state = 'pending';"
	"CREATE INDEX match_requests_match ON match_requests (match_id, ply);"
	"ALTER TABLE matches ADD COLUMN turn_started_ms INTEGER NOT NULL"
	" DEFAULT 0 CHECK (turn_started_ms >= 0);"
	"ALTER TABLE matches ADD COLUMN turn_allowed_ms INTEGER NOT NULL"
	" DEFAULT 0 CHECK (turn_allowed_ms >= 0);"
	"UPDATE matches SET turn_started_ms ="
	" max(0, 1000 * last_active_at - clock_used_ms),"
	" turn_allowed_ms = 1000 * time_per_move;"
	"PRAGMA user_version = 13;",

	/* 14: see store_rebuilds.c. */
	store_migration_14_abort,

	/* 15: sessions end with the password (issue 22). Each player keeps
	 * the generation of their password, moved on by every change of it
	 * (never by a rehash at login); a session remembers the generation
	 * it logged in with, and every write in the player's name checks it
	 * in its own transaction. */
	"ALTER TABLE players ADD COLUMN password_gen INTEGER NOT NULL"
	" DEFAULT 0 CHECK (password_gen >= 0);"
	"PRAGMA user_version = 15;",

	/* 16: challenges that cannot harass (issue 22). A settled challenge
	 * keeps when it was answered or withdrawn (closed_at: the
	 * challenger's cooldown counts from it; an older row has none and
	 * counts from its creation), and one between two players with an
	 * unfinished ranked match offers that match (resume_id). A
	 * process's presence row keeps whether its player refuses
	 * challenges for the session. Rows of the pair looked up by index. */
	"ALTER TABLE challenges ADD COLUMN closed_at INTEGER"
	" CHECK (closed_at >= 0);"
	"ALTER TABLE challenges ADD COLUMN resume_id INTEGER"
	" REFERENCES matches (id);"
	"CREATE INDEX challenges_pair ON challenges (from_id, to_id);"
	"ALTER TABLE presence ADD COLUMN refusing INTEGER NOT NULL DEFAULT 0"
	" CHECK (refusing IN (0, 1));"
	"PRAGMA user_version = 16;",

	/* 17: the club's rules are the club's (issue 22). The settings
	 * that decide ranked results, one row that only `gomoku club set`
	 * changes: the days before an abandoned match can be claimed, the
	 * renju forbidden-move policy, whether ranked matches may be
	 * played at one terminal, and the seconds a two-terminal match
	 * waits for an opponent whose process is gone. Every match keeps
	 * the rules it started with (the stricter of the club's and what
	 * its command line asked), and the store decides from those. A
	 * match from before this version plays by the defaults, which were
	 * every process's own until now; one that ended on a forbidden
	 * point was played with 'lose'. */
	"CREATE TABLE club_settings ("
	" id INTEGER PRIMARY KEY CHECK (id = 1),"
	" claim_after_days INTEGER NOT NULL DEFAULT 7"
	"  CHECK (claim_after_days BETWEEN 0 AND 3650),"
	" forbidden TEXT NOT NULL DEFAULT 'refuse'"
	"  CHECK (forbidden IN ('refuse', 'lose')),"
	" ranked_hotseat INTEGER NOT NULL DEFAULT 1"
	"  CHECK (ranked_hotseat IN (0, 1)),"
	" disconnect_grace INTEGER NOT NULL DEFAULT 120"
	"  CHECK (disconnect_grace BETWEEN 0 AND 86400),"
	" changed_at INTEGER NOT NULL DEFAULT 0 CHECK (changed_at >= 0)"
	") STRICT;"
	"INSERT INTO club_settings (id) VALUES (1);"
	"ALTER TABLE matches ADD COLUMN claim_after_days INTEGER NOT NULL"
	" DEFAULT 7 CHECK (claim_after_days BETWEEN 0 AND 3650);"
	"ALTER TABLE matches ADD COLUMN forbidden TEXT NOT NULL"
	" DEFAULT 'refuse' CHECK (forbidden IN ('refuse', 'lose'));"
	"ALTER TABLE matches ADD COLUMN disconnect_grace INTEGER NOT NULL"
	" DEFAULT 120 CHECK (disconnect_grace BETWEEN 0 AND 86400);"
	"UPDATE matches SET forbidden = 'lose' WHERE reason = 'forbidden';"
	"PRAGMA user_version = 17;",

	/* 18: one seat, one process (issue 22). A player's seat in a match
	 * is held by one connection at a time (holder: a random number the
	 * connection drew) until lease_until_ms (Unix ms), which its
	 * process renews while it runs; a lease that lapsed is free to take
	 * again, and its time is when the player left the game. */
	"CREATE TABLE match_seats ("
	" match_id INTEGER NOT NULL REFERENCES matches (id),"
	" player_id INTEGER NOT NULL REFERENCES players (id),"
	" holder INTEGER NOT NULL CHECK (holder <> 0),"
	" lease_until_ms INTEGER NOT NULL CHECK (lease_until_ms >= 0),"
	" PRIMARY KEY (match_id, player_id)"
	") STRICT, WITHOUT ROWID;"
	"PRAGMA user_version = 18;",

	/* 19: preferences that stay with the account (issue 24). One row
	 * per player who saved any; a NULL keeps the environment's choice
	 * (language, stones, colours, the computer's level, the default
	 * variant, opening and time control, kept as plain text). */
	"CREATE TABLE player_prefs ("
	" player_id INTEGER PRIMARY KEY REFERENCES players (id),"
	" lang TEXT CHECK (lang IN ('en', 'zh')),"
	" ascii INTEGER CHECK (ascii IN (0, 1)),"
	" color INTEGER CHECK (color IN (0, 1)),"
	" ai_level INTEGER CHECK (ai_level BETWEEN 1 AND 5),"
	" confirm_moves INTEGER NOT NULL DEFAULT 0"
	" CHECK (confirm_moves IN (0, 1)),"
	" refuse_challenges INTEGER NOT NULL DEFAULT 0"
	" CHECK (refuse_challenges IN (0, 1)),"
	" variant TEXT CHECK (length(variant) BETWEEN 1 AND 31),"
	" opening TEXT CHECK (opening IN ('none', 'swap2')),"
	" time_control TEXT CHECK (length(time_control) BETWEEN 1 AND 31)"
	") STRICT;"
	"PRAGMA user_version = 19;",

	/* 20: a real game clock (issue 24). A match's time control is
	 * none, a time per move (time_per_move, as before) or a Fischer
	 * game clock: clock_base seconds a side (whole minutes, 1 to 180)
	 * and clock_increment seconds added after each move (0 to 60).
	 * black_left_ms and white_left_ms are the game clocks of the
	 * black_id and white_id players when the turn to play began (the
	 * mover's runs from turn_started_ms, with turn_allowed_ms); each
	 * move keeps its mover's time left after it (left_ms: with the
	 * increment on a game clock, what the time per move had left;
	 * NULL untimed, and for the moves stored before this version). A
	 * challenge proposes its time control too. Running out of time is
	 * a draw when the opponent could no longer win (reason 'timeout'
	 * with result 'draw'), which the matches CHECK refused: matches is
	 * rebuilt, as in migration 14 (see migration_14_abort), with the
	 * clock columns; this part adds the other columns and sets the
	 * rows aside, migration_20_matches and migration_20_swap
	 * (migration_code[19]) do the rest. */
	"ALTER TABLE match_moves ADD COLUMN left_ms INTEGER"
	" CHECK (left_ms >= 0);"
	"ALTER TABLE challenges ADD COLUMN clock_base INTEGER NOT NULL"
	" DEFAULT 0 CHECK (clock_base = 0 OR (clock_base BETWEEN 60 AND"
	" 10800 AND clock_base % 60 = 0 AND time_per_move = 0));"
	"ALTER TABLE challenges ADD COLUMN clock_increment INTEGER NOT NULL"
	" DEFAULT 0 CHECK (clock_increment BETWEEN 0 AND 60"
	" AND (clock_base > 0 OR clock_increment = 0));"
	"PRAGMA defer_foreign_keys = ON;"
	"CREATE TEMP TABLE old_matches AS SELECT * FROM matches;"
	"CREATE TEMP TABLE old_match_moves AS SELECT * FROM match_moves;",

	/* 21: a lobby (issue 25). A seek is a game proposed to anyone (the
	 * challenge's proposal, rated or casual, and the rating range of
	 * the player who may take it), open while its poster's process
	 * refreshes it, one open seek a player; taken, it names the match
	 * started. A casual match (rated = 0) is played like a ranked one
	 * and never counted. A presence row says which match its player
	 * watches. */
	"ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1"
	" CHECK (rated IN (0, 1) AND (rated = 1 OR kind = 'ranked'));"
	"ALTER TABLE presence ADD COLUMN watching_id INTEGER"
	" REFERENCES matches (id);"
	"CREATE TABLE seeks ("
	" id INTEGER PRIMARY KEY,"
	" player_id INTEGER NOT NULL REFERENCES players (id),"
	" variant TEXT NOT NULL"
	"  CHECK (length(CAST(variant AS BLOB)) BETWEEN 1 AND 32),"
	" rule TEXT NOT NULL"
	"  CHECK (rule IN ('freestyle', 'exact', 'renju')),"
	" rows INTEGER NOT NULL CHECK (rows BETWEEN 3 AND 26),"
	" cols INTEGER NOT NULL CHECK (cols BETWEEN 3 AND 26),"
	" k INTEGER NOT NULL CHECK (k BETWEEN 3 AND max(rows, cols)),"
	" opening TEXT NOT NULL CHECK (opening IN ('none', 'swap2')),"
	" time_per_move INTEGER NOT NULL CHECK (time_per_move >= 0),"
	" clock_base INTEGER NOT NULL CHECK (clock_base = 0 OR (clock_base"
	"  BETWEEN 60 AND 10800 AND clock_base % 60 = 0"
	"  AND time_per_move = 0)),"
	" clock_increment INTEGER NOT NULL CHECK (clock_increment BETWEEN 0"
	"  AND 60 AND (clock_base > 0 OR clock_increment = 0)),"
	" rated INTEGER NOT NULL CHECK (rated IN (0, 1)),"
	" min_rating INTEGER NOT NULL CHECK (min_rating >= 0),"
	" max_rating INTEGER NOT NULL CHECK (max_rating >= min_rating),"
	" created_at INTEGER NOT NULL CHECK (created_at >= 0),"
	" refreshed_at INTEGER NOT NULL CHECK (refreshed_at >= created_at),"
	" state TEXT NOT NULL DEFAULT 'open'"
	"  CHECK (state IN ('open', 'taken', 'withdrawn')),"
	" match_id INTEGER REFERENCES matches (id),"
	" CHECK ((state = 'taken') = (match_id IS NOT NULL))"
	") STRICT;"
	"CREATE UNIQUE INDEX seeks_one_open ON seeks (player_id)"
	" WHERE state = 'open';"
	"CREATE INDEX seeks_open ON seeks (created_at) WHERE state = 'open';"
	"PRAGMA user_version = 21;",

	/* 22: analyses kept once done (issue 25). One row per move of a
	 * finished match that the computer judged, with time_ms
	 * milliseconds a position: the move played (so an analysis of
	 * other moves is never read as this match's), the mover's win
	 * chances before and after it, the engine's scores, its own move
	 * (NULL when it had none), the mark and the proven marks. Only a
	 * whole analysis is kept, and one per match and time a position;
	 * it goes with its match. */
	"CREATE TABLE match_analyses ("
	" match_id INTEGER NOT NULL"
	"  REFERENCES matches (id) ON DELETE CASCADE,"
	" time_ms INTEGER NOT NULL CHECK (time_ms BETWEEN 1 AND 3600000),"
	" ply INTEGER NOT NULL CHECK (ply BETWEEN 1 AND 676),"
	" row INTEGER NOT NULL CHECK (row BETWEEN 0 AND 25),"
	" col INTEGER NOT NULL CHECK (col BETWEEN 0 AND 25),"
	" before REAL NOT NULL CHECK (before BETWEEN 0 AND 100),"
	" after REAL NOT NULL CHECK (after BETWEEN 0 AND 100),"
	" score_before INTEGER NOT NULL,"
	" score_after INTEGER NOT NULL,"
	" best_row INTEGER CHECK (best_row BETWEEN 0 AND 25),"
	" best_col INTEGER CHECK (best_col BETWEEN 0 AND 25),"
	" mark TEXT NOT NULL"
	"  CHECK (mark IN ('', 'inaccuracy', 'mistake', 'blunder')),"
	" missed_win INTEGER NOT NULL CHECK (missed_win IN (0, 1)),"
	" forced_loss INTEGER NOT NULL CHECK (forced_loss IN (0, 1)),"
	" analysed_at INTEGER NOT NULL CHECK (analysed_at >= 0),"
	" PRIMARY KEY (match_id, time_ms, ply),"
	" CHECK ((best_row IS NULL) = (best_col IS NULL))"
	") STRICT, WITHOUT ROWID;"
	"PRAGMA user_version = 22;",

	/* 23: rematches (issue 25). A challenge may offer a rematch of a
	 * settled ranked match between its two players: its game is that
	 * match's, and accepted, the store swaps that match's colours
	 * (and keeps it casual when it was). */
	"ALTER TABLE challenges ADD COLUMN rematch_of INTEGER"
	" REFERENCES matches (id);"
	"PRAGMA user_version = 23;",

	/* 24: the leaderboards by score read as an indexed top-N (issue
	 * 27): the ranked players (games > 0) in the order of
	 * PLIST_BY_SCORE (score, wins high first, losses low first, then
	 * the username without case), and each rule's records in that
	 * order but the username, which is the players'. */
	"CREATE INDEX players_by_score ON players"
	" (score DESC, wins DESC, losses, username COLLATE NOCASE)"
	" WHERE games > 0;"
	"CREATE INDEX rule_records_by_score ON rule_records"
	" (rule, score DESC, wins DESC, losses) WHERE games > 0;"
	"PRAGMA user_version = 24;",

	/* 25: where a seek's poster connects from (issue 44): the SSH
	 * client's address (origin.h), NULL where none is known; one open
	 * seek an origin, as one a player. */
	"ALTER TABLE seeks ADD COLUMN origin TEXT"
	" CHECK (origin IS NULL OR length(origin) BETWEEN 1 AND 48);"
	"CREATE UNIQUE INDEX seeks_one_open_origin ON seeks (origin)"
	" WHERE state = 'open' AND origin IS NOT NULL;"
	"PRAGMA user_version = 25;",

	/* 26: the players' names keyed again (issue 44): a key now folds
	 * the look-alikes UTS #39 leaves out too (vv for w, small
	 * capitals: confusable.c). store_key_players() writes every key
	 * and makes these indexes again over them. */
	"DROP INDEX players_by_username_fold;"
	"DROP INDEX players_by_username_shape;"
	"DROP INDEX players_by_nickname_fold;"
	"DROP INDEX players_by_nickname_shape;"
	"PRAGMA user_version = 26;",

	/* 27: failed logins counted where the guesses come from (issue
	 * 44): a row per name in lower case (a player's username or a name
	 * with no account) and origin (origin.h; '' where none is known),
	 * so that guesses from one connection lock that connection out, not
	 * the owner logging in from another. The players' own counters
	 * (failed_logins, locked_until, last_failed_at) move here, as
	 * counted where no origin was known, and are no longer used. */
	"CREATE TABLE login_failures_27 ("
	" name TEXT NOT NULL"
	"  CHECK (length(name) BETWEEN 3 AND 20"
	"   AND name NOT GLOB '*[^a-z0-9_]*'),"
	" origin TEXT NOT NULL DEFAULT '' CHECK (length(origin) <= 48),"
	" failed_logins INTEGER NOT NULL DEFAULT 0 CHECK (failed_logins >= 0),"
	" locked_until INTEGER NOT NULL DEFAULT 0 CHECK (locked_until >= 0),"
	" last_failed_at INTEGER NOT NULL DEFAULT 0"
	"  CHECK (last_failed_at >= 0),"
	" PRIMARY KEY (name, origin)"
	") STRICT, WITHOUT ROWID;"
	"INSERT INTO login_failures_27 (name, failed_logins, locked_until,"
	" last_failed_at) SELECT name, failed_logins, locked_until,"
	" last_failed_at FROM login_failures;"
	"INSERT OR REPLACE INTO login_failures_27 (name, failed_logins,"
	" locked_until, last_failed_at) SELECT lower(username),"
	" failed_logins, locked_until, last_failed_at FROM players"
	" WHERE failed_logins > 0 OR locked_until > 0;"
	"UPDATE players SET failed_logins = 0, locked_until = 0,"
	" last_failed_at = 0;"
	"DROP TABLE login_failures;"
	"ALTER TABLE login_failures_27 RENAME TO login_failures;"
	"CREATE INDEX login_failures_by_time ON login_failures"
	" (last_failed_at);"
	"PRAGMA user_version = 27;",

	/* 28: each player's lock-outs (issue 44), so that the time an
	 * absent player has to come back does not run while their account
	 * is locked (store_internal.h's STORE_WAIT_END_SQL): a row for each
	 * lock of their name from any origin, from its start to its end,
	 * none overlapping another of the player's (a lock that begins
	 * while one runs is kept from where that one ends). */
	"CREATE TABLE lockouts ("
	" player_id INTEGER NOT NULL REFERENCES players (id),"
	" from_at INTEGER NOT NULL CHECK (from_at >= 0),"
	" until_at INTEGER NOT NULL,"
	" CHECK (until_at > from_at),"
	" PRIMARY KEY (player_id, from_at)"
	") STRICT, WITHOUT ROWID;"
	"PRAGMA user_version = 28;",

	/* 29: digits for letters in names, where the club turns it on
	 * (issue 44): `club set name-digits on` keys every player again
	 * with them folded (confusable_key_digits()). Off here, as the keys
	 * were made. */
	"ALTER TABLE club_settings ADD COLUMN name_digits INTEGER NOT NULL"
	" DEFAULT 0 CHECK (name_digits IN (0, 1));"
	"PRAGMA user_version = 29;",

	/* 30: new accounts a day from one connection (issue 44): where an
	 * account was made from (origin.h; '' at the machine, and for the
	 * accounts of before), and the club's limit (0: none). */
	"ALTER TABLE players ADD COLUMN joined_from TEXT NOT NULL DEFAULT ''"
	" CHECK (length(joined_from) <= 48);"
	"CREATE INDEX players_by_joined_from ON players (joined_from,"
	" created_at) WHERE joined_from <> '';"
	"ALTER TABLE club_settings ADD COLUMN joins_per_day INTEGER NOT NULL"
	" DEFAULT 5 CHECK (joins_per_day BETWEEN 0 AND 1000);"
	"PRAGMA user_version = 30;",

	/* 31: who may move a rating (issue 44): an account's approval (the
	 * accounts of before are), why a rated result moved none ('' it
	 * did: every result of before), and the club's rules for both;
	 * and time from one clock (clock_skew). */
	"ALTER TABLE players ADD COLUMN approved INTEGER NOT NULL DEFAULT 1"
	" CHECK (approved IN (0, 1));"
	"ALTER TABLE matches ADD COLUMN unrated TEXT NOT NULL DEFAULT ''"
	" CHECK (unrated IN ('', 'new', 'pair'));"
	"ALTER TABLE club_settings ADD COLUMN join_policy TEXT NOT NULL"
	" DEFAULT 'open' CHECK (join_policy IN ('open', 'approval',"
	" 'closed'));"
	"ALTER TABLE club_settings ADD COLUMN rated_after INTEGER NOT NULL"
	" DEFAULT 5 CHECK (rated_after BETWEEN 0 AND 1000);"
	"ALTER TABLE club_settings ADD COLUMN pair_games INTEGER NOT NULL"
	" DEFAULT 10 CHECK (pair_games BETWEEN 0 AND 1000);"
	"ALTER TABLE club_settings ADD COLUMN pair_hours INTEGER NOT NULL"
	" DEFAULT 24 CHECK (pair_hours BETWEEN 1 AND 8760);"
	/* and how far a process's time may be from the store's clock */
	"ALTER TABLE club_settings ADD COLUMN clock_skew INTEGER NOT NULL"
	" DEFAULT 300 CHECK (clock_skew BETWEEN 0 AND 86400);"
	"PRAGMA user_version = 31;",

	/* 32: each side's rating after a counted ranked result (issue 44),
	 * so that a player's rating graph is their own matches, not a
	 * replay of the club's every result; NULL where no result was
	 * counted. Its C step fills them for the results of before,
	 * replayed as the web replayed them. A player's counted results
	 * are read from these indexes alone (the rating graph, the results
	 * against each opponent), in the order they were counted. */
	"ALTER TABLE matches ADD COLUMN black_after REAL;"
	"ALTER TABLE matches ADD COLUMN white_after REAL;"
	"CREATE INDEX matches_counted_black ON matches (black_id, ended_at,"
	" id, white_id, result, black_after) WHERE black_after IS NOT NULL;"
	"CREATE INDEX matches_counted_white ON matches (white_id, ended_at,"
	" id, black_id, result, white_after) WHERE white_after IS NOT NULL;"
	"PRAGMA user_version = 32;",

	/* 33: a player's rank by score without a pass over the players
	 * (issue 45): how many ranked players (games > 0) share each
	 * (score, wins), kept by the players' triggers in the writer's
	 * transaction. In PLIST_BY_SCORE's order the losses follow from
	 * those two (score = wins - losses), so a rank is 1 + the players
	 * of the groups above: an indexed sum over as many groups as there
	 * are records (hundreds), not a pass over every player. A group
	 * that empties is deleted. */
	"CREATE TABLE rank_groups ("
	" score INTEGER NOT NULL,"
	" wins INTEGER NOT NULL CHECK (wins >= 0),"
	" players INTEGER NOT NULL CHECK (players >= 0),"
	" PRIMARY KEY (score, wins)"
	") STRICT, WITHOUT ROWID;"
	"INSERT INTO rank_groups (score, wins, players)"
	" SELECT score, wins, count(*) FROM players WHERE games > 0"
	" GROUP BY score, wins;"
	"CREATE TRIGGER players_rank_joined AFTER INSERT ON players"
	" WHEN NEW.games > 0 BEGIN"
	" INSERT INTO rank_groups (score, wins, players)"
	"  VALUES (NEW.score, NEW.wins, 1)"
	"  ON CONFLICT (score, wins) DO UPDATE SET players = players + 1;"
	" END;"
	"CREATE TRIGGER players_rank_moved AFTER UPDATE OF score, wins, games"
	" ON players BEGIN"
	" UPDATE rank_groups SET players = players - 1"
	"  WHERE OLD.games > 0 AND score = OLD.score AND wins = OLD.wins;"
	" DELETE FROM rank_groups"
	"  WHERE score = OLD.score AND wins = OLD.wins AND players = 0;"
	" INSERT INTO rank_groups (score, wins, players)"
	"  SELECT NEW.score, NEW.wins, 1 WHERE NEW.games > 0"
	"  ON CONFLICT (score, wins) DO UPDATE SET players = players + 1;"
	" END;"
	"PRAGMA user_version = 33;",

	/* 34: the leaderboards by rating, wins and win rate read as an
	 * indexed top-N, as migration 24's by score (issue 45): the ranked
	 * players in each order of rank_compare() (the key, then score,
	 * wins high first, losses low first, then the username without
	 * case), and each rule's records in that order but the username.
	 * A win rate is wins / games as a double: equal fractions give
	 * equal doubles and, while games stay under 2^26, different ones
	 * different doubles in their order, so the order is the exact
	 * fractions' (win_rate_higher_first()). */
	"CREATE INDEX players_by_rating ON players"
	" (rating DESC, score DESC, wins DESC, losses,"
	" username COLLATE NOCASE) WHERE games > 0;"
	"CREATE INDEX players_by_wins ON players"
	" (wins DESC, score DESC, losses, username COLLATE NOCASE)"
	" WHERE games > 0;"
	"CREATE INDEX players_by_win_rate ON players"
	" ((CAST(wins AS DOUBLE PRECISION) / games) DESC, score DESC,"
	" wins DESC, losses, username COLLATE NOCASE) WHERE games > 0;"
	"CREATE INDEX rule_records_by_rating ON rule_records"
	" (rule, rating DESC, score DESC, wins DESC, losses)"
	" WHERE games > 0;"
	"CREATE INDEX rule_records_by_wins ON rule_records"
	" (rule, wins DESC, score DESC, losses) WHERE games > 0;"
	"CREATE INDEX rule_records_by_win_rate ON rule_records"
	" (rule, (CAST(wins AS DOUBLE PRECISION) / games) DESC,"
	" score DESC, wins DESC, losses) WHERE games > 0;"
	"PRAGMA user_version = 34;",
};

#define SCHEMA_VERSION ((int)(sizeof migrations / sizeof migrations[0]))

/* What a migration does in C after its SQL, in the same transaction
 * (Elo cannot be replayed in SQL): migration_code[i] runs right after
 * migrations[i]; NULL for none. */
static enum store_status (*const migration_code[])(struct store *s,
						   const char *what) = {
	[4] = store_replay_rule_records, [6] = store_migrate_7_swap,
	[11] = store_key_players,	 [13] = store_migrate_14_abort,
	[19] = store_migrate_20_matches, [25] = store_key_players,
	[31] = store_keep_ratings_after,
};

#define MIGRATION_CODES                                                        \
	((int)(sizeof migration_code / sizeof migration_code[0]))

/* See store.h. */
int store_schema_version(void)
{
	return SCHEMA_VERSION;
}

/* See store_internal.h. */
enum store_status store_migration_run(struct store *s, int version,
				      const char *what)
{
	if (version < 0 || version >= SCHEMA_VERSION) {
		store_set_err(s, what, "no such migration");
		return STORE_ERR;
	}
	if (store_run_sql(s, migrations[version], what) != SQL_OK)
		return STORE_ERR;
	if (version < MIGRATION_CODES && migration_code[version] != NULL)
		return migration_code[version](s, what);
	return STORE_OK;
}
