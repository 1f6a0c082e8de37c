/* ui_club.c -- `gomoku club show` and `gomoku club set NAME VALUE`: the
 * club's settings that decide ranked results, for the administrator
 * (main.c runs them; no menu does). The store keeps and checks them;
 * this file names them, reads their values from the command line and
 * says what each means. */
#include <string.h>
#include <time.h>

#include "number.h"
#include "store.h"
#include "ui_account.h"
#include "ui_club.h"
#include "ui_internal.h"

/* The settings' names on the command line (and in tsv and json), in
 * the order of enum club_key. */
static const char *const setting_names[] = {
	[CLUB_CLAIM_AFTER] = "claim-after",
	[CLUB_FORBIDDEN] = "forbidden",
	[CLUB_RANKED_HOTSEAT] = "ranked-hotseat",
	[CLUB_DISCONNECT_GRACE] = "disconnect-grace",
	[CLUB_NAME_DIGITS] = "name-digits",
	[CLUB_JOINS_PER_DAY] = "joins-per-day",
};
#define SETTINGS ((int)(sizeof setting_names / sizeof setting_names[0]))

static const char *const club_columns[] = {"setting", "value", "meaning"};

/* Room for a value's text and a meaning. */
#define VALUE_MAX   16
#define MEANING_MAX 512

/* Setting `key`'s stored value in `c`, as the command line writes it,
 * in buf[VALUE_MAX]. Return buf. */
static const char *value_text(const struct club_settings *c, enum club_key key,
			      char *buf)
{
	switch (key) {
	case CLUB_CLAIM_AFTER:
		snprintf(buf, VALUE_MAX, "%d", c->claim_after_days);
		break;
	case CLUB_FORBIDDEN:
		snprintf(buf, VALUE_MAX, "%s",
			 c->forbidden_loses ? "lose" : "refuse");
		break;
	case CLUB_RANKED_HOTSEAT:
		snprintf(buf, VALUE_MAX, "%s",
			 c->ranked_hotseat ? "on" : "off");
		break;
	case CLUB_DISCONNECT_GRACE:
		snprintf(buf, VALUE_MAX, "%d", c->disconnect_grace);
		break;
	case CLUB_NAME_DIGITS:
		snprintf(buf, VALUE_MAX, "%s", c->name_digits ? "on" : "off");
		break;
	case CLUB_JOINS_PER_DAY:
		snprintf(buf, VALUE_MAX, "%d", c->joins_per_day);
		break;
	}
	return buf;
}

/* What setting `key` at its value in `c` means, in the user's
 * language, in buf[MEANING_MAX]. Return buf. */
static const char *meaning_text(const struct club_settings *c,
				enum club_key key, char *buf)
{
	int n = key == CLUB_CLAIM_AFTER	    ? c->claim_after_days
		: key == CLUB_JOINS_PER_DAY ? c->joins_per_day
					    : c->disconnect_grace;

	switch (key) {
	case CLUB_CLAIM_AFTER:
		if (n == 0) {
			snprintf(buf, MEANING_MAX, "%s",
				 _("An unfinished ranked match can be claimed "
				   "at once by the player not to move."));
			break;
		}
		snprintf(
			buf, MEANING_MAX,
			ngettext("An unfinished ranked match can be claimed by "
				 "the player not to move %d day after its "
				 "turn began.",
				 "An unfinished ranked match can be claimed by "
				 "the player not to move %d days after its "
				 "turn began.",
				 (unsigned long)n),
			n);
		break;
	case CLUB_FORBIDDEN:
		snprintf(buf, MEANING_MAX, "%s",
			 c->forbidden_loses
				 ? _("Renju: black's move to a forbidden point "
				     "loses the game.")
				 : _("Renju: black's move to a forbidden point "
				     "is refused, and black plays again."));
		break;
	case CLUB_RANKED_HOTSEAT:
		snprintf(buf, MEANING_MAX, "%s",
			 c->ranked_hotseat
				 ? _("Ranked matches may be played at one "
				     "terminal, the second player logging in "
				     "there.")
				 : _("Ranked matches are played from two "
				     "terminals only, by a challenge."));
		break;
	case CLUB_DISCONNECT_GRACE:
		snprintf(buf, MEANING_MAX,
			 ngettext("In an untimed match from two terminals, the "
				  "win can be claimed %d second after the "
				  "opponent's program is gone.",
				  "In an untimed match from two terminals, the "
				  "win can be claimed %d seconds after the "
				  "opponent's program is gone.",
				  (unsigned long)n),
			 n);
		break;
	case CLUB_NAME_DIGITS:
		snprintf(buf, MEANING_MAX, "%s",
			 c->name_digits
				 ? _("A new name is refused when it looks like "
				     "a player's with digits for letters, as "
				     "4lice for alice.")
				 : _("Digits in a name are not read as the "
				     "letters they look like."));
		break;
	case CLUB_JOINS_PER_DAY:
		if (n == 0) {
			snprintf(buf, MEANING_MAX, "%s",
				 _("Any number of accounts may be made from "
				   "one connection."));
			break;
		}
		snprintf(buf, MEANING_MAX,
			 ngettext("At most %d account a day may be made from "
				  "one connection (an SSH client's address).",
				  "At most %d accounts a day may be made from "
				  "one connection (an SSH client's address).",
				  (unsigned long)n),
			 n);
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
		ui_list_cell(term->out, setting_names[k], 18);
		ui_list_cell(term->out, value_text(c, (enum club_key)k, value),
			     8);
		fprintf(term->out, "%s\n",
			meaning_text(c, (enum club_key)k, meaning));
	}
	fputc('\n', term->out);
	ui_say(term, _("Every match keeps the settings it started with. The "
		       "administrator changes them with: gomoku club set NAME "
		       "VALUE"));
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
		ui_list_text(&l, setting_names[k]);
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
	unsigned long long n = 0;
	char clean[UI_CLEAN_MAX];

	ui_clean(text, clean, sizeof(clean));
	switch (key) {
	case CLUB_CLAIM_AFTER:
		if (number_parse(text, 0, STORE_CLAIM_AFTER_MAX, &n) == 0)
			break;
		ui_error(term,
			 _("claim-after takes a whole number of days from 0 "
			   "to %d, not '%s'"),
			 STORE_CLAIM_AFTER_MAX, clean);
		return -1;
	case CLUB_FORBIDDEN:
		n = strcmp(text, "lose") == 0;
		if (n == 1 || strcmp(text, "refuse") == 0)
			break;
		ui_error(term, _("forbidden takes refuse or lose, not '%s'"),
			 clean);
		return -1;
	case CLUB_RANKED_HOTSEAT:
	case CLUB_NAME_DIGITS:
		n = strcmp(text, "on") == 0;
		if (n == 1 || strcmp(text, "off") == 0)
			break;
		ui_error(term, _("%s takes on or off, not '%s'"),
			 setting_names[key], clean);
		return -1;
	case CLUB_JOINS_PER_DAY:
		if (number_parse(text, 0, STORE_JOINS_MAX, &n) == 0)
			break;
		ui_error(term,
			 _("joins-per-day takes a whole number of accounts "
			   "from 0 (no limit) to %d, not '%s'"),
			 STORE_JOINS_MAX, clean);
		return -1;
	case CLUB_DISCONNECT_GRACE:
		if (number_parse(text, 0, STORE_GRACE_MAX, &n) == 0)
			break;
		ui_error(term,
			 _("disconnect-grace takes a whole number of seconds "
			   "from 0 to %d, not '%s'"),
			 STORE_GRACE_MAX, clean);
		return -1;
	}
	*value = (long long)n;
	return 0;
}

/* The setting called `name` into *key. Return 0, or -1 after saying
 * which settings there are. */
static int find_setting(struct ui_term *term, const char *name,
			enum club_key *key)
{
	char clean[UI_CLEAN_MAX];
	int k;

	for (k = 0; k < SETTINGS; k++) {
		if (strcmp(name, setting_names[k]) == 0) {
			*key = (enum club_key)k;
			return 0;
		}
	}
	ui_error(term,
		 _("unknown setting '%s': the settings are claim-after, "
		   "forbidden, ranked-hotseat, disconnect-grace, "
		   "name-digits and joins-per-day"),
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
	if (store_club_set(ui->club.store, key, v, (long long)time(NULL)) !=
	    STORE_OK)
		return ui_store_failed(ui, _("cannot change the setting"));
	if (store_club_get(ui->club.store, &c) != STORE_OK)
		return ui_store_failed(ui,
				       _("cannot read the club's settings"));
	ui_say(&ui->term,
	       key == CLUB_JOINS_PER_DAY ? _("%s is now %s: %s")
	       : key == CLUB_NAME_DIGITS
		       ? _("%s is now %s: %s Names registered or changed "
			   "from now on are checked so; the players already "
			   "there keep theirs.")
		       : _("%s is now %s: %s Matches that start from now on "
			   "play by it; those already started keep their "
			   "own."),
	       setting_names[key], value_text(&c, key, value),
	       meaning_text(&c, key, meaning));
	return UI_OK;
}
