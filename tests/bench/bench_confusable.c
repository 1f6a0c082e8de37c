/* bench_confusable.c -- a registration's look-alike checks against clubs
 * of 1 000, 10 000 and 1 000 000 players: the prompts' two look-ups
 * (store_name_lookalike(), username and nickname) and store_add_player()
 * (the insert with its keys and the same check under the write lock, and
 * its commit), beside the password hash (auth_hash()), which a
 * registration also pays. Then the commands as a player runs them on
 * each club (build/gomoku, a real process): `register`, `stats`,
 * `leaderboard --top 10` and that `--by rating`, their wall time and peak
 * memory (/proc). No name looks alike, the worst case for a search. The players
 * are written straight into a bench database made by store_open(), in one
 * transaction of prepared inserts per size, with the keys confusable_key()
 * makes (as the store makes them); a quarter have a Latin nickname of their
 * own, a quarter a Chinese one, half their username. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>
#include <sqlite3.h>

#include "auth.h"
#include "bench.h"
#include "confusable.h"
#include "store.h"

#define ROUNDS 5
#define GOMOKU "build/gomoku"
#define SHARED_HASH                                                            \
	"$argon2id$v=19$m=65536,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$"               \
	"aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"

/* Player i's username and nickname into name[32] and nick[64]. */
static void names_of(int i, char *name, char *nick)
{
	static const char *const zh = "\xe6\xa3\x8b\xe6\x89\x8b"; /* 棋手 */

	snprintf(name, 32, "player%07d", i);
	if (i % 4 == 1)
		snprintf(nick, 64, "Nick %d", i);
	else if (i % 4 == 3)
		snprintf(nick, 64, "%s%d", zh, i);
	else
		snprintf(nick, 64, "%s", name);
}

/* Bind player i's names, hash and keys to the insert st and step it.
 * Return 0 or -1. */
static int insert_one(struct confusable *c, sqlite3_stmt *st, int i)
{
	struct confusable_key u = {NULL, NULL}, n = {NULL, NULL};
	char name[32], nick[64];
	int rc = -1;

	names_of(i, name, nick);
	if (confusable_key(c, name, &u) == 0 &&
	    confusable_key(c, nick, &n) == 0) {
		sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, nick, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, SHARED_HASH, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 4, 1700000000 + i);
		sqlite3_bind_text(st, 5, u.folded, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 6, u.shape, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 7, n.folded, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 8, n.shape, -1, SQLITE_STATIC);
		rc = sqlite3_step(st) == SQLITE_DONE ? 0 : -1;
		sqlite3_reset(st);
	}
	confusable_key_free(&u);
	confusable_key_free(&n);
	return rc;
}

/* Insert players from..to-1 into the database at `path`, in one
 * transaction. Return 0 or -1. */
static int fill(const char *path, int from, int to)
{
	struct confusable *c = confusable_open();
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	int i, rc;

	rc = c != NULL ? sqlite3_open(path, &db) : SQLITE_ERROR;
	/* Written once, straight into the file (no WAL to copy back), with
	 * a cache that holds the indexes; store_open() brings WAL back. */
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db,
				  "PRAGMA journal_mode = OFF;"
				  " PRAGMA cache_size = -1048576;"
				  " PRAGMA synchronous = OFF; BEGIN",
				  NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_prepare_v2(
			db,
			"INSERT INTO players (username, nickname,"
			" password_hash, created_at, username_fold_key,"
			" username_shape_key, nickname_fold_key,"
			" nickname_shape_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
			-1, &st, NULL);
	for (i = from; rc == SQLITE_OK && i < to; i++)
		rc = insert_one(c, st, i) == 0 ? SQLITE_OK : SQLITE_ERROR;
	sqlite3_finalize(st);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		fprintf(stderr, "bench: cannot fill %s: %s\n", path,
			db != NULL ? sqlite3_errmsg(db) : "no checker");
	sqlite3_close(db);
	confusable_close(c);
	return rc == SQLITE_OK ? 0 : -1;
}

/* What one size's registrations cost, in milliseconds each. */
struct cost {
	double lookup_ms; /* the prompts' two look-ups */
	double add_ms;	  /* store_add_player(), commit included */
};

/* Register ROUNDS newcomers (round r of size n) on the store at `path`,
 * timing each part into *cost. Return 0 or -1. */
static int register_rounds(const char *path, int n, struct cost *cost)
{
	char name[32], nick[64];
	struct store *s = NULL;
	bool alike = false;
	double t0;
	long long id;
	int i, bad = 0;

	if (store_open(path, &s) != STORE_OK) {
		store_close(s);
		return -1;
	}
	cost->lookup_ms = cost->add_ms = 0;
	for (i = 0; i < ROUNDS; i++) {
		snprintf(name, sizeof(name), "newcomer%d_%d", n, i);
		snprintf(nick, sizeof(nick), "Newcomer %d %d", n, i);
		t0 = bench_now_ms();
		bad |= store_name_lookalike(s, name, 0, &alike) != STORE_OK ||
		       alike;
		bad |= store_name_lookalike(s, nick, 0, &alike) != STORE_OK ||
		       alike;
		cost->lookup_ms += bench_now_ms() - t0;
		t0 = bench_now_ms();
		bad |= store_add_player(s, name, nick, SHARED_HASH, 1, &id) !=
		       STORE_OK;
		cost->add_ms += bench_now_ms() - t0;
	}
	store_close(s);
	cost->lookup_ms /= ROUNDS;
	cost->add_ms /= ROUNDS;
	return bad ? -1 : 0;
}

/* The peak resident size in MB of process `pid` once it runs build/gomoku
 * (its VmHWM, from /proc; before the exec it is a copy of this process,
 * whose size is not the command's), or -1 before then. */
static double peak_mb(pid_t pid)
{
	char path[64], line[128];
	double mb = -1;
	long kb;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	if (fgets(line, sizeof(line), f) == NULL ||
	    strcmp(line, "gomoku\n") != 0) {
		fclose(f);
		return -1;
	}
	fclose(f);
	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	while (f != NULL && fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "VmHWM: %ld kB", &kb) == 1)
			mb = (double)kb / 1024.0;
	if (f != NULL)
		fclose(f);
	return mb;
}

/* One run of `build/gomoku ARGV` on the database `db` with `input` on
 * its standard input: its wall time into *ms and its peak resident size
 * into *mb, read from /proc every millisecond while it runs (the
 * kernel's own count, wait4()'s, would include the copy of this process
 * the fork made). Return 0, or -1 when it could not run or did not
 * succeed. */
static int run_command(const char *db, char *const argv[], const char *input,
		       double *ms, double *mb)
{
	struct timespec tick = {0, 1000000};
	double t0 = bench_now_ms(), seen;
	size_t len = strlen(input);
	int in[2], status, bad;
	pid_t pid, done = 0;

	if (pipe(in) != 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		dup2(in[0], 0);
		dup2(null, 1);
		dup2(null, 2);
		close(in[1]);
		setenv("GOMOKU_DB", db, 1);
		setenv("LANG", "C.UTF-8", 1);
		execv(GOMOKU, argv);
		_exit(127);
	}
	close(in[0]);
	bad = pid < 0 || write(in[1], input, len) != (ssize_t)len;
	close(in[1]);
	*mb = 0;
	while (pid > 0 && (done = waitpid(pid, &status, WNOHANG)) == 0) {
		seen = peak_mb(pid);
		if (seen > *mb)
			*mb = seen;
		nanosleep(&tick, NULL);
	}
	if (pid < 0 || done != pid)
		return -1;
	*ms = bench_now_ms() - t0;
	return bad || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ? -1 : 0;
}

/* The commands' costs on one club: register, stats, leaderboard. */
struct commands_cost {
	double ms[4], mb[4];
};

/* Run the commands on the club at `path` of n players into *c. Return 0
 * or -1. */
static int run_commands(const char *path, int n, struct commands_cost *c)
{
	char name[32], input[160],
			       *const stats[] = {GOMOKU, "stats",
						 "player0000001", NULL};
	char *const top[] = {GOMOKU, "leaderboard", "--top", "10", NULL};
	char *const by_rating[] = {GOMOKU, "leaderboard", "--top", "10",
				   "--by", "rating",	  NULL};
	char *const reg[] = {GOMOKU, "register", NULL};
	int rc;

	snprintf(name, sizeof(name), "joiner%d", n);
	snprintf(input, sizeof(input),
		 "%s\nJoiner %d\nbench-Joiner-Pass-%d\n"
		 "bench-Joiner-Pass-%d\n",
		 name, n, n, n);
	rc = run_command(path, reg, input, &c->ms[0], &c->mb[0]);
	if (rc == 0)
		rc = run_command(path, stats, "", &c->ms[1], &c->mb[1]);
	if (rc == 0)
		rc = run_command(path, top, "", &c->ms[2], &c->mb[2]);
	if (rc == 0)
		rc = run_command(path, by_rating, "", &c->ms[3], &c->mb[3]);
	if (rc != 0)
		fprintf(stderr,
			"bench: a command failed at %d players (is "
			"%s built?)\n",
			n, GOMOKU);
	return rc;
}

/* Print the commands' table: sizes[0..n). */
static void print_commands(const int sizes[], const struct commands_cost c[],
			   int n)
{
	int i;

	printf("\nThe commands as a player runs them (%s; ms, peak MB)\n",
	       GOMOKU);
	printf("  %9s %9s %6s %9s %6s %9s %6s %9s %6s\n", "players", "register",
	       "MB", "stats", "MB", "top 10", "MB", "by rating", "MB");
	for (i = 0; i < n; i++)
		printf("  %9d %9.0f %6.1f %9.0f %6.1f %9.0f %6.1f %9.0f "
		       "%6.1f\n",
		       sizes[i], c[i].ms[0], c[i].mb[0], c[i].ms[1], c[i].mb[1],
		       c[i].ms[2], c[i].mb[2], c[i].ms[3], c[i].mb[3]);
	printf("  (register: `gomoku register`, the hash above included; "
	       "stats: `gomoku stats USER`;\n"
	       "   top 10: `gomoku leaderboard --top 10`; by rating: the "
	       "same with `--by rating`)\n");
}

/* The time of auth_hash() at the production cost, in ms. */
static double hash_ms(void)
{
	struct auth_secret pw = {NULL, 0};
	char hash[AUTH_HASH_MAX];
	double t0, ms = -1;

	if (auth_init() != 0)
		return -1;
	pw.bytes = sodium_malloc(AUTH_PASSWORD_MAX + 1);
	if (pw.bytes == NULL)
		return -1;
	pw.len = strlen("correct horse battery");
	memcpy(pw.bytes, "correct horse battery", pw.len + 1);
	t0 = bench_now_ms();
	if (auth_hash(&pw, hash) == 0)
		ms = bench_now_ms() - t0;
	auth_secret_free(&pw);
	return ms;
}

int bench_confusable(const char *dir)
{
	static const int sizes[] = {1000, 10000, 1000000};
	struct commands_cost cmds[3];
	struct store *s = NULL;
	char path[512];
	struct cost cost;
	double t0, fill_s = 0, hash = hash_ms();
	int i, have = 0, rc = 0;

	printf("\nRegistration's look-alike checks (indexed keys; %d rounds "
	       "each)\n",
	       ROUNDS);
	printf("  %9s %10s %12s %12s %10s %12s\n", "players", "fill s",
	       "look-ups ms", "add ms", "total ms", "hash ms");
	snprintf(path, sizeof(path), "%s/bench-names.db", dir);
	if (store_open(path, &s) != STORE_OK)
		rc = -1;
	store_close(s);
	for (i = 0; rc == 0 && i < (int)(sizeof(sizes) / sizeof(sizes[0]));
	     i++) {
		t0 = bench_now_ms();
		rc = fill(path, have, sizes[i]);
		fill_s = (bench_now_ms() - t0) / 1000.0;
		have = sizes[i];
		if (rc == 0)
			rc = register_rounds(path, sizes[i], &cost);
		if (rc == 0)
			printf("  %9d %10.1f %12.3f %12.3f %10.3f %12.1f\n",
			       sizes[i], fill_s, cost.lookup_ms, cost.add_ms,
			       cost.lookup_ms + cost.add_ms, hash);
		if (rc == 0)
			rc = run_commands(path, sizes[i], &cmds[i]);
	}
	printf("  (look-ups: the username's and the nickname's at the "
	       "prompts; add: store_add_player()\n"
	       "   with its check under the write lock and its commit; "
	       "hash: auth_hash() once, which\n"
	       "   every registration also pays)\n");
	if (rc == 0)
		print_commands(sizes, cmds, i);
	bench_remove_db(path);
	return rc;
}
