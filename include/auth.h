/* auth.h -- passwords and account rules (libsodium).
 *
 * The only module that touches password bytes. Passwords live in
 * struct auth_secret buffers (libsodium guarded memory, wiped on free);
 * they are read straight from a file descriptor without echo when it is
 * a terminal, hashed with Argon2id and never copied anywhere else.
 */
#ifndef GOMOKU_AUTH_H
#define GOMOKU_AUTH_H

#include <stdbool.h>
#include <stddef.h>

#include "term.h" /* struct term_prompt */

#define AUTH_HASH_MAX	  128 /* crypto_pwhash_STRBYTES, NUL included */
#define AUTH_PASSWORD_MIN 8
#define AUTH_PASSWORD_MAX 256 /* bytes */
#define AUTH_USERNAME_MIN 3
#define AUTH_USERNAME_MAX 20
#define AUTH_NICKNAME_MAX 20 /* characters */
#define AUTH_LOCK_AFTER	  5  /* failures in a row before a lock */
#define AUTH_LOCK_FIRST	  30 /* seconds */
#define AUTH_LOCK_LONGEST 900
/* Seconds after which failed logins no longer count when no other came
 * since (a day: longer than any lock, so at most 4 guesses a day pass
 * without one). */
#define AUTH_FAILURE_WINDOW 86400

/* Why a name or password was refused. */
enum auth_policy {
	AUTH_OK = 0,
	AUTH_USERNAME_LENGTH,	 /* not 3..20 characters */
	AUTH_USERNAME_CHARS,	 /* not only letters, digits and '_' */
	AUTH_NICKNAME_LENGTH,	 /* not 1..20 characters */
	AUTH_NICKNAME_CHARS,	 /* control characters or invalid UTF-8 */
	AUTH_NICKNAME_INVISIBLE, /* a format (Cf) or otherwise invisible
				    character, or nothing but blanks */
	AUTH_NICKNAME_NOT_NFC,	 /* not in Unicode NFC (auth_nickname_nfc()
				    makes it so) */
	AUTH_NICKNAME_LOOKALIKE, /* looks like another player's username
				    or nickname (the caller checks, see
				    confusable.h) */
	AUTH_USERNAME_LOOKALIKE, /* the same for a username */
	AUTH_NAME_MARKS,	 /* too many combining marks on one
				    character (the caller checks, see
				    confusable_check()) */
	AUTH_NAME_SCRIPTS,	 /* mixes scripts (confusable_check()) */
	AUTH_PASSWORD_SHORT,	 /* fewer than 8 characters */
	AUTH_PASSWORD_LONG,	 /* more than 256 bytes */
	AUTH_PASSWORD_COMMON,	 /* in the list of common passwords */
	AUTH_PASSWORD_IS_NAME,	 /* the same as the username (any case) */
	/* zxcvbn estimates fewer than AUTH_PASSWORD_MIN_BITS of guessing,
	 * and the widest part it found guessable is: */
	AUTH_PASSWORD_REPEATS,	/* repeated characters or words */
	AUTH_PASSWORD_SEQUENCE, /* a sequence (abcd, 9876) */
	AUTH_PASSWORD_KEYBOARD, /* a keyboard pattern (qwerty) */
	AUTH_PASSWORD_DATES,	/* a date or a year */
	AUTH_PASSWORD_NAMES,	/* the username or nickname */
	AUTH_PASSWORD_WORDS,	/* common words or passwords */
	AUTH_PASSWORD_GUESSABLE /* nothing in particular: too short */
};

/* The guesses a new password must take, as zxcvbn estimates them, in
 * bits: log2(10^8), zxcvbn's score 3 ("safely unguessable: moderate
 * protection from an offline slow-hash attack"), the one its authors
 * suggest to require; Argon2id is such a slow hash, and logins are
 * locked after a few failures (docs/ARCHITECTURE.md). */
#define AUTH_PASSWORD_MIN_BITS 26.6

/* How reading a secret ended. */
enum auth_read {
	AUTH_READ_OK = 0,
	AUTH_READ_EOF,	       /* end of input before a line */
	AUTH_READ_INTERRUPTED, /* a signal (Ctrl-C) arrived */
	AUTH_READ_TOO_LONG,    /* the line was longer than the maximum;
				  the rest of it was read and discarded */
	AUTH_READ_ERROR	       /* out of memory, a read error, or echo
				  could not be turned off */
};

/* A password in guarded memory. */
struct auth_secret {
	char *bytes; /* AUTH_PASSWORD_MAX + 1 bytes, NUL-terminated */
	size_t len;
};

/* The list of common passwords, compared without case. */
struct auth_wordlist;

/* Start libsodium. Return 0, or -1 when it cannot start. */
int auth_init(void);

#ifdef GOMOKU_TEST_BUILD
/* Test builds only (the unit tests define GOMOKU_TEST_BUILD; the program
 * is built without it and has no such switch): when `fast` is true, new
 * hashes use Argon2id's minimum cost instead of OPSLIMIT/
 * MEMLIMIT_INTERACTIVE. */
void auth_set_test_fast_hash(bool fast);
#endif

/* Read one line from `fd` into a new secret (the newline is dropped).
 * When fd is a terminal, echo is off while reading and restored on every
 * exit, including Ctrl-C (SIGINT interrupts the read) and Ctrl-Z.
 * `prompt` (NULL for none) is shown once echo is off, so a password
 * typed the moment its prompt appears is never echoed.
 * On AUTH_READ_OK *s owns a buffer to release with auth_secret_free();
 * on any other result *s holds nothing. */
enum auth_read auth_secret_read(int fd, struct auth_secret *s,
				const struct term_prompt *prompt);

/* Wipe and free a secret. Accepts an empty one. */
void auth_secret_free(struct auth_secret *s);

/* True when the two secrets hold the same bytes (constant time; only the
 * lengths may differ in time). False when either is NULL or empty. */
bool auth_secret_equal(const struct auth_secret *a,
		       const struct auth_secret *b);

/* Hash `pw` with Argon2id into the caller's out[AUTH_HASH_MAX] (an
 * encoded string with its salt and parameters). Return 0, or -1 when out
 * of memory or pw holds no buffer (out then holds no usable hash). */
int auth_hash(const struct auth_secret *pw, char out[AUTH_HASH_MAX]);

/* Check `pw` against an encoded hash. Return true on a match. With
 * hash == NULL, do the same work against a fixed dummy hash and return
 * false, so an unknown user takes as long as a known one. */
bool auth_verify(const char *hash, const struct auth_secret *pw);

/* True when `hash` should be replaced after a successful login: it is
 * not Argon2id, or it costs less than auth_hash() spends now in passes
 * or in memory. A hash that costs more is never replaced by a cheaper
 * one. False for NULL or a string not terminated within AUTH_HASH_MAX
 * bytes; true for a string that is not an Argon2 hash. */
bool auth_needs_rehash(const char *hash);

/* Hash `pw` like auth_hash(), but with the passes and memory of the
 * encoded hash `old` where they are more than the current cost's (old
 * may be NULL or unreadable: then the current cost), so that replacing
 * `old` never lowers the cost. Return 0, or -1 as auth_hash(). */
int auth_rehash(const struct auth_secret *pw, const char *old,
		char out[AUTH_HASH_MAX]);

/* Check a username: 3..20 of [A-Za-z0-9_]. Return AUTH_OK or why not
 * (NULL counts as too short). */
enum auth_policy auth_check_username(const char *username);

/* Check a nickname: 1..20 characters (code points) of valid UTF-8 in
 * Unicode NFC (see auth_nickname_nfc()), at least one not blank, and
 * none that is a control (C0, DEL, C1), a format character (category
 * Cf: U+202E, zero-width spaces and joiners...), a surrogate, private
 * use or unassigned, a line or paragraph separator, or otherwise
 * invisible: a default-ignorable code point (U+115F, U+1160, U+3164,
 * U+FFA0...) other than a variation selector right after a character,
 * a combining mark at the start, U+2800. Return AUTH_OK or why not
 * (NULL counts as too short; controls and invalid UTF-8 give
 * AUTH_NICKNAME_CHARS, the other characters AUTH_NICKNAME_INVISIBLE). */
enum auth_policy auth_check_nickname(const char *nickname);

/* Write the Unicode NFC form of the nickname `in` into out (cap bytes,
 * NUL included); a string that is not valid UTF-8 is copied unchanged
 * (auth_check_nickname() then refuses it). Return 0, or -1 when it does
 * not fit or memory runs out (out then holds nothing usable). */
int auth_nickname_nfc(const char *in, char *out, size_t cap);

/* Check a new password for `username` (with `nickname`, which may be
 * NULL) against the rules, in this order: at least 8 characters (code
 * points, or bytes when not UTF-8), at most 256 bytes, not the username
 * (any case), not in `common` (which may be NULL: no list, no such
 * check), and at least AUTH_PASSWORD_MIN_BITS as zxcvbn (libzxcvbn)
 * estimates it with the two names as words an attacker tries first.
 * Return AUTH_OK or the first rule broken (for zxcvbn's, what made the
 * password guessable); a NULL or empty pw is too short, and when memory
 * runs out for the list look-up the password counts as common. */
enum auth_policy auth_check_password(const struct auth_secret *pw,
				     const char *username, const char *nickname,
				     const struct auth_wordlist *common);

/* Load the word list at `path`, one word per line ('#' lines and blank
 * ones skipped, a final '\r' dropped, ASCII lower-cased). Return a new
 * list that the caller frees with auth_wordlist_free() (it keeps no
 * reference to path), or NULL, with nothing to free, when the file
 * cannot be read or memory runs out. An empty file gives an empty
 * list. */
struct auth_wordlist *auth_wordlist_load(const char *path);

/* Free a word list. Accepts NULL. */
void auth_wordlist_free(struct auth_wordlist *w);

/* How long an account is locked after its `failures`-th failure in a
 * row: 0 below AUTH_LOCK_AFTER, then 30 s doubling with each further
 * failure, at most AUTH_LOCK_LONGEST. */
long long auth_lock_seconds(int failures);

#endif
