/* confusable.c -- names that look alike: UTS #39 confusable skeletons
 * (ICU's uspoof) of names case-folded and in NFKC (libunistring). See
 * confusable.h for the key of a name and what "alike" means, and for
 * what a name may not hold (combining marks, mixed scripts).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicase.h>
#include <unicode/uspoof.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>

#include "confusable.h"

struct confusable {
	USpoofChecker *spoof;
};

struct confusable *confusable_open(void)
{
	struct confusable *c = malloc(sizeof(*c));
	UErrorCode st = U_ZERO_ERROR;

	if (c == NULL)
		return NULL;
	c->spoof = uspoof_open(&st);
	/* Skeletons ignore the checks; confusable_check() uses this one. */
	if (U_SUCCESS(st)) {
		uspoof_setRestrictionLevel(c->spoof,
					   USPOOF_MODERATELY_RESTRICTIVE);
		uspoof_setChecks(c->spoof, USPOOF_RESTRICTION_LEVEL, &st);
	}
	if (U_FAILURE(st) || c->spoof == NULL) {
		if (c->spoof != NULL)
			uspoof_close(c->spoof);
		free(c);
		return NULL;
	}
	return c;
}

void confusable_close(struct confusable *c)
{
	if (c == NULL)
		return;
	uspoof_close(c->spoof);
	free(c);
}

/* ==== One step of a key ================================================= */

/* The length of s[0..len) without the blanks (Unicode White_Space) at
 * its end, and in *start the bytes of those at its start. */
static size_t trim(const uint8_t *s, size_t len, size_t *start)
{
	ucs4_t uc;
	int step;

	*start = 0;
	while (*start < len) {
		step = u8_mbtouc(&uc, s + *start, len - *start);
		if (!uc_is_property_white_space(uc))
			break;
		*start += (size_t)step;
	}
	while (len > *start) {
		const uint8_t *last = u8_prev(&uc, s + len, s + *start);

		if (last == NULL || !uc_is_property_white_space(uc))
			break;
		len = (size_t)(last - s);
	}
	return len - *start;
}

/* The UTF-8 string s in NFKC, case-folded too when `fold`, without
 * blanks at either end: a new NUL-terminated string (to free), NULL when
 * s is not valid UTF-8 or memory runs out. */
static char *normal(const char *s, bool fold)
{
	const uint8_t *in = (const uint8_t *)s;
	size_t n = strlen(s), len = 0, start, kept;
	uint8_t *out;
	char *text;

	if (u8_check(in, n) != NULL)
		return NULL;
	out = fold ? u8_casefold(in, n, NULL, UNINORM_NFKC, NULL, &len)
		   : u8_normalize(UNINORM_NFKC, in, n, NULL, &len);
	if (out == NULL)
		return NULL;
	kept = trim(out, len, &start);
	text = malloc(kept + 1);
	if (text != NULL) {
		memcpy(text, out + start, kept);
		text[kept] = '\0';
	}
	free(out);
	return text;
}

/* The UTS #39 skeleton of the UTF-8 string s: a new NUL-terminated
 * string (to free), NULL when ICU fails or memory runs out. A first
 * guess at its size is tried, then the size ICU asked for: a skeleton
 * can be five times as long as its name (a Hangul syllable, '%'), and
 * one that just fills the guess leaves no room for the NUL. */
static char *skeleton(struct confusable *c, const char *s)
{
	int32_t cap = (int32_t)strlen(s) * 4 + 16, n;
	char *out = NULL, *grown;
	int round;

	for (round = 0; round < 2; round++) {
		UErrorCode st = U_ZERO_ERROR;

		grown = realloc(out, (size_t)cap);
		if (grown == NULL)
			break;
		out = grown;
		n = uspoof_getSkeletonUTF8(c->spoof, 0, s, -1, out, cap, &st);
		if (U_SUCCESS(st) && n < cap) {
			out[n] = '\0';
			return out;
		}
		if (U_FAILURE(st) && st != U_BUFFER_OVERFLOW_ERROR)
			break;
		cap = n + 1; /* too small, or full without the NUL */
	}
	free(out);
	return NULL;
}

/* skeleton(fold(s)): NULL for NULL, or as normal() and skeleton(). */
static char *skeleton_of_folded(struct confusable *c, const char *s)
{
	char *folded = s != NULL ? normal(s, true) : NULL;
	char *out = folded != NULL ? skeleton(c, folded) : NULL;

	free(folded);
	return out;
}

/* ==== Look-alikes UTS #39 leaves out ==================================== */

/* What a reader takes for the same letters but UTS #39's data does not
 * map, as a skeleton holds them: each `from` is replaced by `to`, the
 * skeleton of the letters it looks like. The small capitals the
 * skeleton keeps (ɪ ᴄ ᴏ ꜱ ᴜ ᴠ ᴡ ʏ ᴢ it maps already; ᴋ it makes ĸ and ᴍ
 * ʍ), and "vv" for "w" ("rn" for "m" is UTS #39's own: m's skeleton).
 * No `to` is longer than its `from`, so a key is rewritten in place. */
static const struct {
	const char *from, *to;
} extra[] = {
	{"\u1D00", "a"},  /* ᴀ */
	{"\u0299", "b"},  /* ʙ */
	{"\u1D05", "d"},  /* ᴅ */
	{"\u1D07", "e"},  /* ᴇ */
	{"\uA730", "f"},  /* ꜰ */
	{"\u0262", "g"},  /* ɢ */
	{"\u029C", "h"},  /* ʜ */
	{"\u1D0A", "j"},  /* ᴊ */
	{"\u0138", "k"},  /* ĸ, ᴋ's skeleton */
	{"\u029F", "l"},  /* ʟ */
	{"\u028D", "rn"}, /* ʍ, ᴍ's skeleton; m's is rn */
	{"\u0274", "n"},  /* ɴ */
	{"\u1D18", "p"},  /* ᴘ */
	{"\uA7AF", "q"},  /* ꞯ */
	{"\u0280", "r"},  /* ʀ */
	{"\u1D1B", "t"},  /* ᴛ */
	{"vv", "w"},
};

/* Replace in the skeleton s, left to right, each look-alike of extra[]
 * by its letters; s is a key's, changed in place. */
static void fold_extra(char *s)
{
	char *out = s;
	size_t i, n;

	if (s == NULL)
		return;
	while (*s != '\0') {
		for (i = 0; i < sizeof(extra) / sizeof(extra[0]); i++) {
			n = strlen(extra[i].from);
			if (strncmp(s, extra[i].from, n) == 0)
				break;
		}
		if (i == sizeof(extra) / sizeof(extra[0])) {
			*out++ = *s++;
			continue;
		}
		memmove(out, extra[i].to, strlen(extra[i].to));
		out += strlen(extra[i].to);
		s += n;
	}
	*out = '\0';
}

/* ==== Keys ============================================================== */

/* skeleton(fold(skeleton(base))), base in NFKC (see normal()). */
static char *shape_of(struct confusable *c, const char *base)
{
	char *first = skeleton(c, base);
	char *out = skeleton_of_folded(c, first);

	free(first);
	return out;
}

/* Replace in the skeleton s each digit that stands for a letter (see
 * confusable_key_digits()) by that letter; in place. */
static void fold_digits(char *s)
{
	static const char letters[] = "??zeasbtbg"; /* for '0' to '9' */

	for (; s != NULL && *s != '\0'; s++)
		if (*s >= '2' && *s <= '9')
			*s = letters[*s - '0'];
}

int confusable_key_digits(struct confusable *c, const char *name, bool digits,
			  struct confusable_key *key)
{
	char *base = name != NULL ? normal(name, false) : NULL;

	key->folded = base != NULL ? skeleton_of_folded(c, base) : NULL;
	key->shape = base != NULL ? shape_of(c, base) : NULL;
	free(base);
	fold_extra(key->folded);
	fold_extra(key->shape);
	if (digits) {
		fold_digits(key->folded);
		fold_digits(key->shape);
	}
	if (key->folded == NULL || key->shape == NULL) {
		confusable_key_free(key);
		return -1;
	}
	return 0;
}

int confusable_key(struct confusable *c, const char *name,
		   struct confusable_key *key)
{
	return confusable_key_digits(c, name, false, key);
}

void confusable_key_free(struct confusable_key *key)
{
	if (key == NULL)
		return;
	free(key->folded);
	free(key->shape);
	key->folded = key->shape = NULL;
}

/* True when the strings a and b are both there and equal. */
static bool same(const char *a, const char *b)
{
	return a != NULL && b != NULL && strcmp(a, b) == 0;
}

/* Whether `name` looks like the name whose key is *key: 1 it does, 0 it
 * does not, -1 when it cannot tell (either has no key: NULL, invalid
 * UTF-8, ICU or memory failing). */
static int like(struct confusable *c, const struct confusable_key *key,
		const char *name)
{
	struct confusable_key other;
	int alike;

	if (key->folded == NULL || key->shape == NULL ||
	    confusable_key(c, name, &other) != 0)
		return -1;
	alike = same(key->folded, other.folded) ||
		same(key->shape, other.shape);
	confusable_key_free(&other);
	return alike;
}

bool confusable_like(struct confusable *c, const struct confusable_key *key,
		     const char *name)
{
	return like(c, key, name) == 1;
}

bool confusable_names(const char *a, const char *b)
{
	struct confusable *c = confusable_open();
	struct confusable_key key = {NULL, NULL};
	bool like;

	if (c == NULL)
		return false;
	like = confusable_key(c, a, &key) == 0 && confusable_like(c, &key, b);
	confusable_key_free(&key);
	confusable_close(c);
	return like;
}

/* ==== What a name may hold ============================================ */

/* The most combining marks (general category M) in a row in the UTF-8
 * string s, which is valid UTF-8. */
static size_t longest_marks(const char *s)
{
	const uint8_t *p = (const uint8_t *)s;
	size_t len = strlen(s), run = 0, longest = 0;
	ucs4_t uc;
	int step;

	while (len > 0) {
		step = u8_mbtouc(&uc, p, len);
		run = uc_is_general_category(uc, UC_CATEGORY_M) ? run + 1 : 0;
		if (run > longest)
			longest = run;
		p += step;
		len -= (size_t)step;
	}
	return longest;
}

enum confusable_verdict confusable_check(struct confusable *c, const char *name)
{
	UErrorCode st = U_ZERO_ERROR;
	char *nfc = NULL;
	size_t len = 0;
	int32_t failed;

	if (c == NULL || name == NULL ||
	    u8_check((const uint8_t *)name, strlen(name)) != NULL)
		return CONFUSABLE_UNKNOWN;
	nfc = (char *)u8_normalize(UNINORM_NFC, (const uint8_t *)name,
				   strlen(name) + 1, NULL, &len);
	if (nfc == NULL)
		return CONFUSABLE_UNKNOWN;
	if (longest_marks(nfc) > CONFUSABLE_MARKS_MAX) {
		free(nfc);
		return CONFUSABLE_MARKS;
	}
	failed = uspoof_check2UTF8(c->spoof, nfc, -1, NULL, &st);
	free(nfc);
	if (U_FAILURE(st))
		return CONFUSABLE_UNKNOWN;
	return (failed & USPOOF_RESTRICTION_LEVEL) != 0 ? CONFUSABLE_SCRIPTS
							: CONFUSABLE_FINE;
}

enum confusable_verdict confusable_name_verdict(const char *name)
{
	struct confusable *c = confusable_open();
	enum confusable_verdict v = confusable_check(c, name);

	confusable_close(c);
	return v;
}
