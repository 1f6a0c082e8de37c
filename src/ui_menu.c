/* ui_menu.c -- the interactive menus: the main menu and, once a player
 * has logged in, the account menu. */
#include "number.h"
#include "ui.h"
#include "ui_account.h"
#include "ui_game.h"
#include "ui_internal.h"
#include "ui_list.h"
#include "ui_lobby.h"
#include "ui_matches.h"
#include "ui_menu.h"
#include "ui_prefs.h"
#include "ui_presence.h"
#include "ui_records.h"
#include "ui_remote.h"
#include "ui_watch.h"
#include "words.h"

enum {
	MAIN_QUIT = 0,
	MAIN_REGISTER,
	MAIN_LOGIN,
	MAIN_LEADERBOARD,
	MAIN_GUEST,
	MAIN_WATCH
};

enum {
	ACCOUNT_LOGOUT = 0,
	ACCOUNT_RANKED,
	ACCOUNT_COMPUTER,
	ACCOUNT_RECORD,
	ACCOUNT_LEADERBOARD,
	ACCOUNT_HISTORY,
	ACCOUNT_PASSWORD,
	ACCOUNT_WATCH,
	ACCOUNT_ONLINE,
	ACCOUNT_CHALLENGES,
	ACCOUNT_REFUSE,
	ACCOUNT_PREFS,
	ACCOUNT_LOBBY,
	ACCOUNT_REMATCH,   /* shown after a match from two terminals */
	ACCOUNT_UNFINISHED /* shown while the player has unfinished ones */
};

/* True when a step's status should end the menu loop: end of input, a
 * signal, a failing database, or the player's session ended (their
 * password changed elsewhere). Refusals go back to the menu. */
static bool ends_menu(enum ui_status st)
{
	return st == UI_EOF || st == UI_INTERRUPTED || st == UI_FAILED ||
	       st == UI_STALE;
}

/* Account menu item 1: the second player logs in, then the match. */
static enum ui_status ranked_match(struct ui *ui, struct player *me)
{
	struct player *opponent;
	enum ui_status st;

	st = ui_matches_hotseat_allowed(ui); /* before a second password */
	if (st == UI_OK) /* the proposal, before the second player logs in */
		st = ui_choose_game(ui, me, CHOICE_RANKED);
	if (st != UI_OK)
		return st;
	ui_say(&ui->term, _("Ranked match: the second player logs in."));
	st = ui_account_login(ui, NULL, me, &opponent);
	if (st != UI_OK)
		return st;
	return ui_account_leave(&ui->club, opponent,
				ui_matches_ranked(ui, me, opponent));
}

/* Choose the game and a level, then play the computer (`me` NULL: as a
 * guest). */
static enum ui_status computer_games(struct ui *ui, struct player *me)
{
	const char *labels[] = {words_level(1), words_level(2), words_level(3),
				words_level(4), words_level(5), _("Back")};
	static const int keys[] = {1, 2, 3, 4, 5, 0};
	enum ui_status st;
	int level;

	st = ui_choose_game(ui, me,
			    me != NULL ? CHOICE_COMPUTER : CHOICE_GUEST);
	if (st != UI_OK)
		return st;
	if (me != NULL && ui->prefs.ai_level > 0) {
		ui_say(&ui->term,
		       _("Your level against the computer: %s (Preferences "
			 "changes it)."),
		       words_level(ui->prefs.ai_level));
		return ui_matches_computer(ui, me, ui->prefs.ai_level);
	}
	st = ui_menu(ui, _("The computer's level"), labels, keys, 6, &level);
	if (st != UI_OK || level == 0)
		return st;
	return ui_matches_computer(ui, me, level);
}

/* Read which match of the n listed (ids id[]) the player opens into
 * *chosen (0: none, go back). */
static enum ui_status choose_unfinished(struct ui *ui, const long long id[],
					int n, long long *chosen)
{
	char buf[TERM_LINE_MAX + 1];
	unsigned long long v;
	enum ui_status st;

	*chosen = 0;
	for (;;) {
		st = ui_read_word(ui,
				  _("Match to open (its number; Enter to go "
				    "back): "),
				  buf);
		if (st != UI_OK || ui_left(buf))
			return st;
		if (number_parse(buf, 1, (unsigned long long)n, &v) == 0) {
			*chosen = id[v - 1];
			return UI_OK;
		}
		ui_say(&ui->term, _("Please type one of the numbers shown."));
	}
}

/* Account menu item 14: me's unfinished matches, with whom and whose
 * turn; the one chosen is rejoined when it is being played from another
 * terminal, else offered as at login. */
static enum ui_status unfinished_matches(struct ui *ui, struct player *me)
{
	long long id[UI_UNFINISHED_SHOWN], chosen;
	enum ui_status st;
	bool played = false;
	int n;

	ui_say(&ui->term, _("Your unfinished matches:"));
	st = ui_matches_list_unfinished(ui, me, id, &n);
	if (st != UI_OK)
		return st;
	if (n == 0) {
		ui_say(&ui->term, _("You have no unfinished match."));
		return UI_OK;
	}
	st = choose_unfinished(ui, id, n, &chosen);
	if (st != UI_OK || chosen == 0)
		return st;
	st = ui_remote_rejoin(ui, me, chosen, &played);
	if (st == UI_OK && !played)
		st = ui_matches_offer_match(ui, me, chosen, &played);
	return st == UI_REFUSED ? UI_OK : st;
}

/* Run the account menu item `choice` for `me`. */
static enum ui_status account_item(struct ui *ui, struct player *me, int choice)
{
	switch (choice) {
	case ACCOUNT_RANKED:
		return ranked_match(ui, me);
	case ACCOUNT_RECORD:
		return ui_list_stats(ui, me);
	case ACCOUNT_LEADERBOARD:
		return ui_list_leaderboard(ui, 10, PLIST_BY_SCORE, me);
	case ACCOUNT_PASSWORD:
		return ui_account_passwd(ui, me->username);
	case ACCOUNT_COMPUTER:
		return computer_games(ui, me);
	case ACCOUNT_HISTORY:
		return ui_records_browse(ui, me);
	case ACCOUNT_WATCH:
		return ui_watch(ui, 0);
	case ACCOUNT_ONLINE:
		return ui_remote_online(ui, me);
	case ACCOUNT_CHALLENGES:
		return ui_remote_answer(ui, me, false);
	case ACCOUNT_REFUSE:
		return ui_remote_refuse(ui);
	case ACCOUNT_PREFS:
		return ui_prefs_page(ui, me);
	case ACCOUNT_LOBBY:
		return ui_lobby(ui, me);
	case ACCOUNT_REMATCH:
		return ui_remote_rematch(ui, me);
	case ACCOUNT_UNFINISHED:
		return unfinished_matches(ui, me);
	}
	return UI_OK;
}

/* The account menu for `me`, until Log out: items 1 to 12, then 13
 * (a rematch) after a match from two terminals and 14 (the unfinished
 * matches) while there are some, each under its own number. */
static enum ui_status account_menu(struct ui *ui, struct player *me)
{
	char title[256], again[256], unfinished[128];

	for (;;) {
		/* in the loop: Preferences may change the language */
		const char *labels[15] = {_("Ranked match"),
					  _("Play the computer"),
					  _("My record"),
					  _("Leaderboard"),
					  _("Match history"),
					  _("Change password"),
					  _("Watch a game"),
					  _("Players online"),
					  _("Answer a challenge"),
					  ui_remote_refusing(ui)
						  ? _("Take challenges again")
						  : _("Refuse challenges"),
					  _("Preferences"),
					  _("Find a game")};
		int keys[15] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
		const char *with = ui_remote_rematch_with(ui);
		int n = 12, open, choice;
		enum ui_status st;

		snprintf(title, sizeof(title), _("Gomoku Club: %s"),
			 me->username);
		st = ui_remote_answer(ui, me, true);
		if (ends_menu(st))
			return st;
		if (with != NULL) {
			snprintf(again, sizeof(again),
				 _("Rematch %s (colours swapped)"), with);
			labels[n] = again;
			keys[n++] = ACCOUNT_REMATCH;
		}
		open = ui_matches_unfinished_count(&ui->club, me);
		if (open > 0) {
			snprintf(unfinished, sizeof(unfinished),
				 _("Unfinished matches (%d)"), open);
			labels[n] = unfinished;
			keys[n++] = ACCOUNT_UNFINISHED;
		}
		labels[n] = _("Log out");
		keys[n++] = ACCOUNT_LOGOUT;
		st = ui_menu(ui, title, labels, keys, n, &choice);
		if (st != UI_OK)
			return st;
		if (choice == ACCOUNT_LOGOUT)
			return UI_OK;
		st = account_item(ui, me, choice);
		if (ends_menu(st))
			return st;
	}
}

/* Main menu item 4: two guests, or a guest against the computer. */
static enum ui_status quick_game(struct ui *ui)
{
	const char *labels[] = {_("Two players at this terminal"),
				_("Against the computer"), _("Back")};
	static const int keys[] = {1, 2, 0};
	enum ui_status st;
	int choice;

	st = ui_menu(ui, _("Quick game (not recorded)"), labels, keys, 3,
		     &choice);
	if (st != UI_OK || choice == 0)
		return st;
	if (choice == 2)
		return computer_games(ui, NULL);
	st = ui_choose_game(ui, NULL, CHOICE_GUEST);
	return st == UI_OK ? ui_game_guest(ui) : st;
}

/* `me` logged in (or just registered) from the main menu: their
 * presence and preferences, an unfinished match offered, the account
 * menu until they log out. */
static enum ui_status logged_in(struct ui *ui, struct player *me)
{
	enum ui_status st;
	bool resumed = false;

	ui_presence_begin(ui, me->id);
	ui_remote_take_challenges(ui);
	st = ui_prefs_login(ui, me);
	if (st == UI_OK)
		st = ui_remote_rejoin(ui, me, 0, &resumed);
	if (st == UI_OK && !resumed)
		st = ui_matches_offer_resume(ui, me, NULL, &resumed);
	if (st == UI_OK)
		st = account_menu(ui, me);
	ui_presence_end(ui);
	ui_prefs_logout(ui);
	/* a stale session too is logged out: the main menu again */
	return ui_account_leave(&ui->club, me, st);
}

/* Run the main menu item `choice`. */
static enum ui_status main_item(struct ui *ui, int choice)
{
	struct player *me;
	enum ui_status st;

	switch (choice) {
	case MAIN_REGISTER:
		st = ui_account_register_login(ui, &me);
		return st == UI_OK ? logged_in(ui, me) : st;
	case MAIN_LOGIN:
		st = ui_account_login(ui, NULL, NULL, &me);
		return st == UI_OK ? logged_in(ui, me) : st;
	case MAIN_LEADERBOARD:
		return ui_list_leaderboard(ui, 10, PLIST_BY_SCORE, NULL);
	case MAIN_GUEST:
		return quick_game(ui);
	case MAIN_WATCH:
		return ui_watch(ui, 0);
	}
	return UI_OK;
}

enum ui_status ui_menu_main(struct ui *ui)
{
	static const int keys[] = {1, 2, 3, 4, 5, 0};

	for (;;) {
		/* in the loop: a player's language ends at logout */
		const char *labels[] = {
			_("Register"),	   _("Log in"),
			_("Leaderboard"),  _("Quick game (guests)"),
			_("Watch a game"), _("Quit")};
		enum ui_status st;
		int choice;

		st = ui_menu(ui, _("Gomoku Club"), labels, keys, 6, &choice);
		if (st != UI_OK || choice == MAIN_QUIT)
			return st;
		st = main_item(ui, choice);
		if (ends_menu(st))
			return st;
	}
}
