/* confusable.h -- whether two names look alike on screen: Unicode's
 * confusable skeletons (UTS #39) from ICU's uspoof, after case folding
 * and NFKC (GNU libunistring).
 *
 * A name's key is two skeletons: the skeleton of its case-folded NFKC
 * form ("ALICE" and "аlісе" in Cyrillic both give "alice"; "mallory"
 * and "rnallory" both give "rnallory"), and the skeleton of the
 * case-folded skeleton (Greek capitals "ΑΜΑ" look like "AMA", so like
 * "ama"; "b0b" like "bob"). Two names look alike when either skeleton
 * is the same; blanks at either end do not count. Other scripts keep
 * their own characters: "爱丽丝" looks only like itself.
 *
 * A checker (struct confusable) is opaque; open one, use it for as many
 * names as needed (a key is made once and compared with many names),
 * close it. Keys own their strings until confusable_key_free(). No I/O,
 * no globals.
 */
#ifndef GOMOKU_CONFUSABLE_H
#define GOMOKU_CONFUSABLE_H

#include <stdbool.h>

struct confusable;

/* The two skeletons of a name (see above), NUL-terminated UTF-8 that the
 * key owns; both NULL in an empty key. */
struct confusable_key {
	char *folded; /* skeleton(fold(name)) */
	char *shape;  /* skeleton(fold(skeleton(name))) */
};

/* Open a checker. The caller owns it (confusable_close()). Return NULL
 * when ICU cannot open one (its data missing) or memory runs out. */
struct confusable *confusable_open(void);

/* Close the checker c; NULL is accepted. */
void confusable_close(struct confusable *c);

/* Make in *key the key of the UTF-8 string `name`. The caller owns the
 * key's strings (confusable_key_free(), also after a failure). Return 0;
 * -1, with an empty key, when `name` is NULL or not valid UTF-8, or ICU
 * fails, or memory runs out. */
int confusable_key(struct confusable *c, const char *name,
		   struct confusable_key *key);

/* Free the strings of *key and leave it empty; NULL is accepted. */
void confusable_key_free(struct confusable_key *key);

/* True when the name `name` looks like the name whose key is *key (made
 * by confusable_key()). False when either has no key (NULL, invalid
 * UTF-8, ICU or memory failing). */
bool confusable_like(struct confusable *c, const struct confusable_key *key,
		     const char *name);

struct plist;

/* Whether `name` looks like the username or the nickname of a player in
 * `list` other than the one whose username is `self` (any case; NULL for
 * none). The key of `name` is made once; each player's names are keyed
 * as they are reached (the nickname only when it differs from the
 * username). Return 1 when one does, 0 when none does, -1 when it cannot
 * tell (no checker, `name` or a player's name that cannot be keyed: not
 * valid UTF-8, ICU or memory failing): the caller should refuse then. */
int confusable_in_list(const struct plist *list, const char *name,
		       const char *self);

/* True when the names a and b look alike, with a checker of its own
 * (for one comparison; use a key for many). False as confusable_like(),
 * or when no checker opens. */
bool confusable_names(const char *a, const char *b);

#endif
