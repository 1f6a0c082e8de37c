/* auth.c -- passwords and account rules (libsodium).
 *
 * The only code in the program that touches password bytes. Secrets live
 * in sodium_malloc() buffers that are wiped when freed; term.c's line
 * reader fills them in place, one byte at a time (no read-ahead, so the
 * rest of the input stays for the caller) with echo off when the input
 * is a terminal, and they are hashed with Argon2id through
 * crypto_pwhash_str_alg().
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>
#include <zxcvbn.h>

#include "auth.h"
#include "number.h"
#include "term.h"

#if AUTH_HASH_MAX < crypto_pwhash_STRBYTES
#error "AUTH_HASH_MAX is smaller than crypto_pwhash_STRBYTES"
#endif

/* ==== Module state ======================================================
 * The dummy hashes for unknown users (made once per cost, on first use)
 * and, in test builds only (GOMOKU_TEST_BUILD, never the program), the
 * switch to Argon2id's minimum cost. Nothing else is kept between
 * calls. */

#ifdef GOMOKU_TEST_BUILD
static bool fast_hash;
#else
static const bool fast_hash = false;
#endif
static char dummy_hash[2][AUTH_HASH_MAX];

/* The cost of an Argon2id hash: passes and memory (bytes). */
struct cost {
	unsigned long long ops;
	unsigned long long mem;
};

/* The words of a common-password list, lower-cased and sorted. */
struct auth_wordlist {
	char *text;   /* the file's contents, split into words in place */
	char **words; /* pointers into text, sorted with strcmp */
	size_t count;
};

/* ==== Start-up and hashing ============================================= */

/* Start libsodium. Return 0, or -1 when it cannot start. */
int auth_init(void)
{
	return sodium_init() >= 0 ? 0 : -1;
}

#ifdef GOMOKU_TEST_BUILD
/* Choose minimum-cost hashes (tests) or the interactive cost. */
void auth_set_test_fast_hash(bool fast)
{
	fast_hash = fast;
}
#endif

/* The Argon2id cost that new hashes use now. */
static struct cost current_cost(void)
{
	struct cost c = {crypto_pwhash_OPSLIMIT_INTERACTIVE,
			 crypto_pwhash_MEMLIMIT_INTERACTIVE};

	if (fast_hash) {
		c.ops = crypto_pwhash_OPSLIMIT_MIN;
		c.mem = crypto_pwhash_MEMLIMIT_MIN;
	}
	return c;
}

/* Hash `len` bytes at `bytes` at cost `c` into out. Return 0, or -1
 * (out of memory). */
static int hash_bytes(const char *bytes, size_t len, struct cost c,
		      char out[AUTH_HASH_MAX])
{
	if (crypto_pwhash_str_alg(out, bytes, len, c.ops, (size_t)c.mem,
				  crypto_pwhash_ALG_ARGON2ID13) != 0)
		return -1;
	return 0;
}

/* Hash `pw` with Argon2id at the current cost. Return 0 or -1. */
int auth_hash(const struct auth_secret *pw, char out[AUTH_HASH_MAX])
{
	if (pw == NULL || pw->bytes == NULL)
		return -1;
	return hash_bytes(pw->bytes, pw->len, current_cost(), out);
}

/* Read the number at *s followed by `after`, moving *s past both.
 * Return true when they are there and the number is in 1..max. */
static bool take_number(const char **s, const char *after,
			unsigned long long max, unsigned long long *out)
{
	const char *end;
	long long v;

	end = number_scan(*s, 1, (long long)max, &v);
	if (end == NULL || strncmp(end, after, strlen(after)) != 0)
		return false;
	*out = (unsigned long long)v;
	*s = end + strlen(after);
	return true;
}

/* Read the parameters of an encoded Argon2 hash
 * ("$argon2id$v=19$m=KIB,t=PASSES,p=1$...") into *c, and whether it is
 * Argon2id into *id. Return false when `hash` is not such a string. */
static bool hash_cost(const char *hash, struct cost *c, bool *id)
{
	static const char argon2id[] = "$argon2id$v=19$m=";
	static const char argon2i[] = "$argon2i$v=19$m=";
	const char *s = hash;
	unsigned long long kib, lanes;

	*id = strncmp(s, argon2id, strlen(argon2id)) == 0;
	if (*id)
		s += strlen(argon2id);
	else if (strncmp(s, argon2i, strlen(argon2i)) == 0)
		s += strlen(argon2i);
	else
		return false;
	if (!take_number(&s, ",t=", crypto_pwhash_MEMLIMIT_MAX / 1024, &kib) ||
	    !take_number(&s, ",p=", UINT32_MAX, &c->ops) ||
	    !take_number(&s, "$", 255, &lanes))
		return false;
	c->mem = kib * 1024;
	return true;
}

/* Hash `pw` at the current cost, raised to `old`'s where that is more. */
int auth_rehash(const struct auth_secret *pw, const char *old,
		char out[AUTH_HASH_MAX])
{
	struct cost c = current_cost(), was;
	bool id;

	if (pw == NULL || pw->bytes == NULL)
		return -1;
	if (old != NULL && memchr(old, '\0', AUTH_HASH_MAX) != NULL &&
	    hash_cost(old, &was, &id)) {
		if (was.ops > c.ops)
			c.ops = was.ops;
		if (was.mem > c.mem)
			c.mem = was.mem;
	}
	return hash_bytes(pw->bytes, pw->len, c, out);
}

/* The dummy hash at the current cost, made from a random password on
 * first use. Return it, or NULL when out of memory. */
static const char *dummy_for_current_cost(void)
{
	char *dummy = dummy_hash[fast_hash ? 1 : 0];
	unsigned char random_pw[32];
	int rc;

	if (dummy[0] != '\0')
		return dummy;
	randombytes_buf(random_pw, sizeof(random_pw));
	rc = hash_bytes((const char *)random_pw, sizeof(random_pw),
			current_cost(), dummy);
	sodium_memzero(random_pw, sizeof(random_pw));
	if (rc != 0) {
		dummy[0] = '\0';
		return NULL;
	}
	return dummy;
}

/* Check `pw` against `hash`, or against the dummy hash when hash is NULL
 * (then always false). Return true on a match. */
bool auth_verify(const char *hash, const struct auth_secret *pw)
{
	const char *dummy;
	int ignored;

	if (pw == NULL || pw->bytes == NULL)
		return false;
	if (hash != NULL && memchr(hash, '\0', AUTH_HASH_MAX) != NULL)
		return crypto_pwhash_str_verify(hash, pw->bytes, pw->len) == 0;
	/* Unknown user (or a mangled hash): spend the same time, fail. */
	dummy = dummy_for_current_cost();
	if (dummy != NULL) {
		ignored = crypto_pwhash_str_verify(dummy, pw->bytes, pw->len);
		(void)ignored;
	}
	return false;
}

/* True when `hash` is not Argon2id or costs less than the current cost
 * in passes or memory. */
bool auth_needs_rehash(const char *hash)
{
	struct cost c = current_cost(), was;
	bool id;

	if (hash == NULL || memchr(hash, '\0', AUTH_HASH_MAX) == NULL)
		return false;
	if (!hash_cost(hash, &was, &id))
		return true;
	return !id || was.ops < c.ops || was.mem < c.mem;
}

/* ==== Secrets =========================================================== */

/* Wipe and free a secret; leave it empty. Accepts an empty one. */
void auth_secret_free(struct auth_secret *s)
{
	if (s == NULL)
		return;
	sodium_free(s->bytes); /* wipes; accepts NULL */
	s->bytes = NULL;
	s->len = 0;
}

/* True when both secrets hold the same bytes (compared in constant
 * time; only the lengths may differ in time). */
bool auth_secret_equal(const struct auth_secret *a, const struct auth_secret *b)
{
	if (a == NULL || b == NULL || a->bytes == NULL || b->bytes == NULL)
		return false;
	if (a->len != b->len)
		return false;
	return sodium_memcmp(a->bytes, b->bytes, a->len) == 0;
}

/* ==== Reading a secret ================================================== */

/* Read one line from fd into a new secret, echo off on a terminal. On
 * AUTH_READ_OK *s owns the buffer; otherwise *s is empty. */
enum auth_read auth_secret_read(int fd, struct auth_secret *s,
				const struct term_prompt *prompt)
{
	enum term_read r;

	if (s == NULL)
		return AUTH_READ_ERROR;
	s->len = 0;
	s->bytes = sodium_malloc(AUTH_PASSWORD_MAX + 1);
	if (s->bytes == NULL)
		return AUTH_READ_ERROR;
	r = term_read_line_with(fd, s->bytes, AUTH_PASSWORD_MAX, &s->len, 0,
				TERM_ECHO_OFF, prompt);
	if (r == TERM_OK)
		return AUTH_READ_OK;
	auth_secret_free(s);
	switch (r) {
	case TERM_EOF:
		return AUTH_READ_EOF;
	case TERM_INTERRUPTED:
		return AUTH_READ_INTERRUPTED;
	case TERM_TOO_LONG:
		return AUTH_READ_TOO_LONG;
	case TERM_OK:
	case TERM_TIMEOUT: /* no deadline was set */
	case TERM_ERROR:
		break;
	}
	return AUTH_READ_ERROR;
}

/* ==== Names =============================================================
 * Nicknames are Unicode, checked with GNU libunistring: general
 * categories, the Default_Ignorable_Code_Point property, NFC to store.
 * Whether one looks like another name: confusable.c. */

/* Categories a nickname never holds: controls (Cc), format characters
 * such as U+202E or U+200B (Cf), surrogates, private use, unassigned
 * code points, line and paragraph separators. */
static bool refused_category(ucs4_t uc)
{
	return uc_is_general_category(
		uc,
		uc_general_category_or(UC_CATEGORY_C,
				       uc_general_category_or(UC_CATEGORY_Zl,
							      UC_CATEGORY_Zp)));
}

/* True when uc cannot be seen where it stands, after `prev` (0 at the
 * start): default-ignorable code points (U+115F, U+1160, U+3164, U+FFA0,
 * joiners, ...) except a variation selector right after a character it
 * can vary, a combining mark with nothing to combine with, and U+2800
 * (the blank Braille pattern, drawn as nothing). */
static bool invisible(ucs4_t uc, ucs4_t prev)
{
	bool after_base = prev != 0 &&
			  !uc_is_general_category(prev, UC_CATEGORY_M) &&
			  !uc_is_property_default_ignorable_code_point(prev);

	if (uc_is_property_variation_selector(uc))
		return !after_base;
	if (uc_is_property_default_ignorable_code_point(uc))
		return true;
	if (uc_is_general_category(uc, UC_CATEGORY_M))
		return prev == 0;
	return uc == 0x2800;
}

/* Check the characters of the nickname, valid UTF-8 of `len` bytes at
 * s: every one allowed, at least one not blank. Count them into *count.
 * Return AUTH_OK, AUTH_NICKNAME_CHARS (a control character) or
 * AUTH_NICKNAME_INVISIBLE. */
static enum auth_policy nickname_chars(const uint8_t *s, size_t len,
				       size_t *count)
{
	ucs4_t uc, prev = 0;
	bool seen = false;
	int n;

	*count = 0;
	while (len > 0) {
		n = u8_mbtouc(&uc, s, len);
		if (uc_is_general_category(uc, UC_CATEGORY_Cc))
			return AUTH_NICKNAME_CHARS;
		if (refused_category(uc) || invisible(uc, prev))
			return AUTH_NICKNAME_INVISIBLE;
		seen |= !uc_is_property_white_space(uc);
		prev = uc;
		s += n;
		len -= (size_t)n;
		(*count)++;
	}
	return seen || *count == 0 ? AUTH_OK : AUTH_NICKNAME_INVISIBLE;
}

/* Check a username: 3..20 of [A-Za-z0-9_]. */
enum auth_policy auth_check_username(const char *username)
{
	size_t i;

	if (username == NULL)
		return AUTH_USERNAME_LENGTH;
	for (i = 0; username[i] != '\0'; i++) {
		char c = username[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '_'))
			return AUTH_USERNAME_CHARS;
	}
	if (i < AUTH_USERNAME_MIN || i > AUTH_USERNAME_MAX)
		return AUTH_USERNAME_LENGTH;
	return AUTH_OK;
}

/* True when the `len` bytes at s are their own NFC form. */
static bool is_nfc(const uint8_t *s, size_t len)
{
	size_t nfc_len = 0;
	uint8_t *nfc = u8_normalize(UNINORM_NFC, s, len, NULL, &nfc_len);
	bool same = nfc != NULL && nfc_len == len && memcmp(nfc, s, len) == 0;

	free(nfc);
	return same;
}

/* Check a nickname: 1..20 visible characters of valid UTF-8 in NFC. */
enum auth_policy auth_check_nickname(const char *nickname)
{
	const uint8_t *s = (const uint8_t *)nickname;
	enum auth_policy p;
	size_t len, count;

	if (nickname == NULL)
		return AUTH_NICKNAME_LENGTH;
	len = strlen(nickname);
	if (u8_check(s, len) != NULL)
		return AUTH_NICKNAME_CHARS;
	p = nickname_chars(s, len, &count);
	if (p != AUTH_OK)
		return p;
	if (count < 1 || count > AUTH_NICKNAME_MAX)
		return AUTH_NICKNAME_LENGTH;
	if (!is_nfc(s, len))
		return AUTH_NICKNAME_NOT_NFC;
	return AUTH_OK;
}

/* Write the NFC form of `in` into out[cap]. */
int auth_nickname_nfc(const char *in, char *out, size_t cap)
{
	const uint8_t *s = (const uint8_t *)in;
	size_t len = strlen(in), nfc_len = 0;
	uint8_t *nfc;

	if (u8_check(s, len) != NULL) {
		if (len >= cap)
			return -1;
		memcpy(out, in, len + 1); /* auth_check_nickname() refuses */
		return 0;
	}
	nfc = u8_normalize(UNINORM_NFC, s, len, NULL, &nfc_len);
	if (nfc == NULL || nfc_len >= cap) {
		free(nfc);
		return -1;
	}
	memcpy(out, nfc, nfc_len);
	out[nfc_len] = '\0';
	free(nfc);
	return 0;
}

/* ==== Passwords and the word list ====================================== */

/* ASCII lower case of c; other bytes unchanged (no locale). */
static char ascii_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* The length of a password in characters: code points when it is valid
 * UTF-8, else bytes. */
static size_t password_chars(const struct auth_secret *pw)
{
	const uint8_t *s = (const uint8_t *)pw->bytes;

	if (u8_check(s, pw->len) == NULL)
		return u8_mbsnlen(s, pw->len);
	return pw->len;
}

/* True when the password equals the username, ignoring ASCII case. */
static bool password_is_name(const struct auth_secret *pw, const char *name)
{
	size_t i;

	if (name == NULL || strlen(name) != pw->len)
		return false;
	for (i = 0; i < pw->len; i++) {
		if (ascii_lower(pw->bytes[i]) != ascii_lower(name[i]))
			return false;
	}
	return true;
}

/* Compare the `len` bytes at key with the word w, like strcmp. */
static int compare_key(const char *key, size_t len, const char *w)
{
	size_t wlen = strlen(w);
	int c = memcmp(key, w, len < wlen ? len : wlen);

	if (c != 0)
		return c;
	return len < wlen ? -1 : len > wlen ? 1 : 0;
}

/* True when the `len` lower-case bytes at key are in the list. */
static bool wordlist_has(const struct auth_wordlist *w, const char *key,
			 size_t len)
{
	size_t lo = 0, hi = w->count, mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		c = compare_key(key, len, w->words[mid]);
		if (c == 0)
			return true;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return false;
}

/* Look the password up in the list, ignoring ASCII case, through a
 * guarded lower-case copy wiped afterwards. Return 1 when found, 0 when
 * not, -1 when out of memory. */
static int password_is_common(const struct auth_secret *pw,
			      const struct auth_wordlist *common)
{
	char *lower;
	size_t i;
	bool found;

	if (common == NULL || common->count == 0)
		return 0;
	lower = sodium_malloc(pw->len + 1);
	if (lower == NULL)
		return -1;
	for (i = 0; i < pw->len; i++)
		lower[i] = ascii_lower(pw->bytes[i]);
	lower[pw->len] = '\0';
	found = wordlist_has(common, lower, pw->len);
	sodium_free(lower);
	return found ? 1 : 0;
}

/* What makes a password that zxcvbn finds guessable so: the player's
 * names when it used them anywhere, else a repeat when the widest part
 * it matched is repeated, else that part's kind (the tail of a very
 * long password, which it does not match, counts for nothing). */
static enum auth_policy weakness(const ZxcMatch_t *info)
{
	const ZxcMatch_t *m, *widest = NULL;
	int kind;

	for (m = info; m != NULL; m = m->Next) {
		kind = (int)m->Type & ~MULTIPLE_MATCH;
		if (kind == USER_MATCH || kind == USER_LEET_MATCH)
			return AUTH_PASSWORD_NAMES;
		if (kind != LONG_PWD_MATCH &&
		    (widest == NULL || m->Length > widest->Length))
			widest = m;
	}
	if (widest == NULL)
		return AUTH_PASSWORD_GUESSABLE;
	if ((int)widest->Type & MULTIPLE_MATCH)
		return AUTH_PASSWORD_REPEATS;
	switch ((int)widest->Type) {
	case REPEATS_MATCH:
		return AUTH_PASSWORD_REPEATS;
	case SEQUENCE_MATCH:
		return AUTH_PASSWORD_SEQUENCE;
	case SPATIAL_MATCH:
		return AUTH_PASSWORD_KEYBOARD;
	case DATE_MATCH:
	case YEAR_MATCH:
		return AUTH_PASSWORD_DATES;
	case DICTIONARY_MATCH:
	case DICT_LEET_MATCH:
		return AUTH_PASSWORD_WORDS;
	default:
		return AUTH_PASSWORD_GUESSABLE;
	}
}

/* zxcvbn's estimate of pw, with the player's names as the words an
 * attacker tries first: AUTH_OK when it takes at least
 * AUTH_PASSWORD_MIN_BITS, else why not. */
static enum auth_policy password_guessable(const struct auth_secret *pw,
					   const char *username,
					   const char *nickname)
{
	const char *names[3] = {NULL, NULL, NULL};
	ZxcMatch_t *info = NULL;
	enum auth_policy p = AUTH_OK;
	int n = 0;

	if (username != NULL && username[0] != '\0')
		names[n++] = username;
	if (nickname != NULL && nickname[0] != '\0')
		names[n++] = nickname;
	if (ZxcvbnMatch(pw->bytes, names, &info) < AUTH_PASSWORD_MIN_BITS)
		p = weakness(info);
	ZxcvbnFreeInfo(info);
	return p;
}

/* Check a new password for `username` against the rules. When memory
 * runs out for the list look-up, the password counts as common. */
enum auth_policy auth_check_password(const struct auth_secret *pw,
				     const char *username, const char *nickname,
				     const struct auth_wordlist *common)
{
	if (pw == NULL || pw->bytes == NULL)
		return AUTH_PASSWORD_SHORT;
	if (password_chars(pw) < AUTH_PASSWORD_MIN)
		return AUTH_PASSWORD_SHORT;
	if (pw->len > AUTH_PASSWORD_MAX)
		return AUTH_PASSWORD_LONG;
	if (password_is_name(pw, username))
		return AUTH_PASSWORD_IS_NAME;
	if (password_is_common(pw, common) != 0)
		return AUTH_PASSWORD_COMMON;
	return password_guessable(pw, username, nickname);
}

/* Read the whole file at path into a NUL-terminated buffer. Return it
 * (to free), or NULL on a read error or when out of memory. */
static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL, *bigger;
	size_t len = 0, cap = 0, n;

	if (f == NULL)
		return NULL;
	do {
		if (cap - len < 4096) {
			cap = cap == 0 ? 65536 : cap * 2;
			bigger = realloc(buf, cap + 1);
			if (bigger == NULL)
				goto out_free;
			buf = bigger;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n > 0);
	if (ferror(f))
		goto out_free;
	fclose(f);
	buf[len] = '\0';
	return buf;

out_free:
	free(buf);
	fclose(f);
	return NULL;
}

/* Cut line in place: drop '\r's at its end, lower-case it. Return true
 * when it is a word (not blank, not a '#' comment). */
static bool clean_line(char *line)
{
	size_t len = strlen(line), i;
	bool blank = true;

	while (len > 0 && line[len - 1] == '\r')
		line[--len] = '\0';
	if (line[0] == '#')
		return false;
	for (i = 0; i < len; i++) {
		line[i] = ascii_lower(line[i]);
		if (line[i] != ' ' && line[i] != '\t')
			blank = false;
	}
	return !blank;
}

/* Split text into lines in place and keep the words in w->words (which
 * must have room for one per line). */
static void collect_words(struct auth_wordlist *w, char *text)
{
	char *line = text, *nl;

	while (*line != '\0') {
		nl = strchr(line, '\n');
		if (nl != NULL)
			*nl = '\0';
		if (clean_line(line))
			w->words[w->count++] = line;
		if (nl == NULL)
			break;
		line = nl + 1;
	}
}

/* qsort comparison of two word pointers. */
static int compare_words(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Load a word list (one word per line, '#' lines and blanks skipped),
 * lower-cased and sorted. Return NULL on a read error or no memory. */
struct auth_wordlist *auth_wordlist_load(const char *path)
{
	struct auth_wordlist *w = calloc(1, sizeof(*w));
	size_t lines = 1;
	const char *p;

	if (w == NULL)
		return NULL;
	w->text = read_file(path);
	if (w->text == NULL)
		goto out_free_list;
	for (p = w->text; *p != '\0'; p++)
		lines += *p == '\n';
	w->words = malloc(lines * sizeof(*w->words));
	if (w->words == NULL)
		goto out_free_text;
	collect_words(w, w->text);
	qsort(w->words, w->count, sizeof(*w->words), compare_words);
	return w;

out_free_text:
	free(w->text);
out_free_list:
	free(w);
	return NULL;
}

/* Free a word list. Accepts NULL. */
void auth_wordlist_free(struct auth_wordlist *w)
{
	if (w == NULL)
		return;
	free(w->words);
	free(w->text);
	free(w);
}

/* ==== Account locks ===================================================== */

/* Seconds of lock after the `failures`-th failure in a row: 0 below
 * AUTH_LOCK_AFTER, then 30 doubling each time, at most 900. */
long long auth_lock_seconds(int failures)
{
	long long seconds = AUTH_LOCK_FIRST;
	int step;

	if (failures < AUTH_LOCK_AFTER)
		return 0;
	for (step = AUTH_LOCK_AFTER; step < failures; step++) {
		seconds *= 2;
		if (seconds >= AUTH_LOCK_LONGEST)
			return AUTH_LOCK_LONGEST;
	}
	return seconds;
}
