/* ui_choose.c -- the game chosen before it starts: its variant, opening
 * and time control (struct game_def, game_def.h). The command line fills
 * it for the commands; before a game started from the menus, what the
 * command line gave, else the player's preferences, else the defaults,
 * shown in one line that Enter keeps, and changed step by step
 * (docs/ARCHITECTURE.md, "The game chosen"). */
#include <stdio.h>
#include <string.h>

#include "number.h"
#include "store.h"
#include "ui_choose.h"
#include "ui_internal.h"
#include "words.h"

#define SWAP2_MIN_K 5 /* swap2 needs five in a row or more (as --opening) */

enum { STEP_BACK = 0, STEP_PLAY, STEP_VARIANT, STEP_OPENING, STEP_TIME };

void ui_choose_from_options(const struct ui_options *opt, struct game_def *out)
{
	out->variant = opt->variant;
	out->opening = opt->opening;
	out->time = opt->time;
}

/* ==== Text: what the player types, what the preferences keep ============ */

/* Split the copy of `text` in buf[cap] into up to `max` blank-separated
 * words. Return how many there are (more than max: max + 1). */
static int split_words(const char *text, char *buf, size_t cap,
		       const char *words[], int max)
{
	char *p = buf;
	int n = 0;

	snprintf(buf, cap, "%s", text);
	for (;;) {
		while (*p == ' ' || *p == '\t')
			*p++ = '\0';
		if (*p == '\0')
			return n;
		if (n == max)
			return max + 1;
		words[n++] = p;
		while (*p != '\0' && *p != ' ' && *p != '\t')
			p++;
	}
}

enum rules_error ui_choose_variant_text(const char *text, struct variant *out)
{
	struct variant_words w = {NULL, NULL, NULL, NULL};
	const char *words[3] = {NULL, NULL, NULL};
	char buf[TERM_LINE_MAX + 1];
	int n = split_words(text, buf, sizeof(buf), words, 3);

	if (n == 0)
		return RULES_BAD_VARIANT;
	if (rules_preset(words[0]) != NULL) {
		if (n > 1)
			return RULES_BAD_VARIANT;
		w.variant = words[0];
	} else {
		if (n > 3)
			return RULES_BAD_RULE;
		w.size = words[0];
		w.k = words[1];
		w.rule = words[2];
	}
	return rules_variant_from(&w, out);
}

/* Variant v as ui_choose_variant_text() reads it, into buf[cap]. */
static void variant_text(const struct variant *v, char *buf, size_t cap)
{
	if (strcmp(v->name, "custom") != 0)
		snprintf(buf, cap, "%s", v->name);
	else
		snprintf(buf, cap, "%dx%d %d %s", v->rows, v->cols, v->k,
			 rules_rule_name(v->rule));
}

int ui_choose_time_text(const char *text, struct time_control *out)
{
	unsigned long long seconds;
	char buf[16];
	size_t len = strlen(text);

	if (strcmp(text, "none") == 0)
		return clock_control(0, 0, 0, out);
	if (len > 1 && len < sizeof(buf) && text[len - 1] == 's') {
		memcpy(buf, text, len - 1);
		buf[len - 1] = '\0';
		if (number_parse(buf, 1, CLOCK_PER_MOVE_MAX_S, &seconds) != 0)
			return -1;
		return clock_control((int)seconds, 0, 0, out);
	}
	return clock_parse(text, out);
}

/* Control tc as ui_choose_time_text() reads it ("none", "30s", "5+3"),
 * into buf[cap]. */
static void time_text(const struct time_control *tc, char *buf, size_t cap)
{
	if (tc->kind == CLOCK_PER_MOVE)
		snprintf(buf, cap, "%ds", tc->per_move);
	else if (tc->kind != CLOCK_FISCHER || clock_name(tc, buf, cap) != 0)
		snprintf(buf, cap, "none");
}

void ui_choose_to_prefs(const struct game_def *c, struct store_prefs *p)
{
	variant_text(&c->variant, p->variant, sizeof(p->variant));
	snprintf(p->opening, sizeof(p->opening), "%s",
		 c->opening == OPENING_SWAP2 ? "swap2" : "none");
	time_text(&c->time, p->time_control, sizeof(p->time_control));
}

/* ==== Words: the game in one line ========================================= */

/* The variant in words ("renju", "custom 19x19, 5 in a row"). */
static const char *variant_words(const struct variant *v, char *buf, size_t cap)
{
	if (strcmp(v->name, "custom") != 0)
		snprintf(buf, cap, "%s", words_variant(v->name));
	else
		snprintf(buf, cap,
			 v->rule == RULE_EXACT ? _("custom %dx%d, exactly %d "
						   "in a row")
					       : _("custom %dx%d, %d in a row"),
			 v->rows, v->cols, v->k);
	return buf;
}

/* The time control in words ("no clock", "30 s a move", "5+3 clock"). */
static const char *time_words(const struct time_control *tc, char *buf,
			      size_t cap)
{
	char name[16];

	if (tc->kind == CLOCK_PER_MOVE)
		snprintf(buf, cap, _("%d s a move"), tc->per_move);
	else if (tc->kind == CLOCK_FISCHER &&
		 clock_name(tc, name, sizeof(name)) == 0)
		snprintf(buf, cap, _("%s game clock"), name);
	else
		snprintf(buf, cap, "%s", _("no clock"));
	return buf;
}

/* Whether `kind` is rated, recorded, or neither, in words. */
static const char *stake_words(enum choice_kind kind)
{
	switch (kind) {
	case CHOICE_RANKED:
	case CHOICE_CHALLENGE:
	case CHOICE_SEEK:
		return _("rated");
	case CHOICE_COMPUTER:
		return _("recorded, not rated");
	case CHOICE_CASUAL:
		return _("casual, not rated");
	case CHOICE_GUEST:
		break;
	}
	return _("not recorded");
}

/* The forbidden-point policy a renju game of `kind` plays by: the
 * club's for a recorded game (or --forbidden lose, stricter, for one at
 * this terminal), the command line's for a guest game. */
static bool forbidden_policy(struct ui *ui, enum choice_kind kind)
{
	struct club_settings s;

	if (kind == CHOICE_GUEST || ui->club.store == NULL)
		return ui->opt->forbidden_loses;
	if (store_club_get(ui->club.store, &s) != STORE_OK)
		return true; /* the stricter: the store decides anyway */
	return s.forbidden_loses ||
	       ((kind == CHOICE_RANKED || kind == CHOICE_COMPUTER) &&
		ui->opt->forbidden_loses);
}

/* ui_choose_words(), without the stake unless `stake`. */
static const char *game_words(struct ui *ui, const struct game_def *c,
			      enum choice_kind kind, bool stake, char *buf,
			      size_t cap)
{
	const char *part[5], *sep = _(", "); /* between the parts */
	char variant[128], time[64];
	size_t len = 0;
	int n = 0, i;

	part[n++] = variant_words(&c->variant, variant, sizeof(variant));
	if (c->variant.k >= SWAP2_MIN_K)
		part[n++] = c->opening == OPENING_SWAP2 ? _("swap2 opening")
							: _("no opening");
	if (c->variant.rule == RULE_RENJU)
		part[n++] = forbidden_policy(ui, kind)
				    ? _("a forbidden point loses")
				    : _("forbidden points refused");
	part[n++] = time_words(&c->time, time, sizeof(time));
	if (stake)
		part[n++] = stake_words(kind);
	buf[0] = '\0';
	for (i = 0; i < n && len < cap; i++)
		len += (size_t)snprintf(buf + len, cap - len, "%s%s",
					i > 0 ? sep : "", part[i]);
	if (buf[0] >= 'a' && buf[0] <= 'z') /* a sentence's first letter */
		buf[0] = (char)(buf[0] - 'a' + 'A');
	return buf;
}

const char *ui_choose_words(struct ui *ui, const struct game_def *c,
			    enum choice_kind kind, char *buf, size_t cap)
{
	return game_words(ui, c, kind, true, buf, cap);
}

const char *ui_choose_default_words(struct ui *ui, const struct store_prefs *p,
				    char *buf, size_t cap)
{
	struct game_def c;

	ui_choose_from_prefs(ui->opt, p, &c);
	if (c.variant.k < SWAP2_MIN_K)
		c.opening = OPENING_NONE;
	return game_words(ui, &c, CHOICE_RANKED, false, buf, cap);
}

/* ==== The steps =========================================================== */

void ui_choose_from_prefs(const struct ui_options *opt,
			  const struct store_prefs *p, struct game_def *out)
{
	struct variant v;
	struct time_control tc;

	ui_choose_from_options(opt, out);
	if (!opt->variant_chosen && p->variant[0] != '\0' &&
	    ui_choose_variant_text(p->variant, &v) == RULES_OK)
		out->variant = v;
	if (!opt->opening_given && p->opening[0] != '\0')
		out->opening = strcmp(p->opening, "swap2") == 0 ? OPENING_SWAP2
								: OPENING_NONE;
	if (!opt->time_given && p->time_control[0] != '\0' &&
	    ui_choose_time_text(p->time_control, &tc) == 0)
		out->time = tc;
}

/* The defaults of a game for `me` (NULL: a guest) into *c: what the
 * command line gave, else me's preferences, else the defaults.
 * Return UI_OK, or UI_FAILED after saying why the preferences cannot be
 * read. */
static enum ui_status defaults(struct ui *ui, const struct player *me,
			       struct game_def *c)
{
	struct store_prefs p;

	store_prefs_default(&p);
	if (me != NULL &&
	    store_prefs_get(ui->club.store, me->id, &p) != STORE_OK)
		return ui_store_failed(ui, _("cannot read your preferences"));
	ui_choose_from_prefs(ui->opt, &p, c);
	if (c->variant.k < SWAP2_MIN_K)
		c->opening = OPENING_NONE;
	return UI_OK;
}

/* Read a line for a step into buf until `ok` takes it (it says why
 * not). Return UI_OK with it, UI_REFUSED when the player left (an
 * empty line or Esc), or why reading ended. */
static enum ui_status read_step(struct ui *ui, const char *prompt, char *buf,
				int (*ok)(struct ui_term *term,
					  const char *line, struct game_def *c),
				struct game_def *c)
{
	for (;;) {
		enum ui_status st = ui_read_word(ui, prompt, buf);

		if (st != UI_OK)
			return st;
		if (ui_left(buf))
			return UI_REFUSED;
		if (ok(&ui->term, buf, c) == 0)
			return UI_OK;
	}
}

/* Take `line` as a custom board into c, or say what is wrong with it.
 * Return 0, or -1. */
static int custom_ok(struct ui_term *term, const char *line, struct game_def *c)
{
	struct variant v;
	char clean[UI_CLEAN_MAX];

	switch (ui_choose_variant_text(line, &v)) {
	case RULES_OK:
		c->variant = v;
		return 0;
	case RULES_BAD_SIZE:
	case RULES_BAD_VARIANT:
		ui_say(term,
		       _("'%s' is not a board: type its size, the stones "
			 "in a row that win, and exact if it must be "
			 "exactly that many (e.g. 19x19 5)."),
		       ui_clean(line, clean, sizeof(clean)));
		break;
	case RULES_BAD_K:
		ui_say(term,
		       _("The stones in a row that win are a number "
			 "from %d to %d."),
		       BOARD_MIN_SIZE, BOARD_MAX_SIZE);
		break;
	case RULES_BAD_RULE:
		ui_say(term, _("The rule after the win length is freestyle, "
			       "exact or renju."));
		break;
	case RULES_BAD_RENJU:
		ui_say(term, _("Renju is five in a row on a board of at least "
			       "5x5."));
		break;
	case RULES_BAD_FIT:
		ui_say(term, _("A %dx%d board cannot hold %d in a row."),
		       v.rows, v.cols, v.k);
		break;
	}
	return -1;
}

/* The variant step: a preset, or a custom board typed. */
static enum ui_status choose_variant(struct ui *ui, struct game_def *c)
{
	static const int keys[] = {1, 2, 3, 4, 5, 6, 0};
	char labels_buf[5][160], goal[96], buf[TERM_LINE_MAX + 1];
	const char *labels[7];
	const struct variant *v;
	enum ui_status st;
	int i, choice;

	for (i = 0; i < 5 && (v = rules_preset_at(i)) != NULL; i++) {
		snprintf(labels_buf[i], sizeof(labels_buf[i]),
			 _("%s: %dx%d, %s"), words_variant(v->name), v->rows,
			 v->cols,
			 words_goal(v->rule, v->k, goal, sizeof(goal)));
		labels[i] = labels_buf[i];
	}
	labels[5] = _("Custom board");
	labels[6] = _("Back");
	st = ui_menu_step(ui, _("Variant"), labels, keys, 7, &choice);
	if (st != UI_OK || choice == 0)
		return st;
	if (choice <= 5) {
		c->variant = *rules_preset_at(choice - 1);
		return UI_OK;
	}
	st = read_step(ui,
		       _("Board size, stones in a row to win, and exact if "
			 "exactly (e.g. 19x19 5): "),
		       buf, custom_ok, c);
	return st == UI_REFUSED ? UI_OK : st;
}

/* The opening step: none or swap2 (five in a row or more). */
static enum ui_status choose_opening(struct ui *ui, struct game_def *c)
{
	const char *labels[] = {_("No opening"),
				_("Swap2: three stones, then a choice"),
				_("Back")};
	static const int keys[] = {1, 2, 0};
	enum ui_status st;
	int choice;

	if (c->variant.k < SWAP2_MIN_K) {
		ui_say(&ui->term,
		       _("Swap2 needs five in a row or more: this game "
			 "has no opening."));
		return UI_OK;
	}
	st = ui_menu_step(ui, _("Opening"), labels, keys, 3, &choice);
	if (st == UI_OK && choice != 0)
		c->opening = choice == 2 ? OPENING_SWAP2 : OPENING_NONE;
	return st;
}

/* Take `line` as seconds a move into c, or say why not. */
static int per_move_ok(struct ui_term *term, const char *line,
		       struct game_def *c)
{
	unsigned long long s;

	if (number_parse(line, 1, CLOCK_PER_MOVE_MAX_S, &s) == 0 &&
	    clock_control((int)s, 0, 0, &c->time) == 0)
		return 0;
	ui_say(term, _("Type the seconds a move as a number from 1 to %d."),
	       CLOCK_PER_MOVE_MAX_S);
	return -1;
}

/* Take `line` as a game clock "M+S" into c, or say why not. */
static int game_clock_ok(struct ui_term *term, const char *line,
			 struct game_def *c)
{
	if (clock_parse(line, &c->time) == 0)
		return 0;
	ui_say(term,
	       _("Type a game clock as minutes+seconds: %d to %d minutes "
		 "a side, %d to %d seconds added a move (e.g. 5+3)."),
	       CLOCK_BASE_MIN_S / 60, CLOCK_BASE_MAX_S / 60, 0,
	       CLOCK_INCREMENT_MAX_S);
	return -1;
}

/* The game clocks offered ready-made, minutes + seconds a move, as the
 * clubs players know play them (bullet to rapid). */
static const struct {
	int minutes, increment;
} clock_presets[] = {{1, 0}, {3, 2}, {5, 3}, {10, 5}, {15, 10}};
#define CLOCK_PRESETS ((int)(sizeof(clock_presets) / sizeof(clock_presets[0])))

/* The time-control step: none, a time per move or a game clock typed
 * (items 1 to 3, as before), or one of the ready-made game clocks. */
static enum ui_status choose_time(struct ui *ui, struct game_def *c)
{
	const char *labels[4 + CLOCK_PRESETS];
	int keys[4 + CLOCK_PRESETS] = {1, 2, 3};
	char preset[CLOCK_PRESETS][64], buf[TERM_LINE_MAX + 1];
	enum ui_status st;
	int i, n = 3, choice;

	labels[0] = _("No clock");
	labels[1] = _("A time per move");
	labels[2] = _("A game clock (minutes + seconds a move)");
	for (i = 0; i < CLOCK_PRESETS; i++, n++) { /* items 4 and on */
		snprintf(preset[i], sizeof(preset[i]), _("Game clock %d+%d"),
			 clock_presets[i].minutes, clock_presets[i].increment);
		labels[n] = preset[i];
		keys[n] = n + 1;
	}
	labels[n] = _("Back");
	keys[n++] = 0;
	st = ui_menu_step(ui, _("Time control"), labels, keys, n, &choice);
	if (st != UI_OK || choice == 0)
		return st;
	if (choice == 1) {
		memset(&c->time, 0, sizeof(c->time));
		return UI_OK;
	}
	if (choice > 3) { /* read as typed, by the one reader of clocks */
		snprintf(buf, sizeof(buf), "%d+%d",
			 clock_presets[choice - 4].minutes,
			 clock_presets[choice - 4].increment);
		return game_clock_ok(&ui->term, buf, c) == 0 ? UI_OK
							     : UI_FAILED;
	}
	if (choice == 2)
		st = read_step(ui, _("Seconds a move: "), buf, per_move_ok, c);
	else
		st = read_step(ui,
			       _("Game clock, minutes+seconds (e.g. 5+3): "),
			       buf, game_clock_ok, c);
	return st == UI_REFUSED ? UI_OK : st;
}

/* The first step's labels for c into the caller's bufs and labels[]
 * (`keep` names the first item). */
static void step_labels(const struct game_def *c, const char *keep,
			char bufs[3][160], const char *labels[])
{
	char words[128];

	labels[0] = keep;
	snprintf(bufs[0], 160, _("Variant: %s"),
		 variant_words(&c->variant, words, sizeof(words)));
	snprintf(bufs[1], 160, _("Opening: %s"),
		 c->opening == OPENING_SWAP2 ? _("swap2") : _("none"));
	snprintf(bufs[2], 160, _("Time control: %s"),
		 time_words(&c->time, words, sizeof(words)));
	labels[1] = bufs[0];
	labels[2] = bufs[1];
	labels[3] = bufs[2];
	labels[4] = _("Back");
}

/* The steps from *c (a game of `kind`, its stake said with `stake`),
 * until the player keeps it (the first item, `keep`: UI_OK, *c the
 * game) or goes back (UI_REFUSED). */
static enum ui_status steps(struct ui *ui, enum choice_kind kind,
			    const char *title, const char *keep, bool stake,
			    struct game_def *c)
{
	static const int keys[] = {1, 2, 3, 4, 0};
	char bufs[3][160], line[512];
	const char *labels[5];
	enum ui_status st = UI_OK;
	int choice;

	for (;;) {
		if (st != UI_OK)
			return st;
		ui_say(&ui->term, "%s",
		       game_words(ui, c, kind, stake, line, sizeof(line)));
		step_labels(c, keep, bufs, labels);
		st = ui_menu_step(ui, title, labels, keys, 5, &choice);
		if (st != UI_OK)
			return st;
		switch (choice) {
		case STEP_BACK:
			return UI_REFUSED;
		case STEP_PLAY:
			return UI_OK;
		case STEP_VARIANT:
			st = choose_variant(ui, c);
			if (c->variant.k < SWAP2_MIN_K)
				c->opening = OPENING_NONE;
			break;
		case STEP_OPENING:
			st = choose_opening(ui, c);
			break;
		case STEP_TIME:
			st = choose_time(ui, c);
			break;
		}
	}
}

/* The first item of the choice for a game of `kind`: what Enter does. */
static const char *keep_words(enum choice_kind kind)
{
	switch (kind) {
	case CHOICE_CHALLENGE:
		return _("Send this challenge");
	case CHOICE_SEEK:
	case CHOICE_CASUAL:
		return _("Post this seek");
	case CHOICE_RANKED:
	case CHOICE_COMPUTER:
	case CHOICE_GUEST:
		break;
	}
	return _("Play this game");
}

enum ui_status ui_choose_game(struct ui *ui, const struct player *me,
			      enum choice_kind kind)
{
	struct game_def c;
	enum ui_status st = defaults(ui, me, &c);

	if (st == UI_OK)
		st = steps(ui, kind, _("The game (Enter: play it)"),
			   keep_words(kind), true, &c);
	if (st == UI_OK)
		ui->game = c;
	return st;
}

enum ui_status ui_choose_default(struct ui *ui, struct store_prefs *p)
{
	struct game_def c;
	enum ui_status st;

	ui_choose_from_prefs(ui->opt, p, &c);
	if (c.variant.k < SWAP2_MIN_K)
		c.opening = OPENING_NONE;
	st = steps(ui, CHOICE_RANKED, _("Your default game (Enter: save it)"),
		   _("Save as my default"), false, &c);
	if (st == UI_OK)
		ui_choose_to_prefs(&c, p);
	return st;
}
