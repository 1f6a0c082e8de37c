/* player.c -- the player list: a doubly linked list that owns its nodes,
 * with a hash index by username (case-insensitive, separate chaining).
 *
 * Each node is one allocation: struct player with the nickname stored in
 * its flexible array member. The bucket array doubles whenever the number
 * of players would pass the number of buckets, so a lookup stays O(1).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "player.h"

#define PLIST_MIN_BUCKETS 16

struct plist {
	struct player *head, *tail;
	size_t count;
	struct player **buckets; /* nbuckets chains through hash_next */
	size_t nbuckets;	 /* a power of two */
};

/* ==== Names ============================================================== */

/* The ASCII lower-case form of byte `c`; other bytes are returned as is. */
static unsigned char ascii_lower(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return (unsigned char)(c - 'A' + 'a');
	return c;
}

/* Compare two strings byte by byte ignoring ASCII case. Returns <0, 0 or
 * >0 like strcmp(). */
static int name_compare(const char *a, const char *b)
{
	const unsigned char *x = (const unsigned char *)a;
	const unsigned char *y = (const unsigned char *)b;

	while (*x != '\0' && ascii_lower(*x) == ascii_lower(*y)) {
		x++;
		y++;
	}
	return (int)ascii_lower(*x) - (int)ascii_lower(*y);
}

/* Length of `s`, but stop counting at max + 1. Returns that length. */
static size_t bounded_length(const char *s, size_t max)
{
	size_t n = 0;

	while (n <= max && s[n] != '\0')
		n++;
	return n;
}

/* FNV-1a (64 bit) of `name` lower-cased. Returns the hash. */
static uint64_t name_hash(const char *name)
{
	const unsigned char *s = (const unsigned char *)name;
	uint64_t h = 14695981039346656037ULL;

	for (; *s != '\0'; s++) {
		h ^= ascii_lower(*s);
		h *= 1099511628211ULL;
	}
	return h;
}

/* ==== Hash index ========================================================= */

/* The bucket that holds (or would hold) `name`. Returns its address. */
static struct player **bucket_of(const struct plist *l, const char *name)
{
	return &l->buckets[name_hash(name) & (l->nbuckets - 1)];
}

/* Put `p` at the front of its chain. */
static void hash_insert(struct plist *l, struct player *p)
{
	struct player **b = bucket_of(l, p->username);

	p->hash_next = *b;
	*b = p;
}

/* Take `p` out of its chain; `p` must be in the index. */
static void hash_delete(struct plist *l, struct player *p)
{
	struct player **link = bucket_of(l, p->username);

	while (*link != p)
		link = &(*link)->hash_next;
	*link = p->hash_next;
}

/* Give the index `nbuckets` buckets and rehash every player into them.
 * Returns 0, or -1 when out of memory (the index is then unchanged). */
static int hash_resize(struct plist *l, size_t nbuckets)
{
	struct player **fresh = calloc(nbuckets, sizeof(*fresh));
	struct player *p;

	if (fresh == NULL)
		return -1;
	free(l->buckets);
	l->buckets = fresh;
	l->nbuckets = nbuckets;
	for (p = l->head; p != NULL; p = p->next)
		hash_insert(l, p);
	return 0;
}

/* Make room in the index for one more player, keeping the load at or
 * below 1. Returns 0, or -1 when out of memory (nothing changed). */
static int hash_reserve(struct plist *l)
{
	if (l->count < l->nbuckets)
		return 0;
	if (l->nbuckets > SIZE_MAX / 2 / sizeof(*l->buckets))
		return -1;
	return hash_resize(l, l->nbuckets * 2);
}

/* Grow the index to hold `n` players at a load of at most 1, so a bulk
 * load never rehashes. Returns 0, or -1 when out of memory (unchanged). */
int plist_reserve(struct plist *l, size_t n)
{
	size_t want = l->nbuckets;

	while (want < n) {
		if (want > SIZE_MAX / 2 / sizeof(*l->buckets))
			return -1;
		want *= 2;
	}
	return want == l->nbuckets ? 0 : hash_resize(l, want);
}

/* ==== The list =========================================================== */

/* A new empty list, or NULL when out of memory. */
struct plist *plist_create(void)
{
	struct plist *l = malloc(sizeof(*l));

	if (l == NULL)
		goto out;
	l->head = NULL;
	l->tail = NULL;
	l->count = 0;
	l->nbuckets = PLIST_MIN_BUCKETS;
	l->buckets = calloc(l->nbuckets, sizeof(*l->buckets));
	if (l->buckets == NULL)
		goto out_free_list;
	return l;

out_free_list:
	free(l);
out:
	return NULL;
}

/* Free every node and the list. Accepts NULL. */
void plist_free(struct plist *l)
{
	struct player *p, *next;

	if (l == NULL)
		return;
	for (p = l->head; p != NULL; p = next) {
		next = p->next;
		free(p);
	}
	free(l->buckets);
	free(l);
}

/* Number of players in the list. */
size_t plist_count(const struct plist *l)
{
	return l->count;
}

/* First player in list order, or NULL when empty. */
struct player *plist_first(const struct plist *l)
{
	return l->head;
}

/* Last player in list order, or NULL when empty. */
struct player *plist_last(const struct plist *l)
{
	return l->tail;
}

/* True when `info` may become a node of `l`: names of allowed lengths and
 * a username not yet taken in any case. */
static bool info_acceptable(const struct plist *l,
			    const struct player_info *info)
{
	size_t ulen;

	if (info->username == NULL || info->nickname == NULL)
		return false;
	ulen = bounded_length(info->username, PLAYER_USERNAME_MAX);
	if (ulen == 0 || ulen > PLAYER_USERNAME_MAX)
		return false;
	if (bounded_length(info->nickname, PLAYER_NICKNAME_MAX) >
	    PLAYER_NICKNAME_MAX)
		return false;
	return plist_find(l, info->username) == NULL;
}

/* A new unlinked node holding a copy of `info` (names already checked),
 * or NULL when out of memory. */
static struct player *node_new(const struct player_info *info)
{
	size_t nlen = strlen(info->nickname);
	size_t size = offsetof(struct player, nickname) + nlen + 1;
	struct player *p;

	if (size < sizeof(*p))
		size = sizeof(*p);
	p = malloc(size);
	if (p == NULL)
		return NULL;
	p->prev = NULL;
	p->next = NULL;
	p->hash_next = NULL;
	p->id = info->id;
	p->created_at = info->created_at;
	p->last_login_at = info->last_login_at;
	p->rec = info->rec;
	memcpy(p->username, info->username, strlen(info->username) + 1);
	memcpy(p->nickname, info->nickname, nlen + 1);
	return p;
}

/* Copy `info` into a new node at the tail. On error (out of memory, a
 * username already in the list, a name too long or empty) NULL is
 * returned and the list is unaltered. */
struct player *plist_append(struct plist *l, const struct player_info *info)
{
	struct player *p;

	if (l == NULL || info == NULL || !info_acceptable(l, info))
		return NULL;
	p = node_new(info);
	if (p == NULL)
		return NULL;
	if (hash_reserve(l) != 0)
		goto out_free_node;
	p->prev = l->tail;
	if (l->tail != NULL)
		l->tail->next = p;
	else
		l->head = p;
	l->tail = p;
	l->count++;
	hash_insert(l, p);
	return p;

out_free_node:
	free(p);
	return NULL;
}

/* Unlink `p` from the list and its hash chain, then free it. `p` must
 * belong to `l`. */
void plist_remove(struct plist *l, struct player *p)
{
	hash_delete(l, p);
	if (p->prev != NULL)
		p->prev->next = p->next;
	else
		l->head = p->next;
	if (p->next != NULL)
		p->next->prev = p->prev;
	else
		l->tail = p->prev;
	l->count--;
	free(p);
}

/* The player called `username` (compared without case), or NULL. O(1). */
struct player *plist_find(const struct plist *l, const char *username)
{
	struct player *p;

	if (username == NULL)
		return NULL;
	if (bounded_length(username, PLAYER_USERNAME_MAX) > PLAYER_USERNAME_MAX)
		return NULL;
	for (p = *bucket_of(l, username); p != NULL; p = p->hash_next) {
		if (name_compare(p->username, username) == 0)
			return p;
	}
	return NULL;
}

/* The player with database id `id`, or NULL. O(n). */
struct player *plist_find_id(const struct plist *l, long long id)
{
	struct player *p;

	for (p = l->head; p != NULL; p = p->next) {
		if (p->id == id)
			return p;
	}
	return NULL;
}

/* ==== Sorting ============================================================ */

/* Merge the sorted chains `a` and `b` (linked by next, NULL-terminated)
 * by `key`, taking from `a` on ties so the sort stays stable. Returns the
 * head of the merged chain and stores its last node in *tail. */
static struct player *merge(struct player *a, struct player *b,
			    enum plist_key key, struct player **tail)
{
	struct player *head = NULL, *last = NULL;
	struct player **link = &head;

	while (a != NULL && b != NULL) {
		if (player_compare(a, b, key) <= 0) {
			*link = a;
			a = a->next;
		} else {
			*link = b;
			b = b->next;
		}
		last = *link;
		link = &last->next;
	}
	*link = a != NULL ? a : b;
	while (*link != NULL) {
		last = *link;
		link = &last->next;
	}
	*tail = last;
	return head;
}

/* Cut the first `n` nodes off the chain at `p` (fewer if it is shorter).
 * Returns the rest of the chain, or NULL when nothing is left. */
static struct player *split(struct player *p, size_t n)
{
	struct player *rest;

	while (n > 1 && p != NULL) {
		p = p->next;
		n--;
	}
	if (p == NULL)
		return NULL;
	rest = p->next;
	p->next = NULL;
	return rest;
}

/* One bottom-up pass: merge neighbouring runs of `width` nodes of the
 * chain at `chain`. Returns the new head of the chain. */
static struct player *merge_pass(struct player *chain, size_t width,
				 enum plist_key key)
{
	struct player *head = NULL, *tail = NULL, *run_tail;
	struct player *a, *b, *merged;

	while (chain != NULL) {
		a = chain;
		b = split(a, width);
		chain = split(b, width);
		merged = merge(a, b, key, &run_tail);
		if (tail != NULL)
			tail->next = merged;
		else
			head = merged;
		tail = run_tail;
	}
	return head;
}

/* Rebuild every prev link, and the tail, from the next links. */
static void relink_prev(struct plist *l)
{
	struct player *p, *prev = NULL;

	for (p = l->head; p != NULL; p = p->next) {
		p->prev = prev;
		prev = p;
	}
	l->tail = prev;
}

/* Sort in place by `key` with a stable bottom-up merge sort, O(n log n).
 * Nodes are relinked, never moved, so pointers to players stay valid. */
void plist_sort(struct plist *l, enum plist_key key)
{
	size_t width;

	for (width = 1; width < l->count; width *= 2)
		l->head = merge_pass(l->head, width, key);
	relink_prev(l);
}

/* ==== Leaderboard order ================================================== */

/* Order two ints, larger first. Returns <0 when x ranks first, >0 when y
 * does, 0 when equal. */
static int higher_first(int x, int y)
{
	return (x < y) - (x > y);
}

/* Order two ratings, larger first, NaN after every number. Returns <0,
 * >0 or 0 (equal, compared exactly) like higher_first(). */
static int rating_higher_first(double x, double y)
{
	if (isnan(x) || isnan(y))
		return isnan(x) - isnan(y);
	return (x < y) - (x > y);
}

/* Order two players by win rate, higher first, comparing the fractions
 * exactly (no games counts as 0). Returns <0, >0 or 0. */
static int win_rate_higher_first(const struct player *a, const struct player *b)
{
	long long an = a->rec.games > 0 ? a->rec.wins : 0;
	long long ad = a->rec.games > 0 ? a->rec.games : 1;
	long long bn = b->rec.games > 0 ? b->rec.wins : 0;
	long long bd = b->rec.games > 0 ? b->rec.games : 1;
	long long x = an * bd, y = bn * ad;

	return (x < y) - (x > y);
}

/* Compare `a` and `b` on the primary key. Returns <0, >0 or 0. */
static int primary_compare(const struct player *a, const struct player *b,
			   enum plist_key key)
{
	switch (key) {
	case PLIST_BY_RATING:
		return rating_higher_first(a->rec.rating, b->rec.rating);
	case PLIST_BY_WINS:
		return higher_first(a->rec.wins, b->rec.wins);
	case PLIST_BY_WINRATE:
		return win_rate_higher_first(a, b);
	case PLIST_BY_SCORE:
	default:
		return higher_first(a->rec.score, b->rec.score);
	}
}

/* Compare `a` and `b` on every key of the order but the username: the
 * primary key, then score, wins, losses. Returns <0, >0 or 0. */
static int rank_compare(const struct player *a, const struct player *b,
			enum plist_key key)
{
	int c = primary_compare(a, b, key);

	if (c == 0)
		c = higher_first(a->rec.score, b->rec.score);
	if (c == 0)
		c = higher_first(a->rec.wins, b->rec.wins);
	if (c == 0)
		c = higher_first(b->rec.losses, a->rec.losses);
	return c;
}

/* Compare two players for `key` (the leaderboard order): negative when
 * `a` ranks above `b`, positive when below, 0 only for the same name. */
int player_compare(const struct player *a, const struct player *b,
		   enum plist_key key)
{
	int c = rank_compare(a, b, key);

	if (c != 0)
		return c;
	return name_compare(a->username, b->username);
}

/* True when `a` and `b` share a rank under `key`: equal on every key of
 * the order except the username. */
bool player_same_rank(const struct player *a, const struct player *b,
		      enum plist_key key)
{
	return rank_compare(a, b, key) == 0;
}

/* Wins per game played, 0..1 (0 with no games). */
double player_win_rate(const struct player *p)
{
	if (p->rec.games <= 0)
		return 0.0;
	return (double)p->rec.wins / (double)p->rec.games;
}

/* The rank of `p` under `key`: 1 + the number of players who rank
 * strictly above it (players sharing a rank share the number). O(n), in
 * any list order. */
int plist_rank(const struct plist *l, const struct player *p,
	       enum plist_key key)
{
	const struct player *q;
	int rank = 1;

	for (q = plist_first(l); q != NULL; q = q->next)
		if (rank_compare(q, p, key) < 0)
			rank++;
	return rank;
}

/* Sift the heap entry at `i` down: heap[0] is the lowest-ranked of the
 * players kept (a max-heap on player_compare). */
static void heap_sift_down(struct player **heap, size_t n, size_t i,
			   enum plist_key key)
{
	for (;;) {
		size_t worst = i, l = 2 * i + 1, r = l + 1;
		struct player *tmp;

		if (l < n && player_compare(heap[l], heap[worst], key) > 0)
			worst = l;
		if (r < n && player_compare(heap[r], heap[worst], key) > 0)
			worst = r;
		if (worst == i)
			return;
		tmp = heap[i];
		heap[i] = heap[worst];
		heap[worst] = tmp;
		i = worst;
	}
}

/* Sift the heap entry at `i` up towards the root. */
static void heap_sift_up(struct player **heap, size_t i, enum plist_key key)
{
	while (i > 0) {
		size_t parent = (i - 1) / 2;
		struct player *tmp;

		if (player_compare(heap[i], heap[parent], key) <= 0)
			return;
		tmp = heap[i];
		heap[i] = heap[parent];
		heap[parent] = tmp;
		i = parent;
	}
}

/* The best `n` players under `key`, best first, into out[0..n-1]
 * without reordering the list: O(count log n). Returns how many were
 * written (fewer than n when the list is shorter). */
size_t plist_top(const struct plist *l, enum plist_key key, size_t n,
		 struct player **out)
{
	struct player *p, *tmp;
	size_t kept = 0, end;

	if (n == 0)
		return 0;
	for (p = l->head; p != NULL; p = p->next) {
		if (kept < n) {
			out[kept] = p;
			heap_sift_up(out, kept++, key);
		} else if (player_compare(p, out[0], key) < 0) {
			out[0] = p;
			heap_sift_down(out, kept, 0, key);
		}
	}
	for (end = kept; end > 1; end--) { /* heap sort: best first */
		tmp = out[0];
		out[0] = out[end - 1];
		out[end - 1] = tmp;
		heap_sift_down(out, end - 1, 0, key);
	}
	return kept;
}
