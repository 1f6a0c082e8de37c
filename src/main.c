/* main.c -- the command line: options, commands, and the run's set-up. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "auth.h"
#include "brain.h"
#include "clock.h"
#include "number.h"
#include "origin.h"
#include "store.h"
#include "ui.h"
#include "ui_account.h"
#include "ui_analyze.h"
#include "ui_choose.h"
#include "ui_club.h"
#include "ui_game.h"
#include "ui_list.h"
#include "ui_matches.h"
#include "ui_menu.h"
#include "ui_page.h"
#include "ui_presence.h"
#include "ui_records.h"
#include "ui_remote.h"
#include "ui_watch.h"
#include "web.h"

#define MAX_WORDS 4

struct options {
	const char *db, *lang, *format, *seed;
	const char *variant, *size, *k, *rule;
	const char *nickname, *top, *by;
	const char *ai, *first, *time_per_move, *page, *output, *opening;
	const char *forbidden, *claim_after, *clock, *listen;
	bool show_forbidden;
	bool ascii, no_color, plain, help, version, no_admin, proxied;
	const char *words[MAX_WORDS];
	int nwords;
};

struct option_spec {
	const char *name;
	size_t value; /* offset of the const char * field, or of the flag */
	bool takes_value;
};

#define VALUE(f) offsetof(struct options, f), true
#define FLAG(f)	 offsetof(struct options, f), false

static const struct option_spec option_specs[] = {
	{"--db", VALUE(db)},
	{"--lang", VALUE(lang)},
	{"--format", VALUE(format)},
	{"--seed", VALUE(seed)},
	{"--variant", VALUE(variant)},
	{"--size", VALUE(size)},
	{"--k", VALUE(k)},
	{"--rule", VALUE(rule)},
	{"--nickname", VALUE(nickname)},
	{"--top", VALUE(top)},
	{"--by", VALUE(by)},
	{"--ai", VALUE(ai)},
	{"--first", VALUE(first)},
	{"--opening", VALUE(opening)},
	{"--forbidden", VALUE(forbidden)},
	{"--show-forbidden", FLAG(show_forbidden)},
	{"--time-per-move", VALUE(time_per_move)},
	{"--clock", VALUE(clock)},
	{"--claim-after", VALUE(claim_after)},
	{"--page", VALUE(page)},
	{"--listen", VALUE(listen)},
	{"--proxied", FLAG(proxied)},
	{"--output", VALUE(output)},
	{"-o", VALUE(output)},
	{"--ascii", FLAG(ascii)},
	{"--no-color", FLAG(no_color)},
	{"--plain", FLAG(plain)},
	{"--no-admin", FLAG(no_admin)},
	{"--help", FLAG(help)},
	{"-h", FLAG(help)},
	{"--version", FLAG(version)},
};

/* Print the one-line hint that follows a usage error; return UI_USAGE. */
static enum ui_status usage_hint(void)
{
	fprintf(stderr, _("Try 'gomoku --help' for more information.\n"));
	return UI_USAGE;
}

/* A word of the command line, typed in the terminal's character set, in
 * UTF-8 in the caller's buf[TERM_LINE_MAX + 1]; `arg` itself when it
 * needs no conversion or cannot be converted (it is then refused, or
 * shown with '?', as not UTF-8). Not for paths, which stay bytes. */
static const char *arg_utf8(const char *arg, char *buf)
{
	const char *codeset = i18n_terminal_codeset();
	size_t len = strlen(arg);

	if (codeset == NULL || len > TERM_LINE_MAX)
		return arg;
	memcpy(buf, arg, len + 1);
	return i18n_to_utf8(codeset, buf, &len, TERM_LINE_MAX + 1) == 0 ? buf
									: arg;
}

/* Report a bad command line: "gomoku: WHAT 'ARG'" and the hint. */
static enum ui_status usage_error(const char *what, const char *arg)
{
	char clean[UI_CLEAN_MAX], text[TERM_LINE_MAX + 1];

	fprintf(stderr, "gomoku: %s '%s'\n", what,
		ui_clean(arg_utf8(arg, text), clean, sizeof(clean)));
	return usage_hint();
}

static void print_help(FILE *out)
{
	fputs(_("Usage: gomoku [OPTIONS] [COMMAND [ARGUMENTS]]\n"
		"\n"
		"Gomoku Club: gomoku and friends at the terminal, with "
		"player accounts.\n"
		"\n"
		"Commands:\n"
		"  (none)               the menus\n"
		"  play                 a guest game for two at one "
		"terminal (not recorded)\n"
		"  play USER1 USER2     a ranked match; both players log "
		"in\n"
		"  play [USER] --ai N   against the computer\n"
		"  register [USERNAME]  create an account\n"
		"  leaderboard          who leads the club\n"
		"  stats USER           one player's record\n"
		"  history USER         one player's matches\n"
		"  replay MATCH_ID      a match move by move\n"
		"  watch [MATCH_ID]     follow a match in progress, live\n"
		"  challenge USER       a ranked match against USER from "
		"two terminals\n"
		"  export MATCH_ID      a match as a PSQ file or a move "
		"list\n"
		"  import FILE          a PSQ file or move list, as an "
		"unranked match\n"
		"  passwd USER          change a password\n"
		"  brain                the Gomocup protocol on standard "
		"input and output\n"
		"  analyze MATCH_ID     the computer's view of every "
		"move of a match\n"
		"  club show            the club's settings that decide "
		"ranked results\n"
		"  club set NAME VALUE  change one (the administrator, "
		"where the database\n"
		"                       is writable): claim-after DAYS, "
		"forbidden refuse|lose,\n"
		"                       ranked-hotseat on|off, "
		"disconnect-grace SECONDS,\n"
		"                       name-digits on|off, joins-per-day "
		"N,\n"
		"                       join open|approval|closed, "
		"rated-after GAMES,\n"
		"                       pair-games GAMES, pair-hours HOURS, "
		"clock-skew SECONDS\n"
		"  club approve USER    make USER a rated member (the "
		"administrator)\n"
		"  serve                the club's read-only web site "
		"(see --listen)\n"),
	      out);
	fputs(_("\n"
		"Options go before or after the command, as --db PATH or "
		"--db=PATH;\n"
		"after -- every word is an argument.\n"
		"  --db PATH            the database (also GOMOKU_DB)\n"
		"  --lang en|zh         language of the messages\n"
		"  --format table|tsv|json  how listings print (export: "
		"psq|moves)\n"
		"  --ascii              * and # stones instead of ● and "
		"○\n"
		"  --no-color           no colours (also NO_COLOR)\n"
		"  --plain              games line by line, not "
		"full-screen\n"
		"  --seed N             repeatable guest coin flips and "
		"computer moves\n"
		"                       (a ranked coin flip is never "
		"repeatable)\n"
		"  --nickname NICK      register: the nickname, instead "
		"of asking\n"
		"  --top N              leaderboard: how many players "
		"(default 10)\n"
		"  --by score|rating|wins|winrate  leaderboard: the "
		"order (default score)\n"
		"  --rule R             leaderboard: only that rule's "
		"matches and ratings\n"
		"  --page N             history: which page, 10 matches "
		"a page\n"
		"  --listen ADDR:PORT   serve: where the web site listens "
		"(default\n"
		"                       127.0.0.1:8080; port 0: any free "
		"port)\n"
		"  --proxied            serve: behind a reverse proxy on "
		"this machine, whose\n"
		"                       limits per client address count "
		"(docs/CLUB.md)\n"
		"  -o, --output FILE    export: where to write (default: "
		"standard output)\n"
		"  --ai LEVEL           play, brain: the computer, level "
		"1 to 5\n"
		"  --first me|computer  who moves first against the "
		"computer\n"
		"  --variant gomoku|standard|renju|gomoku10|tictactoe\n"
		"  --size RxC --k K --rule freestyle|exact|renju   any "
		"other board\n"
		"  --opening swap2|none  the swap2 opening: three "
		"stones, then a choice\n"
		"  --forbidden refuse|lose  renju: a forbidden point is "
		"refused or loses (a\n"
		"                       recorded game: lose only where "
		"the club refuses)\n"
		"  --show-forbidden     renju: mark black's forbidden "
		"points\n"
		"  --time-per-move S    seconds a move in a game (0: "
		"no limit);\n"
		"                       analyze: seconds a position "
		"(default 1, fractions allowed)\n"
		"  --clock M+S          a game clock: M "
		"minutes a side\n"
		"                       (1-180), S seconds added a move "
		"(0-60), e.g. 5+3\n"
		"  --claim-after DAYS   a new ranked match can be claimed "
		"only after this\n"
		"                       long unfinished (longer than the "
		"club's, never shorter)\n"
		"  --no-admin           refuse the administrator's "
		"commands (club): for the\n"
		"                       SSH ForceCommand\n"
		"  -h, --help           this help\n"
		"  --version            the version and the database "
		"schema it writes\n"
		"\n"
		"A move is a column letter and a row as labelled: h8; or "
		"row, column: 8 8 or 8,8.\n"),
	      out);
}

/* Find the option called `name` (up to `len` bytes), or NULL. */
static const struct option_spec *find_option(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(option_specs) / sizeof(option_specs[0]); i++)
		if (strlen(option_specs[i].name) == len &&
		    strncmp(option_specs[i].name, name, len) == 0)
			return &option_specs[i];
	return NULL;
}

/* Take one option at argv[*i] (moving *i past its value). */
static enum ui_status take_option(struct options *o, char **argv, int argc,
				  int *i)
{
	const char *arg = argv[*i], *eq = strchr(arg, '=');
	size_t len = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
	const struct option_spec *spec = find_option(arg, len);
	char *field;

	if (spec == NULL)
		return usage_error(_("unknown option"), arg);
	field = (char *)o + spec->value;
	if (!spec->takes_value) {
		if (eq != NULL)
			return usage_error(_("option takes no value"), arg);
		*(bool *)field = true;
		return UI_OK;
	}
	if (eq == NULL && *i + 1 >= argc)
		return usage_error(_("option needs a value"), arg);
	*(const char **)field = eq != NULL ? eq + 1 : argv[++*i];
	return UI_OK;
}

/* Sort argv into options and words. */
static enum ui_status parse_args(struct options *o, int argc, char **argv)
{
	bool only_words = false;
	int i;

	memset(o, 0, sizeof(*o));
	for (i = 1; i < argc; i++) {
		enum ui_status st;

		if (!only_words && strcmp(argv[i], "--") == 0) {
			only_words = true;
		} else if (!only_words && argv[i][0] == '-' &&
			   argv[i][1] != '\0') {
			st = take_option(o, argv, argc, &i);
			if (st != UI_OK)
				return st;
		} else if (o->nwords == MAX_WORDS) {
			return usage_error(_("unexpected argument"), argv[i]);
		} else {
			o->words[o->nwords++] = argv[i];
		}
	}
	return UI_OK;
}

/* Called by a name that starts "pbrain-" (the link `make` builds, the
 * name gomoku managers look for), act as `gomoku brain`: options are
 * taken, a command is refused. */
static enum ui_status as_pbrain(struct options *o, const char *argv0)
{
	const char *base = argv0 != NULL ? strrchr(argv0, '/') : NULL;

	base = base != NULL ? base + 1 : argv0;
	if (base == NULL || strncmp(base, "pbrain-", 7) != 0)
		return UI_OK;
	if (o->nwords > 0)
		return usage_error(_("unexpected argument"), o->words[0]);
	o->words[o->nwords++] = "brain";
	return UI_OK;
}

/* Work out the variant for new games from --variant, --size, --k, --rule
 * (rules_variant_from(): the menus' check too). */
static enum ui_status choose_variant(const struct options *o, struct variant *v)
{
	const struct variant_words w = {o->variant, o->size, o->k, o->rule};

	switch (rules_variant_from(&w, v)) {
	case RULES_OK:
		return UI_OK;
	case RULES_BAD_VARIANT:
		return usage_error(_("unknown variant"), o->variant);
	case RULES_BAD_SIZE:
		return usage_error(_("invalid board size"), o->size);
	case RULES_BAD_K:
		return usage_error(_("invalid win length"), o->k);
	case RULES_BAD_RULE:
		return usage_error(_("unknown rule"), o->rule);
	case RULES_BAD_RENJU:
		fprintf(stderr, _("gomoku: renju is five in a row on a board "
				  "of at least 5x5\n"));
		break;
	case RULES_BAD_FIT:
		fprintf(stderr,
			_("gomoku: a %dx%d board cannot hold %d in a row\n"),
			v->rows, v->cols, v->k);
		break;
	}
	return usage_hint();
}

/* A seed for the coin flips: --seed N, else the clock and the pid. */
static enum ui_status choose_seed(const struct options *o, struct rng *r)
{
	unsigned long long seed;
	struct timespec ts;

	if (o->seed != NULL) {
		if (number_parse(o->seed, 0, UINT64_MAX, &seed) != 0)
			return usage_error(_("invalid seed"), o->seed);
	} else {
		clock_gettime(CLOCK_REALTIME, &ts);
		seed = (unsigned long long)ts.tv_sec * 1000000007ULL ^
		       (unsigned long long)ts.tv_nsec ^
		       ((unsigned long long)getpid() << 32);
	}
	rng_seed(r, seed);
	return UI_OK;
}

/* Parse --format into opt->format. */
static enum ui_status choose_format(const struct options *o,
				    struct ui_options *opt)
{
	static const char *const names[] = {"table", "tsv", "json"};
	int i;

	if (o->format == NULL ||
	    (o->nwords > 0 && strcmp(o->words[0], "export") == 0))
		return UI_OK; /* export's formats: see cmd_export() */
	for (i = 0; i < 3; i++) {
		if (strcmp(o->format, names[i]) == 0) {
			opt->format = (enum ui_format)i;
			return UI_OK;
		}
	}
	return usage_error(_("unknown format"), o->format);
}

/* The value of the last --lang option in argv, or NULL. Read before the
 * rest of the command line so that its errors are in that language. */
static const char *lang_option(int argc, char **argv)
{
	const char *lang = NULL;
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (strncmp(argv[i], "--lang=", 7) == 0)
			lang = argv[i] + 7;
		else if (strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
			lang = argv[++i];
	}
	return lang;
}

/* Put converting streams (i18n_output_open()) between the program's
 * UTF-8 and a terminal in another character set: ui->term.out over standard
 * output, and stderr over the standard error it was (glibc lets a
 * program set stderr), so every message of the run is converted. When
 * no conversion is needed, or a stream cannot be opened, the standard
 * stream stays. */
static void open_terminal(struct ui_term *term)
{
	const char *codeset = i18n_terminal_codeset();
	FILE *err;

	term->out = stdout;
	if (codeset == NULL)
		return;
	term->out = i18n_output_open(stdout, codeset,
				     isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF);
	if (term->out == NULL)
		term->out = stdout;
	err = i18n_output_open(stderr, codeset, _IONBF);
	if (err != NULL)
		stderr = err;
}

/* Close the streams open_terminal() opened, writing out all they hold,
 * and put back `std_err`, the standard error it found. */
static void close_terminal(struct ui_term *term, FILE *std_err)
{
	if (term->out != NULL && term->out != stdout)
		fclose(term->out);
	term->out = stdout;
	if (stderr != std_err) {
		fclose(stderr);
		stderr = std_err;
	}
	fflush(stdout);
}

/* Choose the language, set up translations and the terminal's streams;
 * fill the ui's language, paths, character set and output. */
static enum ui_status setup_language(struct ui_term *term,
				     struct ui_options *opt, const char *lang)
{
	bool known = i18n_choose(lang, &term->lang) == 0;

	paths_init(&opt->paths);
	term->symbols = i18n_init(term->lang, opt->paths.locale_dir);
	open_terminal(term);
	return known ? UI_OK : usage_error(_("unknown language"), lang);
}

/* True when the command on the line is `name`. */
static bool command_is(const struct options *o, const char *name)
{
	return o->nwords > 0 && strcmp(o->words[0], name) == 0;
}

/* Parse --first, --time-per-move, --claim-after, --opening and
 * --forbidden into opt. */
static enum ui_status choose_play(const struct options *o,
				  struct ui_options *opt)
{
	unsigned long long seconds = 0;
	struct time_control tc;

	opt->first = FIRST_COIN;
	if (o->first != NULL && strcmp(o->first, "me") == 0)
		opt->first = FIRST_ME;
	else if (o->first != NULL && strcmp(o->first, "computer") == 0)
		opt->first = FIRST_COMPUTER;
	else if (o->first != NULL)
		return usage_error(_("--first takes me or computer, not"),
				   o->first);
	if (o->time_per_move != NULL && !command_is(o, "analyze") &&
	    number_parse(o->time_per_move, 0, 86400, &seconds) != 0)
		return usage_error(_("invalid number of seconds"),
				   o->time_per_move);
	if (o->clock != NULL && o->time_per_move != NULL)
		return usage_error(_("choose one time control, not both"),
				   o->clock);
	if (o->clock != NULL && clock_parse(o->clock, &tc) != 0)
		return usage_error(_("a game clock is MINUTES+SECONDS (1-180 "
				     "minutes, 0-60 seconds), not"),
				   o->clock);
	if (o->clock != NULL)
		opt->time = tc;
	else if (clock_control((int)seconds, 0, 0, &opt->time) != 0)
		return usage_error(_("invalid number of seconds"),
				   o->time_per_move);
	opt->time_given = o->time_per_move != NULL || o->clock != NULL;
	seconds = 0;
	if (o->claim_after != NULL &&
	    number_parse(o->claim_after, 0, STORE_CLAIM_AFTER_MAX, &seconds) !=
		    0)
		return usage_error(_("invalid number of days"), o->claim_after);
	opt->claim_after_days = o->claim_after != NULL ? (int)seconds : -1;
	opt->opening = OPENING_NONE;
	opt->opening_given = o->opening != NULL;
	if (o->opening != NULL && strcmp(o->opening, "swap2") == 0)
		opt->opening = OPENING_SWAP2;
	else if (o->opening != NULL && strcmp(o->opening, "none") != 0)
		return usage_error(_("--opening takes swap2 or none, not"),
				   o->opening);
	if (o->forbidden != NULL && strcmp(o->forbidden, "lose") != 0 &&
	    strcmp(o->forbidden, "refuse") != 0)
		return usage_error(_("--forbidden takes refuse or lose, not"),
				   o->forbidden);
	opt->forbidden_loses =
		o->forbidden != NULL && strcmp(o->forbidden, "lose") == 0;
	opt->forbidden_given = o->forbidden != NULL;
	opt->show_forbidden = o->show_forbidden;
	if (opt->opening == OPENING_SWAP2 && opt->variant.k < 5) {
		fprintf(stderr, _("gomoku: swap2 needs five in a row or "
				  "more\n"));
		return usage_hint();
	}
	return UI_OK;
}

/* True when games can run full-screen: standard input and output are
 * terminals and TERM names one that can (not "dumb"). In any character
 * set: the screen decodes the program's UTF-8 itself and curses writes
 * the terminal's set (GBK...). */
static bool want_screen(bool tty_in)
{
	const char *term = getenv("TERM");

	return tty_in && isatty(STDOUT_FILENO) != 0 && term != NULL &&
	       term[0] != '\0' && strcmp(term, "dumb") != 0;
}

/* Set up the rest of the run's ui from the options. */
static enum ui_status setup(const struct options *o, struct ui *ui,
			    struct ui_options *opt)
{
	enum ui_status st;

	ui->term.in = STDIN_FILENO;
	ui->term.tty_in = isatty(STDIN_FILENO) != 0;
	ui->term.ascii = o->ascii || !ui->term.symbols;
	ui->term.color = term_use_color(STDOUT_FILENO, o->no_color);
	opt->ascii_given = o->ascii;
	opt->no_color_given = o->no_color;
	ui->term.screen = !o->plain && want_screen(ui->term.tty_in);
	opt->db_path = paths_db(&opt->paths, o->db);
	st = choose_format(o, opt);
	if (st == UI_OK)
		st = choose_seed(o, &ui->rng);
	if (st == UI_OK)
		st = choose_variant(o, &opt->variant);
	opt->variant_chosen = o->variant != NULL || o->size != NULL ||
			      o->k != NULL || o->rule != NULL;
	if (st == UI_OK)
		st = choose_play(o, opt);
	ui_choose_from_options(opt, &ui->game);
	return st;
}

/* Parse --by into a leaderboard order. */
static enum ui_status choose_order(const char *by, enum plist_key *key)
{
	static const char *const names[] = {"score", "rating", "wins",
					    "winrate"};
	int i;

	*key = PLIST_BY_SCORE;
	if (by == NULL)
		return UI_OK;
	for (i = 0; i < 4; i++) {
		if (strcmp(by, names[i]) == 0) {
			*key = (enum plist_key)i;
			return UI_OK;
		}
	}
	return usage_error(_("unknown order"), by);
}

/* gomoku leaderboard [--top N] [--by KEY] */
static enum ui_status cmd_leaderboard(struct ui *ui, const struct options *o)
{
	unsigned long long top = 10;
	enum plist_key key;
	enum ui_status st;

	if (o->top != NULL && number_parse(o->top, 1, 1000000000, &top) != 0)
		return usage_error(_("invalid number"), o->top);
	st = choose_order(o->by, &key);
	if (st == UI_OK)
		st = ui_account_open(ui);
	if (st == UI_OK && o->rule != NULL)
		return ui_list_leaderboard_rule(ui, (int)top, key,
						ui->opt->variant.rule);
	if (st == UI_OK)
		st = ui_list_leaderboard(ui, (int)top, key, NULL);
	return st;
}

/* Parse a match id (a whole number from 1). Return 0, or -1. */
static int parse_id(const char *s, long long *id)
{
	unsigned long long v;

	if (number_parse(s, 1, INT64_MAX, &v) != 0)
		return -1;
	*id = (long long)v;
	return 0;
}

/* The player called `name` in the open club, or NULL after saying why
 * not (no such player, or the store could not tell). */
static const struct player *known_player(struct ui *ui, const char *name)
{
	char text[TERM_LINE_MAX + 1];
	struct player *p;

	if (ui_player_named(ui, name, &p) == UI_OK && p == NULL)
		ui_error(&ui->term, _("no player called '%s'"),
			 arg_utf8(name, text));
	return p;
}

/* gomoku stats USER */
static enum ui_status cmd_stats(struct ui *ui, const struct options *o)
{
	enum ui_status st = ui_account_open(ui);
	const struct player *p;

	if (st != UI_OK)
		return st;
	p = known_player(ui, o->words[1]);
	return p != NULL ? ui_list_stats(ui, p) : UI_REFUSED;
}

/* The computer's level from --ai: 1..5 into *level. */
static enum ui_status ai_level(const struct options *o, int *level)
{
	unsigned long long v;

	if (number_parse(o->ai, 1, 5, &v) != 0)
		return usage_error(_("the computer's level is 1 to 5, not"),
				   o->ai);
	*level = (int)v;
	return UI_OK;
}

/* gomoku play [USER] --ai LEVEL: against the computer. */
static enum ui_status play_computer(struct ui *ui, const struct options *o)
{
	struct player *me = NULL;
	enum ui_status st;
	bool resumed = false;
	int level = 1;

	st = ai_level(o, &level);
	if (st != UI_OK || o->nwords == 1)
		return st == UI_OK ? ui_matches_computer(ui, NULL, level) : st;
	st = ui_account_open(ui);
	if (st == UI_OK)
		st = ui_account_login(ui, o->words[1], NULL, &me);
	if (st == UI_OK)
		st = ui_matches_offer_resume(ui, me, NULL, &resumed);
	if (st == UI_OK && !resumed)
		st = ui_matches_computer(ui, me, level);
	return st;
}

/* gomoku play [USER1 USER2 | USER --ai LEVEL | --ai LEVEL]: for two
 * players, their unfinished match is offered first (ui_matches_ranked()). */
static enum ui_status cmd_play(struct ui *ui, const struct options *o)
{
	struct player *a, *b;
	enum ui_status st;

	if (o->ai != NULL && o->nwords <= 2)
		return play_computer(ui, o);
	if (o->nwords != 3 || o->ai != NULL) /* dispatch() runs guests */
		return usage_error(_("play takes two players, or one with "
				     "--ai, not"),
				   o->words[1]);
	st = ui_account_open(ui);
	if (st == UI_OK) /* before anyone types a password here */
		st = ui_matches_hotseat_allowed(ui);
	if (st == UI_OK)
		st = ui_account_login(ui, o->words[1], NULL, &a);
	if (st == UI_OK)
		st = ui_account_login(ui, o->words[2], a, &b);
	if (st == UI_OK)
		st = ui_matches_ranked(ui, a, b);
	return st;
}

/* gomoku register [USERNAME] [--nickname NICK] */
static enum ui_status cmd_register(struct ui *ui, const struct options *o)
{
	enum ui_status st = ui_account_open(ui);
	char nick[TERM_LINE_MAX + 1];

	if (st != UI_OK)
		return st;
	return ui_account_register(
		ui, o->nwords > 1 ? o->words[1] : NULL,
		o->nickname != NULL ? arg_utf8(o->nickname, nick) : NULL);
}

/* gomoku passwd USER: the old password, then the new one twice. */
static enum ui_status cmd_passwd(struct ui *ui, const struct options *o)
{
	enum ui_status st = ui_account_open(ui);

	return st == UI_OK ? ui_account_passwd(ui, o->words[1]) : st;
}

/* gomoku history USER [--page N] */
static enum ui_status cmd_history(struct ui *ui, const struct options *o)
{
	unsigned long long page = 1;
	const struct player *p;
	enum ui_status st;

	if (o->page != NULL && number_parse(o->page, 1, 1000000, &page) != 0)
		return usage_error(_("invalid page"), o->page);
	st = ui_account_open(ui);
	if (st != UI_OK)
		return st;
	p = known_player(ui, o->words[1]);
	return p != NULL ? ui_records_history(ui, p, (int)page) : UI_REFUSED;
}

/* gomoku replay MATCH_ID */
static enum ui_status cmd_replay(struct ui *ui, const struct options *o)
{
	long long id;

	if (parse_id(o->words[1], &id) != 0)
		return usage_error(_("invalid match number"), o->words[1]);
	return ui_account_open(ui) == UI_OK ? ui_records_replay(ui, id)
					    : UI_FAILED;
}

/* gomoku watch [MATCH_ID]: a match in progress, live. */
static enum ui_status cmd_watch(struct ui *ui, const struct options *o)
{
	long long id = 0;

	if (o->nwords > 1 && parse_id(o->words[1], &id) != 0)
		return usage_error(_("invalid match number"), o->words[1]);
	return ui_account_open(ui) == UI_OK ? ui_watch(ui, id) : UI_FAILED;
}

/* gomoku challenge USER: log in (the username asked), then challenge
 * USER and play the match from here when it is accepted. */
static enum ui_status cmd_challenge(struct ui *ui, const struct options *o)
{
	struct player *me;
	enum ui_status st = ui_account_open(ui);

	if (st == UI_OK)
		st = ui_account_login(ui, NULL, NULL, &me);
	if (st != UI_OK)
		return st;
	ui_presence_begin(ui, me->id);
	return ui_remote_challenge(ui, me, o->words[1], false);
}

/* gomoku export MATCH_ID [--format psq|moves] [-o FILE] */
static enum ui_status cmd_export(struct ui *ui, const struct options *o)
{
	bool moves = o->format != NULL && strcmp(o->format, "moves") == 0;
	long long id;

	if (parse_id(o->words[1], &id) != 0)
		return usage_error(_("invalid match number"), o->words[1]);
	if (o->format != NULL && !moves && strcmp(o->format, "psq") != 0)
		return usage_error(_("export writes psq or moves, not"),
				   o->format);
	if (ui_account_open(ui) != UI_OK)
		return UI_FAILED;
	return ui_records_export(ui, id, moves, o->output);
}

/* gomoku import FILE */
static enum ui_status cmd_import(struct ui *ui, const struct options *o)
{
	return ui_account_open(ui) == UI_OK ? ui_records_import(ui, o->words[1])
					    : UI_FAILED;
}

/* Parse seconds with up to three decimals ("2", "0.25") into *ms, from
 * 1 ms to an hour. Return 0, or -1. */
static int parse_seconds(const char *s, int *ms)
{
	long long whole = 0, frac = 0;
	const char *end = number_scan(s, 0, 3600, &whole);
	int digits = 0;

	if (end == NULL)
		return -1;
	if (*end == '.') {
		for (end++; *end >= '0' && *end <= '9' && digits < 3; end++) {
			frac = frac * 10 + (*end - '0');
			digits++;
		}
		if (digits == 0)
			return -1;
		for (; digits < 3; digits++)
			frac *= 10;
	}
	if (*end != '\0' || whole * 1000 + frac < 1 ||
	    whole * 1000 + frac > 3600 * 1000)
		return -1;
	*ms = (int)(whole * 1000 + frac);
	return 0;
}

/* gomoku analyze MATCH_ID [--time-per-move S] */
static enum ui_status cmd_analyze(struct ui *ui, const struct options *o)
{
	long long id;
	int ms = 0;

	if (parse_id(o->words[1], &id) != 0)
		return usage_error(_("invalid match number"), o->words[1]);
	if (o->time_per_move != NULL &&
	    parse_seconds(o->time_per_move, &ms) != 0)
		return usage_error(_("invalid number of seconds"),
				   o->time_per_move);
	return ui_account_open(ui) == UI_OK ? ui_analyze(ui, id, ms)
					    : UI_FAILED;
}

/* gomoku brain [--ai LEVEL]: the Gomocup protocol on standard input
 * and output, at LEVEL (default 5, the strongest). */
static enum ui_status cmd_brain(struct ui *ui, const struct options *o)
{
	int level = 5;

	if (o->ai != NULL && ai_level(o, &level) != UI_OK)
		return UI_USAGE;
	fflush(ui->term.out);
	return brain_run(STDIN_FILENO, ui->term.out, level,
			 rng_next(&ui->rng)) == 0
		       ? UI_OK
		       : UI_FAILED;
}

/* gomoku club show | club set NAME VALUE | club approve USER: the
 * administrator's; refused
 * with --no-admin (the members' ForceCommand). */
static enum ui_status cmd_club(struct ui *ui, const struct options *o)
{
	if (o->no_admin) {
		ui_error(&ui->term,
			 _("the club's settings are the administrator's: "
			   "club is refused in this session "
			   "(--no-admin)"));
		return UI_REFUSED;
	}
	if (o->nwords == 2 && strcmp(o->words[1], "show") == 0)
		return ui_club_show(ui);
	if (o->nwords == 4 && strcmp(o->words[1], "set") == 0)
		return ui_club_set(ui, o->words[2], o->words[3]);
	if (o->nwords == 3 && strcmp(o->words[1], "approve") == 0)
		return ui_club_approve(ui, o->words[2]);
	return usage_error(_("club takes show, set NAME VALUE or approve "
			     "USER, not"),
			   o->words[1]);
}

/* gomoku serve [--listen ADDR:PORT] [--proxied]: the read-only web
 * site, until Ctrl-C, SIGTERM or SIGHUP. */
static enum ui_status cmd_serve(struct ui *ui, const struct options *o)
{
	struct web_config cfg = {
		.listen = o->listen != NULL ? o->listen : WEB_LISTEN_DEFAULT,
		.proxied = o->proxied,
		.db_path = ui->opt->db_path,
	};
	char err[256], where[WEB_ADDRESS_MAX];
	struct web_server *w;

	if (ui_account_open_readonly(ui) != UI_OK)
		return UI_FAILED;
	if (web_start(ui->club.store, &cfg, &w, err, sizeof(err)) != 0) {
		ui_error(&ui->term, _("cannot start the web site: %s"), err);
		return UI_FAILED;
	}
	ui_say(&ui->term,
	       _("The club's web site is at http://%s/ (read-only; "
		 "Ctrl-C stops it)."),
	       web_address(w, where));
	fflush(ui->term.out);
	web_wait();
	web_stop(w);
	return UI_OK;
}

struct command {
	const char *name;
	int min_words, max_words; /* after the command's name */
	enum ui_status (*run)(struct ui *ui, const struct options *o);
	bool needs_answers; /* end of input before the end refuses */
};

static const struct command commands[] = {
	{"play", 0, 2, cmd_play, true},
	{"register", 0, 1, cmd_register, true},
	{"leaderboard", 0, 0, cmd_leaderboard, false},
	{"stats", 1, 1, cmd_stats, false},
	{"passwd", 1, 1, cmd_passwd, true},
	{"history", 1, 1, cmd_history, false},
	{"replay", 1, 1, cmd_replay, false},
	{"watch", 0, 1, cmd_watch, false},
	{"challenge", 1, 1, cmd_challenge, true},
	{"export", 1, 1, cmd_export, false},
	{"import", 1, 1, cmd_import, false},
	{"brain", 0, 0, cmd_brain, false},
	{"analyze", 1, 1, cmd_analyze, false},
	{"club", 1, 3, cmd_club, false},
	{"serve", 0, 0, cmd_serve, false},
};

/* Run the command named by the first word (or the menus). A guest game
 * needs no database; everything else opens it first. */
static enum ui_status dispatch(struct ui *ui, const struct options *o)
{
	const char *name = o->nwords > 0 ? o->words[0] : NULL;
	const struct command *c = NULL;
	enum ui_status st;
	size_t i;

	for (i = 0; name != NULL && i < sizeof(commands) / sizeof(*c); i++)
		if (strcmp(name, commands[i].name) == 0)
			c = &commands[i];
	if (name != NULL && c == NULL)
		return usage_error(_("unknown command"), name);
	if (c != NULL &&
	    (o->nwords - 1 < c->min_words || o->nwords - 1 > c->max_words))
		return usage_error(_("wrong number of arguments for"), name);
	if (c == &commands[0] && o->nwords == 1 && o->ai == NULL)
		return ui_game_guest(ui);
	if (c == NULL) {
		st = ui_account_open(ui);
		return st == UI_OK ? ui_menu_main(ui) : st;
	}
	st = c->run(ui, o);
	return c->needs_answers && st == UI_EOF ? UI_REFUSED : st;
}

/* No core dumps while passwords may be in memory. */
static void disable_core_dumps(void)
{
	struct rlimit none = {0, 0};

	setrlimit(RLIMIT_CORE, &none);
}

/* Run the command line, the language and the terminal set up. */
static enum ui_status run(struct ui *ui, struct ui_options *opt, int argc,
			  char **argv)
{
	struct options o;
	enum ui_status st;

	st = parse_args(&o, argc, argv);
	if (st == UI_OK && argc > 0)
		st = as_pbrain(&o, argv[0]);
	if (st == UI_OK)
		st = setup(&o, ui, opt);
	if (st != UI_OK)
		return st;
	if (o.help) {
		print_help(ui->term.out);
		return UI_OK;
	}
	if (o.version) {
		fprintf(ui->term.out,
			"gomoku (Gomoku Club) %s\ndatabase schema %d\n",
			GOMOKU_VERSION, store_schema_version());
		return UI_OK;
	}
	if (auth_init() != 0) {
		ui_error(&ui->term, _("cannot start the crypto library"));
		return UI_FAILED;
	}
	/* (where the player connects from: sshd's word, never an option) */
	(void)origin_from_ssh(getenv("SSH_CONNECTION"), ui->club.origin);
	st = dispatch(ui, &o);
	ui_presence_end(ui);
	ui_page_end(&ui->term);
	ui_account_close(&ui->club);
	return st;
}

int main(int argc, char **argv)
{
	FILE *std_err = stderr;
	struct ui ui;
	struct ui_options opt;
	enum ui_status st;

	disable_core_dumps();
	term_signals_init();
	memset(&ui, 0, sizeof(ui));
	memset(&opt, 0, sizeof(opt));
	ui.opt = &opt;
	opt.lang_given = lang_option(argc, argv) != NULL;
	st = setup_language(&ui.term, &opt, lang_option(argc, argv));
	if (st == UI_OK)
		st = run(&ui, &opt, argc, argv);
	close_terminal(&ui.term, std_err);
	return ui_exit_status(st);
}
