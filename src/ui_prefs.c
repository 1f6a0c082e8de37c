/* ui_prefs.c -- a player's preferences: the Preferences page of the
 * account menu, applying them at login over the environment's choices
 * (never over the command line's), and the environment's back at
 * logout. The store keeps them (store_prefs_get(), store_prefs_set()). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "store.h"
#include "ui_internal.h"
#include "ui_prefs.h"
#include "ui_remote.h"
#include "ui_screen.h"
#include "words.h"

enum {
	PREF_BACK = 0,
	PREF_LANG,
	PREF_STONES,
	PREF_COLOR,
	PREF_LEVEL,
	PREF_CONFIRM,
	PREF_CHALLENGES,
	PREF_GAME
};

#define PREF_ITEMS 8 /* the page's items, Back included */

/* Apply the language, stones and colours of `p` that it sets and the
 * command line did not choose, and remember the rest for the games. */
static void apply(struct ui *ui, const struct store_prefs *p)
{
	const struct ui_options *o = ui->opt;

	if (!ui->prefs.applied) {
		ui->prefs.env_lang = ui->term.lang;
		ui->prefs.env_ascii = ui->term.ascii;
		ui->prefs.env_color = ui->term.color;
		ui->prefs.applied = true;
	}
	if (p->lang[0] != '\0' && !o->lang_given) {
		ui->term.lang = strcmp(p->lang, "zh") == 0 ? LANG_ZH : LANG_EN;
		i18n_set_lang(ui->term.lang);
	}
	if (p->ascii >= 0 && !o->ascii_given)
		ui->term.ascii = p->ascii == 1 || !ui->term.symbols;
	if (p->color >= 0 && !o->no_color_given) {
		/* NO_COLOR is the environment's: the player's choice wins */
		ui->term.color = p->color == 1 && isatty(STDOUT_FILENO) != 0;
		ui_screen_recolor(&ui->term);
	}
	ui->prefs.confirm_moves = p->confirm_moves;
	ui->prefs.ai_level = p->ai_level > 0 ? p->ai_level : 0;
}

enum ui_status ui_prefs_login(struct ui *ui, const struct player *me)
{
	struct store_prefs p;

	if (store_prefs_get(ui->club.store, me->id, &p) != STORE_OK)
		return ui_store_failed(ui, _("cannot read your preferences"));
	apply(ui, &p);
	if (p.refuse_challenges && !ui_remote_refusing(ui))
		return ui_remote_refuse(ui);
	return UI_OK;
}

void ui_prefs_logout(struct ui *ui)
{
	if (!ui->prefs.applied)
		return;
	if (ui->term.lang != ui->prefs.env_lang) {
		ui->term.lang = ui->prefs.env_lang;
		i18n_set_lang(ui->term.lang);
	}
	ui->term.ascii = ui->prefs.env_ascii;
	if (ui->term.color != ui->prefs.env_color) {
		ui->term.color = ui->prefs.env_color;
		ui_screen_recolor(&ui->term);
	}
	memset(&ui->prefs, 0, sizeof(ui->prefs));
}

/* ==== The page ========================================================== */

/* "On" or "Off". */
static const char *on_off(bool on)
{
	return on ? _("on") : _("off");
}

/* The page's labels for `p` (with the run's values for what p leaves
 * unset) into the caller's bufs and labels[]. */
static void page_labels(struct ui *ui, const struct store_prefs *p,
			char bufs[][128], const char *labels[])
{
	char game[512];

	bool zh = p->lang[0] != '\0' ? strcmp(p->lang, "zh") == 0
				     : ui->term.lang == LANG_ZH;
	bool ascii = p->ascii >= 0 ? p->ascii == 1 : ui->term.ascii;
	bool color = p->color >= 0 ? p->color == 1 : ui->term.color;

	snprintf(bufs[0], 128, _("Language: %s"), zh ? "中文" : "English");
	snprintf(bufs[1], 128, _("Stones: %s"), ascii ? "* #" : "● ○");
	snprintf(bufs[2], 128, _("Colours: %s"), on_off(color));
	snprintf(bufs[3], 128, _("Level against the computer: %s"),
		 p->ai_level > 0 ? words_level(p->ai_level)
				 : _("asked each time"));
	snprintf(bufs[4], 128, _("Move confirmation (a second key press): %s"),
		 on_off(p->confirm_moves));
	snprintf(bufs[5], 128, _("Challenges at login: %s"),
		 p->refuse_challenges ? _("refused") : _("taken"));
	labels[0] = bufs[0];
	labels[1] = bufs[1];
	labels[2] = bufs[2];
	labels[3] = bufs[3];
	labels[4] = bufs[4];
	snprintf(bufs[6], 128, _("Default game: %s"),
		 ui_choose_default_words(ui, p, game, sizeof(game)));
	labels[5] = bufs[5];
	labels[6] = bufs[6];
	labels[7] = _("Back");
}

/* Ask the default level against the computer into p->ai_level (-1: none,
 * asked each time). Return UI_OK (also for Back: p unchanged) or why
 * reading ended. */
static enum ui_status choose_level(struct ui *ui, struct store_prefs *p)
{
	const char *labels[] = {words_level(1), words_level(2),
				words_level(3), words_level(4),
				words_level(5), _("Asked each time"),
				_("Back")};
	static const int keys[] = {1, 2, 3, 4, 5, 6, 0};
	enum ui_status st;
	int level;

	st = ui_menu(ui, _("The computer's level by default"), labels, keys, 7,
		     &level);
	if (st == UI_OK && level != 0)
		p->ai_level = level == 6 ? -1 : level;
	return st;
}

/* Change the item `choice` of *p (a value the page shows flips). */
static enum ui_status change(struct ui *ui, struct store_prefs *p, int choice)
{
	bool zh = p->lang[0] != '\0' ? strcmp(p->lang, "zh") == 0
				     : ui->term.lang == LANG_ZH;

	switch (choice) {
	case PREF_LANG:
		snprintf(p->lang, sizeof(p->lang), "%s", zh ? "en" : "zh");
		break;
	case PREF_STONES:
		p->ascii = (p->ascii >= 0 ? p->ascii == 1 : ui->term.ascii) ? 0
									    : 1;
		break;
	case PREF_COLOR:
		p->color = (p->color >= 0 ? p->color == 1 : ui->term.color) ? 0
									    : 1;
		break;
	case PREF_LEVEL:
		return choose_level(ui, p);
	case PREF_CONFIRM:
		p->confirm_moves = !p->confirm_moves;
		break;
	case PREF_CHALLENGES:
		p->refuse_challenges = !p->refuse_challenges;
		break;
	case PREF_GAME:
		return ui_choose_default(ui, p);
	}
	return UI_OK;
}

/* Save *p for `me` and apply it here; say what it did. */
static enum ui_status save(struct ui *ui, const struct player *me,
			   const struct store_prefs *p, int choice)
{
	const struct ui_options *o = ui->opt;
	bool cli = (choice == PREF_LANG && o->lang_given) ||
		   (choice == PREF_STONES && o->ascii_given) ||
		   (choice == PREF_COLOR && o->no_color_given) ||
		   (choice == PREF_GAME &&
		    (o->variant_chosen || o->opening_given || o->time_given));

	if (store_prefs_set(ui->club.store, me->id, p) != STORE_OK)
		return ui_store_failed(ui, _("cannot save your preferences"));
	apply(ui, p);
	if (cli)
		ui_say(&ui->term,
		       _("Saved. The command line decides it for this run; "
			 "your next login uses it."));
	else if (choice == PREF_STONES && p->ascii == 0 && !ui->term.symbols)
		ui_say(&ui->term,
		       _("Saved. This terminal cannot show ● and ○: it "
			 "keeps * and #."));
	else if (choice == PREF_CHALLENGES)
		ui_say(&ui->term,
		       p->refuse_challenges
			       ? _("Saved: from your next login on, you "
				   "refuse challenges.")
			       : _("Saved: from your next login on, you "
				   "take challenges."));
	else
		ui_say(&ui->term, _("Saved."));
	return UI_OK;
}

enum ui_status ui_prefs_page(struct ui *ui, const struct player *me)
{
	static const int keys[PREF_ITEMS] = {1, 2, 3, 4, 5, 6, 7, 0};
	char bufs[PREF_ITEMS - 1][128], title[128];
	const char *labels[PREF_ITEMS];
	struct store_prefs p;
	int level;

	for (;;) {
		enum ui_status st;
		int choice;

		if (store_prefs_get(ui->club.store, me->id, &p) != STORE_OK)
			return ui_store_failed(
				ui, _("cannot read your preferences"));
		page_labels(ui, &p, bufs, labels);
		snprintf(title, sizeof(title), _("Preferences of %s"),
			 me->username);
		st = ui_menu(ui, title, labels, keys, PREF_ITEMS, &choice);
		if (st != UI_OK || choice == PREF_BACK)
			return st;
		level = p.ai_level;
		st = change(ui, &p, choice);
		if (st == UI_REFUSED) /* went back from the default game */
			continue;
		if (st != UI_OK)
			return st;
		if (choice == PREF_LEVEL && p.ai_level == level)
			continue; /* Back, or the same level */
		st = save(ui, me, &p, choice);
		if (st != UI_OK)
			return st;
	}
}
