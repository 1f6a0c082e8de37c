/* player.h -- the player list: a doubly linked list of accounts with a
 * hash index by username (case-insensitive).
 *
 * Pure C: no I/O, no SQL, no globals. The list owns its nodes and their
 * nicknames: they are carved from a few large blocks the list keeps (no
 * allocation per player), made by plist_append() or plist_load(); a node
 * that plist_remove() unlinks is kept for reuse, and plist_free()
 * releases everything. A node never moves: plist_update() changes it in
 * place, so pointers to players stay valid until the node is removed or
 * the list freed. Password hashes are never kept here.
 *
 * Iterating: for (p = plist_first(l); p != NULL; p = p->next). Removing
 * the node just reached is allowed if its `next` was read first; removing
 * any other node while iterating is not. plist_sort() reorders the links
 * but never moves or frees a node, so pointers to players stay valid.
 */
#ifndef GOMOKU_PLAYER_H
#define GOMOKU_PLAYER_H

#include <stdbool.h>
#include <stddef.h>

#define PLAYER_USERNAME_MAX 20 /* bytes; usernames are ASCII */
#define PLAYER_NICKNAME_MAX 80 /* bytes: 20 characters of up to 4 bytes */
#define RATING_START	    1500.0

/* What a player has achieved. score = wins - losses, as in the seed. */
struct player_record {
	int games, wins, losses, ties, score;
	double rating;
};

struct player {
	struct player *prev, *next; /* list order: read, never write */
	struct player *hash_next;   /* private to player.c */
	long long id;		    /* the database's row id */
	long long created_at;	    /* Unix seconds */
	long long last_login_at;    /* Unix seconds, 0 = never */
	struct player_record rec;
	const char *nickname; /* NUL-terminated; the list's memory */
	char username[PLAYER_USERNAME_MAX + 1];
};

/* What plist_append() copies into a new node. */
struct player_info {
	long long id;
	const char *username; /* 1..PLAYER_USERNAME_MAX bytes */
	const char *nickname; /* 0..PLAYER_NICKNAME_MAX bytes */
	long long created_at, last_login_at;
	struct player_record rec;
};

/* Leaderboard orders. Every order ends with the same tie-breaks:
 * score (high first), wins (high first), losses (low first), then
 * username (a..z, case-insensitive) so the order is total. */
enum plist_key {
	PLIST_BY_SCORE = 0,
	PLIST_BY_RATING,
	PLIST_BY_WINS,
	PLIST_BY_WINRATE
};

struct plist;

/* A new empty list, or NULL when out of memory. */
struct plist *plist_create(void);

/* Free every node and the list. Accepts NULL. */
void plist_free(struct plist *l);

/* Number of players in the list. */
size_t plist_count(const struct plist *l);

/* First player in list order, or NULL when empty. */
struct player *plist_first(const struct plist *l);

/* Last player in list order, or NULL when empty. */
struct player *plist_last(const struct plist *l);

/* Copy `info` into a new node at the tail. On error (out of memory, a
 * username already in the list, a name too long or empty) NULL is
 * returned and the list is unaltered. */
struct player *plist_append(struct plist *l, const struct player_info *info);

/* Append at the tail the players that next(ctx, info) gives: next()
 * fills *info (its strings need last only until the following call) and
 * returns 1, or returns 0 when there are no more, -1 when it failed. For
 * a bulk load: the usernames are trusted to be distinct from each other
 * and from every player in `l` (rows of a UNIQUE username column loaded
 * into an empty list) and are not looked up; name lengths are checked.
 * Return 0; or -1 when next() failed, memory ran out or a name has a
 * length plist_append() refuses, and then `l` is as it was. */
int plist_load(struct plist *l,
	       int (*next)(void *ctx, struct player_info *info), void *ctx);

/* Bring node `p` of `l` up to date with `info` in place (the node does
 * not move; the hash index follows a new username). Return 0; or -1 when
 * the new username is taken by another node, a name has a length
 * plist_append() refuses or memory runs out, and then `p` is unchanged.
 * `info->id` is copied too. */
int plist_update(struct plist *l, struct player *p,
		 const struct player_info *info);

/* Unlink `p` from the list; its memory is kept for a later append and
 * released by plist_free(). `p` must belong to `l`. */
void plist_remove(struct plist *l, struct player *p);

/* The player called `username` (compared without case), or NULL. O(1). */
struct player *plist_find(const struct plist *l, const char *username);

/* The player with database id `id`, or NULL. O(n). */
struct player *plist_find_id(const struct plist *l, long long id);

/* Write the best `n` players under `key` into out[0..n-1], best first,
 * leaving the list's order alone: O(count log n), for leaderboards of
 * big clubs. Return how many were written (fewer if the list is
 * shorter). */
size_t plist_top(const struct plist *l, enum plist_key key, size_t n,
		 struct player **out);

/* Sort in place by `key` with a stable merge sort, O(n log n). */
void plist_sort(struct plist *l, enum plist_key key);

/* A rating from fewer ranked games than this is provisional: shown with a
 * mark, as lichess marks a rating it is not yet sure of. */
#define PLAYER_PROVISIONAL_GAMES 10

/* True when `p` has played a ranked game: only such players are ranked;
 * the others come after them in every order, without a rank. */
bool player_ranked(const struct player *p);

/* True when p's rating is provisional (PLAYER_PROVISIONAL_GAMES). */
bool player_provisional(const struct player *p);

/* Compare two players for `key` (the leaderboard order): negative when
 * `a` ranks above `b`, positive when below, 0 only for the same name.
 * Players who are not ranked (player_ranked()) come after all who are. */
int player_compare(const struct player *a, const struct player *b,
		   enum plist_key key);

/* True when `a` and `b` share a rank under `key`: equal on every key of
 * the order except the username. */
bool player_same_rank(const struct player *a, const struct player *b,
		      enum plist_key key);

/* The rank of `p` under `key`: 1 + the number of players who rank
 * strictly above it, so players sharing a rank share its number; 0 when
 * p is not ranked (player_ranked()). O(n), whatever the list's order. */
int plist_rank(const struct plist *l, const struct player *p,
	       enum plist_key key);

/* The rank of best[i] in a leaderboard best[0..] by `key` (as
 * plist_top() writes one), the player before it being ranked `rank`:
 * 0 for a player with no ranked game; players sharing a rank share its
 * number. For numbering a leaderboard from its top in one pass. */
int plist_rank_at(struct player *const best[], size_t i, enum plist_key key,
		  int rank);

/* Wins per game played, 0..1 (0 with no games). */
double player_win_rate(const struct player *p);

#endif
