/* rules.h -- named variants (presets) and the words for rules.
 *
 * Pure C: no I/O, no globals beyond constant tables.
 */
#ifndef GOMOKU_RULES_H
#define GOMOKU_RULES_H

#include "board.h"

/* A playable shape: board size, win length and rule, with the name the
 * command line and the records use ("gomoku", "tictactoe", ... or
 * "custom" for a --size/--k/--rule board). */
struct variant {
	const char *name;
	int rows, cols, k;
	enum rule rule;
};

/* The default variant: 15x15, five in a row, freestyle. Never NULL; it
 * points into a constant table, valid for the whole run, not to be
 * freed or changed (the same for every variant pointer below). */
const struct variant *rules_default(void);

/* The preset called `name` (exact, lower case), or NULL when none is or
 * name is NULL. */
const struct variant *rules_preset(const char *name);

/* The i-th preset for listing (from 0, the default first), or NULL
 * outside 0..count-1. */
const struct variant *rules_preset_at(int i);

/* The name of the preset with exactly this shape and rule, or "custom"
 * when none has it: a constant string, never NULL, not to be freed. */
const char *rules_name_of(int rows, int cols, int k, enum rule rule);

/* Parse "freestyle", "exact" or "renju" (exact, lower case) into *out.
 * Return 0, or -1 (*out unchanged) for anything else, NULL included. */
int rules_parse_rule(const char *s, enum rule *out);

/* The word for a rule: "freestyle", "exact" or "renju" ("freestyle" for
 * an unknown value): a constant string, not to be freed. */
const char *rules_rule_name(enum rule r);

/* Parse a size "RxC" (or "N" for NxN; 'x' or 'X'; digits only, sides in
 * BOARD_MIN_SIZE..BOARD_MAX_SIZE) into *rows, *cols. Return 0, or -1
 * (outputs unchanged) on syntax or range errors, or for NULL. */
int rules_parse_size(const char *s, int *rows, int *cols);

/* The words that choose a variant, as the command line gives them
 * (--variant, --size, --k, --rule) and the menus read them; NULL for
 * a word not given. */
struct variant_words {
	const char *variant, *size, *k, *rule;
};

/* What rules_variant_from() found wrong, the first in that order. */
enum rules_error {
	RULES_OK = 0,
	RULES_BAD_VARIANT, /* no preset of that name */
	RULES_BAD_SIZE,	   /* not RxC or N within the sides allowed */
	RULES_BAD_K,	   /* not a whole number BOARD_MIN_SIZE..MAX_SIZE */
	RULES_BAD_RULE,	   /* not freestyle, exact or renju */
	RULES_BAD_RENJU,   /* renju on a board under 5x5 or not five */
	RULES_BAD_FIT	   /* the board cannot hold K in a row */
};

/* The variant `w` chooses into *out: the preset named (the default when
 * none is), then the size, win length and rule given over it (the name
 * then rules_name_of()'s). The one check of a variant, for the command
 * line and the menus alike. Return RULES_OK, or what is wrong (*out then
 * holds what was read so far: its size and k for RULES_BAD_FIT). */
enum rules_error rules_variant_from(const struct variant_words *w,
				    struct variant *out);

/* Start the caller's board b for variant v. Return what board_init()
 * returns (so -1 also for RULE_RENJU with k != 5 or a side under 5), or
 * -1 with b untouched when v is NULL. */
int rules_start(const struct variant *v, struct board *b);

#endif
