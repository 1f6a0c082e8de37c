/* store_words.c -- the words the matches table stores for each enum,
 * and decoding them from a row. */
#include <string.h>

#include "store_internal.h"

/* ==== Words ============================================================= */

/* An enum's value and the word the tables store for it. Each table ends
 * with {0, NULL}. */
struct word {
	int value;
	const char *word;
};

static const struct word result_words[] = {
	{RESULT_BLACK_WIN, "black"},
	{RESULT_WHITE_WIN, "white"},
	{RESULT_DRAW, "draw"},
	{0, NULL},
};

static const struct word reason_words[] = {
	{REASON_FIVE, "five"},
	{REASON_RESIGN, "resign"},
	{REASON_DRAW, "draw"},
	{REASON_FULL, "full"},
	{REASON_TIMEOUT, "timeout"},
	{REASON_FORBIDDEN, "forbidden"},
	{0, NULL},
};

static const struct word rule_words[] = {
	{RULE_FREESTYLE, "freestyle"},
	{RULE_EXACT, "exact"},
	{RULE_RENJU, "renju"},
	{0, NULL},
};

static const struct word opening_words[] = {
	{OPENING_NONE, "none"},
	{OPENING_SWAP2, "swap2"},
	{0, NULL},
};

static const struct word kind_words[] = {
	{MATCH_RANKED, "ranked"},
	{MATCH_COMPUTER, "computer"},
	{MATCH_IMPORTED, "imported"},
	{0, NULL},
};

static const struct word status_words[] = {
	{MATCH_STATUS_UNFINISHED, "unfinished"},
	{MATCH_STATUS_FINISHED, "finished"},
	{MATCH_STATUS_ABANDONED, "abandoned"},
	{0, NULL},
};

/* The word for `value` in table `t`, or NULL if it has none. */
static const char *word_of(const struct word *t, int value)
{
	for (; t->word != NULL; t++)
		if (t->value == value)
			return t->word;
	return NULL;
}

/* Put the value of column `col` (a word of table `t`, or NULL when
 * `null_value` is not -1) into *value. Return 0, or -1 when the column
 * holds something else. */
static int column_word(sqlite3_stmt *st, int col, const struct word *t,
		       int null_value, int *value)
{
	const char *w = (const char *)sqlite3_column_text(st, col);

	if (w == NULL && null_value != -1) {
		*value = null_value;
		return 0;
	}
	for (; w != NULL && t->word != NULL; t++) {
		if (strcmp(t->word, w) == 0) {
			*value = t->value;
			return 0;
		}
	}
	return -1;
}

/* See store_internal.h. */
const char *store_kind_word(enum match_kind k)
{
	return word_of(kind_words, (int)k);
}

/* See store_internal.h. */
const char *store_result_word(enum match_result r)
{
	return word_of(result_words, (int)r);
}

/* See store_internal.h. */
const char *store_reason_word(enum match_reason r)
{
	return word_of(reason_words, (int)r);
}

/* See store_internal.h. */
const char *store_rule_word(enum rule r)
{
	return word_of(rule_words, (int)r);
}

/* See store_internal.h. */
const char *store_opening_word(enum match_opening o)
{
	return word_of(opening_words, (int)o);
}

/* See store_internal.h. */
const char *store_ending_problem(enum match_result result,
				 enum match_reason reason, bool renju)
{
	if (store_result_word(result) == NULL ||
	    store_reason_word(reason) == NULL)
		return "the result or reason is not valid";
	if (reason == REASON_FORBIDDEN && result != RESULT_WHITE_WIN)
		return "a forbidden move by black is a win for white";
	if (reason == REASON_FORBIDDEN && !renju)
		return "a forbidden move ends only a renju match";
	return NULL;
}

/* See store_internal.h. */
int store_read_words(sqlite3_stmt *st, int first, int opening,
		     struct match_words *w)
{
	int kind, status, rule, result, reason, open;

	if (column_word(st, first, kind_words, -1, &kind) != 0 ||
	    column_word(st, first + 1, status_words, -1, &status) != 0 ||
	    column_word(st, first + 2, rule_words, -1, &rule) != 0 ||
	    column_word(st, first + 3, result_words, RESULT_NONE, &result) !=
		    0 ||
	    column_word(st, first + 4, reason_words, REASON_NONE, &reason) !=
		    0 ||
	    column_word(st, opening, opening_words, -1, &open) != 0)
		return -1;
	w->kind = (enum match_kind)kind;
	w->status = (enum match_status)status;
	w->rule = (enum rule)rule;
	w->result = (enum match_result)result;
	w->reason = (enum match_reason)reason;
	w->opening = (enum match_opening)open;
	return 0;
}
