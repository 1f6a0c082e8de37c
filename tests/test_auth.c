/* test_auth.c -- unit tests for src/auth.c: Argon2id hashing and its
 * parameters, the account rules, the common-password list, reading
 * secrets from pipes and terminals (echo, Ctrl-C, Ctrl-Z) and the lock
 * schedule. Run from the repository root (data/common-passwords.txt).
 */
#define _XOPEN_SOURCE 700 /* posix_openpt, grantpt, unlockpt, ptsname */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <CUnit/CUnit.h>
#include <sodium.h>
#include <unictype.h>
#include <unistr.h>

#include "auth.h"

#define COMMON_PATH "data/common-passwords.txt"

/* ==== Helpers =========================================================== */

/* A secret holding the `len` bytes at `bytes`, in guarded memory like the
 * ones auth_secret_read() makes (bigger when len needs it). */
static struct auth_secret make_secret_len(const char *bytes, size_t len)
{
	struct auth_secret s;
	size_t size = len > AUTH_PASSWORD_MAX ? len + 1 : AUTH_PASSWORD_MAX + 1;

	s.bytes = sodium_malloc(size);
	s.len = 0;
	if (s.bytes != NULL) {
		memcpy(s.bytes, bytes, len);
		s.bytes[len] = '\0';
		s.len = len;
	}
	return s;
}

/* A secret holding the string str. */
static struct auth_secret make_secret(const char *str)
{
	return make_secret_len(str, strlen(str));
}

/* The password rule verdict for str (NUL-free) and username. */
static enum auth_policy check_pw(const char *str, const char *username,
				 const struct auth_wordlist *common)
{
	struct auth_secret s = make_secret(str);
	enum auth_policy p = auth_check_password(&s, username, NULL, common);

	auth_secret_free(&s);
	return p;
}

/* A string of n copies of unit (which may be several bytes). */
static char *repeat(const char *unit, size_t n)
{
	size_t ulen = strlen(unit), i;
	char *s = malloc(ulen * n + 1);

	if (s == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		memcpy(s + i * ulen, unit, ulen);
	s[ulen * n] = '\0';
	return s;
}

/* Copy str to buf at offset at. Return the offset after it. */
static size_t append(char *buf, size_t at, const char *str)
{
	size_t len = strlen(str);

	memcpy(buf + at, str, len);
	return at + len;
}

/* A pipe whose write end got `data` (and is closed when close_write). */
static int pipe_with(int fds[2], const char *data, size_t len, bool close_write)
{
	if (pipe(fds) != 0)
		return -1;
	if (len > 0 && write(fds[1], data, len) != (ssize_t)len)
		return -1;
	if (close_write) {
		close(fds[1]);
		fds[1] = -1;
	}
	return 0;
}

/* Close both ends of a pipe (those still open). */
static void pipe_close(int fds[2])
{
	if (fds[0] >= 0)
		close(fds[0]);
	if (fds[1] >= 0)
		close(fds[1]);
}

/* True when s holds exactly the string want. */
static bool secret_is(const struct auth_secret *s, const char *want)
{
	size_t len = strlen(want);

	return s->bytes != NULL && s->len == len &&
	       memcmp(s->bytes, want, len) == 0 && s->bytes[len] == '\0';
}

static volatile sig_atomic_t alarm_count;

/* SIGALRM handler standing in for the program's Ctrl-C handler. */
static void on_alarm(int sig)
{
	(void)sig;
	alarm_count++;
}

/* Catch SIGALRM without SA_RESTART (as the program catches SIGINT) and
 * fire it once after `ms` milliseconds. */
static void arm_alarm(int ms, struct sigaction *old)
{
	struct sigaction sa;
	struct itimerval it;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, old);
	memset(&it, 0, sizeof(it));
	it.it_value.tv_sec = ms / 1000;
	it.it_value.tv_usec = (ms % 1000) * 1000;
	alarm_count = 0;
	setitimer(ITIMER_REAL, &it, NULL);
}

/* Open a pseudo-terminal pair. Return 0, or -1. */
static int open_pty(int *master, int *slave)
{
	const char *name;

	*master = posix_openpt(O_RDWR | O_NOCTTY);
	if (*master < 0)
		return -1;
	if (grantpt(*master) != 0 || unlockpt(*master) != 0)
		goto out_close;
	name = ptsname(*master);
	if (name == NULL)
		goto out_close;
	*slave = open(name, O_RDWR | O_NOCTTY);
	if (*slave < 0)
		goto out_close;
	return 0;

out_close:
	close(*master);
	return -1;
}

/* True when the terminal fd echoes typed characters. */
static bool echo_is_on(int fd)
{
	struct termios t;

	return tcgetattr(fd, &t) == 0 && (t.c_lflag & ECHO) != 0;
}

/* Wait up to 10 s for fd's echo to become `on`. Return true if it did. */
static bool wait_for_echo(int fd, bool on)
{
	struct timespec pause = {0, 5 * 1000 * 1000};
	int i;

	for (i = 0; i < 2000; i++) {
		if (echo_is_on(fd) == on)
			return true;
		nanosleep(&pause, NULL);
	}
	return false;
}

/* Read what the terminal wrote back to master within 200 ms. */
static size_t drain_master(int master, char *buf, size_t cap)
{
	struct pollfd p = {master, POLLIN, 0};
	size_t len = 0;
	ssize_t n;

	while (len < cap && poll(&p, 1, 200) > 0) {
		n = read(master, buf + len, cap - len);
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	return len;
}

static void mark_tstp(int sig)
{
	(void)sig;
}

/* Child side of the terminal tests: read a secret from fd with Ctrl-Z
 * set to mark_tstp, then exit 0 when it read "hunter22", echo is back
 * on and the Ctrl-Z handler is mark_tstp again; other codes say what
 * went wrong. */
static void child_read_secret(int fd)
{
	struct auth_secret s;
	struct sigaction sa, now;
	enum auth_read r;
	int code = 0;

	setpgid(0, 0); /* own group, so Ctrl-Z can stop it */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = mark_tstp;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTSTP, &sa, NULL);
	r = auth_secret_read(fd, &s, NULL);
	if (r != AUTH_READ_OK || !secret_is(&s, "hunter22"))
		code = 1;
	sigaction(SIGTSTP, NULL, &now);
	if (now.sa_handler != mark_tstp)
		code = 2;
	if (!echo_is_on(fd))
		code = 3;
	auth_secret_free(&s);
	_exit(code);
}

/* Wait up to 20 s for the child to exit (flags 0) or stop (WUNTRACED)
 * and store its status. On a timeout, kill it and return false. */
static bool wait_child(pid_t pid, int flags, int *st)
{
	struct timespec pause = {0, 5 * 1000 * 1000};
	int i;

	for (i = 0; i < 4000; i++) {
		if (waitpid(pid, st, flags | WNOHANG) == pid)
			return true;
		nanosleep(&pause, NULL);
	}
	kill(pid, SIGKILL);
	waitpid(pid, st, 0);
	return false;
}

/* Wait for the child and return its exit code, or -1. */
static int child_exit_code(pid_t pid)
{
	int st;

	if (!wait_child(pid, 0, &st) || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

/* True under valgrind, which cannot stop a process on SIGTSTP (the
 * blocked read fails with EINTR instead). */
static bool under_valgrind(void)
{
	const char *preload = getenv("LD_PRELOAD");

	return getenv("GOMOKU_VALGRIND") != NULL ||
	       (preload != NULL && strstr(preload, "vgpreload") != NULL);
}

/* ==== Suite set-up ====================================================== */

static int suite_init(void)
{
	if (auth_init() != 0)
		return -1;
	auth_set_test_fast_hash(true);
	return 0;
}

static int suite_cleanup(void)
{
	auth_set_test_fast_hash(false);
	return 0;
}

/* ==== Hashing =========================================================== */

static void test_production_parameters(void)
{
	struct auth_secret pw = make_secret("correct horse battery staple");
	char hash[AUTH_HASH_MAX], fast[AUTH_HASH_MAX];

	auth_set_test_fast_hash(true);
	CU_ASSERT_EQUAL_FATAL(auth_hash(&pw, fast), 0);
	auth_set_test_fast_hash(false);
	CU_ASSERT_EQUAL_FATAL(auth_hash(&pw, hash), 0);
	CU_ASSERT_EQUAL(strncmp(hash, "$argon2id$", 10), 0);
	CU_ASSERT_EQUAL(crypto_pwhash_str_needs_rehash(
				hash, crypto_pwhash_OPSLIMIT_INTERACTIVE,
				crypto_pwhash_MEMLIMIT_INTERACTIVE),
			0);
	CU_ASSERT_FALSE(auth_needs_rehash(hash));
	CU_ASSERT_TRUE(auth_verify(hash, &pw));
	/* A hash made at the test cost is upgraded at the real one; a hash
	 * at the real cost is never "upgraded" down to the test cost. */
	CU_ASSERT_TRUE(auth_needs_rehash(fast));
	CU_ASSERT_TRUE(auth_verify(fast, &pw));
	auth_set_test_fast_hash(true);
	CU_ASSERT_FALSE(auth_needs_rehash(hash));
	CU_ASSERT_FALSE(auth_needs_rehash(fast));
	auth_secret_free(&pw);
}

static void test_fast_hash_is_argon2id_minimum(void)
{
	struct auth_secret pw = make_secret("a test password");
	char hash[AUTH_HASH_MAX];

	CU_ASSERT_EQUAL_FATAL(auth_hash(&pw, hash), 0);
	CU_ASSERT_EQUAL(strncmp(hash, "$argon2id$", 10), 0);
	CU_ASSERT_EQUAL(
		crypto_pwhash_str_needs_rehash(hash, crypto_pwhash_OPSLIMIT_MIN,
					       crypto_pwhash_MEMLIMIT_MIN),
		0);
	auth_secret_free(&pw);
}

static void test_verify_right_and_wrong(void)
{
	struct auth_secret pw = make_secret("Tr0ub4dor&3 with spaces");
	struct auth_secret wrong[4];
	char hash[AUTH_HASH_MAX];
	size_t i;

	wrong[0] = make_secret("tr0ub4dor&3 with spaces");
	wrong[1] = make_secret("Tr0ub4dor&3 with space");
	wrong[2] = make_secret("Tr0ub4dor&3 with spaces ");
	wrong[3] = make_secret("");
	CU_ASSERT_EQUAL_FATAL(auth_hash(&pw, hash), 0);
	CU_ASSERT_TRUE(auth_verify(hash, &pw));
	for (i = 0; i < 4; i++) {
		CU_ASSERT_FALSE(auth_verify(hash, &wrong[i]));
		auth_secret_free(&wrong[i]);
	}
	auth_secret_free(&pw);
}

static void test_hashes_are_salted(void)
{
	struct auth_secret pw = make_secret("same password twice");
	char a[AUTH_HASH_MAX], b[AUTH_HASH_MAX];

	CU_ASSERT_EQUAL_FATAL(auth_hash(&pw, a), 0);
	CU_ASSERT_EQUAL_FATAL(auth_hash(&pw, b), 0);
	CU_ASSERT_NOT_EQUAL(strcmp(a, b), 0);
	CU_ASSERT_TRUE(auth_verify(a, &pw));
	CU_ASSERT_TRUE(auth_verify(b, &pw));
	auth_secret_free(&pw);
}

static void test_verify_unknown_user(void)
{
	struct auth_secret pw = make_secret("anything at all");
	char junk[AUTH_HASH_MAX];

	CU_ASSERT_FALSE(auth_verify(NULL, &pw));
	CU_ASSERT_FALSE(auth_verify(NULL, &pw)); /* cached dummy */
	CU_ASSERT_FALSE(auth_verify("not a hash", &pw));
	CU_ASSERT_FALSE(auth_verify("", &pw));
	memset(junk, 'a', sizeof(junk)); /* no NUL anywhere */
	CU_ASSERT_FALSE(auth_verify(junk, &pw));
	auth_secret_free(&pw);
}

/* Make an Argon2 hash of pw with `ops` passes, `mem` bytes, `alg`. */
static void hash_with(const struct auth_secret *pw, unsigned long long ops,
		      size_t mem, int alg, char out[AUTH_HASH_MAX])
{
	CU_ASSERT_EQUAL_FATAL(
		crypto_pwhash_str_alg(out, pw->bytes, pw->len, ops, mem, alg),
		0);
}

static void test_needs_rehash(void)
{
	struct auth_secret pw = make_secret("rehash me please");
	char now[AUTH_HASH_MAX], other[AUTH_HASH_MAX];

	CU_ASSERT_EQUAL_FATAL(auth_hash(&pw, now), 0);
	CU_ASSERT_FALSE(auth_needs_rehash(now));
	/* More passes than the current (test) cost: kept, never lowered. */
	hash_with(&pw, crypto_pwhash_OPSLIMIT_MIN + 1,
		  crypto_pwhash_MEMLIMIT_MIN, crypto_pwhash_ALG_ARGON2ID13,
		  other);
	CU_ASSERT_FALSE(auth_needs_rehash(other));
	CU_ASSERT_TRUE(auth_verify(other, &pw));
	/* More memory: kept too. */
	hash_with(&pw, crypto_pwhash_OPSLIMIT_MIN,
		  crypto_pwhash_MEMLIMIT_MIN * 2, crypto_pwhash_ALG_ARGON2ID13,
		  other);
	CU_ASSERT_FALSE(auth_needs_rehash(other));
	/* Argon2i instead of Argon2id: replaced. */
	hash_with(&pw, 3, crypto_pwhash_MEMLIMIT_MIN,
		  crypto_pwhash_ALG_ARGON2I13, other);
	CU_ASSERT_TRUE(auth_needs_rehash(other));
	/* Not an Argon2 string at all: replaced (after a login, which the
	 * string could not have verified anyway). */
	CU_ASSERT_TRUE(auth_needs_rehash("$2b$10$notargon"));
	CU_ASSERT_TRUE(auth_needs_rehash("$argon2id$v=19$m=x,t=2,p=1$a$b"));
	CU_ASSERT_FALSE(auth_needs_rehash(NULL));
	auth_secret_free(&pw);
}

/* The Argon2 parameters of an encoded hash: does it cost exactly ops
 * passes and mem bytes? */
static bool costs(const char *hash, unsigned long long ops, size_t mem)
{
	return crypto_pwhash_str_needs_rehash(hash, ops, mem) == 0;
}

static void test_rehash_only_raises(void)
{
	struct auth_secret pw = make_secret("raise, never lower");
	char weak[AUTH_HASH_MAX], odd[AUTH_HASH_MAX], out[AUTH_HASH_MAX];
	const unsigned long long ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
	const size_t mem = crypto_pwhash_MEMLIMIT_INTERACTIVE;

	auth_set_test_fast_hash(false);
	hash_with(&pw, crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN,
		  crypto_pwhash_ALG_ARGON2ID13, weak);
	CU_ASSERT_TRUE(auth_needs_rehash(weak));
	CU_ASSERT_EQUAL_FATAL(auth_rehash(&pw, weak, out), 0);
	CU_ASSERT_TRUE(costs(out, ops, mem));
	CU_ASSERT_FALSE(auth_needs_rehash(out));
	CU_ASSERT_TRUE(auth_verify(out, &pw));
	/* More passes but less memory than now: the rehash keeps the
	 * passes and raises the memory. */
	hash_with(&pw, ops + 1, crypto_pwhash_MEMLIMIT_MIN,
		  crypto_pwhash_ALG_ARGON2ID13, odd);
	CU_ASSERT_TRUE(auth_needs_rehash(odd));
	CU_ASSERT_EQUAL_FATAL(auth_rehash(&pw, odd, out), 0);
	CU_ASSERT_TRUE(costs(out, ops + 1, mem));
	/* At the test cost, a real-cost hash is not lowered, and a rehash
	 * of it keeps the real cost. */
	auth_set_test_fast_hash(true);
	CU_ASSERT_FALSE(auth_needs_rehash(out));
	CU_ASSERT_EQUAL_FATAL(auth_rehash(&pw, out, weak), 0);
	CU_ASSERT_TRUE(costs(weak, ops + 1, mem));
	/* No old hash, or an unreadable one: the current cost. */
	CU_ASSERT_EQUAL_FATAL(auth_rehash(&pw, NULL, out), 0);
	CU_ASSERT_TRUE(costs(out, crypto_pwhash_OPSLIMIT_MIN,
			     crypto_pwhash_MEMLIMIT_MIN));
	CU_ASSERT_EQUAL_FATAL(auth_rehash(&pw, "junk", out), 0);
	CU_ASSERT_TRUE(costs(out, crypto_pwhash_OPSLIMIT_MIN,
			     crypto_pwhash_MEMLIMIT_MIN));
	auth_secret_free(&pw);
}

/* ==== Names ============================================================= */

static void test_username_rules(void)
{
	CU_ASSERT_EQUAL(auth_check_username("abc"), AUTH_OK);
	CU_ASSERT_EQUAL(auth_check_username("A_1"), AUTH_OK);
	CU_ASSERT_EQUAL(auth_check_username("Player_One_2024"), AUTH_OK);
	CU_ASSERT_EQUAL(auth_check_username("abcdefghij0123456789"), AUTH_OK);
	CU_ASSERT_EQUAL(auth_check_username("abcdefghij0123456789x"),
			AUTH_USERNAME_LENGTH);
	CU_ASSERT_EQUAL(auth_check_username("ab"), AUTH_USERNAME_LENGTH);
	CU_ASSERT_EQUAL(auth_check_username(""), AUTH_USERNAME_LENGTH);
	CU_ASSERT_EQUAL(auth_check_username(NULL), AUTH_USERNAME_LENGTH);
	CU_ASSERT_EQUAL(auth_check_username("ab c"), AUTH_USERNAME_CHARS);
	CU_ASSERT_EQUAL(auth_check_username("abc-d"), AUTH_USERNAME_CHARS);
	CU_ASSERT_EQUAL(auth_check_username("abc\n"), AUTH_USERNAME_CHARS);
	CU_ASSERT_EQUAL(auth_check_username("\xe7\x8e\xa9\xe5\xae\xb6x"),
			AUTH_USERNAME_CHARS);
	CU_ASSERT_EQUAL(auth_check_username("caf\xc3\xa9"),
			AUTH_USERNAME_CHARS);
}

static void test_nickname_length(void)
{
	char *zh20 = repeat("\xe6\xa3\x8b", 20); /* 棋 x 20 */
	char *zh21 = repeat("\xe6\xa3\x8b", 21);
	char *emoji20 = repeat("\xf0\x9f\x90\xbc", 20); /* 4 bytes each */

	CU_ASSERT_FATAL(zh20 != NULL && zh21 != NULL && emoji20 != NULL);
	CU_ASSERT_EQUAL(strlen(zh20), 60);
	CU_ASSERT_EQUAL(auth_check_nickname(zh20), AUTH_OK);
	CU_ASSERT_EQUAL(auth_check_nickname(zh21), AUTH_NICKNAME_LENGTH);
	CU_ASSERT_EQUAL(auth_check_nickname(emoji20), AUTH_OK);
	CU_ASSERT_EQUAL(auth_check_nickname("A"), AUTH_OK);
	CU_ASSERT_EQUAL(auth_check_nickname("Black Stone (5-dan)!"), AUTH_OK);
	CU_ASSERT_EQUAL(auth_check_nickname("Black Stone (5-dan)!?"),
			AUTH_NICKNAME_LENGTH);
	CU_ASSERT_EQUAL(auth_check_nickname(""), AUTH_NICKNAME_LENGTH);
	CU_ASSERT_EQUAL(auth_check_nickname(NULL), AUTH_NICKNAME_LENGTH);
	CU_ASSERT_EQUAL(auth_check_nickname("\xe5\xb0\x8f\xe6\x98\x8e Lee"),
			AUTH_OK);
	free(zh20);
	free(zh21);
	free(emoji20);
}

static void test_nickname_controls(void)
{
	CU_ASSERT_EQUAL(auth_check_nickname("\x1b[31mred"),
			AUTH_NICKNAME_CHARS);
	CU_ASSERT_EQUAL(auth_check_nickname("\x1b]0;title\x07"),
			AUTH_NICKNAME_CHARS);
	CU_ASSERT_EQUAL(auth_check_nickname("tab\there"), AUTH_NICKNAME_CHARS);
	CU_ASSERT_EQUAL(auth_check_nickname("two\nlines"), AUTH_NICKNAME_CHARS);
	CU_ASSERT_EQUAL(auth_check_nickname("back\rspace"),
			AUTH_NICKNAME_CHARS);
	CU_ASSERT_EQUAL(auth_check_nickname("\x01"), AUTH_NICKNAME_CHARS);
	CU_ASSERT_EQUAL(auth_check_nickname("del\x7f"), AUTH_NICKNAME_CHARS);
	/* C1: U+0080, U+0085 (NEL), U+009B (CSI), U+009F */
	CU_ASSERT_EQUAL(auth_check_nickname("a\xc2\x80"), AUTH_NICKNAME_CHARS);
	CU_ASSERT_EQUAL(auth_check_nickname("a\xc2\x85"), AUTH_NICKNAME_CHARS);
	CU_ASSERT_EQUAL(auth_check_nickname("\xc2\x9b"
					    "31m"),
			AUTH_NICKNAME_CHARS);
	CU_ASSERT_EQUAL(auth_check_nickname("a\xc2\x9f"), AUTH_NICKNAME_CHARS);
	/* Just past the edges: space, '~', U+00A0 */
	CU_ASSERT_EQUAL(auth_check_nickname(" ~"), AUTH_OK);
	CU_ASSERT_EQUAL(auth_check_nickname("a\xc2\xa0"), AUTH_OK);
}

static void test_nickname_invalid_utf8(void)
{
	static const char *const bad[] = {
		"\xff",	       /* never valid */
		"abc\xe6\xa3", /* truncated at the end */
		"\xe6\xa3x",   /* truncated before ASCII */
		"\x80"
		"abc",		    /* stray continuation byte */
		"\xc0\xaf",	    /* overlong '/' */
		"\xe0\x80\xaf",	    /* overlong, 3 bytes */
		"\xed\xa0\x80",	    /* surrogate U+D800 */
		"\xf4\x90\x80\x80", /* above U+10FFFF */
		"\xf8\x88\x80\x80\x80",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CU_ASSERT_EQUAL(auth_check_nickname(bad[i]),
				AUTH_NICKNAME_CHARS);
	/* U+10FFFF is valid UTF-8 but a noncharacter: refused as invisible,
	 * not as invalid; an assigned four-byte character is fine. */
	CU_ASSERT_EQUAL(auth_check_nickname("\xf4\x8f\xbf\xbf"),
			AUTH_NICKNAME_INVISIBLE);
	CU_ASSERT_EQUAL(auth_check_nickname("\xf0\xaa\x98\x80"), AUTH_OK);
}

/* "a", the code point uc, "b" as UTF-8 into buf[16]. */
static const char *around(ucs4_t uc, char buf[16])
{
	int n;

	buf[0] = 'a';
	n = u8_uctomb((uint8_t *)buf + 1, uc, 8);
	CU_ASSERT_FATAL(n > 0);
	buf[1 + n] = 'b';
	buf[2 + n] = '\0';
	return buf;
}

static void test_nickname_every_format_character(void)
{
	char buf[16];
	ucs4_t uc;
	int n = 0;

	for (uc = 0; uc <= 0x10FFFF; uc++) {
		if (!uc_is_general_category(uc, UC_CATEGORY_Cf))
			continue;
		n++;
		CU_ASSERT_EQUAL(auth_check_nickname(around(uc, buf)),
				AUTH_NICKNAME_INVISIBLE);
		/* Alone, first and last too. */
		CU_ASSERT_NOT_EQUAL(auth_check_nickname(buf + 1), AUTH_OK);
		buf[strlen(buf) - 1] = '\0';
		CU_ASSERT_EQUAL(auth_check_nickname(buf),
				AUTH_NICKNAME_INVISIBLE);
	}
	CU_ASSERT(n > 150); /* Unicode has about 160 of them */
}

static void test_nickname_invisible(void)
{
	static const ucs4_t invisible[] = {
		0x202E,	 0x202D,  0x200E, 0x200F, 0x061C, 0x2066, 0x2069,
		0x200B,	 0x200C,  0x200D, 0x2060, 0xFEFF, 0x00AD, 0x180E,
		0xE0001, 0xE0041, 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800,
		0x034F,	 0x2028,  0x2029, 0xE000, 0x0378, 0xFFFF};
	char buf[16];
	size_t i;

	for (i = 0; i < sizeof(invisible) / sizeof(invisible[0]); i++)
		CU_ASSERT_EQUAL(auth_check_nickname(around(invisible[i], buf)),
				AUTH_NICKNAME_INVISIBLE);
	/* A variation selector right after a character is part of it; alone,
	 * first, or after another selector or a mark it is not. */
	CU_ASSERT_EQUAL(auth_check_nickname("\xe2\x9d\xa4\xef\xb8\x8f"),
			AUTH_OK); /* U+2764 U+FE0F */
	CU_ASSERT_EQUAL(auth_check_nickname("\xef\xb8\x8f"),
			AUTH_NICKNAME_INVISIBLE);
	CU_ASSERT_EQUAL(auth_check_nickname("\xef\xb8\x8f"
					    "abc"),
			AUTH_NICKNAME_INVISIBLE);
	CU_ASSERT_EQUAL(auth_check_nickname("a\xef\xb8\x8f\xef\xb8\x8f"),
			AUTH_NICKNAME_INVISIBLE);
	CU_ASSERT_EQUAL(auth_check_nickname("\xf3\xa0\x84\x80"),
			AUTH_NICKNAME_INVISIBLE); /* U+E0100 alone */
	/* Combining marks: after a letter fine, first not. */
	CU_ASSERT_EQUAL(auth_check_nickname("q\xcc\x88q\xcc\xa3"), AUTH_OK);
	CU_ASSERT_EQUAL(auth_check_nickname("\xcc\x81"
					    "abc"),
			AUTH_NICKNAME_INVISIBLE);
	/* Nothing but blanks cannot be seen either. */
	CU_ASSERT_EQUAL(auth_check_nickname("   "), AUTH_NICKNAME_INVISIBLE);
	CU_ASSERT_EQUAL(auth_check_nickname("\xe3\x80\x80"),
			AUTH_NICKNAME_INVISIBLE); /* U+3000 */
	CU_ASSERT_EQUAL(auth_check_nickname(" x "), AUTH_OK);
}

static void test_nickname_nfc(void)
{
	char out[16];

	/* e + U+0301 (NFD) is refused as it is, and made U+00E9. */
	CU_ASSERT_EQUAL(auth_check_nickname("Rene\xcc\x81"),
			AUTH_NICKNAME_NOT_NFC);
	CU_ASSERT_EQUAL_FATAL(
		auth_nickname_nfc("Rene\xcc\x81", out, sizeof(out)), 0);
	CU_ASSERT_STRING_EQUAL(out, "Ren\xc3\xa9");
	CU_ASSERT_EQUAL(auth_check_nickname(out), AUTH_OK);
	/* Hangul jamo compose into one syllable. */
	CU_ASSERT_EQUAL_FATAL(
		auth_nickname_nfc("\xe1\x84\x80\xe1\x85\xa1", out, sizeof(out)),
		0);
	CU_ASSERT_STRING_EQUAL(out, "\xea\xb0\x80"); /* U+AC00 */
	/* Already NFC: unchanged; invalid UTF-8 copied for the check. */
	CU_ASSERT_EQUAL(auth_nickname_nfc("plain", out, sizeof(out)), 0);
	CU_ASSERT_STRING_EQUAL(out, "plain");
	CU_ASSERT_EQUAL(auth_nickname_nfc("a\xff", out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(auth_check_nickname(out), AUTH_NICKNAME_CHARS);
	/* Too long for the buffer. */
	CU_ASSERT_EQUAL(auth_nickname_nfc("0123456789abcdef", out, sizeof(out)),
			-1);
}

/* ==== Password rules ==================================================== */

/* n printable ASCII characters in no pattern (a fixed linear
 * congruential sequence), in a new string. */
static char *varied(size_t n)
{
	char *s = malloc(n + 1);
	unsigned long x = 12345;
	size_t i;

	if (s == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		x = (x * 1103515245UL + 12345UL) & 0x7fffffffUL;
		s[i] = (char)('!' + (x >> 16) % 94);
	}
	s[n] = '\0';
	return s;
}

/* What zxcvbn refuses, saying why: repeats, and the player's own names
 * (username or nickname) however they are repeated or decorated; each
 * passes every other rule. */
static void test_password_guessable(void)
{
	static const char *const strong[] = {"Sekret-Alpha-4817",
					     "gomoku club five in a row",
					     "alice-pass-123", "tab\there!"};
	size_t i;

	CU_ASSERT_EQUAL(check_pw("zzzzzzzzz", "bob", NULL),
			AUTH_PASSWORD_REPEATS);
	CU_ASSERT_EQUAL(check_pw("bobbobbob", "bob", NULL),
			AUTH_PASSWORD_NAMES);
	CU_ASSERT_EQUAL(check_pw("Bob12345", "bob", NULL), AUTH_PASSWORD_NAMES);
	CU_ASSERT_EQUAL(check_pw("BuilderBuilder", "bob", NULL),
			AUTH_PASSWORD_REPEATS);
	CU_ASSERT_EQUAL(auth_check_password(NULL, "bob", "Builder", NULL),
			AUTH_PASSWORD_SHORT);
	CU_ASSERT_EQUAL(check_pw("zxcvbnm,./", "someone", NULL),
			AUTH_PASSWORD_KEYBOARD);
	CU_ASSERT_EQUAL(check_pw("1987-06-12", "someone", NULL),
			AUTH_PASSWORD_DATES);
	CU_ASSERT_EQUAL(check_pw("98765432", "someone", NULL),
			AUTH_PASSWORD_SEQUENCE);
	for (i = 0; i < sizeof(strong) / sizeof(strong[0]); i++)
		CU_ASSERT_EQUAL(check_pw(strong[i], "bob", NULL), AUTH_OK);
}

/* The nickname is one of zxcvbn's words too. */
static void test_password_nickname(void)
{
	struct auth_secret s = make_secret("Thunderbolt-Thunderbolt7");

	CU_ASSERT_EQUAL(auth_check_password(&s, "bob", NULL, NULL), AUTH_OK);
	CU_ASSERT_EQUAL(auth_check_password(&s, "bob", "Thunderbolt", NULL),
			AUTH_PASSWORD_NAMES);
	auth_secret_free(&s);
}

static void test_password_length(void)
{
	char *b256 = repeat("k", 256), *b257 = repeat("k", 257);
	char *v256 = varied(256);
	char *zh255 = repeat("\xe6\xa3\x8b", 85); /* 255 bytes */
	struct auth_secret s;

	CU_ASSERT_FATAL(b256 != NULL && b257 != NULL && zh255 != NULL &&
			v256 != NULL);
	CU_ASSERT_EQUAL(check_pw("gZ4#kq1", "someone", NULL),
			AUTH_PASSWORD_SHORT);
	CU_ASSERT_EQUAL(check_pw("gZ4#kq1w", "someone", NULL), AUTH_OK);
	CU_ASSERT_EQUAL(check_pw("", "someone", NULL), AUTH_PASSWORD_SHORT);
	CU_ASSERT_EQUAL(check_pw(v256, "someone", NULL), AUTH_OK);
	/* long enough, but zxcvbn sees 256 times the same letter */
	CU_ASSERT_EQUAL(check_pw(b256, "someone", NULL), AUTH_PASSWORD_REPEATS);
	CU_ASSERT_EQUAL(check_pw(b257, "someone", NULL), AUTH_PASSWORD_LONG);
	CU_ASSERT_EQUAL(check_pw(zh255, "someone", NULL), AUTH_OK);
	CU_ASSERT_EQUAL(check_pw("spaces are fine here", "someone", NULL),
			AUTH_OK);
	CU_ASSERT_EQUAL(check_pw("        ", "someone", NULL),
			AUTH_PASSWORD_REPEATS);
	/* A NUL byte inside still counts as a character (zxcvbn judges
	 * what comes before it). */
	s = make_secret_len("gZ4#kq1w\0a", 10);
	CU_ASSERT_EQUAL(auth_check_password(&s, "someone", NULL, NULL),
			AUTH_OK);
	auth_secret_free(&s);
	s = make_secret_len("abc\0defg", 8);
	CU_ASSERT_EQUAL(auth_check_password(&s, "someone", NULL, NULL),
			AUTH_PASSWORD_SEQUENCE);
	auth_secret_free(&s);
	CU_ASSERT_EQUAL(auth_check_password(NULL, "someone", NULL, NULL),
			AUTH_PASSWORD_SHORT);
	free(b256);
	free(b257);
	free(v256);
	free(zh255);
}

static void test_password_characters(void)
{
	/* 我的密码很安全吗: 8 characters, 24 bytes */
	CU_ASSERT_EQUAL(check_pw("\xe6\x88\x91\xe7\x9a\x84\xe5\xaf\x86\xe7\xa0"
				 "\x81\xe5\xbe\x88\xe5\xae\x89\xe5\x85\xa8\xe5"
				 "\x90\x97",
				 "someone", NULL),
			AUTH_OK);
	/* 我的密码很安全: 7 characters, 21 bytes */
	CU_ASSERT_EQUAL(check_pw("\xe6\x88\x91\xe7\x9a\x84\xe5\xaf\x86\xe7\xa0"
				 "\x81\xe5\xbe\x88\xe5\xae\x89\xe5\x85\xa8",
				 "someone", NULL),
			AUTH_PASSWORD_SHORT);
	/* Invalid UTF-8 counts bytes: 7 bytes short, 8 bytes fine. */
	CU_ASSERT_EQUAL(
		check_pw("\xff\xfe\xfd\xfc\xfb\xfa\xf9", "someone", NULL),
		AUTH_PASSWORD_SHORT);
	CU_ASSERT_EQUAL(
		check_pw("\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8", "someone", NULL),
		AUTH_OK);
	/* Control characters are allowed in passwords. */
	CU_ASSERT_EQUAL(check_pw("tab\there!", "someone", NULL), AUTH_OK);
}

static void test_password_is_username(void)
{
	CU_ASSERT_EQUAL(check_pw("Alice_2024", "Alice_2024", NULL),
			AUTH_PASSWORD_IS_NAME);
	CU_ASSERT_EQUAL(check_pw("aLICE_2024", "Alice_2024", NULL),
			AUTH_PASSWORD_IS_NAME);
	CU_ASSERT_EQUAL(check_pw("ALICE_2024", "alice_2024", NULL),
			AUTH_PASSWORD_IS_NAME);
	/* Not the name, but zxcvbn finds it made of the name, or of a
	 * common word and a year */
	CU_ASSERT_EQUAL(check_pw("Alice_20245", "Alice_2024", NULL),
			AUTH_PASSWORD_NAMES);
	CU_ASSERT_EQUAL(check_pw("Alice_202", "Alice_2024", NULL),
			AUTH_PASSWORD_WORDS);
	CU_ASSERT_EQUAL(check_pw("Alice_2024", NULL, NULL),
			AUTH_PASSWORD_WORDS);
	/* Too short wins over being the name. */
	CU_ASSERT_EQUAL(check_pw("bob", "bob", NULL), AUTH_PASSWORD_SHORT);
}

/* Check every word of the list file at `path` (one a line; '#' lines
 * and blank ones are not words) against w: each long enough to pass the
 * length rule must be refused as common. Count the words into *words
 * and those checked into *checked. */
static void check_every_word(const char *path, const struct auth_wordlist *w,
			     int *words, int *checked)
{
	FILE *f = fopen(path, "r");
	char line[512];
	size_t len;

	*words = *checked = 0;
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	while (fgets(line, sizeof(line), f) != NULL) {
		len = strcspn(line, "\r\n");
		line[len] = '\0';
		if (line[0] == '#' || strspn(line, " \t") == len)
			continue;
		(*words)++;
		if (len < AUTH_PASSWORD_MIN)
			continue; /* refused as short before the list is read */
		(*checked)++;
		CU_ASSERT_EQUAL(check_pw(line, "someone", w),
				AUTH_PASSWORD_COMMON);
	}
	fclose(f);
}

static void test_common_list_file(void)
{
	struct auth_wordlist *w = auth_wordlist_load(COMMON_PATH);
	int words, checked;

	CU_ASSERT_PTR_NOT_NULL_FATAL(w);
	check_every_word(COMMON_PATH, w, &words, &checked);
	CU_ASSERT_TRUE(words >= 3000);
	CU_ASSERT_TRUE(checked >= 2000);
	CU_ASSERT_EQUAL(check_pw("password", "someone", w),
			AUTH_PASSWORD_COMMON);
	CU_ASSERT_EQUAL(check_pw("PassWord", "someone", w),
			AUTH_PASSWORD_COMMON);
	CU_ASSERT_EQUAL(check_pw("PASSWORD1", "someone", w),
			AUTH_PASSWORD_COMMON);
	CU_ASSERT_EQUAL(check_pw("Baseball", "someone", w),
			AUTH_PASSWORD_COMMON);
	CU_ASSERT_EQUAL(check_pw("qwertyuiop", "someone", w),
			AUTH_PASSWORD_COMMON);
	CU_ASSERT_EQUAL(check_pw("iloveyou", "someone", w),
			AUTH_PASSWORD_COMMON);
	CU_ASSERT_EQUAL(check_pw("11111111", "someone", w),
			AUTH_PASSWORD_COMMON);
	/* Not in the list, or not the whole of a word in it. */
	CU_ASSERT_EQUAL(check_pw("gomoku club five in a row", "someone", w),
			AUTH_OK);
	CU_ASSERT_EQUAL(check_pw("passwordx", "someone", w),
			AUTH_PASSWORD_WORDS); /* zxcvbn's words */
	CU_ASSERT_EQUAL(check_pw("passwor", "someone", w), AUTH_PASSWORD_SHORT);
	/* The source comment on the first line is not a word. */
	CU_ASSERT_EQUAL(check_pw("# source: SecLists (MIT licence), "
				 "Passwords/Common-Credentials/"
				 "10k-most-common.txt, 10k most common "
				 "passwords",
				 "someone", w),
			AUTH_OK);
	/* Without a list, zxcvbn's own words still refuse "password". */
	CU_ASSERT_EQUAL(check_pw("password", "someone", NULL),
			AUTH_PASSWORD_WORDS);
	auth_wordlist_free(w);
}

static void test_wordlist_format(void)
{
	static const char text[] = "# a comment line\n"
				   "\n"
				   "Abcdefgh12\r\n"
				   "   \n"
				   "          \n"
				   "#notaword123\n"
				   "ZZtopZZtop\n"
				   "lastlineXY";
	char path[] = "/tmp/test_auth_XXXXXX";
	struct auth_wordlist *w;
	int fd = mkstemp(path);

	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_FATAL(write(fd, text, sizeof(text) - 1) ==
			(ssize_t)(sizeof(text) - 1));
	close(fd);
	w = auth_wordlist_load(path);
	unlink(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(w);
	/* The three words are in the list, and nothing else is. */
	CU_ASSERT_EQUAL(check_pw("abcdefgh12", "x", w), AUTH_PASSWORD_COMMON);
	CU_ASSERT_EQUAL(check_pw("ABCDEFGH12", "x", w), AUTH_PASSWORD_COMMON);
	CU_ASSERT_EQUAL(check_pw("zztopzztop", "x", w), AUTH_PASSWORD_COMMON);
	CU_ASSERT_EQUAL(check_pw("LastLineXY", "x", w), AUTH_PASSWORD_COMMON);
	CU_ASSERT_EQUAL(check_pw("#notaword123", "x", w), AUTH_OK);
	CU_ASSERT_EQUAL(check_pw("# a comment line", "x", w), AUTH_OK);
	CU_ASSERT_EQUAL(check_pw("          ", "x", w), AUTH_PASSWORD_REPEATS);
	CU_ASSERT_EQUAL(check_pw("Abcdefgh12\r", "x", w), AUTH_OK);
	CU_ASSERT_EQUAL(check_pw("abcdefgh1", "x", w), AUTH_PASSWORD_SEQUENCE);
	CU_ASSERT_EQUAL(check_pw("abcdefgh123", "x", w),
			AUTH_PASSWORD_SEQUENCE);
	auth_wordlist_free(w);
}

static void test_wordlist_missing(void)
{
	CU_ASSERT_PTR_NULL(auth_wordlist_load("/nonexistent/dir/words.txt"));
	auth_wordlist_free(NULL);
}

/* ==== Reading secrets from a pipe ======================================= */

static void test_read_two_lines_no_readahead(void)
{
	static const char data[] = "first secret\nsecond one\nrest";
	struct auth_secret a, b;
	int fds[2];
	char next = 0;

	CU_ASSERT_FATAL(pipe_with(fds, data, sizeof(data) - 1, false) == 0);
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &a, NULL), AUTH_READ_OK);
	CU_ASSERT_TRUE(secret_is(&a, "first secret"));
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &b, NULL), AUTH_READ_OK);
	CU_ASSERT_TRUE(secret_is(&b, "second one"));
	/* The rest of the pipe is still there, byte for byte. */
	CU_ASSERT_EQUAL(read(fds[0], &next, 1), 1);
	CU_ASSERT_EQUAL(next, 'r');
	auth_secret_free(&a);
	auth_secret_free(&b);
	CU_ASSERT_PTR_NULL(a.bytes);
	CU_ASSERT_EQUAL(a.len, 0);
	pipe_close(fds);
}

static void test_read_crlf(void)
{
	static const char data[] = "abc\r\na\rb\r\n\r\nend";
	struct auth_secret s;
	int fds[2];
	char next = 0;

	CU_ASSERT_FATAL(pipe_with(fds, data, sizeof(data) - 1, false) == 0);
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &s, NULL), AUTH_READ_OK);
	CU_ASSERT_TRUE(secret_is(&s, "abc"));
	auth_secret_free(&s);
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &s, NULL), AUTH_READ_OK);
	CU_ASSERT_TRUE(secret_is(&s, "a\rb")); /* only a final CR goes */
	auth_secret_free(&s);
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &s, NULL), AUTH_READ_OK);
	CU_ASSERT_TRUE(secret_is(&s, ""));
	auth_secret_free(&s);
	CU_ASSERT_EQUAL(read(fds[0], &next, 1), 1);
	CU_ASSERT_EQUAL(next, 'e');
	pipe_close(fds);
}

static void test_read_last_line_and_eof(void)
{
	static const char data[] = "one\ntail";
	struct auth_secret s;
	int fds[2];

	CU_ASSERT_FATAL(pipe_with(fds, data, sizeof(data) - 1, true) == 0);
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &s, NULL), AUTH_READ_OK);
	CU_ASSERT_TRUE(secret_is(&s, "one"));
	auth_secret_free(&s);
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &s, NULL), AUTH_READ_OK);
	CU_ASSERT_TRUE(secret_is(&s, "tail"));
	auth_secret_free(&s);
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &s, NULL), AUTH_READ_EOF);
	CU_ASSERT_PTR_NULL(s.bytes);
	CU_ASSERT_EQUAL(s.len, 0);
	pipe_close(fds);

	CU_ASSERT_FATAL(pipe_with(fds, "cr at eof\r", 10, true) == 0);
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &s, NULL), AUTH_READ_OK);
	CU_ASSERT_TRUE(secret_is(&s, "cr at eof"));
	auth_secret_free(&s);
	pipe_close(fds);

	CU_ASSERT_FATAL(pipe_with(fds, "", 0, true) == 0);
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &s, NULL), AUTH_READ_EOF);
	CU_ASSERT_PTR_NULL(s.bytes);
	pipe_close(fds);
}

static void test_read_too_long(void)
{
	char *max = repeat("m", AUTH_PASSWORD_MAX);
	char *over = repeat("o", AUTH_PASSWORD_MAX + 1);
	char *data = malloc(3 * AUTH_PASSWORD_MAX + 64);
	struct auth_secret s;
	size_t len;
	int fds[2];

	CU_ASSERT_FATAL(max != NULL && over != NULL && data != NULL);
	/* 257 bytes, then 256 bytes with CRLF, then 257 without LF. */
	len = append(data, 0, over);
	len = append(data, len, "\nnext line\n");
	len = append(data, len, max);
	len = append(data, len, "\r\n");
	len = append(data, len, over);
	CU_ASSERT_FATAL(pipe_with(fds, data, len, true) == 0);
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &s, NULL), AUTH_READ_TOO_LONG);
	CU_ASSERT_PTR_NULL(s.bytes);
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &s, NULL), AUTH_READ_OK);
	CU_ASSERT_TRUE(secret_is(&s, "next line"));
	auth_secret_free(&s);
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &s, NULL), AUTH_READ_OK);
	CU_ASSERT_TRUE(secret_is(&s, max));
	auth_secret_free(&s);
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &s, NULL), AUTH_READ_TOO_LONG);
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &s, NULL), AUTH_READ_EOF);
	pipe_close(fds);
	free(max);
	free(over);
	free(data);
}

static void test_read_interrupted(void)
{
	struct sigaction old;
	struct auth_secret s;
	int fds[2];
	char next = 0;

	CU_ASSERT_FATAL(pipe_with(fds, "", 0, false) == 0);
	arm_alarm(100, &old);
	CU_ASSERT_EQUAL(auth_secret_read(fds[0], &s, NULL),
			AUTH_READ_INTERRUPTED);
	CU_ASSERT_EQUAL(alarm_count, 1);
	CU_ASSERT_PTR_NULL(s.bytes);
	sigaction(SIGALRM, &old, NULL);
	/* A line that was half typed is dropped; the pipe still works. */
	CU_ASSERT_FATAL(write(fds[1], "x\n", 2) == 2);
	CU_ASSERT_EQUAL(read(fds[0], &next, 1), 1);
	CU_ASSERT_EQUAL(next, 'x');
	pipe_close(fds);
}

/* ==== Reading secrets from a terminal =================================== */

static void test_tty_echo_off_and_restored(void)
{
	int master, slave;
	char out[64];
	size_t n;
	pid_t pid;

	CU_ASSERT_FATAL(open_pty(&master, &slave) == 0);
	CU_ASSERT_TRUE(echo_is_on(slave));
	pid = fork();
	CU_ASSERT_FATAL(pid >= 0);
	if (pid == 0)
		child_read_secret(slave);
	CU_ASSERT_TRUE(wait_for_echo(slave, false));
	CU_ASSERT_FATAL(write(master, "hunter22\n", 9) == 9);
	CU_ASSERT_EQUAL(child_exit_code(pid), 0);
	/* Only the Enter came back (ECHONL), never the password. */
	n = drain_master(master, out, sizeof(out));
	CU_ASSERT_TRUE((n == 2 && memcmp(out, "\r\n", 2) == 0) ||
		       (n == 1 && out[0] == '\n'));
	CU_ASSERT_TRUE(echo_is_on(slave));
	close(slave);
	close(master);
}

/* Ctrl-Z while a secret is read: stopped with echo back on, and on fg
 * echo goes off again; twice, so the handler is caught again. */
static void stop_and_continue(pid_t pid, int slave)
{
	int st = 0, round;

	for (round = 0; round < 2; round++) {
		kill(pid, SIGTSTP);
		CU_ASSERT_FATAL(wait_child(pid, WUNTRACED, &st));
		CU_ASSERT_TRUE(WIFSTOPPED(st) && WSTOPSIG(st) == SIGTSTP);
		CU_ASSERT_TRUE(echo_is_on(slave));
		kill(pid, SIGCONT);
		CU_ASSERT_TRUE(wait_for_echo(slave, false));
	}
}

static void test_tty_ctrl_z(void)
{
	int master, slave;
	pid_t pid;

	CU_ASSERT_FATAL(open_pty(&master, &slave) == 0);
	pid = fork();
	CU_ASSERT_FATAL(pid >= 0);
	if (pid == 0)
		child_read_secret(slave);
	CU_ASSERT_TRUE(wait_for_echo(slave, false));
	if (!under_valgrind())
		stop_and_continue(pid, slave);
	CU_ASSERT_FATAL(write(master, "hunter22\n", 9) == 9);
	CU_ASSERT_EQUAL(child_exit_code(pid), 0);
	CU_ASSERT_TRUE(echo_is_on(slave));
	close(slave);
	close(master);
}

static void test_tty_ctrl_c_restores(void)
{
	struct sigaction old, tstp_before, tstp_after;
	struct termios before, after;
	struct auth_secret s;
	int master, slave;

	CU_ASSERT_FATAL(open_pty(&master, &slave) == 0);
	CU_ASSERT_FATAL(tcgetattr(slave, &before) == 0);
	sigaction(SIGTSTP, NULL, &tstp_before);
	arm_alarm(100, &old);
	CU_ASSERT_EQUAL(auth_secret_read(slave, &s, NULL),
			AUTH_READ_INTERRUPTED);
	sigaction(SIGALRM, &old, NULL);
	CU_ASSERT_PTR_NULL(s.bytes);
	CU_ASSERT_FATAL(tcgetattr(slave, &after) == 0);
	CU_ASSERT_EQUAL(after.c_lflag, before.c_lflag);
	CU_ASSERT_TRUE((after.c_lflag & ECHO) != 0);
	sigaction(SIGTSTP, NULL, &tstp_after);
	CU_ASSERT_TRUE(tstp_after.sa_handler == tstp_before.sa_handler);
	close(slave);
	close(master);
}

struct prompt_probe {
	int fd, shown;
	bool echo_when_shown;
};

/* A term_prompt's show(): note whether the terminal echoes right now. */
static void probe_prompt(void *ctx)
{
	struct prompt_probe *p = ctx;

	p->shown++;
	p->echo_when_shown = echo_is_on(p->fd);
}

/* The prompt shows only once echo is off: a password typed the moment
 * the prompt appears is never echoed (a race seen over ssh -tt). */
static void test_tty_prompt_after_echo_off(void)
{
	struct prompt_probe probe = {0, 0, true};
	const struct term_prompt prompt = {probe_prompt, &probe};
	struct auth_secret s;
	int master, slave;

	CU_ASSERT_FATAL(open_pty(&master, &slave) == 0);
	probe.fd = slave;
	CU_ASSERT_TRUE(echo_is_on(slave));
	CU_ASSERT_FATAL(write(master, "hunter22\n", 9) == 9);
	CU_ASSERT_EQUAL(auth_secret_read(slave, &s, &prompt), AUTH_READ_OK);
	CU_ASSERT_EQUAL(probe.shown, 1);
	CU_ASSERT_FALSE(probe.echo_when_shown);
	CU_ASSERT_TRUE(echo_is_on(slave));
	auth_secret_free(&s);
	close(slave);
	close(master);
}

/* ==== Secrets compared, locks =========================================== */

static void test_secret_equal(void)
{
	struct auth_secret a = make_secret("same bytes");
	struct auth_secret b = make_secret("same bytes");
	struct auth_secret c = make_secret("same byteS");
	struct auth_secret d = make_secret("same bytes!");
	struct auth_secret e = make_secret_len("same\0bytes", 10);
	struct auth_secret none = {NULL, 0};

	CU_ASSERT_TRUE(auth_secret_equal(&a, &b));
	CU_ASSERT_TRUE(auth_secret_equal(&a, &a));
	CU_ASSERT_FALSE(auth_secret_equal(&a, &c));
	CU_ASSERT_FALSE(auth_secret_equal(&a, &d));
	CU_ASSERT_FALSE(auth_secret_equal(&d, &a));
	CU_ASSERT_FALSE(auth_secret_equal(&a, &e));
	CU_ASSERT_FALSE(auth_secret_equal(&a, &none));
	auth_secret_free(&a);
	auth_secret_free(&b);
	auth_secret_free(&c);
	auth_secret_free(&d);
	auth_secret_free(&e);
	auth_secret_free(&none);
	auth_secret_free(NULL);
	CU_ASSERT_PTR_NULL(a.bytes);
}

static void test_lock_seconds(void)
{
	int i;

	for (i = -3; i < AUTH_LOCK_AFTER; i++)
		CU_ASSERT_EQUAL(auth_lock_seconds(i), 0);
	CU_ASSERT_EQUAL(auth_lock_seconds(5), 30);
	CU_ASSERT_EQUAL(auth_lock_seconds(6), 60);
	CU_ASSERT_EQUAL(auth_lock_seconds(7), 120);
	CU_ASSERT_EQUAL(auth_lock_seconds(8), 240);
	CU_ASSERT_EQUAL(auth_lock_seconds(9), 480);
	CU_ASSERT_EQUAL(auth_lock_seconds(10), 900);
	CU_ASSERT_EQUAL(auth_lock_seconds(11), 900);
	CU_ASSERT_EQUAL(auth_lock_seconds(100), 900);
	CU_ASSERT_EQUAL(auth_lock_seconds(INT_MAX), 900);
	CU_ASSERT_EQUAL(auth_lock_seconds(INT_MIN), 0);
}

static CU_TestInfo tests[] = {
	{"production cost is Argon2id interactive", test_production_parameters},
	{"test cost is Argon2id minimum", test_fast_hash_is_argon2id_minimum},
	{"right password verifies, wrong ones do not",
	 test_verify_right_and_wrong},
	{"hashes of one password differ (salt)", test_hashes_are_salted},
	{"unknown user and bad hashes never verify", test_verify_unknown_user},
	{"needs rehash for a weaker hash, never a stronger", test_needs_rehash},
	{"a rehash only ever raises the cost", test_rehash_only_raises},
	{"username 3..20 of letters digits _", test_username_rules},
	{"nickname 1..20 characters, Chinese too", test_nickname_length},
	{"nickname refuses C0, DEL, C1, escapes", test_nickname_controls},
	{"nickname refuses invalid UTF-8", test_nickname_invalid_utf8},
	{"nickname refuses every format (Cf) character",
	 test_nickname_every_format_character},
	{"nickname refuses invisible characters", test_nickname_invisible},
	{"nickname in NFC", test_nickname_nfc},
	{"password 8 characters to 256 bytes", test_password_length},
	{"password length counts UTF-8 characters", test_password_characters},
	{"password equal to username, any case", test_password_is_username},
	{"zxcvbn refuses guessable passwords, saying why",
	 test_password_guessable},
	{"zxcvbn knows the nickname too", test_password_nickname},
	{"common passwords from data file", test_common_list_file},
	{"word list comments, blanks, CR, case", test_wordlist_format},
	{"word list missing file", test_wordlist_missing},
	{"pipe: two lines, no read-ahead", test_read_two_lines_no_readahead},
	{"pipe: CRLF", test_read_crlf},
	{"pipe: last line without newline, EOF", test_read_last_line_and_eof},
	{"pipe: too long line discarded", test_read_too_long},
	{"pipe: signal interrupts the read", test_read_interrupted},
	{"tty: no echo, Enter echoed, restored",
	 test_tty_echo_off_and_restored},
	{"tty: Ctrl-Z restores echo, fg hides it", test_tty_ctrl_z},
	{"tty: Ctrl-C restores the terminal", test_tty_ctrl_c_restores},
	{"tty: the prompt shows once echo is off",
	 test_tty_prompt_after_echo_off},
	{"secrets compared", test_secret_equal},
	{"lock seconds double up to the cap", test_lock_seconds},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo auth_suite = {"auth", suite_init, suite_cleanup,
			   NULL,   NULL,       tests};
