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
 * no globals. The store keeps every player's keys, indexed, so that
 * finding a look-alike among the players is one read (store.h).
 *
 * confusable_check() says what a name may not hold whatever the other
 * names: a pile of combining marks, or a mix of scripts that UTS #39
 * would not allow at its "moderately restrictive" level.
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

/* confusable_key() with more folded where `digits`: the digits that
 * stand for letters in names ("4lice" for "alice"), which a reader may
 * take for them though UTS #39's data does not (0 and 1 it folds
 * already, as O and l): 2 z, 3 e, 4 a, 5 s, 6 b, 7 t, 8 b, 9 g. A club
 * turns it on (store.h's club_settings.name_digits): it also keeps
 * names such as "r2d2" from "rzdz". */
int confusable_key_digits(struct confusable *c, const char *name, bool digits,
			  struct confusable_key *key);

/* Free the strings of *key and leave it empty; NULL is accepted. */
void confusable_key_free(struct confusable_key *key);

/* True when the name `name` looks like the name whose key is *key (made
 * by confusable_key()). False when either has no key (NULL, invalid
 * UTF-8, ICU or memory failing). */
bool confusable_like(struct confusable *c, const struct confusable_key *key,
		     const char *name);

/* The most combining marks (general category M: nonspacing, spacing and
 * enclosing) a name may hold in a row: more pile up over the rows
 * around the name on other players' screens. */
#define CONFUSABLE_MARKS_MAX 2

/* What a name holds, whatever the other names are. */
enum confusable_verdict {
	CONFUSABLE_FINE = 0,
	CONFUSABLE_MARKS,   /* more than CONFUSABLE_MARKS_MAX marks in a row
			       on one character (in NFC) */
	CONFUSABLE_SCRIPTS, /* mixes scripts beyond UTS #39's "moderately
			       restrictive" level: one script, or Latin
			       with one other that is neither Cyrillic nor
			       Greek (Han with kana or Hangul counts as
			       one; Common and Inherited characters, such
			       as digits, blanks and symbols, go with any) */
	CONFUSABLE_UNKNOWN  /* cannot tell: NULL checker or name, not
			       valid UTF-8, ICU or memory failing (refuse
			       the name then) */
};

/* Whether the UTF-8 string `name` may be a name on other players'
 * screens: its marks and its scripts (see enum confusable_verdict),
 * the marks checked first. */
enum confusable_verdict confusable_check(struct confusable *c,
					 const char *name);

/* confusable_check() with a checker of its own, for one name;
 * CONFUSABLE_UNKNOWN also when no checker opens. */
enum confusable_verdict confusable_name_verdict(const char *name);

/* True when the names a and b look alike, with a checker of its own
 * (for one comparison; use a key for many). False as confusable_like(),
 * or when no checker opens. */
bool confusable_names(const char *a, const char *b);

#endif
