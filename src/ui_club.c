/* ui_club.c -- `gomoku club show`, `club set NAME VALUE` and `club
 * approve USER`: the club's settings that decide ranked results, and
 * its rated members, for the administrator (main.c runs them; no menu
 * does). The store keeps and checks them; this file names them, reads
 * their values from the command line and says what each means. */
#include <string.h>

#include "number.h"
#include "store.h"
#include "ui_account.h"
#include "ui_club.h"
#include "ui_internal.h"

/* A setting as the command line names and reads it. */
struct setting {
	const char *name;	  /* on the command line, tsv and json */
	const char *const *words; /* a choice's words by value; NULL for
				   * a number */
	int min, max;		  /* a number's range (STORE_*_MAX) */
	const char *takes;	  /* the refusal of another value (a
				   * msgid: a number's takes max, then the
				   * text; a choice's the text) */
	const char *applies;	  /* when a change applies (a msgid), or
				   * NULL when at once */
};

static const char *const off_on[] = {"off", "on", NULL};
static const char *const refuse_lose[] = {"refuse", "lose", NULL};
static const char *const join_words[] = {"open", "approval", "closed", NULL};

#define FOR_MATCHES                                                            \
	N_("Matches that start from now on play by it; those already "         \
	   "started keep their own.")
#define FOR_RESULTS                                                            \
	N_("Results counted from now on are decided by it; those counted "     \
	   "before keep theirs.")

/* The settings, in the order of enum club_key. */
static const struct setting settings[] = {
	[CLUB_CLAIM_AFTER] = {"claim-after", NULL, 0, STORE_CLAIM_AFTER_MAX,
			      N_("claim-after takes a whole number of days "
				 "from 0 to %d, not '%s'"),
			      FOR_MATCHES},
	[CLUB_FORBIDDEN] = {"forbidden", refuse_lose, 0, 0,
			    N_("forbidden takes refuse or lose, not '%s'"),
			    FOR_MATCHES},
	[CLUB_RANKED_HOTSEAT] = {"ranked-hotseat", off_on, 0, 0,
				 N_("ranked-hotseat takes on or off, not "
				    "'%s'"),
				 FOR_MATCHES},
	[CLUB_DISCONNECT_GRACE] = {"disconnect-grace", NULL, 0, STORE_GRACE_MAX,
				   N_("disconnect-grace takes a whole number "
				      "of seconds from 0 to %d, not '%s'"),
				   FOR_MATCHES},
	[CLUB_NAME_DIGITS] = {"name-digits", off_on, 0, 0,
			      N_("name-digits takes on or off, not '%s'"),
			      N_("Names registered or changed from now on are "
				 "checked so; the players already there keep "
				 "theirs.")},
	[CLUB_JOINS_PER_DAY] = {"joins-per-day", NULL, 0, STORE_JOINS_MAX,
				N_("joins-per-day takes a whole number of "
				   "accounts from 0 (no limit) to %d, not "
				   "'%s'"),
				NULL},
	[CLUB_JOIN] = {"join", join_words, 0, 0,
		       N_("join takes open, approval or closed, not '%s'"),
		       NULL},
	[CLUB_RATED_AFTER] = {"rated-after", NULL, 0, STORE_GAMES_MAX,
			      N_("rated-after takes a whole number of rated "
				 "games from 0 to %d, not '%s'"),
			      FOR_RESULTS},
	[CLUB_PAIR_GAMES] = {"pair-games", NULL, 0, STORE_GAMES_MAX,
			     N_("pair-games takes a whole number of rated "
				"games from 0 (no limit) to %d, not '%s'"),
			     FOR_RESULTS},
	[CLUB_PAIR_HOURS] = {"pair-hours", NULL, 1, STORE_PAIR_HOURS_MAX,
			     N_("pair-hours takes a whole number of hours "
				"from 1 to %d, not '%s'"),
			     FOR_RESULTS},
	[CLUB_CLOCK_SKEW] = {"clock-skew", NULL, 0, STORE_GRACE_MAX,
			     N_("clock-skew takes a whole number of seconds "
				"from 0 (not checked) to %d, not '%s'"),
			     NULL},
};
#define SETTINGS ((int)(sizeof settings / sizeof settings[0]))

static const char *const club_columns[] = {"setting", "value", "meaning"};

/* Room for a value's text and a meaning. */
#define VALUE_MAX   16
#define MEANING_MAX 512

/* Setting `key`'s stored value in `c`, as a number (a choice's: the
 * index of its word). */
static int value_of(const struct club_settings *c, enum club_key key)
{
	switch (key) {
	case CLUB_CLAIM_AFTER:
		return c->claim_after_days;
	case CLUB_FORBIDDEN:
		return c->forbidden_loses;
	case CLUB_RANKED_HOTSEAT:
		return c->ranked_hotseat;
	case CLUB_DISCONNECT_GRACE:
		return c->disconnect_grace;
	case CLUB_NAME_DIGITS:
		return c->name_digits;
	case CLUB_JOINS_PER_DAY:
		return c->joins_per_day;
	case CLUB_JOIN:
		return (int)c->join;
	case CLUB_RATED_AFTER:
		return c->rated_after;
	case CLUB_PAIR_GAMES:
		return c->pair_games;
	case CLUB_PAIR_HOURS:
		return c->pair_hours;
	case CLUB_CLOCK_SKEW:
		return c->clock_skew;
	}
	return 0;
}

/* Setting `key`'s stored value in `c`, as the command line writes it,
 * in buf[VALUE_MAX]. Return buf. */
static const char *value_text(const struct club_settings *c, enum club_key key,
			      char *buf)
{
	const struct setting *st = &settings[key];
	int v = value_of(c, key);

	if (st->words != NULL)
		snprintf(buf, VALUE_MAX, "%s", st->words[v]);
	else
		snprintf(buf, VALUE_MAX, "%d", v);
	return buf;
}

/* The meaning of a count setting at `n`: `none` when 0 (NULL: never
 * 0), else `some` (ngettext's choice for n) with n. */
static void count_meaning(char *buf, int n, const char *none, const char *some)
{
	if (n == 0 && none != NULL)
		snprintf(buf, MEANING_MAX, "%s", none);
	else
		snprintf(buf, MEANING_MAX, some, n);
}

/* What setting `key` at its value in `c` means, in the user's
 * language, in buf[MEANING_MAX]. Return buf. */
static const char *meaning_text(const struct club_settings *c,
				enum club_key key, char *buf)
{
	static const char *const joins[] = {
		N_("Anyone may register; a new account's rated results move "
		   "ratings once the administrator approves it or it has "
		   "played rated-after rated games."),
		N_("Anyone may register; a new account's rated results move "
		   "ratings once the administrator approves it (gomoku club "
		   "approve NAME)."),
		N_("Accounts are made only at the club's machine, by its "
		   "administrator."),
	};
	int n = value_of(c, key);

	switch (key) {
	case CLUB_CLAIM_AFTER:
		count_meaning(
			buf, n,
			_("An unfinished ranked match can be claimed "
			  "at once by the player not to move."),
			ngettext("An unfinished ranked match can be claimed by "
				 "the player not to move %d day after its "
				 "turn began.",
				 "An unfinished ranked match can be claimed by "
				 "the player not to move %d days after its "
				 "turn began.",
				 (unsigned long)n));
		break;
	case CLUB_FORBIDDEN:
		snprintf(buf, MEANING_MAX, "%s",
			 n ? _("Renju: black's move to a forbidden point "
			       "loses the game.")
			   : _("Renju: black's move to a forbidden point "
			       "is refused, and black plays again."));
		break;
	case CLUB_RANKED_HOTSEAT:
		snprintf(buf, MEANING_MAX, "%s",
			 n ? _("Ranked matches may be played at one "
			       "terminal, the second player logging in "
			       "there.")
			   : _("Ranked matches are played from two "
			       "terminals only, by a challenge."));
		break;
	case CLUB_DISCONNECT_GRACE:
		count_meaning(
			buf, n, NULL,
			ngettext("In an untimed match from two terminals, the "
				 "win can be claimed %d second after the "
				 "opponent's program is gone.",
				 "In an untimed match from two terminals, the "
				 "win can be claimed %d seconds after the "
				 "opponent's program is gone.",
				 (unsigned long)n));
		break;
	case CLUB_NAME_DIGITS:
		snprintf(buf, MEANING_MAX, "%s",
			 n ? _("A new name is refused when it looks like "
			       "a player's with digits for letters, as "
			       "4lice for alice.")
			   : _("Digits in a name are not read as the "
			       "letters they look like."));
		break;
	case CLUB_JOINS_PER_DAY:
		count_meaning(
			buf, n,
			_("Any number of accounts may be made from "
			  "one connection."),
			ngettext("At most %d account a day may be made from "
				 "one connection (an SSH client's address).",
				 "At most %d accounts a day may be made from "
				 "one connection (an SSH client's address).",
				 (unsigned long)n));
		break;
	case CLUB_JOIN:
		snprintf(buf, MEANING_MAX, "%s", _(joins[n]));
		break;
	case CLUB_RATED_AFTER:
		count_meaning(
			buf, n,
			_("With join open, every account is a rated "
			  "member from its first rated game."),
			ngettext("With join open, an account not approved is a "
				 "rated member after %d rated game.",
				 "With join open, an account not approved is a "
				 "rated member after %d rated games.",
				 (unsigned long)n));
		break;
	case CLUB_PAIR_GAMES:
		count_meaning(
			buf, n,
			_("Every rated game between the same two "
			  "players moves their ratings."),
			ngettext("Of the rated games between the same two "
				 "players begun within pair-hours, the first "
				 "%d moves their ratings.",
				 "Of the rated games between the same two "
				 "players begun within pair-hours, the first "
				 "%d move their ratings.",
				 (unsigned long)n));
		break;
	case CLUB_PAIR_HOURS:
		count_meaning(
			buf, n, NULL,
			ngettext("pair-games counts the rated games of %d "
				 "hour.",
				 "pair-games counts the rated games of %d "
				 "hours.",
				 (unsigned long)n));
		break;
	case CLUB_CLOCK_SKEW:
		count_meaning(
			buf, n,
			_("A claim or a seek takes the time the program "
			  "gives, unchecked."),
			ngettext("A claim or a seek is refused when the time "
				 "the program gives is more than %d second "
				 "from the club's clock.",
				 "A claim or a seek is refused when the time "
				 "the program gives is more than %d seconds "
				 "from the club's clock.",
				 (unsigned long)n));
		break;
	}
	return buf;
}

/* The settings as a table for people. */
static void show_table(struct ui_term *term, const struct club_settings *c)
{
	char value[VALUE_MAX], meaning[MEANING_MAX];
	int k;

	ui_list_cell(term->out, _("Setting"), 18);
	ui_list_cell(term->out, _("Value"), 8);
	fprintf(term->out, "%s\n", _("What it means"));
	for (k = 0; k < SETTINGS; k++) {
		ui_list_cell(term->out, settings[k].name, 18);
		ui_list_cell(term->out, value_text(c, (enum club_key)k, value),
			     8);
		fprintf(term->out, "%s\n",
			meaning_text(c, (enum club_key)k, meaning));
	}
	fputc('\n', term->out);
	ui_say(term, _("The administrator changes them with: gomoku club set "
		       "NAME VALUE, and approves an account with: gomoku club "
		       "approve NAME"));
}

enum ui_status ui_club_show(struct ui *ui)
{
	char value[VALUE_MAX], meaning[MEANING_MAX];
	struct club_settings c;
	struct ui_list l;
	enum ui_status st = ui_account_open(ui);
	int k;

	if (st != UI_OK)
		return st;
	if (store_club_get(ui->club.store, &c) != STORE_OK)
		return ui_store_failed(ui,
				       _("cannot read the club's settings"));
	if (ui->opt->format == FORMAT_TABLE) {
		show_table(&ui->term, &c);
		return UI_OK;
	}
	ui_list_begin(&l, ui, club_columns, 3);
	for (k = 0; k < SETTINGS; k++) {
		ui_list_row(&l);
		ui_list_text(&l, settings[k].name);
		ui_list_text(&l, value_text(&c, (enum club_key)k, value));
		ui_list_text(&l, meaning_text(&c, (enum club_key)k, meaning));
	}
	ui_list_end(&l);
	return UI_OK;
}

/* Read `text` as `key`'s value into *value. Return 0, or -1 after
 * saying what the setting takes. */
static int parse_value(struct ui_term *term, enum club_key key,
		       const char *text, long long *value)
{
	const struct setting *st = &settings[key];
	unsigned long long n = 0;
	char clean[UI_CLEAN_MAX];

	ui_clean(text, clean, sizeof(clean));
	if (st->words == NULL) {
		if (number_parse(text, (unsigned long long)st->min,
				 (unsigned long long)st->max, &n) == 0) {
			*value = (long long)n;
			return 0;
		}
		ui_error(term, _(st->takes), st->max, clean);
		return -1;
	}
	for (n = 0; st->words[n] != NULL; n++) {
		if (strcmp(text, st->words[n]) == 0) {
			*value = (long long)n;
			return 0;
		}
	}
	ui_error(term, _(st->takes), clean);
	return -1;
}

/* The setting called `name` into *key. Return 0, or -1 after saying
 * which settings there are. */
static int find_setting(struct ui_term *term, const char *name,
			enum club_key *key)
{
	char clean[UI_CLEAN_MAX];
	int k;

	for (k = 0; k < SETTINGS; k++) {
		if (strcmp(name, settings[k].name) == 0) {
			*key = (enum club_key)k;
			return 0;
		}
	}
	ui_error(term,
		 _("unknown setting '%s': the settings are claim-after, "
		   "forbidden, ranked-hotseat, disconnect-grace, "
		   "name-digits, joins-per-day, join, rated-after, "
		   "pair-games, pair-hours and clock-skew"),
		 ui_clean(name, clean, sizeof(clean)));
	return -1;
}

enum ui_status ui_club_set(struct ui *ui, const char *name, const char *text)
{
	char value[VALUE_MAX], meaning[MEANING_MAX];
	struct club_settings c;
	enum club_key key;
	long long v = 0;
	enum ui_status st;

	if (find_setting(&ui->term, name, &key) != 0 ||
	    parse_value(&ui->term, key, text, &v) != 0)
		return UI_USAGE;
	st = ui_account_open(ui);
	if (st != UI_OK)
		return st;
	if (store_club_set(ui->club.store, key, v, store_now()) != STORE_OK)
		return ui_store_failed(ui, _("cannot change the setting"));
	if (store_club_get(ui->club.store, &c) != STORE_OK)
		return ui_store_failed(ui,
				       _("cannot read the club's settings"));
	if (settings[key].applies == NULL)
		ui_say(&ui->term, _("%s is now %s: %s"), settings[key].name,
		       value_text(&c, key, value),
		       meaning_text(&c, key, meaning));
	else /* what it means, then when it applies */
		ui_say(&ui->term, _("%s is now %s: %s %s"), settings[key].name,
		       value_text(&c, key, value),
		       meaning_text(&c, key, meaning),
		       _(settings[key].applies));
	return UI_OK;
}

enum ui_status ui_club_approve(struct ui *ui, const char *username)
{
	char clean[UI_CLEAN_MAX];
	enum store_status st;
	enum ui_status ust = ui_account_open(ui);

	if (ust != UI_OK)
		return ust;
	ui_clean(username, clean, sizeof(clean));
	st = store_approve(ui->club.store, username);
	if (st == STORE_NOT_FOUND) {
		ui_say(&ui->term, _("There is no player %s."), clean);
		return UI_REFUSED;
	}
	if (st != STORE_OK)
		return ui_store_failed(ui, _("cannot approve the account"));
	ui_say(&ui->term,
	       _("%s is approved: a rated member, whose rated results move "
		 "ratings."),
	       clean);
	return UI_OK;
}
