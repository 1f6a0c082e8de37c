/* test_confusable.c -- tests for src/confusable.c: names that look
 * alike (case folding, NFKC, UTS #39 skeletons), a key made once and
 * compared with many names, and what a name may hold (combining marks,
 * mixed scripts).
 */
#include <stddef.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "confusable.h"

/* Suite set-up: nothing to prepare. Return 0. */
static int init(void)
{
	return 0;
}

/* Suite tear-down: nothing to free. Return 0. */
static int cleanup(void)
{
	return 0;
}

/* Moved from test_auth.c (auth_names_look_alike() became this module):
 * case, full-width letters, compatibility characters, blanks at the
 * ends. */
static void test_names_fold_nfkc(void)
{
	CU_ASSERT_TRUE(confusable_names("alice", "alice"));
	CU_ASSERT_TRUE(confusable_names("Alice", "alice"));
	CU_ASSERT_TRUE(confusable_names("ALICE", "alice"));
	/* Full-width letters, NFKC: U+FF21 U+FF4C ... */
	CU_ASSERT_TRUE(confusable_names(
		"\xef\xbc\xa1\xef\xbd\x8c\xef\xbd\x89\xef\xbd\x83"
		"\xef\xbd\x85",
		"alice"));
	/* Roman numeral one (U+2170) for i; the ligature fi (U+FB01). */
	CU_ASSERT_TRUE(confusable_names("b\xe2\x85\xb0ll", "bill"));
	CU_ASSERT_TRUE(confusable_names("\xef\xac\x81sh", "fish"));
	/* Blanks at either end, a no-break space among them. */
	CU_ASSERT_TRUE(confusable_names(" alice\xc2\xa0", "alice"));
	CU_ASSERT_TRUE(confusable_names("Stra\xc3\x9f"
					"e",
					"STRASSE"));
	CU_ASSERT_FALSE(confusable_names("al ice", "alice"));
	CU_ASSERT_FALSE(confusable_names("alic\xc3\xa9", "alice"));
	CU_ASSERT_FALSE(confusable_names("alice2", "alice"));
	CU_ASSERT_FALSE(confusable_names("alice", NULL));
	CU_ASSERT_FALSE(confusable_names(NULL, "alice"));
	CU_ASSERT_FALSE(confusable_names("alic\xff", "alic\xff"));
}

/* Cyrillic and Greek letters that are drawn as Latin ones. */
static void test_names_other_scripts(void)
{
	/* U+0430 l U+0456 U+0441 U+0435: all-Cyrillic "alice". */
	CU_ASSERT_TRUE(
		confusable_names("\xd0\xb0l\xd1\x96\xd1\x81\xd0\xb5", "alice"));
	/* The same in capitals (U+0410 L U+0406 U+0421 U+0415). */
	CU_ASSERT_TRUE(
		confusable_names("\xd0\x90L\xd0\x86\xd0\xa1\xd0\x95", "alice"));
	/* Greek omicron (U+03BF) for o; Greek capitals ALPHA MU ALPHA. */
	CU_ASSERT_TRUE(confusable_names("b\xce\xbf"
					"b",
					"bob"));
	CU_ASSERT_TRUE(confusable_names("\xce\x91\xce\x9c\xce\x91", "ama"));
	/* Greek nu iota kappa (U+03BD U+03B9 U+03BA) is not "nik". */
	CU_ASSERT_FALSE(confusable_names("\xce\xbd\xce\xb9\xce\xba", "nik"));
}

/* Letters and digits that stand for others: rn for m, 0 for o, 1 and
 * capital I for l. */
static void test_names_shapes(void)
{
	CU_ASSERT_TRUE(confusable_names("rnallory", "mallory"));
	CU_ASSERT_TRUE(confusable_names("mallory", "rnallory"));
	CU_ASSERT_TRUE(confusable_names("b0b", "bob"));
	CU_ASSERT_TRUE(confusable_names("a1ice", "alice"));
	CU_ASSERT_TRUE(confusable_names("aIice", "alice"));
	CU_ASSERT_FALSE(confusable_names("mallory", "malory"));
	CU_ASSERT_FALSE(confusable_names("bill", "bell"));
	CU_ASSERT_FALSE(confusable_names("alice", "bob"));
}

/* What UTS #39's data leaves out and a reader does not: vv for w, and
 * small capitals for the letters (issue 44: "vvilliam" beside
 * "william", the nicknames ᴀʟɪᴄᴇ and ʙᴏʙ beside alice and bob). */
static void test_names_beyond_uts39(void)
{
	CU_ASSERT_TRUE(confusable_names("vvilliam", "william"));
	CU_ASSERT_TRUE(confusable_names("VVILLIAM", "william"));
	CU_ASSERT_TRUE(confusable_names("savvy", "sawy"));
	/* ᴀʟɪᴄᴇ; ʙᴏʙ; ᴍᴀʀʏ (m's skeleton is rn); ᴋᴇɴ; ꜰʀᴇᴅ; ɢɪɴᴀ ʜᴀɴᴋ */
	CU_ASSERT_TRUE(
		confusable_names("\u1D00\u029F\u026A\u1D04\u1D07", "alice"));
	CU_ASSERT_TRUE(confusable_names("\u0299\u1D0F\u0299", "bob"));
	CU_ASSERT_TRUE(confusable_names("\u1D0D\u1D00\u0280\u028F", "mary"));
	CU_ASSERT_TRUE(confusable_names("\u1D0B\u1D07\u0274", "ken"));
	CU_ASSERT_TRUE(confusable_names("\uA730\u0280\u1D07\u1D05", "fred"));
	CU_ASSERT_TRUE(confusable_names("\u0262\u026A\u0274\u1D00 "
					"\u029C\u1D00\u0274\u1D0B",
					"gina hank"));
	CU_ASSERT_TRUE(confusable_names("\u1D0A\u1D0F\u1D07 \u1D18\uA7AF\u1D1B",
					"joe pqt"));
	CU_ASSERT_FALSE(confusable_names("viliam", "william"));
	CU_ASSERT_FALSE(confusable_names("\u0299\u1D0F\u0299", "rob"));
}

/* Whether the keys of a and b, made with `digits`, share a skeleton. */
static bool keys_meet(const char *a, const char *b, bool digits)
{
	struct confusable *c = confusable_open();
	struct confusable_key ka, kb;
	bool meet;

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_EQUAL(confusable_key_digits(c, a, digits, &ka), 0);
	CU_ASSERT_EQUAL(confusable_key_digits(c, b, digits, &kb), 0);
	meet = (ka.folded != NULL && kb.folded != NULL &&
		strcmp(ka.folded, kb.folded) == 0) ||
	       (ka.shape != NULL && kb.shape != NULL &&
		strcmp(ka.shape, kb.shape) == 0);
	confusable_key_free(&ka);
	confusable_key_free(&kb);
	confusable_close(c);
	return meet;
}

/* Digits for letters, where a club turns it on: 4lice for alice, and
 * the others the list names; without it they are other names. */
static void test_names_digits(void)
{
	CU_ASSERT_TRUE(keys_meet("4lice", "alice", true));
	CU_ASSERT_FALSE(keys_meet("4lice", "alice", false));
	CU_ASSERT_TRUE(keys_meet("r2d2", "rzdz", true));
	CU_ASSERT_TRUE(keys_meet("3v3", "eve", true));
	CU_ASSERT_TRUE(keys_meet("5am", "sam", true));
	CU_ASSERT_TRUE(keys_meet("6o8", "bob", true));
	CU_ASSERT_TRUE(keys_meet("7om", "tom", true));
	CU_ASSERT_TRUE(keys_meet("9ina", "gina", true));
	CU_ASSERT_TRUE(keys_meet("b0b", "bob", false)); /* UTS #39's own */
	CU_ASSERT_FALSE(keys_meet("4lice", "blice", true));
	CU_ASSERT_FALSE(keys_meet("player42", "player24", true));
}

/* One look-alike letter of another script among Latin ones. */
static void test_names_mixed_scripts(void)
{
	/* p U+0430 y p U+0430 l */
	CU_ASSERT_TRUE(confusable_names("p\xd0\xb0yp\xd0\xb0l", "paypal"));
	/* Latin with one Cyrillic es (U+0441) in capitals around it. */
	CU_ASSERT_TRUE(confusable_names("ALI\xd1\x81"
					"E",
					"alice"));
	CU_ASSERT_FALSE(confusable_names("p\xd0\xb0yp\xd0\xb0l", "paypals"));
}

/* Chinese names are their own: only the same characters look alike. */
static void test_names_chinese(void)
{
	const char *ailisi =
		"\xe7\x88\xb1\xe4\xb8\xbd\xe4\xb8\x9d"; /* 爱丽丝 */

	CU_ASSERT_TRUE(confusable_names(ailisi, ailisi));
	CU_ASSERT_FALSE(confusable_names(ailisi, "alice"));
	CU_ASSERT_FALSE(confusable_names(ailisi, "\xe7\x88\xb1\xe4\xb8\xbd"));
	CU_ASSERT_FALSE(
		confusable_names("\xe5\xb0\x8f\xe6\x98\x8e",   /* 小明 */
				 "\xe5\xb0\x8f\xe7\xba\xa2")); /* 小红 */
}

/* A key is made once and compared with many names; a name that is not
 * UTF-8 has no key and looks like nothing. */
static void test_key_reused(void)
{
	struct confusable *c = confusable_open();
	struct confusable_key key = {NULL, NULL};

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_EQUAL(
		confusable_key(c, "\xd0\xb0l\xd1\x96\xd1\x81\xd0\xb5", &key),
		0);
	CU_ASSERT_TRUE(confusable_like(c, &key, "alice"));
	CU_ASSERT_TRUE(confusable_like(c, &key, "ALICE "));
	CU_ASSERT_FALSE(confusable_like(c, &key, "alicia"));
	CU_ASSERT_FALSE(confusable_like(c, &key, NULL));
	CU_ASSERT_TRUE(confusable_like(c, &key, "a1ice"));
	confusable_key_free(&key);
	CU_ASSERT_PTR_NULL(key.folded);
	CU_ASSERT_FALSE(confusable_like(c, &key, "alice"));
	CU_ASSERT_EQUAL(confusable_key(c, "al\xff", &key), -1);
	CU_ASSERT_PTR_NULL(key.folded);
	CU_ASSERT_PTR_NULL(key.shape);
	confusable_key_free(&key);
	confusable_key_free(NULL);
	confusable_close(c);
	confusable_close(NULL);
}

/* A name whose skeleton is far longer than itself has a key, and looks
 * like itself: each of these Hangul syllables and '%' has a skeleton
 * five and six times its length, and this mix fills the first guess at
 * the skeleton's size exactly (fuzz_input found it). */
static void test_key_long_skeleton(void)
{
	static const char *const names[] = {
		"\xea\xb0\x9e\xea\xb0\x9e\xea\xb0\x9e\xea\xb0\x9e%%",
		"\xea\xb0\x9e\xea\xb0\x9e\xea\xb0\x9e\xea\xb0\x9e"
		"\xea\xb0\x9e\xea\xb0\x9e\xea\xb0\x9e\xea\xb0\x9e",
		"%%%%%%%%%%%%%%%%%%%%",
	};
	struct confusable *c = confusable_open();
	size_t i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct confusable_key key = {NULL, NULL};

		CU_ASSERT_EQUAL(confusable_key(c, names[i], &key), 0);
		CU_ASSERT_TRUE(confusable_like(c, &key, names[i]));
		CU_ASSERT_FALSE(confusable_like(c, &key, "alice"));
		confusable_key_free(&key);
	}
	confusable_close(c);
}

/* Combining marks: two in a row on one character are fine, three are
 * not, enclosing marks (U+20DD...) and spacing ones counted alike, in
 * NFC (a mark that composes with its letter is no mark left). */
static void test_check_marks(void)
{
	struct confusable *c = confusable_open();

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	/* x U+0301 U+0302: two marks */
	CU_ASSERT_EQUAL(confusable_check(c, "x\xcc\x81\xcc\x82"),
			CONFUSABLE_FINE);
	/* x U+0301 U+0302 U+0303: three */
	CU_ASSERT_EQUAL(confusable_check(c, "x\xcc\x81\xcc\x82\xcc\x83"),
			CONFUSABLE_MARKS);
	/* a U+0488 U+0489 U+20DD: enclosing marks count */
	CU_ASSERT_EQUAL(confusable_check(c, "a\xd2\x88\xd2\x89\xe2\x83\x9d"),
			CONFUSABLE_MARKS);
	/* e U+0301 (composes to U+00E9) U+0302 U+0303: two left in NFC */
	CU_ASSERT_EQUAL(confusable_check(c, "e\xcc\x81\xcc\x82\xcc\x83"),
			CONFUSABLE_FINE);
	/* two marks on each of two letters */
	CU_ASSERT_EQUAL(
		confusable_check(c, "x\xcc\x81\xcc\x82y\xcc\x81\xcc\x82"),
		CONFUSABLE_FINE);
	/* Thai: a consonant, a vowel and a tone mark (two marks) */
	CU_ASSERT_EQUAL(
		confusable_check(c, "\xe0\xb8\x81\xe0\xb8\xb5\xe0\xb9\x88"),
		CONFUSABLE_FINE);
	confusable_close(c);
}

/* Scripts at UTS #39's "moderately restrictive" level: Latin with
 * Cyrillic or Greek is refused, Latin with Han (or kana) is not, nor
 * one script with digits, blanks and symbols. */
static void test_check_scripts(void)
{
	struct confusable *c = confusable_open();

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_EQUAL(confusable_check(c, "Alice"), CONFUSABLE_FINE);
	CU_ASSERT_EQUAL(confusable_check(c, "Nick 42!"), CONFUSABLE_FINE);
	/* 爱丽丝, Bob 鲍勃, アリス with 愛 */
	CU_ASSERT_EQUAL(
		confusable_check(c, "\xe7\x88\xb1\xe4\xb8\xbd\xe4\xb8\x9d"),
		CONFUSABLE_FINE);
	CU_ASSERT_EQUAL(confusable_check(c, "Bob \xe9\xb2\x8d\xe5\x8b\x83"),
			CONFUSABLE_FINE);
	CU_ASSERT_EQUAL(
		confusable_check(
			c, "\xe3\x82\xa2\xe3\x83\xaa\xe3\x82\xb9\xe6\x84\x9b"),
		CONFUSABLE_FINE);
	/* All Cyrillic (Борис), all Greek (Αθηνά): one script each */
	CU_ASSERT_EQUAL(
		confusable_check(c, "\xd0\x91\xd0\xbe\xd1\x80\xd0\xb8\xd1\x81"),
		CONFUSABLE_FINE);
	CU_ASSERT_EQUAL(
		confusable_check(c, "\xce\x91\xce\xb8\xce\xb7\xce\xbd\xce\xac"),
		CONFUSABLE_FINE);
	/* P U+0430 ul: Latin with one Cyrillic letter; b U+03BF b: Greek */
	CU_ASSERT_EQUAL(confusable_check(c, "P\xd0\xb0ul"), CONFUSABLE_SCRIPTS);
	CU_ASSERT_EQUAL(confusable_check(c, "b\xce\xbf"
					    "b"),
			CONFUSABLE_SCRIPTS);
	/* Han with Cyrillic */
	CU_ASSERT_EQUAL(confusable_check(c, "\xe7\x88\xb1\xd0\x91"),
			CONFUSABLE_SCRIPTS);
	confusable_close(c);
}

/* What cannot be told: no checker, no name, not UTF-8. */
static void test_check_unknown(void)
{
	struct confusable *c = confusable_open();

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_EQUAL(confusable_check(NULL, "alice"), CONFUSABLE_UNKNOWN);
	CU_ASSERT_EQUAL(confusable_check(c, NULL), CONFUSABLE_UNKNOWN);
	CU_ASSERT_EQUAL(confusable_check(c, "al\xff"), CONFUSABLE_UNKNOWN);
	CU_ASSERT_EQUAL(confusable_name_verdict("P\xd0\xb0ul"),
			CONFUSABLE_SCRIPTS);
	CU_ASSERT_EQUAL(confusable_name_verdict("Paul"), CONFUSABLE_FINE);
	confusable_close(c);
}

static CU_TestInfo tests[] = {
	{"names look alike: case-folded NFKC", test_names_fold_nfkc},
	{"Cyrillic and Greek look-alikes", test_names_other_scripts},
	{"rn for m, 0 for o, 1 and I for l", test_names_shapes},
	{"vv for w, small capitals (beyond UTS #39)", test_names_beyond_uts39},
	{"digits for letters, where the club turns it on", test_names_digits},
	{"one letter of another script", test_names_mixed_scripts},
	{"a Chinese name looks only like itself", test_names_chinese},
	{"a key made once, compared many times", test_key_reused},
	{"a skeleton far longer than its name", test_key_long_skeleton},
	{"at most two combining marks in a row", test_check_marks},
	{"scripts: moderately restrictive (UTS #39)", test_check_scripts},
	{"a name that cannot be checked: cannot tell", test_check_unknown},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo confusable_suite = {"confusable", init, cleanup,
				 NULL,	       NULL, tests};
