/* tune.c -- fits the evaluation's weights to games: the Texel method.
 *
 *   tune [-o FILE] [--rounds N] [--made-by TEXT] DIR...
 *
 * Reads every game-*.psq in the DIRs (the arena's records, freestyle
 * 15x15; a game read before, the same moves, counted once), and takes
 * each position of each game from the opening's last stone to the move
 * before the end, with the game's result for the side
 * to move (1 won, 1/2 drawn, 0 lost). A position where either side has a
 * five to make is left out: its score is a search's business, not the
 * static evaluation's. The static score e of a position is the engine's
 * own (ai_pos_load(), ai_pos_make() and ai_pos_eval() of ai_pos.c, with
 * struct ai_tables built from the weights by ai_tables_prepare()), and
 * the loss is the mean of (result - 1 / (1 + exp(-K e)))^2.
 *
 * First K is fitted with the engine's weights (ai_param.h), then the
 * weights are searched one at a time (coordinate descent: each tried a
 * step up and a step down, the step halved when neither lowers the
 * loss) with K fixed, until a round changes nothing or --rounds (40) are
 * done. One game in ten (the 10th, 20th, ... in name order) is held out
 * and only measured, so that the fit's gain can be told from learning
 * the games by heart. The weights of a five (PAT_WIN, CAT_WIN) are not
 * fitted: no position kept has one.
 *
 * Prints the losses before and after, and with -o writes the weights as
 * ai_weights.h (the macros AI_WEIGHTS_PATTERN and AI_WEIGHTS_CATEGORY,
 * read by ai_param.h), its header comment holding --made-by's text.
 * Exit status 0, 1 when a file cannot be read or written or no position
 * was found, 2 for a usage error.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_internal.h"
#include "record.h"
#include "rules.h"

#define HOLD_OUT     10 /* every HOLD_OUT-th game is measured only */
#define ROUNDS	     40 /* coordinate descent rounds, at most */
#define K_STEPS	     60 /* golden-section steps for K */
#define FIRST_PLY    3	/* positions from this many stones on */
#define WEIGHTS	     (PAT_COUNT + CAT_COUNT)
#define PATH_MAX_LEN 4096

/* One game: its moves and black's result (1, 1/2 or 0). */
struct game {
	int nmoves;
	double black_score;
	struct move moves[BOARD_MAX_CELLS];
};

/* The games read, and what the loss is computed with. */
struct tune {
	struct game *games;
	int ngames, cap;
	int files;	      /* records read */
	struct ai_tables tab; /* built from the weights being tried */
	uint64_t zob[AI_CELLS * 2 + 1];
	struct ai_pos *pos; /* the engine's board, reused */
	double k;
};

/* The weights: pattern values, then category bonuses. */
struct weights {
	int w[WEIGHTS];
};

/* The weights fitted, by index into struct weights. */
static const int fitted[] = {
	PAT_ONE,
	PAT_TWO,
	PAT_OPEN2,
	PAT_THREE,
	PAT_OPEN3,
	PAT_FOUR,
	PAT_OPEN4,
	PAT_COUNT + CAT_LOW,
	PAT_COUNT + CAT_OPEN3,
	PAT_COUNT + CAT_33,
	PAT_COUNT + CAT_FOUR,
	PAT_COUNT + CAT_43,
	PAT_COUNT + CAT_FLEX4,
};
#define NFITTED ((int)(sizeof(fitted) / sizeof(fitted[0])))

/* ==== Reading the games ================================================ */

/* Read file `path` into a new NUL-terminated buffer (the caller frees
 * it), its length in *len. Return NULL when it cannot be read. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;

	if (f == NULL)
		return NULL;
	buf = malloc(RECORD_INPUT_MAX + 1);
	if (buf != NULL) {
		*len = fread(buf, 1, RECORD_INPUT_MAX, f);
		buf[*len] = '\0';
		if (ferror(f)) {
			free(buf);
			buf = NULL;
		}
	}
	fclose(f);
	return buf;
}

/* Black's score in the finished game of r (replayed into b), or -1 when
 * the record does not say how it ended. */
static double black_score(const struct game_record *r, const struct board *b)
{
	enum match_result result;
	enum match_reason reason;

	record_result(r, b, &result, &reason);
	switch (result) {
	case RESULT_BLACK_WIN:
		return 1.0;
	case RESULT_WHITE_WIN:
		return 0.0;
	case RESULT_DRAW:
		return 0.5;
	default:
		return -1.0;
	}
}

/* Return 1 when t already holds the game of r (the same moves): at a
 * fixed number of nodes the engine often plays the same game again,
 * whatever the seeds, and a game counted twice would weigh twice. */
static int seen(const struct tune *t, const struct game_record *r)
{
	int i;

	for (i = 0; i < t->ngames; i++) {
		if (t->games[i].nmoves == r->nmoves &&
		    memcmp(t->games[i].moves, r->moves,
			   sizeof(r->moves[0]) * (size_t)r->nmoves) == 0)
			return 1;
	}
	return 0;
}

/* Add the game of PSQ file `path` to t. Return 0, 1 when it was left
 * out (not freestyle 15x15, no result, a game t holds), -1 when it
 * could not be read or there is no memory. */
static int add_game(struct tune *t, const char *path)
{
	static struct game_record rec;
	static struct board b;
	struct game *g;
	size_t len;
	char *text = slurp(path, &len);
	double score;
	int rc = 1;

	if (text == NULL)
		return -1;
	if (record_read(text, len, NULL, &rec, NULL) != RECORD_OK ||
	    record_check(&rec, &b, NULL) != RECORD_OK || rec.rows != 15 ||
	    rec.cols != 15 || record_rule_line(text, len, &(struct variant){0}))
		goto out_free;
	score = black_score(&rec, &b);
	if (score < 0 || seen(t, &rec))
		goto out_free;
	if (t->ngames == t->cap) {
		int cap = t->cap ? 2 * t->cap : 256;
		struct game *more =
			realloc(t->games, sizeof(*more) * (size_t)cap);

		rc = -1;
		if (more == NULL)
			goto out_free;
		t->games = more;
		t->cap = cap;
	}
	g = &t->games[t->ngames++];
	g->nmoves = rec.nmoves;
	g->black_score = score;
	memcpy(g->moves, rec.moves, sizeof(rec.moves[0]) * (size_t)rec.nmoves);
	rc = 0;
out_free:
	free(text);
	return rc;
}

/* Keep the arena's records: game-*.psq. */
static int is_record(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return strncmp(d->d_name, "game-", 5) == 0 && n > 9 &&
	       strcmp(d->d_name + n - 4, ".psq") == 0;
}

/* Add the records of folder `dir` to t, in name order. Return 0, or -1
 * (said on stderr) when the folder or a file cannot be read. */
static int add_folder(struct tune *t, const char *dir)
{
	struct dirent **names;
	char path[PATH_MAX_LEN];
	int n = scandir(dir, &names, is_record, alphasort), i, rc = 0;

	if (n < 0) {
		fprintf(stderr, "tune: cannot read folder %s\n", dir);
		return -1;
	}
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		t->files++;
		if (rc == 0 && add_game(t, path) < 0) {
			fprintf(stderr, "tune: cannot read %s\n", path);
			rc = -1;
		}
		free(names[i]);
	}
	free(names);
	return rc;
}

/* ==== The loss ========================================================= */

/* Build t's tables from weights w with the engine's own code. */
static void use_weights(struct tune *t, const struct weights *w)
{
	memset(&t->tab, 0, sizeof(t->tab));
	memcpy(t->tab.pat_value, w->w, sizeof(t->tab.pat_value));
	memcpy(t->tab.cat_bonus, w->w + PAT_COUNT, sizeof(t->tab.cat_bonus));
	ai_tables_prepare(&t->tab, 5);
}

/* Return the engine's weights, as ai_tables_prepare() takes them from
 * ai_param.h for tables that hold none. */
static struct weights engine_weights(struct tune *t)
{
	struct weights w;

	memset(&t->tab, 0, sizeof(t->tab));
	ai_tables_prepare(&t->tab, 5);
	memcpy(w.w, t->tab.pat_value, sizeof(t->tab.pat_value));
	memcpy(w.w + PAT_COUNT, t->tab.cat_bonus, sizeof(t->tab.cat_bonus));
	return w;
}

/* Return 1 when the position p counts: nobody has a five to make. */
static int quiet(const struct ai_pos *p)
{
	return p->cnt[AI_BLACK][CAT_WIN] == 0 && p->cnt[AI_WHITE][CAT_WIN] == 0;
}

/* Add the squared errors of game g's positions with t's tables and K
 * to *sum and their number to *n. */
static void game_loss(struct tune *t, const struct game *g, double *sum,
		      long *n)
{
	struct board b;
	struct ai_pos *p = t->pos;
	double r, e, err;
	int i;

	board_init(&b, 15, 15, 5, RULE_FREESTYLE);
	ai_pos_load(p, &b, t->zob, &t->tab);
	for (i = 0; i < g->nmoves - 1; i++) {
		ai_pos_make(p,
			    ai_pos_index(p, g->moves[i].row, g->moves[i].col));
		if (i + 1 < FIRST_PLY || !quiet(p))
			continue;
		r = p->side == AI_BLACK ? g->black_score : 1 - g->black_score;
		e = ai_pos_eval(p);
		err = r - 1 / (1 + exp(-t->k * e));
		*sum += err * err;
		(*n)++;
	}
}

/* Return the mean squared error over the training games (held 0) or
 * the held-out ones (held 1), the count in *count when not NULL. */
static double loss(struct tune *t, int held, long *count)
{
	double sum = 0;
	long n = 0;
	int i;

	for (i = 0; i < t->ngames; i++) {
		if ((i % HOLD_OUT == HOLD_OUT - 1) == held)
			game_loss(t, &t->games[i], &sum, &n);
	}
	if (count != NULL)
		*count = n;
	return n ? sum / (double)n : 0;
}

/* Return the training loss with weights w. */
static double loss_with(struct tune *t, const struct weights *w)
{
	use_weights(t, w);
	return loss(t, 0, NULL);
}

/* ==== The fit ========================================================== */

/* Fit t->k to the training games with the tables in use: a golden-
 * section search on log K over 1e-6 .. 1. */
static void fit_k(struct tune *t)
{
	const double g = (sqrt(5.0) - 1) / 2;
	double a = log(1e-6), b = 0, c, d, fc, fd;
	int i;

	c = b - g * (b - a);
	d = a + g * (b - a);
	t->k = exp(c);
	fc = loss(t, 0, NULL);
	t->k = exp(d);
	fd = loss(t, 0, NULL);
	for (i = 0; i < K_STEPS; i++) {
		if (fc < fd) {
			b = d;
			d = c;
			fd = fc;
			c = b - g * (b - a);
			t->k = exp(c);
			fc = loss(t, 0, NULL);
		} else {
			a = c;
			c = d;
			fc = fd;
			d = a + g * (b - a);
			t->k = exp(d);
			fd = loss(t, 0, NULL);
		}
	}
	t->k = exp((a + b) / 2);
}

/* Try weight i of *w at value v; keep it and lower *best when the loss
 * falls. Return 1 when kept. */
static int try_value(struct tune *t, struct weights *w, int i, int v,
		     double *best)
{
	int old = w->w[i];
	double l;

	if (v < 0)
		return 0;
	w->w[i] = v;
	l = loss_with(t, w);
	if (l < *best) {
		*best = l;
		return 1;
	}
	w->w[i] = old;
	return 0;
}

/* Fit the weights of *w (coordinate descent, K fixed) for at most
 * `rounds` rounds; print each round's loss. Return the training loss. */
static double descend(struct tune *t, struct weights *w, int rounds)
{
	int step[NFITTED], r, j, i, changed;
	double best = loss_with(t, w);

	for (j = 0; j < NFITTED; j++) {
		step[j] = w->w[fitted[j]] / 4;
		step[j] = step[j] < 1 ? 1 : step[j];
	}
	for (r = 0; r < rounds; r++) {
		changed = 0;
		for (j = 0; j < NFITTED; j++) {
			i = fitted[j];
			if (try_value(t, w, i, w->w[i] + step[j], &best) ||
			    try_value(t, w, i, w->w[i] - step[j], &best))
				changed = 1;
			else if (step[j] > 1) {
				step[j] /= 2;
				changed = 1;
			}
		}
		printf("tune: round %d: loss %.6f\n", r + 1, best);
		fflush(stdout);
		if (!changed)
			break;
	}
	return best;
}

/* ==== Output =========================================================== */

static const char *const pat_names[PAT_COUNT] = {
	"PAT_NONE",  "PAT_ONE",	 "PAT_TWO",   "PAT_OPEN2", "PAT_THREE",
	"PAT_OPEN3", "PAT_FOUR", "PAT_OPEN4", "PAT_WIN"};
static const char *const cat_names[CAT_COUNT] = {
	"CAT_NONE", "CAT_LOW", "CAT_OPEN3", "CAT_33",
	"CAT_FOUR", "CAT_43",  "CAT_FLEX4", "CAT_WIN"};

/* Print weights w, one table a line, to f. */
static void print_weights(FILE *f, const char *what, const struct weights *w)
{
	int i;

	fprintf(f, "tune: %s: pattern values", what);
	for (i = 0; i < PAT_COUNT; i++)
		fprintf(f, " %d", w->w[i]);
	fprintf(f, "; category bonuses");
	for (i = 0; i < CAT_COUNT; i++)
		fprintf(f, " %d", w->w[PAT_COUNT + i]);
	fprintf(f, "\n");
}

/* Write the macro `name` holding n weights of w from `from`, named. */
static void write_table(FILE *f, const char *name, const int *w,
			const char *const *names, int n)
{
	int i;

	fprintf(f, "#define %s \\\n\t{", name);
	for (i = 0; i < n; i++)
		fprintf(f, "%s[%s] = %d", i ? ", " : "", names[i], w[i]);
	fprintf(f, "}\n");
}

/* The figures of a fit, for the header's comment. */
struct fit {
	int games;
	long positions, held;
	double k, before, after, held_before, held_after;
};

/* Write w as ai_weights.h to `path`. Return 0, or -1 (said) on error. */
static int write_header(const char *path, const char *made_by,
			const struct weights *w, const struct fit *fit)
{
	FILE *f = fopen(path, "w");

	if (f == NULL) {
		fprintf(stderr, "tune: cannot write %s\n", path);
		return -1;
	}
	fprintf(f,
		"/* ai_weights.h -- the evaluation's weights fitted to games "
		"(Texel),\n * made by tests/arena/tune.c: do not edit, remake "
		"it. Made by:\n *   %s.\n *\n * %d different games, %ld "
		"positions fitted "
		"(%ld held out), K %.6g; mean squared\n * error %.6f before, "
		"%.6f after (held out: %.6f, %.6f). ai_param.h\n * uses these "
		"when AI_TUNED_WEIGHTS is 1.\n */\n",
		made_by, fit->games, fit->positions, fit->held, fit->k,
		fit->before, fit->after, fit->held_before, fit->held_after);
	fprintf(f,
		"#ifndef GOMOKU_AI_WEIGHTS_H\n#define GOMOKU_AI_WEIGHTS_H\n\n");
	write_table(f, "AI_WEIGHTS_PATTERN", w->w, pat_names, PAT_COUNT);
	fprintf(f, "\n");
	write_table(f, "AI_WEIGHTS_CATEGORY", w->w + PAT_COUNT, cat_names,
		    CAT_COUNT);
	fprintf(f, "\n#endif\n");
	if (fclose(f) != 0) {
		fprintf(stderr, "tune: cannot write %s\n", path);
		return -1;
	}
	return 0;
}

/* ==== The program ====================================================== */

/* The options. */
struct options {
	const char *out;
	const char *made_by;
	int rounds;
	int first_dir; /* argv index of the first folder */
};

/* Read the options into *o. Return 0, or 2 (said) for a usage error. */
static int parse_options(int argc, char **argv, struct options *o)
{
	int i;

	o->out = NULL;
	o->made_by = "tests/arena/tune";
	o->rounds = ROUNDS;
	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (i + 1 < argc && strcmp(argv[i], "-o") == 0)
			o->out = argv[++i];
		else if (i + 1 < argc && strcmp(argv[i], "--made-by") == 0)
			o->made_by = argv[++i];
		else if (i + 1 < argc && strcmp(argv[i], "--rounds") == 0)
			o->rounds = atoi(argv[++i]);
		else
			break;
	}
	o->first_dir = i;
	if (i >= argc || argv[i][0] == '-' || o->rounds < 0) {
		fprintf(stderr, "usage: tune [-o FILE] [--rounds N] "
				"[--made-by TEXT] DIR...\n");
		return 2;
	}
	return 0;
}

/* Fit, print and write; return the exit status. */
static int run(struct tune *t, const struct options *o)
{
	struct weights w = engine_weights(t);
	struct fit fit = {0};

	fit.games = t->ngames;
	print_weights(stdout, "the engine's weights", &w);
	fit_k(t);
	fit.k = t->k;
	fit.before = loss(t, 0, &fit.positions);
	fit.held_before = loss(t, 1, &fit.held);
	if (fit.positions == 0) {
		fprintf(stderr, "tune: no positions in the games\n");
		return 1;
	}
	printf("tune: %d records, %d different games, %ld positions (%ld "
	       "more held out), K %.6g\n",
	       t->files, t->ngames, fit.positions, fit.held, t->k);
	printf("tune: loss before %.6f (held out %.6f)\n", fit.before,
	       fit.held_before);
	fit.after = descend(t, &w, o->rounds);
	fit.held_after = loss(t, 1, NULL);
	print_weights(stdout, "fitted", &w);
	printf("tune: loss after %.6f (held out %.6f)\n", fit.after,
	       fit.held_after);
	if (o->out != NULL && write_header(o->out, o->made_by, &w, &fit) != 0)
		return 1;
	return 0;
}

int main(int argc, char **argv)
{
	static struct tune t;
	struct options o;
	int i, rc = parse_options(argc, argv, &o);

	if (rc != 0)
		return rc;
	t.pos = malloc(sizeof(*t.pos));
	if (t.pos == NULL) {
		fprintf(stderr, "tune: out of memory\n");
		return 1;
	}
	ai_pos_keys(t.zob);
	for (i = o.first_dir; i < argc && rc == 0; i++)
		rc = add_folder(&t, argv[i]) != 0;
	if (rc == 0)
		rc = run(&t, &o);
	free(t.games);
	free(t.pos);
	return rc;
}
