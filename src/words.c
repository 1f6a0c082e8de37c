/* words.c -- results, reasons, variants and rules as people read them,
 * for the terminal and the web alike (words.h). */
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "words.h"

/* The presets of rules.c, by the names stored and typed, and the name
 * rules.c gives any other board. */
static const char *const presets[] = {N_("gomoku"),   N_("standard"),
				      N_("gomoku10"), N_("tictactoe"),
				      N_("renju"),    N_("custom")};

const char *words_variant(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(presets) / sizeof(presets[0]); i++)
		if (strcmp(name, presets[i]) == 0)
			return _(presets[i]);
	return name;
}

const char *words_level(int level)
{
	static const char *const names[] = {N_("Beginner"), N_("Easy"),
					    N_("Medium"), N_("Hard"),
					    N_("Expert")};

	return level >= 1 && level <= 5 ? _(names[level - 1]) : "?";
}

const char *words_computer(int level, char *buf, size_t cap)
{
	snprintf(buf, cap, _("Computer (level %d)"), level);
	return buf;
}

const char *words_rule_family(enum rule r)
{
	if (r == RULE_EXACT)
		return _("standard gomoku");
	return r == RULE_RENJU ? _("renju") : _("freestyle gomoku");
}

const char *words_rule(enum rule r, int k, char *buf, size_t cap)
{
	if (k == 5 || r == RULE_RENJU)
		snprintf(buf, cap, "%s", words_rule_family(r));
	else if (r == RULE_EXACT)
		snprintf(buf, cap, _("exactly %d in a row"), k);
	else
		snprintf(buf, cap, _("%d in a row"), k);
	return buf;
}

const char *words_goal(enum rule r, int k, char *buf, size_t cap)
{
	if (r == RULE_RENJU)
		snprintf(buf, cap, _("%d in a row, black's forbidden points"),
			 k);
	else if (r == RULE_EXACT)
		snprintf(buf, cap, _("exactly %d in a row"), k);
	else
		snprintf(buf, cap, _("%d or more in a row"), k);
	return buf;
}

const char *words_reason(enum match_reason reason, enum match_result result,
			 int k, char *buf, size_t cap)
{
	const char *w = "";

	switch (reason) {
	case REASON_FIVE: /* a line of K: a five only when K is 5 */
		if (k != 5) {
			snprintf(buf, cap, _("row of %d"), k);
			return buf;
		}
		w = _("five");
		break;
	case REASON_ABANDONED: /* the loser walked away */
		w = result == RESULT_WHITE_WIN ? _("abandoned by black")
					       : _("abandoned by white");
		break;
	case REASON_RESIGN:
		w = _("resigned");
		break;
	case REASON_DRAW:
		w = _("agreed");
		break;
	case REASON_FULL:
		w = _("full board");
		break;
	case REASON_TIMEOUT:
		w = _("timeout");
		break;
	case REASON_FORBIDDEN:
		w = _("forbidden");
		break;
	case REASON_NONE:
		break;
	}
	snprintf(buf, cap, "%s", w);
	return buf;
}

const char *words_outcome(enum match_kind kind, enum match_status status,
			  enum match_result result, enum match_reason reason,
			  int k, char *buf, size_t cap)
{
	char why[64];

	words_reason(reason, result, k, why, sizeof(why));
	if (status == MATCH_STATUS_UNFINISHED)
		snprintf(buf, cap, "%s",
			 kind == MATCH_IMPORTED ? _("result unknown")
						: _("unfinished"));
	else if (status == MATCH_STATUS_ABANDONED)
		snprintf(buf, cap, "%s", _("abandoned"));
	else if (status == MATCH_STATUS_ABORTED)
		snprintf(buf, cap, "%s", _("aborted (not rated)"));
	else if (result == RESULT_DRAW)
		snprintf(buf, cap, _("a draw (%s)"), why);
	else
		snprintf(buf, cap, _("%s won (%s)"),
			 result == RESULT_BLACK_WIN ? _("Black") : _("White"),
			 why);
	return buf;
}

const char *words_clock(const struct time_control *tc, char *buf, size_t cap)
{
	char name[16], base[32], increment[32];
	int minutes = tc->base / 60;

	buf[0] = '\0';
	if (tc->kind == CLOCK_PER_MOVE) {
		snprintf(buf, cap,
			 ngettext("Each move must be made within %d second, "
				  "or the game is lost.",
				  "Each move must be made within %d seconds, "
				  "or the game is lost.",
				  (unsigned long)tc->per_move),
			 tc->per_move);
		return buf;
	}
	if (tc->kind != CLOCK_FISCHER || clock_name(tc, name, sizeof(name)))
		return buf;
	snprintf(base, sizeof(base),
		 ngettext("%d minute", "%d minutes", (unsigned long)minutes),
		 minutes);
	snprintf(increment, sizeof(increment),
		 ngettext("%d second", "%d seconds",
			  (unsigned long)tc->increment),
		 tc->increment);
	if (tc->increment == 0)
		snprintf(buf, cap,
			 _("Each side has %s for the game (%s); out of time "
			   "loses."),
			 base, name);
	else
		snprintf(buf, cap,
			 _("Each side has %s for the game and %s more after "
			   "each move (%s); out of time loses."),
			 base, increment, name);
	return buf;
}

/* See words.h. */
const char *words_unrated(enum match_unrated why)
{
	switch (why) {
	case UNRATED_NEW:
		return _("The ratings did not move: one of you is not yet a "
			 "rated member of the club (an account is one once "
			 "approved, or after its first rated games).");
	case UNRATED_PAIR:
		return _("The ratings did not move: you two have played as "
			 "many rated games together lately as the club "
			 "counts.");
	case UNRATED_NO:
		break;
	}
	return "";
}

/* See words.h. */
const char *words_counted(bool casual, enum match_unrated why)
{
	if (casual)
		return _("casual");
	return why != UNRATED_NO ? _("rating unchanged") : "";
}
