/* store_words.c -- the words the matches table stores, and what they
 * must agree on. The words themselves are match.h's fixed words (rules.h
 * for the rule); this file checks an ending, decodes a row's words, and
 * binds and reads the definition of a game proposed (struct game_def).
 */
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "store_internal.h"

_Static_assert(RESULT_NONE == 0 && REASON_NONE == 0,
	       "optional_value() reads a NULL result or reason as 0");

/* See store_internal.h. */
const char *store_rule_word(enum rule r)
{
	const char *word = rules_rule_name(r);
	enum rule named;

	/* rules_rule_name() names an unknown rule "freestyle". */
	if (rules_parse_rule(word, &named) != 0 || named != r)
		return NULL;
	return word;
}

/* See store_internal.h. */
enum sql_code store_bind_game(struct sql_stmt *st, int first,
			      const struct game_def *g)
{
	const struct variant *v = &g->variant;
	const long long ints[] = {v->rows,	v->cols,
				  v->k,		g->time.per_move,
				  g->time.base, g->time.increment};
	static const int at[] = {2, 3, 4, 6, 7, 8}; /* after `first` */
	const char *rule = store_rule_word(v->rule);
	const char *opening = match_opening_word(g->opening);
	int i, rc;

	rc = sql_bind_text(st, first, v->name);
	for (i = 0; rc == SQL_OK && i < 6; i++)
		rc = sql_bind_int64(st, first + at[i], ints[i]);
	if (rc == SQL_OK && rule != NULL)
		rc = sql_bind_text(st, first + 1, rule);
	if (rc == SQL_OK && opening != NULL)
		rc = sql_bind_text(st, first + 5, opening);
	return rc;
}

/* See store_internal.h. */
int store_row_game(struct sql_stmt *st, int first, struct game_def *g)
{
	const struct variant *preset = rules_preset(sql_text(st, first));
	struct variant *v = &g->variant;
	int opening = match_opening_value(sql_text(st, first + 5));

	memset(g, 0, sizeof(*g));
	if (opening < 0 ||
	    rules_parse_rule(sql_text(st, first + 1), &v->rule) != 0)
		return -1;
	v->rows = sql_int(st, first + 2);
	v->cols = sql_int(st, first + 3);
	v->k = sql_int(st, first + 4);
	v->name = preset != NULL
			  ? preset->name
			  : rules_name_of(v->rows, v->cols, v->k, v->rule);
	g->opening = (enum match_opening)opening;
	store_column_time(st, first + 6, first + 7, &g->time);
	return 0;
}

/* See store_internal.h. */
const char *store_ending_problem(enum match_result result,
				 enum match_reason reason, bool renju)
{
	if (match_result_word(result) == NULL ||
	    match_reason_word(reason) == NULL)
		return "the result or reason is not valid";
	if (reason == REASON_FORBIDDEN && result != RESULT_WHITE_WIN)
		return "a forbidden move by black is a win for white";
	if (reason == REASON_FORBIDDEN && !renju)
		return "a forbidden move ends only a renju match";
	if (reason == REASON_ABANDONED && result == RESULT_DRAW)
		return "a match claimed as abandoned is a win";
	return NULL;
}

/* The text of column `col`, or NULL. */
static const char *column(struct sql_stmt *st, int col)
{
	return sql_text(st, col);
}

/* The value of column `col` by `value` (match_result_value() or
 * match_reason_value()): 0 (RESULT_NONE, REASON_NONE) for NULL, -1 for a
 * word it does not know. */
static int optional_value(struct sql_stmt *st, int col,
			  int (*value)(const char *word))
{
	const char *word = column(st, col);

	return word == NULL ? 0 : value(word);
}

/* See store_internal.h. */
int store_read_words(struct sql_stmt *st, int first, int opening,
		     struct match_words *w)
{
	int kind = match_kind_value(column(st, first));
	int status = match_status_value(column(st, first + 1));
	int result = optional_value(st, first + 3, match_result_value);
	int reason = optional_value(st, first + 4, match_reason_value);
	int open = match_opening_value(column(st, opening));

	if (kind < 0 || status < 0 || result < 0 || reason < 0 || open < 0 ||
	    rules_parse_rule(column(st, first + 2), &w->rule) != 0)
		return -1;
	w->kind = (enum match_kind)kind;
	w->status = (enum match_status)status;
	w->result = (enum match_result)result;
	w->reason = (enum match_reason)reason;
	w->opening = (enum match_opening)open;
	return 0;
}
