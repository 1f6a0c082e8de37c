/* test_player.c -- unit tests for src/player.c: the player list, its hash
 * index by username and the leaderboard order.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "player.h"

#define BIG_N	 100000
#define SNAP_MAX 16

/* ==== Helpers ============================================================ */

/* A small xorshift generator so every run sees the same "random" data. */
struct rng {
	unsigned long long s;
};

/* The next pseudo-random number below `n`. */
static unsigned int rng_below(struct rng *r, unsigned int n)
{
	r->s ^= r->s << 13;
	r->s ^= r->s >> 7;
	r->s ^= r->s << 17;
	return (unsigned int)((r->s >> 11) % n);
}

/* A player_info with the record filled in (score = wins - losses).
 * Returns it by value. */
static struct player_info make_info(const char *user, const char *nick,
				    long long id, int wins, int losses,
				    int ties, double rating)
{
	struct player_info in;

	memset(&in, 0, sizeof(in));
	in.id = id;
	in.username = user;
	in.nickname = nick;
	in.created_at = 1000 + id;
	in.last_login_at = 2000 + id;
	in.rec.wins = wins;
	in.rec.losses = losses;
	in.rec.ties = ties;
	in.rec.games = wins + losses + ties;
	in.rec.score = wins - losses;
	in.rec.rating = rating;
	return in;
}

/* Append a player with an empty record. Returns the node or NULL. */
static struct player *add(struct plist *l, const char *user, long long id)
{
	struct player_info in = make_info(user, user, id, 0, 0, 0, 1500.0);

	return plist_append(l, &in);
}

/* True when the list's links are consistent: next and prev agree, the
 * first has no prev, the last has no next, plist_last() is the end of
 * the forward walk and the walks both ways count plist_count() nodes. */
static bool links_ok(const struct plist *l)
{
	const struct player *p, *prev = NULL;
	size_t forward = 0, backward = 0;

	for (p = plist_first(l); p != NULL; p = p->next) {
		if (p->prev != prev)
			return false;
		prev = p;
		forward++;
	}
	if (prev != plist_last(l))
		return false;
	for (p = plist_last(l); p != NULL; p = p->prev)
		backward++;
	return forward == plist_count(l) && backward == plist_count(l);
}

/* True when the list holds exactly the usernames `names` (n of them) in
 * this order, read forwards and backwards, with consistent links. */
static bool order_is(const struct plist *l, const char *const *names, size_t n)
{
	const struct player *p;
	size_t i = 0;

	if (!links_ok(l) || plist_count(l) != n)
		return false;
	for (p = plist_first(l); p != NULL; p = p->next, i++) {
		if (strcmp(p->username, names[i]) != 0)
			return false;
	}
	for (p = plist_last(l); p != NULL; p = p->prev) {
		if (strcmp(p->username, names[--i]) != 0)
			return false;
	}
	return true;
}

/* Record the node pointers of `l` (at most SNAP_MAX) in `snap`. Returns
 * how many were recorded. */
static size_t snapshot(const struct plist *l, struct player **snap)
{
	struct player *p;
	size_t n = 0;

	for (p = plist_first(l); p != NULL && n < SNAP_MAX; p = p->next)
		snap[n++] = p;
	return n;
}

/* True when `l` still holds exactly the n nodes of `snap`, in order. */
static bool same_as_snapshot(const struct plist *l, struct player **snap,
			     size_t n)
{
	struct player *now[SNAP_MAX];

	if (!links_ok(l) || plist_count(l) != n)
		return false;
	return snapshot(l, now) == n &&
	       memcmp(now, snap, n * sizeof(*snap)) == 0;
}

/* ==== The oracle: an independent leaderboard order over an array ======== */

struct row {
	char name[PLAYER_USERNAME_MAX + 1]; /* lower-cased */
	const char *username;		    /* as stored in the list */
	int games, wins, losses, score;
	double rating;
};

/* Lower-case ASCII copy of `s` into `out` (big enough). */
static void lower_copy(char *out, const char *s)
{
	for (; *s != '\0'; s++, out++)
		*out = (*s >= 'A' && *s <= 'Z') ? (char)(*s + 32) : *s;
	*out = '\0';
}

/* -1, 0 or 1 as x is above, level with or below y, larger first. */
static int desc(double x, double y)
{
	return x > y ? -1 : (x < y ? 1 : 0);
}

/* The leaderboard order of two rows for `key`, written from the spec:
 * players with games before those without, then the key. */
static int row_compare(const struct row *a, const struct row *b,
		       enum plist_key key)
{
	double ra = a->games ? (double)a->wins / a->games : 0.0;
	double rb = b->games ? (double)b->wins / b->games : 0.0;
	int c = (a->games == 0) - (b->games == 0);

	if (c != 0)
		return c;
	if (key == PLIST_BY_SCORE)
		c = desc(a->score, b->score);
	else if (key == PLIST_BY_RATING)
		c = desc(a->rating, b->rating);
	else if (key == PLIST_BY_WINS)
		c = desc(a->wins, b->wins);
	else
		c = desc(ra, rb);
	if (c == 0)
		c = desc(a->score, b->score);
	if (c == 0)
		c = desc(a->wins, b->wins);
	if (c == 0)
		c = -desc(a->losses, b->losses);
	if (c == 0)
		c = strcmp(a->name, b->name);
	return c;
}

/* qsort() comparator: the oracle order by score. */
static int by_score(const void *a, const void *b)
{
	return row_compare(a, b, PLIST_BY_SCORE);
}

/* qsort() comparator: the oracle order by rating. */
static int by_rating(const void *a, const void *b)
{
	return row_compare(a, b, PLIST_BY_RATING);
}

/* qsort() comparator: the oracle order by wins. */
static int by_wins(const void *a, const void *b)
{
	return row_compare(a, b, PLIST_BY_WINS);
}

/* qsort() comparator: the oracle order by win rate. */
static int by_winrate(const void *a, const void *b)
{
	return row_compare(a, b, PLIST_BY_WINRATE);
}

/* True when `l`, already sorted by `key`, is in the order that qsort()
 * with the oracle gives, with consistent links. */
static bool sorted_like_oracle(const struct plist *l, enum plist_key key)
{
	int (*const cmp[])(const void *, const void *) = {by_score, by_rating,
							  by_wins, by_winrate};
	size_t n = plist_count(l), i = 0;
	struct row *rows = calloc(n + 1, sizeof(*rows));
	const struct player *p;
	bool ok = links_ok(l);

	if (rows == NULL)
		return false;
	for (p = plist_first(l); p != NULL; p = p->next, i++) {
		lower_copy(rows[i].name, p->username);
		rows[i].username = p->username;
		rows[i].games = p->rec.games;
		rows[i].wins = p->rec.wins;
		rows[i].losses = p->rec.losses;
		rows[i].score = p->rec.score;
		rows[i].rating = p->rec.rating;
	}
	qsort(rows, n, sizeof(*rows), cmp[key]);
	i = 0;
	for (p = plist_first(l); ok && p != NULL; p = p->next, i++)
		ok = rows[i].username == p->username;
	free(rows);
	return ok;
}

/* Fill `name` with a username unique (in any case) for `index`: four
 * random letters, then `index` as four base-26 letters, in random case. */
static void random_name(struct rng *r, unsigned int index, char *name)
{
	int i;

	for (i = 0; i < 4; i++)
		name[i] = (char)('a' + rng_below(r, 26));
	for (i = 7; i >= 4; i--, index /= 26)
		name[i] = (char)('a' + index % 26);
	for (i = 0; i < 8; i++) {
		if (rng_below(r, 2))
			name[i] = (char)(name[i] - 'a' + 'A');
	}
	name[8] = '\0';
}

/* A list of n players with random names and small random records, so
 * that many share a rank and the username decides. NULL on failure. */
static struct plist *random_list(unsigned int n, unsigned long long seed)
{
	static const double ratings[] = {1400.0, 1500.0, 1512.5, 1600.0};
	struct plist *l = plist_create();
	struct rng r = {seed};
	struct player_info in;
	char name[PLAYER_USERNAME_MAX + 1];
	unsigned int i;

	for (i = 0; l != NULL && i < n; i++) {
		random_name(&r, i, name);
		in = make_info(name, "nick", i + 1, (int)rng_below(&r, 6),
			       (int)rng_below(&r, 6), (int)rng_below(&r, 3),
			       ratings[rng_below(&r, 4)]);
		if (plist_append(l, &in) == NULL) {
			plist_free(l);
			return NULL;
		}
	}
	return l;
}

/* ==== Creating, appending, finding ======================================= */

/* An empty list has no nodes; every query says so. */
static void test_empty(void)
{
	struct plist *l = plist_create();

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	CU_ASSERT_EQUAL(plist_count(l), 0);
	CU_ASSERT_PTR_NULL(plist_first(l));
	CU_ASSERT_PTR_NULL(plist_last(l));
	CU_ASSERT_PTR_NULL(plist_find(l, "alice"));
	CU_ASSERT_PTR_NULL(plist_find(l, ""));
	CU_ASSERT_PTR_NULL(plist_find_id(l, 1));
	plist_sort(l, PLIST_BY_SCORE);
	CU_ASSERT_TRUE(links_ok(l));
	CU_ASSERT_PTR_NULL(plist_first(l));
	plist_free(l);
	plist_free(NULL);
}

/* plist_append() copies every field and both strings. */
static void test_append_copies(void)
{
	struct plist *l = plist_create();
	char user[] = "Alice", nick[] = "Wonder \xe5\xa5\xb3";
	struct player_info in = make_info(user, nick, 42, 7, 3, 2, 1612.25);
	struct player *p;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	p = plist_append(l, &in);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	user[0] = 'X';
	nick[0] = 'X';
	CU_ASSERT_STRING_EQUAL(p->username, "Alice");
	CU_ASSERT_STRING_EQUAL(p->nickname, "Wonder \xe5\xa5\xb3");
	CU_ASSERT_EQUAL(p->id, 42);
	CU_ASSERT_EQUAL(p->created_at, 1042);
	CU_ASSERT_EQUAL(p->last_login_at, 2042);
	CU_ASSERT_EQUAL(p->rec.games, 12);
	CU_ASSERT_EQUAL(p->rec.wins, 7);
	CU_ASSERT_EQUAL(p->rec.losses, 3);
	CU_ASSERT_EQUAL(p->rec.ties, 2);
	CU_ASSERT_EQUAL(p->rec.score, 4);
	CU_ASSERT_EQUAL(p->rec.rating, 1612.25);
	CU_ASSERT_PTR_EQUAL(plist_first(l), p);
	CU_ASSERT_PTR_EQUAL(plist_last(l), p);
	CU_ASSERT_PTR_NULL(p->prev);
	CU_ASSERT_PTR_NULL(p->next);
	plist_free(l);
}

/* Appends go to the tail; links agree both ways after each. */
static void test_append_order(void)
{
	static const char *const names[] = {"a", "b", "c", "d", "e"};
	struct plist *l = plist_create();
	size_t i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	for (i = 0; i < 5; i++) {
		CU_ASSERT_PTR_NOT_NULL(add(l, names[i], (long long)i));
		CU_ASSERT_TRUE(order_is(l, names, i + 1));
		CU_ASSERT_STRING_EQUAL(plist_first(l)->username, "a");
		CU_ASSERT_STRING_EQUAL(plist_last(l)->username, names[i]);
	}
	plist_free(l);
}

/* Names of exactly the maximum length, and empty nicknames, fit. */
static void test_append_limits(void)
{
	static const char u20[] = "abcdefghijklmnopqrst";
	static const char u21[] = "abcdefghijklmnopqrstu";
	char n80[PLAYER_NICKNAME_MAX + 1], n81[PLAYER_NICKNAME_MAX + 2];
	struct player_info in = make_info(u20, "", 1, 0, 0, 0, 1500.0);
	struct plist *l = plist_create();
	struct player *p;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	memset(n80, 'n', sizeof(n80) - 1);
	n80[sizeof(n80) - 1] = '\0';
	memset(n81, 'n', sizeof(n81) - 1);
	n81[sizeof(n81) - 1] = '\0';
	p = plist_append(l, &in);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(p->username, u20);
	CU_ASSERT_STRING_EQUAL(p->nickname, "");
	in.username = "x";
	in.nickname = n80;
	p = plist_append(l, &in);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(p->nickname, n80);
	CU_ASSERT_EQUAL(plist_count(l), 2);
	CU_ASSERT_PTR_NULL(plist_find(l, u21));
	plist_free(l);
}

/* Append `in` to `l`, expect a refusal and the list unaltered. */
static void expect_refused(struct plist *l, const struct player_info *in)
{
	struct player *snap[SNAP_MAX];
	size_t n = snapshot(l, snap);

	CU_ASSERT_PTR_NULL(plist_append(l, in));
	CU_ASSERT_TRUE(same_as_snapshot(l, snap, n));
	CU_ASSERT_PTR_EQUAL(plist_find(l, "Alice"), snap[0]);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "bob"), snap[1]);
}

/* Duplicates in any case and bad names are refused, list unaltered. */
static void test_append_refusals(void)
{
	char n81[PLAYER_NICKNAME_MAX + 2];
	struct plist *l = plist_create();
	struct player_info in;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	memset(n81, 'n', sizeof(n81) - 1);
	n81[sizeof(n81) - 1] = '\0';
	CU_ASSERT_PTR_NOT_NULL_FATAL(add(l, "Alice", 1));
	CU_ASSERT_PTR_NOT_NULL_FATAL(add(l, "bob", 2));
	in = make_info("alice", "n", 3, 0, 0, 0, 1500.0);
	expect_refused(l, &in);
	in.username = "ALICE";
	expect_refused(l, &in);
	in.username = "Bob";
	expect_refused(l, &in);
	in.username = "";
	expect_refused(l, &in);
	in.username = NULL;
	expect_refused(l, &in);
	in.username = "abcdefghijklmnopqrstu";
	expect_refused(l, &in);
	in.username = "carol";
	in.nickname = NULL;
	expect_refused(l, &in);
	in.nickname = n81;
	expect_refused(l, &in);
	CU_ASSERT_PTR_NULL(plist_find(l, "carol"));
	CU_ASSERT_PTR_NULL(plist_append(l, NULL));
	in.nickname = "Carol";
	CU_ASSERT_PTR_NOT_NULL(plist_append(l, &in));
	CU_ASSERT_EQUAL(plist_count(l), 3);
	CU_ASSERT_TRUE(links_ok(l));
	plist_free(l);
}

/* plist_find() ignores case and matches whole names only. */
static void test_find_any_case(void)
{
	struct plist *l = plist_create();
	struct player *bob, *alice;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	alice = add(l, "alice", 1);
	bob = add(l, "BoB", 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(alice);
	CU_ASSERT_PTR_NOT_NULL_FATAL(bob);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "bob"), bob);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "BOB"), bob);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "BoB"), bob);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "ALICE"), alice);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "aLiCe"), alice);
	CU_ASSERT_PTR_NULL(plist_find(l, "bo"));
	CU_ASSERT_PTR_NULL(plist_find(l, "bobb"));
	CU_ASSERT_PTR_NULL(plist_find(l, "alice "));
	CU_ASSERT_PTR_NULL(plist_find(l, ""));
	CU_ASSERT_PTR_NULL(plist_find(l, NULL));
	CU_ASSERT_PTR_NULL(plist_find(l, "alicealicealicealicealice"));
	plist_free(l);
}

/* Only letters have a case: '@' and '`' (or '[' and '{') differ by the
 * same bit as 'A' and 'a' but are different names. */
static void test_case_only_for_letters(void)
{
	struct plist *l = plist_create();
	struct player *at, *tick, *open, *brace;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	at = add(l, "x@", 1);
	tick = add(l, "x`", 2);
	open = add(l, "y[", 3);
	brace = add(l, "y{", 4);
	CU_ASSERT_PTR_NOT_NULL_FATAL(at);
	CU_ASSERT_PTR_NOT_NULL_FATAL(tick);
	CU_ASSERT_PTR_NOT_NULL_FATAL(open);
	CU_ASSERT_PTR_NOT_NULL_FATAL(brace);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "X@"), at);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "X`"), tick);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "Y["), open);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "y{"), brace);
	CU_ASSERT_NOT_EQUAL(player_compare(at, tick, PLIST_BY_SCORE), 0);
	CU_ASSERT_TRUE(player_compare(at, tick, PLIST_BY_SCORE) < 0);
	plist_free(l);
}

/* plist_find_id() finds by database id, and not removed players. */
static void test_find_id(void)
{
	struct plist *l = plist_create();
	struct player *a, *b, *c;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	a = add(l, "a", 10);
	b = add(l, "b", 20);
	c = add(l, "c", 30);
	CU_ASSERT_PTR_EQUAL(plist_find_id(l, 10), a);
	CU_ASSERT_PTR_EQUAL(plist_find_id(l, 20), b);
	CU_ASSERT_PTR_EQUAL(plist_find_id(l, 30), c);
	CU_ASSERT_PTR_NULL(plist_find_id(l, 0));
	CU_ASSERT_PTR_NULL(plist_find_id(l, 40));
	plist_remove(l, b);
	CU_ASSERT_PTR_NULL(plist_find_id(l, 20));
	CU_ASSERT_PTR_EQUAL(plist_find_id(l, 30), c);
	plist_free(l);
}

/* ==== Removing and iterating ============================================= */

/* Removing the middle, head, tail and only node keeps the links right. */
static void test_remove_positions(void)
{
	static const char *const all[] = {"a", "b", "c", "d", "e"};
	static const char *const no_c[] = {"a", "b", "d", "e"};
	static const char *const no_ac[] = {"b", "d", "e"};
	static const char *const no_ace[] = {"b", "d"};
	static const char *const only_d[] = {"d"};
	struct plist *l = plist_create();
	size_t i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	for (i = 0; i < 5; i++)
		CU_ASSERT_PTR_NOT_NULL_FATAL(add(l, all[i], (long long)i));
	plist_remove(l, plist_find(l, "C"));
	CU_ASSERT_TRUE(order_is(l, no_c, 4));
	CU_ASSERT_PTR_NULL(plist_find(l, "c"));
	plist_remove(l, plist_first(l));
	CU_ASSERT_TRUE(order_is(l, no_ac, 3));
	CU_ASSERT_PTR_NULL(plist_find(l, "a"));
	plist_remove(l, plist_last(l));
	CU_ASSERT_TRUE(order_is(l, no_ace, 2));
	CU_ASSERT_PTR_NULL(plist_find(l, "e"));
	plist_remove(l, plist_first(l));
	CU_ASSERT_TRUE(order_is(l, only_d, 1));
	CU_ASSERT_PTR_EQUAL(plist_first(l), plist_last(l));
	plist_remove(l, plist_first(l));
	CU_ASSERT_TRUE(order_is(l, NULL, 0));
	CU_ASSERT_PTR_NULL(plist_first(l));
	CU_ASSERT_PTR_NULL(plist_last(l));
	CU_ASSERT_PTR_NULL(plist_find(l, "d"));
	CU_ASSERT_PTR_NOT_NULL(add(l, "D", 9));
	CU_ASSERT_PTR_NOT_NULL(plist_find(l, "d"));
	CU_ASSERT_TRUE(links_ok(l));
	plist_free(l);
}

/* Removing a name frees it for reuse, in any case, and leaves others
 * that share its hash chain findable. */
static void test_remove_then_reuse(void)
{
	struct plist *l = plist_create();
	char name[16];
	int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	for (i = 0; i < 100; i++) {
		snprintf(name, sizeof(name), "p%d", i);
		CU_ASSERT_PTR_NOT_NULL_FATAL(add(l, name, i));
	}
	for (i = 0; i < 100; i += 3) {
		snprintf(name, sizeof(name), "P%d", i);
		plist_remove(l, plist_find(l, name));
	}
	for (i = 0; i < 100; i++) {
		snprintf(name, sizeof(name), "p%d", i);
		CU_ASSERT_EQUAL(plist_find(l, name) == NULL, i % 3 == 0);
	}
	CU_ASSERT_EQUAL(plist_count(l), 66);
	CU_ASSERT_PTR_NOT_NULL(add(l, "P0", 1000));
	CU_ASSERT_PTR_NULL(add(l, "p1", 1001));
	CU_ASSERT_EQUAL(plist_count(l), 67);
	CU_ASSERT_TRUE(links_ok(l));
	plist_free(l);
}

/* The iterator rule: the node just reached may be removed once its next
 * has been read. */
static void test_remove_while_iterating(void)
{
	static const char *const names[] = {"a", "b", "c", "d", "e", "f"};
	static const char *const odd[] = {"b", "d", "f"};
	struct plist *l = plist_create();
	struct player *p, *next;
	size_t i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	for (i = 0; i < 6; i++)
		CU_ASSERT_PTR_NOT_NULL_FATAL(add(l, names[i], (long long)i));
	for (p = plist_first(l); p != NULL; p = next) {
		next = p->next;
		if (p->id % 2 == 0)
			plist_remove(l, p);
	}
	CU_ASSERT_TRUE(order_is(l, odd, 3));
	for (p = plist_first(l); p != NULL; p = next) {
		next = p->next;
		plist_remove(l, p);
		CU_ASSERT_TRUE(links_ok(l));
	}
	CU_ASSERT_EQUAL(plist_count(l), 0);
	CU_ASSERT_PTR_NULL(plist_first(l));
	plist_free(l);
}

/* A full list is freed without leaks (checked under valgrind and ASan). */
static void test_free_full(void)
{
	struct plist *l = random_list(5000, 7);

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	CU_ASSERT_EQUAL(plist_count(l), 5000);
	plist_free(l);
	plist_free(NULL);
}

/* ==== The leaderboard order ============================================== */

/* Two players that differ only where noted. */
struct pair {
	struct plist *l;
	struct player *a, *b;
};

/* Build a list holding a and b, with the records given, into `pr`.
 * Returns true, or false (nothing left allocated) on failure. */
static bool make_pair(struct pair *pr, const char *an, struct player_info ai,
		      const char *bn, struct player_info bi)
{
	pr->a = NULL;
	pr->b = NULL;
	pr->l = plist_create();
	if (pr->l == NULL)
		return false;
	ai.username = an;
	bi.username = bn;
	pr->a = plist_append(pr->l, &ai);
	pr->b = plist_append(pr->l, &bi);
	if (pr->a != NULL && pr->b != NULL)
		return true;
	plist_free(pr->l);
	return false;
}

/* The sign of x: -1, 0 or 1. */
static int sign(int x)
{
	return (x > 0) - (x < 0);
}

/* Expect `a` above `b` under `key`, and the comparison antisymmetric. */
static void expect_above(const struct pair *pr, enum plist_key key)
{
	CU_ASSERT_TRUE(player_compare(pr->a, pr->b, key) < 0);
	CU_ASSERT_TRUE(player_compare(pr->b, pr->a, key) > 0);
}

/* Each key of the order decides when the ones before it tie. */
static void test_compare_tie_breaks(void)
{
	struct pair pr;
	enum plist_key k;

	/* each primary key decides; rating and username point the other
	 * way */
	CU_ASSERT_TRUE_FATAL(
		make_pair(&pr, "z", make_info("", "", 1, 5, 1, 0, 1400.0), "a",
			  make_info("", "", 2, 4, 1, 9, 1600.0)));
	expect_above(&pr, PLIST_BY_SCORE);
	expect_above(&pr, PLIST_BY_WINS);
	expect_above(&pr, PLIST_BY_WINRATE);
	CU_ASSERT_TRUE(player_compare(pr.a, pr.b, PLIST_BY_RATING) > 0);
	plist_free(pr.l);
	/* same score, more wins first (z's win rate is lower) */
	CU_ASSERT_TRUE_FATAL(
		make_pair(&pr, "z", make_info("", "", 1, 6, 3, 0, 1500.0), "a",
			  make_info("", "", 2, 5, 2, 0, 1500.0)));
	for (k = PLIST_BY_SCORE; k <= PLIST_BY_WINS; k++)
		expect_above(&pr, k);
	CU_ASSERT_TRUE(player_compare(pr.a, pr.b, PLIST_BY_WINRATE) > 0);
	plist_free(pr.l);
	/* same score, wins and losses: the win rate decides its order, the
	 * username the others */
	CU_ASSERT_TRUE_FATAL(
		make_pair(&pr, "z", make_info("", "", 1, 2, 1, 0, 1500.0), "a",
			  make_info("", "", 2, 2, 1, 4, 1500.0)));
	CU_ASSERT_TRUE(player_compare(pr.a, pr.b, PLIST_BY_SCORE) > 0);
	expect_above(&pr, PLIST_BY_WINRATE);
	plist_free(pr.l);
	/* everything equal: username without case */
	CU_ASSERT_TRUE_FATAL(
		make_pair(&pr, "alice", make_info("", "", 1, 2, 1, 0, 1500.0),
			  "Bob", make_info("", "", 2, 2, 1, 0, 1500.0)));
	for (k = PLIST_BY_SCORE; k <= PLIST_BY_WINRATE; k++) {
		expect_above(&pr, k);
		CU_ASSERT_EQUAL(player_compare(pr.a, pr.a, k), 0);
	}
	plist_free(pr.l);
}

/* Losses decide only when score and wins tie: impossible in real data
 * (score = wins - losses) but the order must still honour it. */
static void test_compare_losses(void)
{
	struct player_info ai = make_info("", "", 1, 3, 1, 0, 1500.0);
	struct player_info bi = make_info("", "", 2, 3, 1, 0, 1500.0);
	struct pair pr;

	bi.rec.losses = 2;
	CU_ASSERT_TRUE_FATAL(make_pair(&pr, "z", ai, "a", bi));
	expect_above(&pr, PLIST_BY_SCORE);
	expect_above(&pr, PLIST_BY_WINS);
	expect_above(&pr, PLIST_BY_RATING);
	CU_ASSERT_FALSE(player_same_rank(pr.a, pr.b, PLIST_BY_SCORE));
	plist_free(pr.l);
}

/* compare(a, b) = -compare(b, a), and 0 only for a player itself. */
static void test_compare_antisymmetric(void)
{
	struct plist *l = random_list(300, 99);
	struct player *p, *q;
	enum plist_key k;
	bool ok = true;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	for (k = PLIST_BY_SCORE; k <= PLIST_BY_WINRATE; k++) {
		for (p = plist_first(l); p != NULL; p = p->next) {
			for (q = plist_first(l); q != NULL; q = q->next) {
				int pq = player_compare(p, q, k);

				ok = ok &&
				     sign(pq) == -sign(player_compare(q, p, k));
				ok = ok && (pq == 0) == (p == q);
			}
		}
	}
	CU_ASSERT_TRUE(ok);
	plist_free(l);
}

/* player_same_rank() looks at every key of the order but the name. */
static void test_same_rank(void)
{
	struct player_info ai = make_info("", "", 1, 4, 2, 1, 1500.0);
	struct player_info bi = make_info("", "", 2, 4, 2, 1, 1500.0);
	struct pair pr;
	enum plist_key k;

	CU_ASSERT_TRUE_FATAL(make_pair(&pr, "Ann", ai, "bea", bi));
	for (k = PLIST_BY_SCORE; k <= PLIST_BY_WINRATE; k++) {
		CU_ASSERT_TRUE(player_same_rank(pr.a, pr.b, k));
		CU_ASSERT_TRUE(player_same_rank(pr.a, pr.a, k));
		CU_ASSERT_TRUE(player_compare(pr.a, pr.b, k) < 0);
	}
	/* ratings compared exactly; rating is no key of the other orders */
	pr.b->rec.rating = nextafter(1500.0, 2000.0);
	CU_ASSERT_FALSE(player_same_rank(pr.a, pr.b, PLIST_BY_RATING));
	CU_ASSERT_TRUE(player_same_rank(pr.a, pr.b, PLIST_BY_SCORE));
	CU_ASSERT_TRUE(player_same_rank(pr.a, pr.b, PLIST_BY_WINS));
	CU_ASSERT_TRUE(player_same_rank(pr.a, pr.b, PLIST_BY_WINRATE));
	/* an extra tie: same score, wins, losses but a lower win rate */
	pr.b->rec.rating = 1500.0;
	pr.b->rec.ties = 2;
	pr.b->rec.games = 8;
	CU_ASSERT_FALSE(player_same_rank(pr.a, pr.b, PLIST_BY_WINRATE));
	CU_ASSERT_TRUE(player_same_rank(pr.a, pr.b, PLIST_BY_SCORE));
	CU_ASSERT_TRUE(player_same_rank(pr.a, pr.b, PLIST_BY_RATING));
	/* the same win rate from different games (4/7 and 8/14, same
	 * score): the win rate ties, then more wins rank higher */
	pr.b->rec = pr.a->rec;
	pr.b->rec.wins = 8;
	pr.b->rec.games = 14;
	CU_ASSERT_TRUE(player_compare(pr.b, pr.a, PLIST_BY_WINRATE) < 0);
	CU_ASSERT_FALSE(player_same_rank(pr.a, pr.b, PLIST_BY_WINRATE));
	/* no wins in 3 games and in 5 games (all ties): the same rank */
	pr.a->rec = make_info("", "", 1, 0, 0, 3, 1500.0).rec;
	pr.b->rec = make_info("", "", 2, 0, 0, 5, 1500.0).rec;
	for (k = PLIST_BY_SCORE; k <= PLIST_BY_WINRATE; k++)
		CU_ASSERT_TRUE(player_same_rank(pr.a, pr.b, k));
	plist_free(pr.l);
}

/* Win rates, 0 with no games, and their place in the order. */
static void test_win_rate(void)
{
	struct player_info ai = make_info("", "", 1, 0, 0, 0, 1500.0);
	struct player_info bi = make_info("", "", 2, 0, 5, 0, 1500.0);
	struct pair pr;

	CU_ASSERT_TRUE_FATAL(make_pair(&pr, "new", ai, "loser", bi));
	CU_ASSERT_EQUAL(player_win_rate(pr.a), 0.0);
	CU_ASSERT_EQUAL(player_win_rate(pr.b), 0.0);
	/* same win rate 0, but no games is not ranked: below 5 losses */
	CU_ASSERT_TRUE(player_compare(pr.b, pr.a, PLIST_BY_WINRATE) < 0);
	CU_ASSERT_FALSE(player_same_rank(pr.a, pr.b, PLIST_BY_WINRATE));
	/* 0 of 5 games won (5 ties) ties with 0 of 5 lost (5 losses)
	 * on win rate, then score 0 above -5 */
	pr.a->rec = make_info("", "", 1, 0, 0, 5, 1500.0).rec;
	expect_above(&pr, PLIST_BY_WINRATE);
	pr.b->rec = pr.a->rec;
	CU_ASSERT_TRUE(player_same_rank(pr.a, pr.b, PLIST_BY_WINRATE));
	pr.b->rec = make_info("", "", 2, 3, 1, 0, 0).rec;
	CU_ASSERT_DOUBLE_EQUAL(player_win_rate(pr.b), 0.75, 1e-12);
	pr.b->rec = make_info("", "", 2, 1, 1, 1, 0).rec;
	CU_ASSERT_DOUBLE_EQUAL(player_win_rate(pr.b), 1.0 / 3.0, 1e-12);
	pr.b->rec = make_info("", "", 2, 9, 0, 0, 0).rec;
	CU_ASSERT_EQUAL(player_win_rate(pr.b), 1.0);
	/* a perfect record beats a longer but imperfect one */
	pr.a->rec = make_info("", "", 1, 10, 1, 0, 0).rec;
	CU_ASSERT_TRUE(player_compare(pr.b, pr.a, PLIST_BY_WINRATE) < 0);
	CU_ASSERT_TRUE(player_compare(pr.b, pr.a, PLIST_BY_WINS) > 0);
	plist_free(pr.l);
}

/* A NaN rating must not break the order: it sorts after every number. */
static void test_rating_nan(void)
{
	struct plist *l = random_list(50, 5);
	struct player *odd, *p;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	odd = plist_first(l)->next->next;
	odd->rec.rating = NAN;
	odd->rec.games = odd->rec.wins = 1;
	plist_sort(l, PLIST_BY_RATING);
	/* after every ranked player (the unranked come after it) */
	for (p = odd->next; p != NULL; p = p->next)
		CU_ASSERT_FALSE(player_ranked(p));
	CU_ASSERT_TRUE(odd->prev == NULL || player_ranked(odd->prev));
	CU_ASSERT_TRUE(links_ok(l));
	CU_ASSERT_FALSE(player_same_rank(odd, plist_first(l), PLIST_BY_RATING));
	plist_free(l);
}

/* ==== Sorting ============================================================ */

/* Sorting by each key gives the order of the qsort() oracle. */
static void test_sort_each_key(void)
{
	struct plist *l = random_list(3000, 12345);
	enum plist_key k;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	for (k = PLIST_BY_SCORE; k <= PLIST_BY_WINRATE; k++) {
		plist_sort(l, k);
		CU_ASSERT_EQUAL(plist_count(l), 3000);
		CU_ASSERT_TRUE(sorted_like_oracle(l, k));
	}
	plist_free(l);
}

/* Lists of every size up to 17 (odd runs, empty) sort right. */
static void test_sort_small_sizes(void)
{
	unsigned int n;
	enum plist_key k;
	struct plist *l;

	for (n = 0; n <= 17; n++) {
		for (k = PLIST_BY_SCORE; k <= PLIST_BY_WINRATE; k++) {
			l = random_list(n, 1000 + n);
			CU_ASSERT_PTR_NOT_NULL_FATAL(l);
			plist_sort(l, k);
			CU_ASSERT_TRUE(sorted_like_oracle(l, k));
			plist_free(l);
		}
	}
}

/* Sorting keeps every node where it is (pointers stay valid), a sorted
 * list sorts to itself, and sorting twice changes nothing. */
static void test_sort_stable(void)
{
	struct plist *l = random_list(SNAP_MAX, 77);
	struct player *before[SNAP_MAX], *p;
	size_t n, i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	p = plist_find(l, plist_first(l)->username);
	plist_sort(l, PLIST_BY_WINS);
	CU_ASSERT_PTR_EQUAL(plist_find(l, p->username), p);
	CU_ASSERT_TRUE(sorted_like_oracle(l, PLIST_BY_WINS));
	n = snapshot(l, before);
	CU_ASSERT_EQUAL(n, SNAP_MAX);
	plist_sort(l, PLIST_BY_WINS);
	CU_ASSERT_TRUE(same_as_snapshot(l, before, n));
	plist_sort(l, PLIST_BY_WINS);
	CU_ASSERT_TRUE(same_as_snapshot(l, before, n));
	for (i = 0; i < n; i++)
		CU_ASSERT_PTR_EQUAL(plist_find(l, before[i]->username),
				    before[i]);
	plist_free(l);
}

/* A list in reverse rating order sorts back; re-sorted by score, the
 * ties are broken by username. */
static void test_sort_reverse_input(void)
{
	struct plist *l = plist_create();
	struct player_info in;
	char name[8];
	int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	for (i = 0; i < 1000; i++) {
		snprintf(name, sizeof(name), "u%04d", 999 - i);
		in = make_info(name, "", i, i % 7, 0, 1, 1500.0 - i);
		CU_ASSERT_PTR_NOT_NULL_FATAL(plist_append(l, &in));
	}
	plist_sort(l, PLIST_BY_RATING);
	CU_ASSERT_TRUE(sorted_like_oracle(l, PLIST_BY_RATING));
	CU_ASSERT_EQUAL(plist_first(l)->id, 0);
	CU_ASSERT_EQUAL(plist_last(l)->id, 999);
	plist_sort(l, PLIST_BY_SCORE);
	CU_ASSERT_TRUE(sorted_like_oracle(l, PLIST_BY_SCORE));
	/* score 6 (ids 6, 13, ... 993): the username decides, u0006 first */
	CU_ASSERT_STRING_EQUAL(plist_first(l)->username, "u0006");
	CU_ASSERT_EQUAL(plist_first(l)->id, 993);
	plist_free(l);
}

/* 100 000 players sort by each key, in order with prev links right. */
static void test_sort_big(void)
{
	struct plist *l = random_list(BIG_N, 424242);
	struct player *p;
	enum plist_key k;
	bool ordered = true;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	for (k = PLIST_BY_SCORE; k <= PLIST_BY_WINRATE; k++) {
		plist_sort(l, k);
		CU_ASSERT_EQUAL(plist_count(l), BIG_N);
		for (p = plist_first(l); p->next != NULL; p = p->next)
			ordered = ordered && player_compare(p, p->next, k) < 0;
		CU_ASSERT_TRUE(ordered);
		CU_ASSERT_TRUE(sorted_like_oracle(l, k));
	}
	plist_free(l);
}

/* ==== The hash index at scale ============================================ */

/* Each of 100 000 players is found by its name in either case. */
static void test_find_big(void)
{
	struct plist *l = random_list(BIG_N, 31337);
	char name[PLAYER_USERNAME_MAX + 1];
	struct player *p;
	size_t i;
	bool ok = true;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	for (p = plist_first(l); p != NULL; p = p->next) {
		lower_copy(name, p->username);
		ok = ok && plist_find(l, name) == p;
		for (i = 0; name[i] != '\0'; i++)
			name[i] = (char)(name[i] - 'a' + 'A');
		ok = ok && plist_find(l, name) == p;
	}
	CU_ASSERT_TRUE(ok);
	CU_ASSERT_PTR_NULL(plist_find(l, "nobody"));
	CU_ASSERT_PTR_NULL(plist_find(l, "aaaa"));
	CU_ASSERT_PTR_NULL(plist_find(l, "aaaaaaaaa"));
	CU_ASSERT_EQUAL(plist_count(l), BIG_N);
	plist_free(l);
}

/* Remove every other player of a big list while iterating, then find
 * the survivors and none of the others. */
static void test_remove_half_big(void)
{
	struct plist *l = random_list(BIG_N, 2718);
	struct player *p, *next;
	size_t survivors = 0;
	bool ok = true;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	for (p = plist_first(l); p != NULL; p = next) {
		next = p->next;
		if (p->id % 2 == 0)
			plist_remove(l, p);
	}
	CU_ASSERT_EQUAL(plist_count(l), BIG_N / 2);
	CU_ASSERT_TRUE(links_ok(l));
	for (p = plist_first(l); p != NULL; p = p->next) {
		ok = ok && p->id % 2 == 1 && plist_find(l, p->username) == p;
		survivors++;
	}
	CU_ASSERT_TRUE(ok);
	CU_ASSERT_EQUAL(survivors, BIG_N / 2);
	plist_free(l);
}

/* plist_rank(): players equal on every key share a rank, the next rank
 * skips past them (1, 1, 3), whatever order the list is in. */
static void test_rank(void)
{
	struct plist *l = plist_create();
	struct player_info in[] = {
		make_info("carol", "C", 1, 1, 0, 0, 1500.0),
		make_info("alice", "A", 2, 3, 1, 0, 1540.0),
		make_info("bob", "B", 3, 3, 1, 0, 1520.0),
		make_info("dave", "D", 4, 0, 2, 0, 1460.0),
	};
	struct player *p[4];
	size_t i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	for (i = 0; i < 4; i++) {
		p[i] = plist_append(l, &in[i]);
		CU_ASSERT_PTR_NOT_NULL_FATAL(p[i]);
	}
	CU_ASSERT_EQUAL(plist_rank(l, p[1], PLIST_BY_SCORE), 1);
	CU_ASSERT_EQUAL(plist_rank(l, p[2], PLIST_BY_SCORE), 1);
	CU_ASSERT_EQUAL(plist_rank(l, p[0], PLIST_BY_SCORE), 3);
	CU_ASSERT_EQUAL(plist_rank(l, p[3], PLIST_BY_SCORE), 4);
	CU_ASSERT_EQUAL(plist_rank(l, p[1], PLIST_BY_RATING), 1);
	CU_ASSERT_EQUAL(plist_rank(l, p[2], PLIST_BY_RATING), 2);
	plist_sort(l, PLIST_BY_RATING);
	CU_ASSERT_EQUAL(plist_rank(l, p[0], PLIST_BY_SCORE), 3);
	CU_ASSERT_EQUAL(plist_rank(l, p[2], PLIST_BY_SCORE), 1);
	plist_free(l);
}

/* A player without a ranked game is not ranked: rank 0, after every
 * ranked player in every order, even one with a lower score or rating.
 * A rating from fewer than
 * PLAYER_PROVISIONAL_GAMES games is provisional. */
static void test_unranked_last(void)
{
	struct plist *l = plist_create();
	struct player_info in[] = {
		make_info("new", "N", 1, 0, 0, 0, 1500.0),
		make_info("loser", "L", 2, 0, 3, 0, 1440.0),
		make_info("old", "O", 3, PLAYER_PROVISIONAL_GAMES, 0, 0,
			  1700.0),
	};
	struct player *p[3], *best[3];
	enum plist_key k;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	for (size_t i = 0; i < 3; i++) {
		p[i] = plist_append(l, &in[i]);
		CU_ASSERT_PTR_NOT_NULL_FATAL(p[i]);
	}
	for (k = PLIST_BY_SCORE; k <= PLIST_BY_WINRATE; k++) {
		CU_ASSERT_EQUAL(plist_rank(l, p[0], k), 0);
		CU_ASSERT_EQUAL(plist_rank(l, p[1], k), 2);
		CU_ASSERT_EQUAL(plist_top(l, k, 3, best), 3);
		CU_ASSERT_PTR_EQUAL(best[2], p[0]);
		CU_ASSERT_TRUE(player_compare(p[1], p[0], k) < 0);
	}
	CU_ASSERT_FALSE(player_ranked(p[0]));
	CU_ASSERT_TRUE(player_provisional(p[0]));
	CU_ASSERT_TRUE(player_provisional(p[1]));
	CU_ASSERT_FALSE(player_provisional(p[2]));
	plist_free(l);
}

/* plist_top() gives the same players in the same order as the first n
 * of a full sort, for every key and for n below, at and above count,
 * and leaves the list's own order alone. */
static void test_top(void)
{
	static const size_t ns[] = {0, 1, 7, 10, 999, 1000, 5000};
	struct plist *l = random_list(1000, 99);
	struct player *best[5000], *before[1000], *p;
	enum plist_key k;
	size_t i, j, got;
	bool same = true, untouched = true;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	for (k = PLIST_BY_SCORE; k <= PLIST_BY_WINRATE; k++) {
		for (j = 0; j < sizeof(ns) / sizeof(ns[0]); j++) {
			plist_sort(l, (k + 1) % 4); /* some other order */
			for (i = 0, p = plist_first(l); p != NULL; p = p->next)
				before[i++] = p;
			got = plist_top(l, k, ns[j], best);
			CU_ASSERT_EQUAL(got, ns[j] < 1000 ? ns[j] : 1000);
			for (i = 0, p = plist_first(l); p != NULL; p = p->next)
				untouched = untouched && before[i++] == p;
			plist_sort(l, k);
			for (i = 0, p = plist_first(l); i < got; p = p->next)
				same = same && best[i++] == p;
		}
	}
	CU_ASSERT_TRUE(same);
	CU_ASSERT_TRUE(untouched);
	plist_free(l);
}

/* Suite set-up: nothing to prepare. Returns 0. */
static int init(void)
{
	return 0;
}

/* Suite tear-down: nothing to undo. Returns 0. */
static int cleanup(void)
{
	return 0;
}

/* ==== Bulk load and update in place ===================================== */

/* The players a load_source gives plist_load(), then how it ends. */
struct load_source {
	const struct player_info *rows;
	int n, next;
	int end; /* what next() returns after the rows: 0 or -1 */
};

/* plist_load()'s next(): the source's rows in turn. */
static int source_next(void *ctx, struct player_info *info)
{
	struct load_source *src = ctx;

	if (src->next == src->n)
		return src->end;
	*info = src->rows[src->next++];
	return 1;
}

/* plist_load() appends every row in order, each findable by name and
 * linked both ways, with every field copied. */
static void test_load_bulk(void)
{
	static const struct player_info rows[] = {
		{1, "ann", "Ann", 11, 12, {3, 2, 1, 0, 1, 1600.0}},
		{2, "Ben", "", 21, 0, {0, 0, 0, 0, 0, 1500.0}},
		{5, "cy", "Cy \xe5\xa5\xb3", 51, 52, {2, 0, 2, 0, -2, 1400.0}},
	};
	struct load_source src = {rows, 3, 0, 0};
	struct plist *l = plist_create();
	struct player *p;
	int i = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	CU_ASSERT_EQUAL(plist_load(l, source_next, &src), 0);
	CU_ASSERT_EQUAL(plist_count(l), 3);
	CU_ASSERT(links_ok(l));
	for (p = plist_first(l); p != NULL; p = p->next, i++) {
		CU_ASSERT_EQUAL(p->id, rows[i].id);
		CU_ASSERT_PTR_EQUAL(plist_find(l, rows[i].username), p);
		CU_ASSERT_STRING_EQUAL(p->nickname, rows[i].nickname);
		CU_ASSERT_EQUAL(p->created_at, rows[i].created_at);
		CU_ASSERT_EQUAL(p->last_login_at, rows[i].last_login_at);
		CU_ASSERT_EQUAL(p->rec.wins, rows[i].rec.wins);
		CU_ASSERT_EQUAL(p->rec.score, rows[i].rec.score);
		CU_ASSERT_DOUBLE_EQUAL(p->rec.rating, rows[i].rec.rating, 0.0);
	}
	CU_ASSERT_PTR_EQUAL(plist_find(l, "BEN"), plist_find(l, "ben"));
	plist_free(l);
}

/* A load that fails part-way (next() fails, or a name is too long)
 * leaves the list as it was, every old player still findable. */
static void test_load_failure_unwinds(void)
{
	struct player_info rows[2] = {
		make_info("newa", "A", 10, 0, 0, 0, 1500.0),
		make_info("newb", "B", 11, 0, 0, 0, 1500.0),
	};
	struct load_source src = {rows, 2, 0, -1};
	struct plist *l = plist_create();

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	CU_ASSERT_PTR_NOT_NULL_FATAL(add(l, "old", 1));
	CU_ASSERT_EQUAL(plist_load(l, source_next, &src), -1);
	CU_ASSERT_EQUAL(plist_count(l), 1);
	CU_ASSERT_PTR_NULL(plist_find(l, "newa"));
	CU_ASSERT_PTR_NULL(plist_find(l, "newb"));
	CU_ASSERT_PTR_NOT_NULL(plist_find(l, "old"));
	CU_ASSERT(links_ok(l));

	rows[1].username = "a_name_of_21_letters_"; /* one byte too long */
	src = (struct load_source){rows, 2, 0, 0};
	CU_ASSERT_EQUAL(plist_load(l, source_next, &src), -1);
	CU_ASSERT_EQUAL(plist_count(l), 1);
	CU_ASSERT_PTR_NULL(plist_find(l, "newa"));
	CU_ASSERT(links_ok(l));
	plist_free(l);
}

/* A bulk load past the reserved room grows the index as it goes: every
 * one of BIG_N players, loaded into a list of one, is findable. */
static void test_load_grows(void)
{
	struct player_info *rows = malloc(BIG_N * sizeof(*rows));
	char(*names)[16] = malloc(BIG_N * sizeof(*names));
	struct plist *l = plist_create();
	struct load_source src = {rows, BIG_N, 0, 0};
	int i, found = 0;

	CU_ASSERT_FATAL(rows != NULL && names != NULL && l != NULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(add(l, "first", 0));
	for (i = 0; i < BIG_N; i++) {
		snprintf(names[i], sizeof(names[i]), "P%d", i);
		rows[i] = make_info(names[i], names[i], i + 1, i % 7, 0, 0,
				    1500.0);
	}
	CU_ASSERT_EQUAL(plist_load(l, source_next, &src), 0);
	CU_ASSERT_EQUAL(plist_count(l), BIG_N + 1);
	for (i = 0; i < BIG_N; i++)
		found += plist_find(l, names[i]) != NULL &&
			 plist_find(l, names[i])->id == i + 1;
	CU_ASSERT_EQUAL(found, BIG_N);
	CU_ASSERT(links_ok(l));
	plist_free(l);
	free(names);
	free(rows);
}

/* plist_update() changes a node in place: same address, same place in
 * the list, every field new; a new nickname of any length, and a new
 * username that the index then finds (and the old one no longer). */
static void test_update_in_place(void)
{
	struct plist *l = plist_create();
	struct player_info in;
	struct player *a, *b;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	a = add(l, "amy", 1);
	b = add(l, "bo", 2);
	CU_ASSERT_FATAL(a != NULL && b != NULL);
	in = make_info("amy", "A much longer nickname than before", 1, 4, 1, 2,
		       1620.5);
	CU_ASSERT_EQUAL(plist_update(l, a, &in), 0);
	CU_ASSERT_PTR_EQUAL(plist_first(l), a);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "amy"), a);
	CU_ASSERT_STRING_EQUAL(a->nickname, in.nickname);
	CU_ASSERT_EQUAL(a->rec.games, 7);
	CU_ASSERT_EQUAL(a->rec.score, 3);
	CU_ASSERT_DOUBLE_EQUAL(a->rec.rating, 1620.5, 0.0);
	CU_ASSERT_EQUAL(a->last_login_at, 2001);

	in = make_info("Amelia", "Am", 1, 4, 1, 2, 1620.5);
	CU_ASSERT_EQUAL(plist_update(l, a, &in), 0);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "AMELIA"), a);
	CU_ASSERT_PTR_NULL(plist_find(l, "amy"));
	CU_ASSERT_STRING_EQUAL(a->username, "Amelia");
	CU_ASSERT_STRING_EQUAL(a->nickname, "Am");
	CU_ASSERT_PTR_EQUAL(plist_find(l, "bo"), b);
	CU_ASSERT(links_ok(l));
	plist_free(l);
}

/* plist_update() refuses a username another node has (in any case) and
 * names of refused lengths, leaving the node as it was. */
static void test_update_refusals(void)
{
	struct plist *l = plist_create();
	struct player_info in;
	struct player *a;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	a = add(l, "amy", 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(add(l, "bo", 2));
	in = make_info("BO", "Bo", 1, 9, 0, 0, 1700.0);
	CU_ASSERT_EQUAL(plist_update(l, a, &in), -1);
	in = make_info("", "Empty", 1, 9, 0, 0, 1700.0);
	CU_ASSERT_EQUAL(plist_update(l, a, &in), -1);
	in = make_info("amy", NULL, 1, 9, 0, 0, 1700.0);
	CU_ASSERT_EQUAL(plist_update(l, a, &in), -1);
	CU_ASSERT_STRING_EQUAL(a->username, "amy");
	CU_ASSERT_STRING_EQUAL(a->nickname, "amy");
	CU_ASSERT_EQUAL(a->rec.wins, 0);
	CU_ASSERT_PTR_EQUAL(plist_find(l, "amy"), a);
	plist_free(l);
}

static CU_TestInfo tests[] = {
	{"empty list, plist_free(NULL)", test_empty},
	{"ranks shared by equal players", test_rank},
	{"players without ranked games come last, unranked",
	 test_unranked_last},
	{"top n equals the head of a full sort", test_top},
	{"append copies every field", test_append_copies},
	{"append keeps order, links both ways", test_append_order},
	{"names at the length limits", test_append_limits},
	{"refused appends leave the list unaltered", test_append_refusals},
	{"find in any case", test_find_any_case},
	{"only letters have a case", test_case_only_for_letters},
	{"find by id", test_find_id},
	{"bulk load copies every row in order", test_load_bulk},
	{"a failed bulk load leaves the list alone", test_load_failure_unwinds},
	{"bulk load grows the index as it goes", test_load_grows},
	{"update in place: node, order and index", test_update_in_place},
	{"update refuses a taken or bad name", test_update_refusals},
	{"remove middle, head, tail, only node", test_remove_positions},
	{"removed names can be reused", test_remove_then_reuse},
	{"remove the node just reached while iterating",
	 test_remove_while_iterating},
	{"free a full list", test_free_full},
	{"compare: primary keys and tie-breaks", test_compare_tie_breaks},
	{"compare: losses tie-break", test_compare_losses},
	{"compare is antisymmetric and 0 only for self",
	 test_compare_antisymmetric},
	{"same rank", test_same_rank},
	{"win rate, with 0 games", test_win_rate},
	{"NaN rating sorts last", test_rating_nan},
	{"sort by each key matches qsort oracle", test_sort_each_key},
	{"sort lists of 0..17 players", test_sort_small_sizes},
	{"sorted list sorts to itself, nodes stay put", test_sort_stable},
	{"sort reversed input", test_sort_reverse_input},
	{"sort 100000 players by each key", test_sort_big},
	{"find each of 100000 players in any case", test_find_big},
	{"remove half of 100000 players while iterating", test_remove_half_big},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo player_suite = {"player", init, cleanup, NULL, NULL, tests};
