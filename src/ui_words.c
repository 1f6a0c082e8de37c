/* ui_words.c -- the names of variants, rules, levels and a stored
 * match's sides as people read them, in their language
 * (ui_internal.h). A leaf of the ui: the listings, the records and the
 * screen's panel all use it, and it calls none of them. */
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "i18n.h"
#include "rules.h"
#include "store.h"
#include "ui_internal.h"

/* The presets of rules.c, by the names stored and typed, and the name
 * rules.c gives any other board. */
static const char *const presets[] = {N_("gomoku"),   N_("standard"),
				      N_("gomoku10"), N_("tictactoe"),
				      N_("renju"),    N_("custom")};

const char *ui_words_variant(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(presets) / sizeof(presets[0]); i++)
		if (strcmp(name, presets[i]) == 0)
			return _(presets[i]);
	return name;
}

const char *ui_words_level(int level)
{
	static const char *const names[] = {N_("Beginner"), N_("Easy"),
					    N_("Medium"), N_("Hard"),
					    N_("Expert")};

	return level >= 1 && level <= 5 ? _(names[level - 1]) : "?";
}

const char *ui_words_rule(enum rule r)
{
	if (r == RULE_EXACT)
		return _("standard gomoku");
	return r == RULE_RENJU ? _("renju") : _("freestyle gomoku");
}

const char *ui_words_computer(int level, char *buf)
{
	snprintf(buf, UI_NAME_MAX, _("Computer (level %d)"), level);
	return buf;
}

const char *ui_words_side(const struct match_full *f, enum stone s,
			  char buf[UI_NAME_MAX])
{
	long long id = s == STONE_BLACK ? f->black_id : f->white_id;

	if (f->kind == MATCH_COMPUTER && id == 0)
		return ui_words_computer(f->ai_level, buf);
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
	left[0] = left[1] = 1000LL * f->clock_base;
	for (i = 0; i < at && i < f->nmoves; i++)
		if (f->move_left_ms[i] >= 0)
			left[i % 2] = f->move_left_ms[i];
	if (f->clock_base > 0 && clock_format(left[0], a, sizeof a) == 0 &&
	    clock_format(left[1], b, sizeof b) == 0)
		snprintf(buf, cap, _("Black %s, White %s"), a, b);
	else if (f->time_per_move > 0 && at > 0 && at <= f->nmoves &&
		 f->move_left_ms[at - 1] >= 0 &&
		 clock_format(f->move_left_ms[at - 1], a, sizeof a) == 0)
		snprintf(buf, cap, _("Move %d was made with %s left"), at, a);
	return buf;
}
