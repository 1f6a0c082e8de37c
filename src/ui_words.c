/* ui_words.c -- a stored match's sides and its clocks as people read
 * them, in their language (ui_internal.h). A leaf
 * of the ui: the listings, the records and the screen's panel all use
 * it, and it calls none of them. The words both front ends share
 * (variants, rules, results): words.c. */
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "i18n.h"
#include "rules.h"
#include "store.h"
#include "ui_internal.h"
#include "words.h"

const char *ui_words_side(const struct match_full *f, enum stone s,
			  char buf[UI_NAME_MAX])
{
	long long id = s == STONE_BLACK ? f->black_id : f->white_id;

	if (f->kind == MATCH_COMPUTER && id == 0)
		return words_computer(f->ai_level, buf, UI_NAME_MAX);
	return s == STONE_BLACK ? f->black_name : f->white_name;
}

/* See ui_internal.h. */
const char *ui_words_clocks(const struct match_full *f, int at, char *buf,
			    size_t cap)
{
	long long left[2];
	char a[16], b[16];
	int i;

	buf[0] = '\0';
	left[0] = left[1] = 1000LL * f->game.time.base;
	for (i = 0; i < at && i < f->nmoves; i++)
		if (f->move_left_ms[i] >= 0)
			left[i % 2] = f->move_left_ms[i];
	if (f->game.time.kind == CLOCK_FISCHER &&
	    clock_format(left[0], a, sizeof a) == 0 &&
	    clock_format(left[1], b, sizeof b) == 0)
		snprintf(buf, cap, _("Black %s, White %s"), a, b);
	else if (f->game.time.kind == CLOCK_PER_MOVE && at > 0 &&
		 at <= f->nmoves && f->move_left_ms[at - 1] >= 0 &&
		 clock_format(f->move_left_ms[at - 1], a, sizeof a) == 0)
		snprintf(buf, cap, _("Move %d was made with %s left"), at, a);
	return buf;
}

/* See ui_internal.h. */
const char *ui_words_match(const struct ui_term *term,
			   const struct match_full *f, char *buf, size_t cap)
{
	char black[UI_NAME_MAX], white[UI_NAME_MAX], how[256], outcome[320];
	const char *note = f->kind == MATCH_RANKED
				   ? words_counted(f->casual, f->unrated)
				   : "";

	words_outcome(f->kind, f->status, f->result, f->reason,
		      f->game.variant.k, how, sizeof(how));
	snprintf(outcome, sizeof(outcome), note[0] != '\0' ? _("%s, %s") : "%s",
		 how, note);
	snprintf(buf, cap, _("Match %lld: %s %s against %s %s, %s %dx%d; %s"),
		 f->id, ui_board_stone(term, STONE_BLACK),
		 ui_words_side(f, STONE_BLACK, black),
		 ui_board_stone(term, STONE_WHITE),
		 ui_words_side(f, STONE_WHITE, white),
		 words_variant(f->game.variant.name), f->game.variant.rows,
		 f->game.variant.cols, outcome);
	return buf;
}
