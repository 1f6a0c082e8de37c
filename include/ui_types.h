/* ui_types.h -- the ui's data, which every ui file shares and no file
 * owns: how a step ended (enum ui_status), what main.c parsed (struct
 * ui_options), a player's preferences, the club's handles, and struct ui
 * itself, in its named parts. It declares no function, so the files
 * below ui.c (the page, the presence, the words) see it without seeing
 * ui.c's prompts (ui.h). */
#ifndef GOMOKU_UI_TYPES_H
#define GOMOKU_UI_TYPES_H

#include <stdbool.h>
#include <stdio.h>

#include "clock.h"
#include "game_def.h"
#include "i18n.h"
#include "match.h"
#include "origin.h"
#include "paths.h"
#include "player.h"
#include "rng.h"
#include "rules.h"
#include "term.h"
#include "ui_term.h"

struct store;
struct match_full;
struct auth_wordlist;

/* How a step of the interface ended; main() turns it into an exit
 * status (see ui_exit_status()). */
enum ui_status {
	UI_OK = 0,
	UI_REFUSED,	/* wrong password, invalid input, nothing done */
	UI_USAGE,	/* a bad command line */
	UI_FAILED,	/* the database or memory failed; said why */
	UI_EOF,		/* end of input */
	UI_INTERRUPTED, /* Ctrl-C, SIGTERM or SIGHUP */
	UI_TIMEOUT,	/* a deadline passed (a timed move) */
	UI_STALE	/* a player's session ended: their password was
			 * changed in another session (said so); see
			 * ui->club.stale */
};

/* Who moves first against the computer (--first). */
enum ui_first { FIRST_COIN = 0, FIRST_ME, FIRST_COMPUTER };

/* How listings are printed (--format). */
enum ui_format { FORMAT_TABLE = 0, FORMAT_TSV, FORMAT_JSON };

/* What the command line chose: main.c parses it, and everything below
 * main.c reads it through a const pointer (ui->opt). */
struct ui_options {
	enum ui_format format;
	struct variant variant;	    /* for new games */
	bool variant_chosen;	    /* by --variant, --size, --k or --rule */
	struct time_control time;   /* --time-per-move or --clock */
	int claim_after_days;	    /* --claim-after: a claim wait asked
				     * for new matches (stricter only);
				     * -1 when not given */
	enum ui_first first;	    /* against the computer */
	enum match_opening opening; /* for new games (--opening) */
	bool opening_given;	    /* --opening was given */
	bool time_given;	    /* --time-per-move or --clock given */
	bool forbidden_loses;	    /* renju: a forbidden point loses */
	bool forbidden_given;	    /* --forbidden was given (recorded
				     * games: stricter than the club's
				     * only) */
	bool show_forbidden;	    /* renju: mark forbidden points */
	struct paths paths;
	const char *db_path;
	/* Given on the command line, so a player's preferences do not
	 * change them for this run (ui_prefs.c). */
	bool lang_given;     /* --lang */
	bool ascii_given;    /* --ascii */
	bool no_color_given; /* --no-color */
};

/* The preferences of the player logged in from the menus, as applied
 * (ui_prefs.c), and the environment's choices they replaced, put back
 * at logout. */
struct ui_prefs {
	bool applied;	    /* a player's preferences are in force */
	enum lang env_lang; /* the environment's, before they were */
	bool env_ascii;
	bool env_color;
	bool confirm_moves; /* a move is played on a second key press */
	int ai_level;	    /* the default level against the computer,
			     * 0 for none: the level is asked */
};

/* The club's accounts: opened by ui_account_open(), closed by
 * ui_account_close(). */
struct ui_club {
	struct store *store;
	struct plist *players;
	struct auth_wordlist *common;
	/* The player whose session the store last found stale (a write in
	 * their name refused: their password changed elsewhere), told so
	 * once; 0 for none. Their menu logs them out (UI_STALE). */
	long long stale;
	/* Where this process's player connects from (origin.h): the SSH
	 * client's address, read once at start; "" at the machine. */
	char origin[ORIGIN_MAX];
};

/* This process's presence row and the challenges it announced: private
 * to ui_presence.c and ui_remote.c (src/ui_presence.h). */
struct ui_presence;

struct ui {
	struct ui_term term;
	const struct ui_options *opt;
	struct ui_club club;
	struct rng rng; /* coin flips; repeatable with --seed */
	/* NULL but while a player is logged in here: from
	 * ui_presence_begin() to ui_presence_end(). */
	struct ui_presence *presence;
	/* While set (a player logged in from the menus), called before
	 * every line-mode prompt and menu: asks the player about a
	 * challenge that came (ui_remote_challenge_at_prompt()). The
	 * page's Tab reaches it through term.tab, set beside it
	 * (ui_remote_take_challenges()). */
	enum ui_status (*challenge_hook)(struct ui *ui, bool asked);
	struct ui_prefs prefs;
	/* The game the next game plays (ui_choose.c). main.c fills it from
	 * the command line (ui_choose_from_options()) for the commands;
	 * before a game started from the menus, ui_choose_game() fills it
	 * again: what the command line gave, else the player's
	 * preferences, else the defaults, then what the player chose. */
	struct game_def game;
};

#endif
