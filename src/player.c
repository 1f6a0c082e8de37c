/* player.c -- the player list: a doubly linked list that owns its nodes,
 * with a hash index by username (case-insensitive, separate chaining).
 *
 * Nodes and nicknames are carved from blocks the list keeps (struct
 * block): blocks of nodes, each a quarter of the list's size (from
 * BLOCK_NODES_MIN to BLOCK_NODES_MAX nodes), and blocks of BLOCK_TEXT
 * bytes for nicknames. Removed nodes wait on a spare chain for reuse;
 * nothing is freed before plist_free().
 * The bucket array doubles whenever the number of players would pass the
 * number of buckets, so a lookup stays O(1).
 */
#include <math.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "player.h"

#define PLIST_MIN_BUCKETS 16
#define BLOCK_TEXT	  65536 /* bytes per block of nicknames */
#define BLOCK_NODES_MIN	  32	/* nodes in the first block */
#define BLOCK_NODES_MAX	  65536

/* Tell the processor that `addr` will be written soon. */
#if defined(__GNUC__)
#define PREFETCH(addr) __builtin_prefetch((addr), 1)
#else
#define PREFETCH(addr) ((void)(addr))
#endif

/* A block of memory the list carves nodes or nicknames from. */
struct block {
	struct block *next; /* the list's older blocks of the same kind */
	size_t used, size;  /* bytes of data[] */
	alignas(max_align_t) unsigned char data[];
};

struct plist {
	struct player *head, *tail;
	size_t count;
	struct player **buckets; /* nbuckets chains through hash_next */
	size_t nbuckets;	 /* a power of two */
	struct block *nodes;	 /* node blocks, newest first */
	struct block *text;	 /* nickname blocks, newest first */
	struct player *spare;	 /* removed nodes, chained through next */
};

/* ==== Memory ============================================================= */

/* A new empty block of `size` bytes at the front of *chain, or NULL when
 * out of memory (the chain unchanged). */
static struct block *block_new(struct block **chain, size_t size)
{
	struct block *b;

	if (size > SIZE_MAX - sizeof(*b))
		return NULL;
	b = malloc(sizeof(*b) + size);
	if (b == NULL)
		return NULL;
	b->next = *chain;
	b->used = 0;
	b->size = size;
	*chain = b;
	return b;
}

/* Free every block of `chain`. */
static void block_free_all(struct block *chain)
{
	struct block *next;

	for (; chain != NULL; chain = next) {
		next = chain->next;
		free(chain);
	}
}

/* Bytes left in the newest block of `chain` (0 without one). */
static size_t block_room(const struct block *chain)
{
	return chain != NULL ? chain->size - chain->used : 0;
}

/* A copy of `s` (`len` bytes and a NUL) in the list's text blocks, or
 * NULL when out of memory. */
static const char *text_copy(struct plist *l, const char *s, size_t len)
{
	char *copy;

	if (block_room(l->text) < len + 1 &&
	    block_new(&l->text, len + 1 > BLOCK_TEXT ? len + 1 : BLOCK_TEXT) ==
		    NULL)
		return NULL;
	copy = (char *)l->text->data + l->text->used;
	l->text->used += len + 1;
	memcpy(copy, s, len);
	copy[len] = '\0';
	return copy;
}

/* Room for one node: a spare one, or the next in the newest node block
 * (a new block, sized in proportion to the list, when it is full). NULL
 * when out of memory. */
static struct player *node_alloc(struct plist *l)
{
	size_t n = l->count / 4;
	struct player *p;

	if (l->spare != NULL) {
		p = l->spare;
		l->spare = p->next;
		return p;
	}
	if (block_room(l->nodes) < sizeof(*p)) {
		if (n < BLOCK_NODES_MIN)
			n = BLOCK_NODES_MIN;
		if (n > BLOCK_NODES_MAX)
			n = BLOCK_NODES_MAX;
		if (block_new(&l->nodes, n * sizeof(*p)) == NULL)
			return NULL;
	}
	p = (struct player *)(void *)(l->nodes->data + l->nodes->used);
	l->nodes->used += sizeof(*p);
	return p;
}

/* Give back the node node_alloc() just returned (a failed append). */
static void node_unalloc(struct plist *l, struct player *p)
{
	p->next = l->spare;
	l->spare = p;
}

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
	return strnlen(s, max + 1);
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

/* ==== The list =========================================================== */

/* A new empty list, or NULL when out of memory. */
struct plist *plist_create(void)
{
	struct plist *l = calloc(1, sizeof(*l));

	if (l == NULL)
		goto out;
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

/* Free every block, the index and the list. Accepts NULL. */
void plist_free(struct plist *l)
{
	if (l == NULL)
		return;
	block_free_all(l->nodes);
	block_free_all(l->text);
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

/* True when `info`'s names have allowed lengths (a username of 1 to
 * PLAYER_USERNAME_MAX bytes, a nickname of at most PLAYER_NICKNAME_MAX);
 * their lengths go to *ulen and *nlen. */
static bool names_fit(const struct player_info *info, size_t *ulen,
		      size_t *nlen)
{
	if (info->username == NULL || info->nickname == NULL)
		return false;
	*ulen = bounded_length(info->username, PLAYER_USERNAME_MAX);
	*nlen = bounded_length(info->nickname, PLAYER_NICKNAME_MAX);
	return *ulen > 0 && *ulen <= PLAYER_USERNAME_MAX &&
	       *nlen <= PLAYER_NICKNAME_MAX;
}

/* Copy `info` (names of lengths ulen and nlen, already checked) into a
 * new node linked at the tail but not yet in the index. Returns the
 * node, or NULL when out of memory (the list unchanged). */
static struct player *link_new(struct plist *l, const struct player_info *info,
			       size_t ulen, size_t nlen)
{
	struct player *p = node_alloc(l);

	if (p == NULL)
		return NULL;
	p->nickname = text_copy(l, info->nickname, nlen);
	if (p->nickname == NULL) {
		node_unalloc(l, p);
		return NULL;
	}
	p->id = info->id;
	p->created_at = info->created_at;
	p->last_login_at = info->last_login_at;
	p->rec = info->rec;
	memcpy(p->username, info->username, ulen);
	p->username[ulen] = '\0';
	p->hash_next = NULL;
	p->next = NULL;
	p->prev = l->tail;
	if (l->tail != NULL)
		l->tail->next = p;
	else
		l->head = p;
	l->tail = p;
	l->count++;
	return p;
}

/* Copy `info` into a new node at the tail. On error (out of memory, a
 * username already in the list, a name too long or empty) NULL is
 * returned and the list is unaltered. */
struct player *plist_append(struct plist *l, const struct player_info *info)
{
	size_t ulen, nlen;
	struct player *p;

	if (l == NULL || info == NULL || !names_fit(info, &ulen, &nlen) ||
	    plist_find(l, info->username) != NULL)
		return NULL;
	if (hash_reserve(l) != 0)
		return NULL;
	p = link_new(l, info, ulen, nlen);
	if (p != NULL)
		hash_insert(l, p);
	return p;
}

/* Unlink `p` from the list and its hash chain and keep it as a spare.
 * `p` must belong to `l`. */
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
	node_unalloc(l, p);
}

/* Remove every node after `last` (NULL: every node). */
static void drop_after(struct plist *l, const struct player *last)
{
	while (l->tail != last)
		plist_remove(l, l->tail);
}

/* Put `p`, whose bucket `b` was prefetched, at the front of its chain. */
static void bucket_push(struct player **b, struct player *p)
{
	p->hash_next = *b;
	*b = p;
}

/* Link and index the next player next() gives. The node goes into the
 * index one call late (*pending, bucket *pending_b), so the bucket of
 * this one can be prefetched meanwhile. Returns what next() returned, or
 * -1 when a name does not fit or memory runs out. */
static int load_one(struct plist *l,
		    int (*next)(void *ctx, struct player_info *info), void *ctx,
		    struct player **pending, struct player ***pending_b)
{
	struct player_info info;
	size_t ulen, nlen;
	struct player *p;
	int rc = next(ctx, &info);

	if (rc != 1)
		return rc;
	if (!names_fit(&info, &ulen, &nlen))
		return -1;
	if (l->count >= l->nbuckets) { /* index the pending one, then grow */
		if (*pending != NULL)
			bucket_push(*pending_b, *pending);
		*pending = NULL;
		if (hash_reserve(l) != 0)
			return -1;
	}
	p = link_new(l, &info, ulen, nlen);
	if (p == NULL)
		return -1;
	if (*pending != NULL)
		bucket_push(*pending_b, *pending);
	*pending = p;
	*pending_b = bucket_of(l, p->username);
	PREFETCH(*pending_b);
	return 1;
}

/* See player.h. */
int plist_load(struct plist *l,
	       int (*next)(void *ctx, struct player_info *info), void *ctx)
{
	const struct player *old_tail = l->tail;
	struct player *pending = NULL, **pending_b = NULL;
	int rc;

	do
		rc = load_one(l, next, ctx, &pending, &pending_b);
	while (rc == 1);
	if (pending != NULL)
		bucket_push(pending_b, pending);
	if (rc == 0)
		return 0;
	drop_after(l, old_tail);
	return -1;
}

/* See player.h. A changed nickname gets new room in the list's text
 * blocks (the old bytes stay there until plist_free()). */
int plist_update(struct plist *l, struct player *p,
		 const struct player_info *info)
{
	bool renamed = strcmp(p->username, info->username) != 0;
	const char *nick = p->nickname;
	struct player *other;
	size_t ulen, nlen;

	if (!names_fit(info, &ulen, &nlen))
		return -1;
	other = renamed ? plist_find(l, info->username) : NULL;
	if (other != NULL && other != p)
		return -1;
	if (strcmp(nick, info->nickname) != 0) {
		nick = text_copy(l, info->nickname, nlen);
		if (nick == NULL)
			return -1;
	}
	if (renamed)
		hash_delete(l, p);
	memcpy(p->username, info->username, ulen);
	p->username[ulen] = '\0';
	if (renamed)
		hash_insert(l, p);
	p->nickname = nick;
	p->id = info->id;
	p->created_at = info->created_at;
	p->last_login_at = info->last_login_at;
	p->rec = info->rec;
	return 0;
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

/* Compare `a` and `b` on every key of the order but the username:
 * ranked first (player_ranked()), then the primary key, then score, wins,
 * losses. Returns <0, >0 or 0. */
static int rank_compare(const struct player *a, const struct player *b,
			enum plist_key key)
{
	int c = higher_first(player_ranked(a), player_ranked(b));

	if (c == 0)
		c = primary_compare(a, b, key);
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

/* See player.h. */
bool player_ranked(const struct player *p)
{
	return p->rec.games > 0;
}

/* See player.h. */
bool player_provisional(const struct player *p)
{
	return p->rec.games < PLAYER_PROVISIONAL_GAMES;
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

	if (!player_ranked(p))
		return 0;
	for (q = plist_first(l); q != NULL; q = q->next)
		if (rank_compare(q, p, key) < 0)
			rank++;
	return rank;
}

/* See player.h. */
int plist_rank_at(struct player *const best[], size_t i, enum plist_key key,
		  int rank)
{
	if (!player_ranked(best[i]))
		return 0;
	if (i == 0 || !player_same_rank(best[i - 1], best[i], key))
		return (int)i + 1;
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
