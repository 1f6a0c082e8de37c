/* ui_account.h -- private to the ui and main.c: the accounts (open the
 * club, register, log in, leave, change a password; ui_account.c). */
#ifndef GOMOKU_UI_ACCOUNT_H
#define GOMOKU_UI_ACCOUNT_H

#include "ui_types.h"

/* Open the database at ui->opt->db_path into ui->club.store, with
 * ui->club.players the list of the players this session shows, empty
 * until they are read into it (ui_player()), both ui's until
 * ui_account_close();
 * the common-password list (ui->club.common) is loaded when first needed. Does
 * nothing when the club is already open. Says why and returns UI_FAILED
 * when the database cannot be used (missing path, newer or foreign file,
 * SQLite error, out of memory). */
enum ui_status ui_account_open(struct ui *ui);

/* Open the existing database at ui->opt->db_path read-only
 * (store_open_readonly()) into ui->club.store, loading no players, for
 * `gomoku serve`. Says why and returns UI_FAILED when it cannot be
 * used; UI_OK when it is open (or was already). */
enum ui_status ui_account_open_readonly(struct ui *ui);

/* Close the database and free the player list and the common-password
 * list, leaving their fields NULL. Accepts a ui never opened, or opened
 * and closed before. */
void ui_account_close(struct ui_club *club);

/* Register an account (username and nickname are asked when NULL;
 * the password twice, until it passes the rules) and add it to
 * ui->club.players. An empty line or Esc (a line that is just ESC) at any
 * prompt leaves ("Cancelled.", UI_REFUSED), except at the nickname's,
 * where Enter keeps the username. Return UI_OK; UI_REFUSED when a given
 * name is refused or taken (said why) or the player left; UI_FAILED after
 * saying why hashing or the database failed; UI_EOF or UI_INTERRUPTED when
 * input ends first. Nothing is stored unless the account was added (UI_OK, or
 * UI_FAILED when only re-reading it failed). */
enum ui_status ui_account_register(struct ui *ui, const char *username,
				   const char *nickname);

/* Register from the menus (ui_account_register() with both names asked),
 * then log the new player in, as ui_account_login() does after a right
 * password: on UI_OK *who is their node and their session has begun.
 * Returns what ui_account_register() returns. */
enum ui_status ui_account_register_login(struct ui *ui, struct player **who);

/* Log a player in (username asked when NULL, then the password). A
 * second login for a ranked match passes the first player as `other`,
 * who cannot log in twice. Return UI_OK with *who pointing to the
 * player's node in ui->club.players (the list's, valid until
 * ui_account_close()); UI_REFUSED for a wrong name or password, a locked
 * account or `other` (said so; a wrong password counts towards a lock), or when
 * the player left with an empty line or Esc at a prompt ("Cancelled.", nothing
 * counted); UI_FAILED after
 * saying why the database failed; UI_EOF or UI_INTERRUPTED. *who is set
 * only on UI_OK. On UI_OK the player's session begins on the store
 * (store_session_begin(), with the password checked): it lasts until
 * ui_account_leave() or their password changes in another session. */
enum ui_status ui_account_login(struct ui *ui, const char *username,
				const struct player *other,
				struct player **who);

/* `who` logs out (the player of the account menu, or one logged in
 * beside them for a hot-seat match): their session on the store ends.
 * Return `st`, what they did last, or UI_OK when that is UI_STALE for
 * `who`'s own session: they are logged out, and whoever is still
 * logged in here (or the main menu) goes on. */
enum ui_status ui_account_leave(struct ui_club *club, const struct player *who,
				enum ui_status st);

/* Change `username`'s password: asks the current one ("Wrong current
 * password." when it is not, for a player who exists), then the new one
 * twice until it passes the rules and differs from the current one (an
 * empty line or Esc at any of them leaves, as in ui_account_login()).
 * Return UI_OK once it is stored; otherwise what ui_account_login() would
 * return, or UI_FAILED when hashing (no message) or the database (said
 * why) fails, and the old password stays; UI_STALE (said so) when this
 * process's session of the player is itself stale. Every other session
 * of the player ends; this process's, if any, goes on. */
enum ui_status ui_account_passwd(struct ui *ui, const char *username);

#endif
