/* rules.c -- named variants (presets) and the words for rules.
 *
 * Pure C: no I/O, no globals beyond the constant preset table.
 */
#include <stddef.h>
#include <string.h>

#include "number.h"
#include "rules.h"

/* The presets, the default first. */
static const struct variant presets[] = {
	{"gomoku", 15, 15, 5, RULE_FREESTYLE},
	{"standard", 15, 15, 5, RULE_EXACT},
	{"gomoku10", 10, 10, 5, RULE_FREESTYLE},
	{"tictactoe", 3, 3, 3, RULE_FREESTYLE},
	{"renju", 15, 15, 5, RULE_RENJU},
};

#define NPRESETS ((int)(sizeof(presets) / sizeof(presets[0])))

/* The rules and their words, the default first. */
static const struct {
	enum rule rule;
	const char *word;
} rule_words[] = {
	{RULE_FREESTYLE, "freestyle"},
	{RULE_EXACT, "exact"},
	{RULE_RENJU, "renju"},
};

#define NRULE_WORDS ((int)(sizeof(rule_words) / sizeof(rule_words[0])))

/* ==== Presets ========================================================== */

/* Return the default variant: 15x15, five in a row, freestyle. */
const struct variant *rules_default(void)
{
	return &presets[0];
}

/* Return the preset called `name` (exact, lower case), or NULL. */
const struct variant *rules_preset(const char *name)
{
	int i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < NPRESETS; i++) {
		if (strcmp(presets[i].name, name) == 0)
			return &presets[i];
	}
	return NULL;
}

/* Return the i-th preset, or NULL when i is out of range. */
const struct variant *rules_preset_at(int i)
{
	if (i < 0 || i >= NPRESETS)
		return NULL;
	return &presets[i];
}

/* Start a board for variant v. Return board_init()'s result, or -1 with
 * b untouched when v is NULL. */
int rules_start(const struct variant *v, struct board *b)
{
	if (v == NULL)
		return -1;
	return board_init(b, v->rows, v->cols, v->k, v->rule);
}

/* ==== Words ============================================================ */

/* Parse "freestyle", "exact" or "renju" into *out. Return 0, or -1
 * (unchanged). */
int rules_parse_rule(const char *s, enum rule *out)
{
	int i;

	if (s == NULL)
		return -1;
	for (i = 0; i < NRULE_WORDS; i++) {
		if (strcmp(s, rule_words[i].word) == 0) {
			*out = rule_words[i].rule;
			return 0;
		}
	}
	return -1;
}

/* Return the word for a rule: "exact", "renju", else "freestyle". */
const char *rules_rule_name(enum rule r)
{
	int i;

	for (i = 0; i < NRULE_WORDS; i++) {
		if (rule_words[i].rule == r)
			return rule_words[i].word;
	}
	return rule_words[0].word;
}

/* Read a board side (BOARD_MIN_SIZE..BOARD_MAX_SIZE) at *p into *n and
 * move *p past its digits. Return 0, or -1 when *p does not start with
 * one. */
static int parse_side(const char **p, int *n)
{
	long long v;
	const char *end = number_scan(*p, BOARD_MIN_SIZE, BOARD_MAX_SIZE, &v);

	if (end == NULL)
		return -1;
	*p = end;
	*n = (int)v;
	return 0;
}

/* Parse "RxC", "RXC" or "N" (NxN) into *rows, *cols. Return 0, or -1
 * (outputs unchanged) on syntax or range errors. */
int rules_parse_size(const char *s, int *rows, int *cols)
{
	int r, c;

	if (s == NULL || parse_side(&s, &r) != 0)
		return -1;
	c = r;
	if (*s == 'x' || *s == 'X') {
		s++;
		if (parse_side(&s, &c) != 0)
			return -1;
	}
	if (*s != '\0')
		return -1;
	*rows = r;
	*cols = c;
	return 0;
}

const char *rules_name_of(int rows, int cols, int k, enum rule rule)
{
	const struct variant *p;
	int i;

	for (i = 0; rules_preset_at(i) != NULL; i++) {
		p = rules_preset_at(i);
		if (p->rows == rows && p->cols == cols && p->k == k &&
		    p->rule == rule)
			return p->name;
	}
	return "custom";
}

enum rules_error rules_variant_from(const struct variant_words *w,
				    struct variant *out)
{
	const struct variant *base = rules_default();
	unsigned long long k;

	if (w->variant != NULL) {
		base = rules_preset(w->variant);
		if (base == NULL)
			return RULES_BAD_VARIANT;
	}
	*out = *base;
	if (w->size != NULL &&
	    rules_parse_size(w->size, &out->rows, &out->cols) != 0)
		return RULES_BAD_SIZE;
	if (w->k != NULL) {
		if (number_parse(w->k, BOARD_MIN_SIZE, BOARD_MAX_SIZE, &k) != 0)
			return RULES_BAD_K;
		out->k = (int)k;
	}
	if (w->rule != NULL && rules_parse_rule(w->rule, &out->rule) != 0)
		return RULES_BAD_RULE;
	if (w->size != NULL || w->k != NULL || w->rule != NULL)
		out->name =
			rules_name_of(out->rows, out->cols, out->k, out->rule);
	if (out->rule == RULE_RENJU &&
	    !board_rule_valid(out->rows, out->cols, out->k, out->rule))
		return RULES_BAD_RENJU;
	if (!board_rule_valid(out->rows, out->cols, out->k, out->rule))
		return RULES_BAD_FIT;
	return RULES_OK;
}
