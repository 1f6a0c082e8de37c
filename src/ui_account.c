/* ui_account.c -- accounts at the terminal: opening the club's database,
 * registering, logging in, changing a password. */
#include <string.h>
#include <strings.h>

#include "auth.h"
#include "confusable.h"
#include "store.h"
#include "ui_account.h"
#include "ui_internal.h"
#include "ui_page.h"

#define COMMON_PASSWORDS "common-passwords.txt"

/* Say why the database at ui->opt->db_path cannot be used. */
static void explain_open_failure(struct ui *ui, enum store_status st)
{
	switch (st) {
	case STORE_NEWER:
		ui_error(&ui->term,
			 _("%s was made by a newer Gomoku Club; it was "
			   "left untouched"),
			 ui->opt->db_path);
		break;
	case STORE_NOT_OURS:
		ui_error(&ui->term, _("%s is not a Gomoku Club database"),
			 ui->opt->db_path);
		break;
	default:
		ui_error(&ui->term, _("cannot open the database %s: %s"),
			 ui->opt->db_path,
			 ui->club.store != NULL ? store_errmsg(ui->club.store)
						: _("out of memory"));
		break;
	}
}

/* Whether ui->opt->db_path names a file; says so when it does not. */
static bool have_db_path(struct ui *ui)
{
	if (ui->opt->db_path != NULL && ui->opt->db_path[0] != '\0')
		return true;
	ui_error(&ui->term, _("no place for the database: set --db PATH or "
			      "GOMOKU_DB"));
	return false;
}

enum ui_status ui_account_open(struct ui *ui)
{
	enum store_status st;

	if (ui->club.store != NULL)
		return UI_OK;
	if (!have_db_path(ui))
		return UI_FAILED;
	if (paths_check_private(ui->opt->db_path) != 0)
		ui_error(&ui->term,
			 _("warning: the database %s is readable by other "
			   "users; make it private with: chmod 600 %s"),
			 ui->opt->db_path, ui->opt->db_path);
	st = store_open(ui->opt->db_path, &ui->club.store);
	if (st != STORE_OK)
		goto out_fail;
	ui->club.players = plist_create();
	if (ui->club.players == NULL) {
		ui_error(&ui->term, _("out of memory"));
		return UI_FAILED;
	}
	st = store_watch_players(ui->club.store, ui->club.players);
	if (st != STORE_OK)
		goto out_fail;
	return UI_OK;
out_fail:
	explain_open_failure(ui, st);
	ui_account_close(&ui->club);
	return UI_FAILED;
}

enum ui_status ui_account_open_readonly(struct ui *ui)
{
	enum store_status st;

	if (ui->club.store != NULL)
		return UI_OK;
	if (!have_db_path(ui))
		return UI_FAILED;
	st = store_open_readonly(ui->opt->db_path, &ui->club.store);
	if (st == STORE_OK)
		return UI_OK;
	explain_open_failure(ui, st);
	ui_account_close(&ui->club);
	return UI_FAILED;
}

enum ui_status ui_account_refresh(struct ui *ui)
{
	if (ui->club.store == NULL || ui->club.players == NULL)
		return UI_OK;
	if (store_refresh_players(ui->club.store, ui->club.players) != STORE_OK)
		return ui_store_failed(ui, _("cannot read the players"));
	return UI_OK;
}

void ui_account_close(struct ui_club *club)
{
	store_close(club->store);
	club->store = NULL;
	plist_free(club->players);
	club->players = NULL;
	auth_wordlist_free(club->common);
	club->common = NULL;
}

/* The common-password list, loaded on first use. NULL when it cannot be
 * read, after saying that new passwords are refused until it is there:
 * registration and password changes fail closed. */
static const struct auth_wordlist *common_passwords(struct ui *ui)
{
	char path[PATH_MAX];

	if (ui->club.common != NULL)
		return ui->club.common;
	if (paths_join(path, ui->opt->paths.data_dir, COMMON_PASSWORDS) == 0)
		ui->club.common = auth_wordlist_load(path);
	if (ui->club.common == NULL)
		ui_error(&ui->term,
			 _("cannot read the list of common passwords %s: no "
			   "account can be registered and no password "
			   "changed until it is installed"),
			 path);
	return ui->club.common;
}

/* Explain a refused name or password. */
static void explain_policy(struct ui_term *term, enum auth_policy p)
{
	static const char *const why[] = {
		[AUTH_USERNAME_LENGTH] = N_("A username has 3 to 20 "
					    "characters."),
		[AUTH_USERNAME_CHARS] = N_("A username may use only letters "
					   "a-z, A-Z, digits and _."),
		[AUTH_NICKNAME_LENGTH] = N_("A nickname has 1 to 20 "
					    "characters."),
		[AUTH_NICKNAME_CHARS] = N_("A nickname cannot hold control "
					   "characters."),
		[AUTH_NICKNAME_INVISIBLE] =
			N_("A nickname cannot hold invisible characters or "
			   "ones that change the text's direction."),
		[AUTH_NICKNAME_NOT_NFC] = N_("A nickname must be in Unicode "
					     "NFC."),
		[AUTH_NICKNAME_LOOKALIKE] = N_("That nickname looks like "
					       "another player's name."),
		[AUTH_USERNAME_LOOKALIKE] = N_("That username looks like "
					       "another player's name."),
		[AUTH_NAME_MARKS] = N_("A name cannot pile more than two "
				       "combining marks on one character."),
		[AUTH_NAME_SCRIPTS] =
			N_("That name mixes scripts whose letters pass for "
			   "one another: use one script, or Latin with one "
			   "other that is not Cyrillic or Greek."),
		[AUTH_PASSWORD_SHORT] = N_("A password needs at least 8 "
					   "characters."),
		[AUTH_PASSWORD_LONG] = N_("A password can have at most 256 "
					  "bytes."),
		[AUTH_PASSWORD_COMMON] = N_("That password is too common; "
					    "choose another."),
		[AUTH_PASSWORD_IS_NAME] = N_("The password cannot be the "
					     "username."),
		[AUTH_PASSWORD_REPEATS] =
			N_("That password is too easy to guess: repeats like "
			   "\"aaa\" or \"abcabc\" are hardly harder than "
			   "\"a\" or \"abc\". Add a few uncommon words."),
		[AUTH_PASSWORD_SEQUENCE] =
			N_("That password is too easy to guess: sequences like "
			   "abc or 6543 are tried first. Add a few uncommon "
			   "words."),
		[AUTH_PASSWORD_KEYBOARD] =
			N_("That password is too easy to guess: keyboard "
			   "patterns like qwerty are tried first. Add a few "
			   "uncommon words."),
		[AUTH_PASSWORD_DATES] =
			N_("That password is too easy to guess: dates and "
			   "years are tried first. Add a few uncommon words."),
		[AUTH_PASSWORD_NAMES] =
			N_("That password is too easy to guess: it is made of "
			   "your username or nickname. Add a few uncommon "
			   "words."),
		[AUTH_PASSWORD_WORDS] =
			N_("That password is too easy to guess: common words "
			   "and passwords are tried first, also with letters "
			   "swapped for digits. Add a few uncommon words."),
		[AUTH_PASSWORD_GUESSABLE] = N_(
			"That password is too easy to guess: make it longer, "
			"with a few uncommon words."),
	};

	if (p > AUTH_OK && p < (int)(sizeof(why) / sizeof(why[0])))
		ui_say(term, "%s", _(why[p]));
}

/* True when the password typed asks to leave its prompt, as ui_left()
 * says of a line. */
static bool secret_left(const struct auth_secret *pw)
{
	return pw->len == 0 || (pw->len == 1 && pw->bytes[0] == '\x1b');
}

/* The player left a prompt of Register or Log in: say so and go back
 * (UI_REFUSED: nothing done, the menu goes on). */
static enum ui_status left_prompt(struct ui_term *term)
{
	ui_say(term, _("Cancelled."));
	return UI_REFUSED;
}

struct password_prompt {
	struct ui *ui;
	const char *text;
};

/* Show a password prompt (a term_prompt's show: echo is off by now). */
static void show_password_prompt(void *ctx)
{
	const struct password_prompt *p = ctx;

	ui_put_clean(&p->ui->term, p->text);
	fflush(p->ui->term.out);
}

/* Show `prompt` and read a password into *pw (no echo on a terminal:
 * echo goes off before the prompt shows). Too-long lines get a message
 * and the prompt again; an empty line or Esc leaves (UI_REFUSED, *pw
 * empty). */
static enum ui_status read_password(struct ui *ui, const char *prompt,
				    struct auth_secret *pw)
{
	struct password_prompt p = {ui, prompt};
	const struct term_prompt show = {show_password_prompt, &p};

	for (;;) {
		enum auth_read r;

		if (ui_page_active(&ui->term))
			r = ui_page_secret(&ui->term, prompt, pw);
		else
			r = auth_secret_read(ui->term.in, pw, &show);
		if (ui->term.page == NULL &&
		    (!ui->term.tty_in || r == AUTH_READ_EOF ||
		     r == AUTH_READ_INTERRUPTED))
			fputc('\n', ui->term.out);
		switch (r) {
		case AUTH_READ_OK:
			if (!secret_left(pw))
				return UI_OK;
			auth_secret_free(pw);
			return left_prompt(&ui->term);
		case AUTH_READ_EOF:
			return UI_EOF;
		case AUTH_READ_INTERRUPTED:
			return UI_INTERRUPTED;
		case AUTH_READ_TOO_LONG:
			explain_policy(&ui->term, AUTH_PASSWORD_LONG);
			break;
		case AUTH_READ_ERROR:
			ui_error(&ui->term, _("cannot read the password"));
			return UI_FAILED;
		}
	}
}

/* Whether `pw` may be the password of `username` (nicknamed `nickname`):
 * it passes the rules (with the list `common`, may be NULL) and differs
 * from `current` (when not NULL). Says why not. */
static bool password_ok(struct ui_term *term, const char *username,
			const char *nickname,
			const struct auth_wordlist *common,
			const struct auth_secret *current,
			const struct auth_secret *pw)
{
	enum auth_policy p =
		auth_check_password(pw, username, nickname, common);

	if (p != AUTH_OK) {
		explain_policy(term, p);
		return false;
	}
	if (current != NULL && auth_secret_equal(pw, current)) {
		ui_say(term, _("The new password must differ from the current "
			       "one."));
		return false;
	}
	return true;
}

/* Read a password for `username` (nicknamed `nickname`) twice until it
 * is acceptable and both agree: a new account's, or with `current` (the
 * password now) a new one, which must differ from it. On UI_OK *pw holds
 * it (free with auth_secret_free). */
static enum ui_status read_new_password(struct ui *ui, const char *username,
					const char *nickname,
					const struct auth_secret *current,
					struct auth_secret *pw)
{
	const char *first =
		current != NULL ? _("New password: ") : _("Password: ");
	const char *second = current != NULL ? _("New password again: ")
					     : _("Password again: ");
	const struct auth_wordlist *common = common_passwords(ui);
	struct auth_secret again = {NULL, 0};
	enum ui_status st;

	if (common == NULL)
		return UI_REFUSED;
	for (;;) {
		st = read_password(ui, first, pw);
		if (st != UI_OK)
			return st;
		if (!password_ok(&ui->term, username, nickname, common, current,
				 pw)) {
			auth_secret_free(pw);
			continue;
		}
		st = read_password(ui, second, &again);
		if (st == UI_OK && auth_secret_equal(pw, &again)) {
			auth_secret_free(&again);
			return UI_OK;
		}
		auth_secret_free(&again);
		auth_secret_free(pw);
		if (st != UI_OK)
			return st;
		ui_say(&ui->term,
		       _("The passwords do not match. Please try again."));
	}
}

/* Check a new account's name against the other players' names (as the
 * store holds them: `lookalike` when one looks like it, also when that
 * cannot be told) and for what no name may hold (confusable_check()).
 * Return AUTH_OK or why not. */
static enum auth_policy name_ok(struct ui_club *club, const char *name,
				enum auth_policy lookalike)
{
	bool alike = true;

	if (store_name_lookalike(club->store, name, 0, &alike) != STORE_OK ||
	    alike)
		return lookalike;
	switch (confusable_name_verdict(name)) {
	case CONFUSABLE_FINE:
		return AUTH_OK;
	case CONFUSABLE_MARKS:
		return AUTH_NAME_MARKS;
	case CONFUSABLE_SCRIPTS:
		return AUTH_NAME_SCRIPTS;
	default:
		return lookalike;
	}
}

/* Check a username for a new account: valid (*p), free (*taken) and
 * like no one's (*p). Return UI_OK, or UI_FAILED said why. */
static enum ui_status new_username_ok(struct ui *ui, const char *name,
				      enum auth_policy *p, bool *taken)
{
	struct player *found = NULL;
	enum ui_status st = UI_OK;

	*p = auth_check_username(name);
	if (*p == AUTH_OK)
		st = ui_player_named(ui, name, &found);
	*taken = found != NULL;
	if (st == UI_OK && *p == AUTH_OK && !*taken)
		*p = name_ok(&ui->club, name, AUTH_USERNAME_LOOKALIKE);
	return st;
}

/* The username for a new account: `given`, or asked until acceptable. */
static enum ui_status choose_username(struct ui *ui, const char *given,
				      char *buf)
{
	enum auth_policy p;
	enum ui_status st;
	bool taken;

	for (;;) {
		if (given != NULL) {
			snprintf(buf, TERM_LINE_MAX + 1, "%s", given);
		} else {
			st = ui_read_word(ui, _("Username: "), buf);
			if (st != UI_OK)
				return st;
			if (ui_left(buf))
				return left_prompt(&ui->term);
		}
		st = new_username_ok(ui, buf, &p, &taken);
		if (st != UI_OK)
			return st;
		if (p != AUTH_OK)
			explain_policy(&ui->term, p);
		else if (taken)
			ui_say(&ui->term, _("That username is taken."));
		else
			return UI_OK;
		if (given != NULL)
			return UI_REFUSED;
	}
}

/* Check the nickname in buf, after putting it in NFC (in place).
 * Return AUTH_OK or why not. */
static enum auth_policy nickname_ok(struct ui *ui, char *buf)
{
	char nfc[TERM_LINE_MAX + 1];
	enum auth_policy p;

	if (auth_nickname_nfc(buf, nfc, sizeof(nfc)) != 0)
		return AUTH_NICKNAME_LENGTH;
	snprintf(buf, TERM_LINE_MAX + 1, "%s", nfc);
	p = auth_check_nickname(buf);
	if (p == AUTH_OK)
		p = name_ok(&ui->club, buf, AUTH_NICKNAME_LOOKALIKE);
	return p;
}

/* The nickname for a new account: `given`, or asked (empty = username). */
static enum ui_status choose_nickname(struct ui *ui, const char *given,
				      const char *username, char *buf)
{
	char prompt[128];
	enum auth_policy p;

	snprintf(prompt, sizeof(prompt), _("Nickname (Enter for %s): "),
		 username);
	for (;;) {
		if (given != NULL) {
			snprintf(buf, TERM_LINE_MAX + 1, "%s", given);
		} else {
			enum ui_status st = ui_read_word(ui, prompt, buf);

			if (st != UI_OK)
				return st;
			if (strcmp(buf, "\x1b") == 0)
				return left_prompt(&ui->term);
			if (buf[0] == '\0')
				snprintf(buf, TERM_LINE_MAX + 1, "%s",
					 username);
		}
		p = nickname_ok(ui, buf);
		if (p == AUTH_OK)
			return UI_OK;
		explain_policy(&ui->term, p);
		if (given != NULL)
			return UI_REFUSED;
	}
}

/* Say why no account may be made from this connection now
 * (store_join()): the club makes its accounts at its machine only, or
 * its accounts for the day from here are made. Return UI_REFUSED. */
static enum ui_status say_joins_spent(struct ui *ui)
{
	struct club_settings c;

	if (store_club_get(ui->club.store, &c) == STORE_OK &&
	    c.join == CLUB_JOIN_CLOSED)
		ui_say(&ui->term,
		       _("The club's accounts are made by its administrator: "
			 "ask them for one."));
	else
		ui_say(&ui->term,
		       _("Enough accounts were made from your connection "
			 "today: try again tomorrow, or ask the club's "
			 "administrator."));
	return UI_REFUSED;
}

/* Hash `pw` and create the account; add it to the list. */
static enum ui_status create_account(struct ui *ui, const char *username,
				     const char *nickname,
				     const struct auth_secret *pw)
{
	char hash[AUTH_HASH_MAX];
	enum store_status st;
	long long id;

	if (auth_hash(pw, hash) != 0) {
		ui_error(&ui->term, _("out of memory"));
		return UI_FAILED;
	}
	st = store_join(ui->club.store, username, nickname, hash,
			ui->club.origin, store_now(), &id);
	memset(hash, 0, sizeof(hash));
	if (st == STORE_EXISTS) {
		ui_say(&ui->term, _("That username is taken."));
		return UI_REFUSED;
	}
	if (st == STORE_LIMIT)
		return say_joins_spent(ui);
	if (st == STORE_LOOKALIKE) {
		ui_say(&ui->term,
		       _("While you typed, another player registered a "
			 "name that looks like yours: nothing was created. "
			 "Register again with other names."));
		return UI_REFUSED;
	}
	if (st != STORE_OK ||
	    store_reload_player(ui->club.store, ui->club.players, id) !=
		    STORE_OK)
		return ui_store_failed(ui, NULL);
	ui_say(&ui->term, _("Welcome, %s! Your account %s is ready."), nickname,
	       username);
	return UI_OK;
}

/* ui_account_register(), with the username of the account made in the
 * caller's name[TERM_LINE_MAX + 1]. */
static enum ui_status register_account(struct ui *ui, const char *username,
				       const char *nickname, char *name)
{
	char nick[TERM_LINE_MAX + 1];
	struct auth_secret pw = {NULL, 0};
	enum ui_status st;
	int left = 0;

	ui_say(&ui->term, _("New account"));
	if (store_joins_left(ui->club.store, ui->club.origin, store_now(),
			     &left) != STORE_OK)
		return ui_store_failed(ui, NULL);
	if (left == 0)
		return say_joins_spent(ui); /* said before anything is typed */
	if (common_passwords(ui) == NULL)
		return UI_REFUSED;
	st = ui_account_refresh(ui); /* names taken elsewhere since start-up */
	if (st == UI_OK)
		st = choose_username(ui, username, name);
	if (st == UI_OK)
		st = choose_nickname(ui, nickname, name, nick);
	if (st == UI_OK)
		st = read_new_password(ui, name, nick, NULL, &pw);
	if (st == UI_OK)
		st = create_account(ui, name, nick, &pw);
	auth_secret_free(&pw);
	return st;
}

/* The account `username` just made logs in: its login recorded and its
 * session begun on the store, as after a password was checked. */
static enum ui_status first_login(struct ui *ui, const char *username,
				  struct player **who)
{
	struct store_login login;
	enum store_status st;

	memset(&login, 0, sizeof(login));
	st = store_get_login(ui->club.store, username, ui->club.origin, &login);
	if (st == STORE_OK)
		st = store_login_succeeded(ui->club.store, login.id,
					   ui->club.origin, store_now(), NULL);
	if (st == STORE_OK)
		st = store_reload_player(ui->club.store, ui->club.players,
					 login.id);
	if (st == STORE_OK)
		st = store_session_begin(ui->club.store, login.id, login.gen);
	*who = plist_find_id(ui->club.players, login.id);
	memset(&login, 0, sizeof(login));
	if (st != STORE_OK || *who == NULL)
		return ui_store_failed(ui, NULL);
	ui_say(&ui->term, _("Logged in: %s (%s)"), (*who)->nickname,
	       (*who)->username);
	return UI_OK;
}

enum ui_status ui_account_register(struct ui *ui, const char *username,
				   const char *nickname)
{
	char name[TERM_LINE_MAX + 1];

	return register_account(ui, username, nickname, name);
}

enum ui_status ui_account_register_login(struct ui *ui, struct player **who)
{
	char name[TERM_LINE_MAX + 1];
	enum ui_status st = register_account(ui, NULL, NULL, name);

	return st == UI_OK ? first_login(ui, name, who) : st;
}

/* Read what a login for `username` needs into *login: the player's
 * hash, failures and lock, or for a name with no account the failures
 * and lock kept for that name (none for a name no account can have).
 * *known tells which. Return STORE_OK or STORE_ERR. */
static enum store_status read_login(struct ui_club *club, const char *username,
				    struct store_login *login, bool *known)
{
	enum store_status st =
		store_get_login(club->store, username, club->origin, login);

	*known = st == STORE_OK;
	if (st != STORE_NOT_FOUND)
		return st;
	memset(login, 0, sizeof(*login));
	if (auth_check_username(username) != AUTH_OK)
		return STORE_OK;
	return store_get_name_failures(club->store, username, club->origin,
				       login);
}

/* Check `pw` for `username` against the database, counting failures and
 * locks there. A wrong name and a wrong password get the same answer,
 * "invalid username or password", after the same work (one Argon2id
 * verification, one write while not locked), and a name with no account
 * counts failures and locks like an account: nothing tells them apart.
 * Only the right password learns that its account is locked. `wrong`
 * (when not NULL) replaces that answer for a wrong password of a player
 * who exists: for a player already logged in, whose name is no secret.
 * On UI_OK *login is the player's (wipe it after use). */
static enum ui_status check_login(struct ui *ui, const char *username,
				  const struct auth_secret *pw,
				  const char *wrong, struct store_login *login)
{
	long long now = store_now();
	enum store_status st;
	bool known, ok, locked;

	if (read_login(&ui->club, username, login, &known) != STORE_OK)
		return ui_store_failed(ui, NULL);
	ok = auth_verify(known ? login->hash : NULL, pw);
	locked = login->locked_until > now;
	if (ok && locked) {
		ui_say(&ui->term,
		       ngettext("This account is locked after too many "
				"failed logins. Try again in %lld second.",
				"This account is locked after too many "
				"failed logins. Try again in %lld seconds.",
				(unsigned long)(login->locked_until - now)),
		       login->locked_until - now);
		return UI_REFUSED;
	}
	if (!ok) {
		st = STORE_OK;
		if (!locked && known)
			st = store_login_failed(ui->club.store, login->id,
						ui->club.origin, now);
		else if (!locked && auth_check_username(username) == AUTH_OK)
			st = store_name_failed(ui->club.store, username,
					       ui->club.origin, now);
		if (st != STORE_OK)
			return ui_store_failed(ui, NULL);
		ui_say(&ui->term, "%s",
		       st == STORE_OK && wrong != NULL
			       ? wrong
			       : _("Invalid username or password."));
		return UI_REFUSED;
	}
	return UI_OK;
}

/* Record a successful login, upgrading the hash when its parameters are
 * out of date, and refresh the player's node. */
static enum ui_status login_succeeded(struct ui *ui, long long id,
				      const struct auth_secret *pw,
				      const char *old_hash)
{
	char hash[AUTH_HASH_MAX];
	bool rehash = auth_needs_rehash(old_hash);
	enum store_status st;

	if (rehash && auth_rehash(pw, old_hash, hash) != 0)
		rehash = false;
	st = store_login_succeeded(ui->club.store, id, ui->club.origin,
				   store_now(), rehash ? hash : NULL);
	memset(hash, 0, sizeof(hash));
	if (st != STORE_OK ||
	    store_reload_player(ui->club.store, ui->club.players, id) !=
		    STORE_OK)
		return ui_store_failed(ui, NULL);
	return UI_OK;
}

/* Check `pw` as `username`'s password and record the login (see
 * check_login() for `wrong`); *id is the player's, *gen the generation
 * of the password it checked (for the session: store_session_begin()). */
static enum ui_status verify(struct ui *ui, const char *username,
			     const struct auth_secret *pw, const char *wrong,
			     long long *id, long long *gen)
{
	struct store_login login;
	enum ui_status st;

	memset(&login, 0, sizeof(login));
	st = check_login(ui, username, pw, wrong, &login);
	if (st == UI_OK)
		st = login_succeeded(ui, login.id, pw, login.hash);
	*id = login.id;
	*gen = login.gen;
	memset(&login, 0, sizeof(login));
	return st;
}

/* Ask for `username`'s password and check it; the player's session
 * begins on the store with the generation of the password checked. */
static enum ui_status authenticate(struct ui *ui, const char *username,
				   long long *id)
{
	struct auth_secret pw = {NULL, 0};
	char prompt[128];
	enum ui_status st;
	long long gen = 0;

	snprintf(prompt, sizeof(prompt), _("Password for %s: "), username);
	st = read_password(ui, prompt, &pw);
	if (st == UI_OK)
		st = verify(ui, username, &pw, NULL, id, &gen);
	auth_secret_free(&pw);
	if (st == UI_OK &&
	    store_session_begin(ui->club.store, *id, gen) != STORE_OK)
		st = ui_store_failed(ui, NULL);
	if (st == UI_OK && ui->club.stale == *id)
		ui->club.stale = 0; /* logged in again */
	return st;
}

enum ui_status ui_account_login(struct ui *ui, const char *username,
				const struct player *other, struct player **who)
{
	char name[TERM_LINE_MAX + 1];
	enum ui_status st = ui_account_refresh(ui);
	long long id;

	if (st != UI_OK)
		return st;
	if (username != NULL) {
		snprintf(name, sizeof(name), "%s", username);
	} else {
		st = ui_read_word(ui, _("Username: "), name);
		if (st != UI_OK)
			return st;
		if (ui_left(name))
			return left_prompt(&ui->term);
	}
	if (other != NULL && plist_find(ui->club.players, name) == other) {
		ui_say(&ui->term,
		       _("%s is already playing; the opponent needs "
			 "another account."),
		       other->username);
		return UI_REFUSED;
	}
	st = authenticate(ui, name, &id);
	if (st != UI_OK)
		return st;
	*who = plist_find(ui->club.players, name); /* O(1), unlike by id */
	if (*who == NULL || (*who)->id != id)
		*who = plist_find_id(ui->club.players, id);
	ui_say(&ui->term, _("Logged in: %s (%s)"), (*who)->nickname,
	       (*who)->username);
	return UI_OK;
}

enum ui_status ui_account_leave(struct ui_club *club, const struct player *who,
				enum ui_status st)
{
	store_session_end(club->store, who->id);
	return st == UI_STALE && club->stale == who->id ? UI_OK : st;
}

/* The nickname of the player `username` into *nickname. Return UI_OK,
 * or UI_FAILED said why. */
static enum ui_status nickname_of(struct ui *ui, const char *username,
				  const char **nickname)
{
	struct player *p;
	enum ui_status st = ui_player_named(ui, username, &p);

	*nickname = p != NULL ? p->nickname : NULL;
	return st;
}

enum ui_status ui_account_passwd(struct ui *ui, const char *username)
{
	struct auth_secret old = {NULL, 0}, pw = {NULL, 0};
	char hash[AUTH_HASH_MAX];
	enum ui_status st;
	long long id = 0, gen = 0;
	const char *nickname = NULL;

	ui_say(&ui->term, _("Changing the password of %s."), username);
	if (common_passwords(ui) == NULL)
		return UI_REFUSED;
	st = read_password(ui, _("Current password: "), &old);
	if (st == UI_OK)
		st = verify(ui, username, &old, _("Wrong current password."),
			    &id, &gen);
	if (st == UI_OK)
		st = nickname_of(ui, username, &nickname);
	if (st == UI_OK)
		st = read_new_password(ui, username, nickname, &old, &pw);
	if (st == UI_OK && auth_hash(&pw, hash) != 0)
		st = UI_FAILED;
	if (st == UI_OK &&
	    store_set_password(ui->club.store, id, hash) != STORE_OK)
		st = ui_store_failed(ui, NULL);
	if (st == UI_OK)
		ui_say(&ui->term, _("Password changed."));
	auth_secret_free(&old);
	auth_secret_free(&pw);
	memset(hash, 0, sizeof(hash));
	return st;
}
