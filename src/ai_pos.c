/* ai_pos.c -- the engine's own board: padded cells, a Zobrist hash and,
 * for every empty cell, what each colour would make there.
 *
 * Patterns. For an empty cell e, a direction and a colour x, look at the
 * K-cell windows of the line through e that hold e, no other colour and
 * no wall (and, when x's overlines do not win -- RULE_EXACT, and black
 * under RULE_RENJU -- no x just outside, which would make an overline). With x
 * placed on e, the fullest window tells the pattern: K stones win; K-1 make a
 * four (an open four when the windows leave two different winning cells); K-2
 * make a three (open when one more stone can leave two winning cells); and so
 * on. A stone changes only cells within K of it on its four lines, so make and
 * unmake refresh just those, and keep per-colour totals (values and category
 * counts) that the evaluation reads in constant time.
 */
#include <stdbool.h>
#include <string.h>

#include "ai_param.h"
#include "renju.h"

/* Longest stretch read on each side of a cell: K, at most. */
#define LINE_MAX (2 * BOARD_MAX_SIZE + 1)

/* ==== Cells and keys =================================================== */

/* Fill the Zobrist keys (two per cell, one for the side to move) from a
 * fixed seed, so hashes are the same on every run. */
void ai_pos_keys(uint64_t *zob)
{
	struct rng r;
	int i;

	rng_seed(&r, UINT64_C(0x676f6d6f6b75));
	for (i = 0; i < AI_CELLS * 2 + 1; i++)
		zob[i] = rng_next(&r);
}

/* Return the padded index of board cell (row, col). */
int ai_pos_index(const struct ai_pos *p, int row, int col)
{
	return (row + AI_PAD) * p->w + col + AI_PAD;
}

/* Return the board row of padded index idx. */
int ai_pos_row(const struct ai_pos *p, int idx)
{
	return idx / p->w - AI_PAD;
}

/* Return the board column of padded index idx. */
int ai_pos_col(const struct ai_pos *p, int idx)
{
	return idx % p->w - AI_PAD;
}

/* Return the Zobrist key of colour c on cell idx. */
static uint64_t key_of(const struct ai_pos *p, int idx, int c)
{
	return p->zob[idx * 2 + c - 1];
}

/* Return the key that marks white to move. */
static uint64_t side_key(const struct ai_pos *p)
{
	return p->zob[AI_CELLS * 2];
}

/* ==== Patterns ========================================================= */

/* Read the line through e along `step` for colour x into v[0..2k], e in
 * the middle: 1 for x (and e itself), 0 empty, -1 blocked (the other
 * colour, a wall, or anything past them). */
static void read_line(const struct ai_pos *p, int e, int step, int x,
		      signed char *v)
{
	int k = p->k, i, sign, c = AI_EMPTY;

	v[k] = 1;
	for (sign = -1; sign <= 1; sign += 2) {
		int blocked = 0;

		for (i = 1; i <= k; i++) {
			if (!blocked) {
				c = p->cell[e + sign * i * step];
				blocked = c != AI_EMPTY && c != x;
			}
			v[k + sign * i] = (signed char)(blocked	 ? -1
							: c == x ? 1
								 : 0);
		}
	}
}

/* Count x in every K-window v[a..a+k-1], a = 1..k, into cnt[a]; -1 when
 * the window is blocked or, under the exact rule, flanked by x. Return
 * the highest count, 0 when no window is open. */
static int count_windows(const signed char *v, int k, int exact, int *cnt)
{
	int a, i, n = 0, bad = 0, best = 0;

	for (i = 1; i < 1 + k; i++) {
		n += v[i] == 1;
		bad += v[i] < 0;
	}
	for (a = 1; a <= k; a++) {
		if (a > 1) {
			n += (v[a + k - 1] == 1) - (v[a - 1] == 1);
			bad += (v[a + k - 1] < 0) - (v[a - 1] < 0);
		}
		cnt[a] = -1;
		if (bad || (exact && (v[a - 1] == 1 || v[a + k] == 1)))
			continue;
		cnt[a] = n;
		if (n > best)
			best = n;
	}
	return best;
}

/* Return a mask of the empty cells of the windows holding `want`
 * stones; when partner is not NULL, also record in it which empties
 * share a window (windows with two empties). */
static uint64_t window_empties(const signed char *v, int k, const int *cnt,
			       int want, uint64_t *partner)
{
	uint64_t mask = 0;
	int a, i, e[2], ne;

	for (a = 1; a <= k; a++) {
		if (cnt[a] != want)
			continue;
		ne = 0;
		for (i = a; i < a + k; i++) {
			if (v[i] == 0 && ne < 2)
				e[ne++] = i;
		}
		mask |= (uint64_t)1 << e[0];
		if (partner != NULL && ne == 2) {
			mask |= (uint64_t)1 << e[1];
			partner[e[0]] |= (uint64_t)1 << e[1];
			partner[e[1]] |= (uint64_t)1 << e[0];
		}
	}
	return mask;
}

/* Return true when mask has two bits or more. */
static int two_bits(uint64_t mask)
{
	return (mask & (mask - 1)) != 0;
}

/* Return PAT_OPEN3 when one more stone can leave two winning cells (two
 * (K-2)-windows share exactly one empty), else PAT_THREE. */
static int three_kind(const signed char *v, int k, const int *cnt)
{
	uint64_t partner[LINE_MAX];
	int i;

	memset(partner, 0, sizeof(partner[0]) * (size_t)(2 * k + 1));
	window_empties(v, k, cnt, k - 2, partner);
	for (i = 0; i <= 2 * k; i++) {
		if (two_bits(partner[i]))
			return PAT_OPEN3;
	}
	return PAT_THREE;
}

/* Return how many windows hold exactly `want` stones. */
static int windows_with(const int *cnt, int k, int want)
{
	int a, n = 0;

	for (a = 1; a <= k; a++)
		n += cnt[a] == want;
	return n;
}

/* Return the pattern of the line v[0..2k] (from read_line()). */
static int pattern_of(const signed char *v, int k, int exact)
{
	int cnt[BOARD_MAX_SIZE + 1];
	int m = count_windows(v, k, exact, cnt);

	if (m == 0)
		return PAT_NONE;
	if (m == k)
		return PAT_WIN;
	if (m == k - 1)
		return two_bits(window_empties(v, k, cnt, m, NULL)) ? PAT_OPEN4
								    : PAT_FOUR;
	if (m == k - 2)
		return three_kind(v, k, cnt);
	if (m == k - 3)
		return windows_with(cnt, k, m) >= 2 ? PAT_OPEN2 : PAT_TWO;
	return PAT_ONE;
}

/* Return the pattern colour x makes on the line through empty cell e
 * along direction d, read cell by cell. */
static int line_pattern(const struct ai_pos *p, int e, int d, int x)
{
	signed char v[LINE_MAX];

	read_line(p, e, p->dir[d], x, v);
	return pattern_of(v, p->k, p->exact[x]);
}

/* Return the category of a cell whose four lines make pat[0..3]. */
static int category(const unsigned char *pat)
{
	int n[PAT_COUNT] = {0};
	int d;

	for (d = 0; d < 4; d++)
		n[pat[d]]++;
	if (n[PAT_WIN])
		return CAT_WIN;
	if (n[PAT_OPEN4] || n[PAT_FOUR] >= 2)
		return CAT_FLEX4;
	if (n[PAT_FOUR] && n[PAT_OPEN3])
		return CAT_43;
	if (n[PAT_FOUR])
		return CAT_FOUR;
	if (n[PAT_OPEN3] >= 2)
		return CAT_33;
	if (n[PAT_OPEN3])
		return CAT_OPEN3;
	return n[PAT_NONE] == 4 ? CAT_NONE : CAT_LOW;
}

/* ==== Tables =========================================================== */

/* Write into v[k - 1] down to v[0] (sign -1) or v[k + 1] up to v[2k]
 * (sign 1) the stretch that side code `code` stands for. */
static void decode_side(int code, int k, int sign, signed char *v)
{
	int len = 0, i;

	while ((code >> (len + 1)) != 0)
		len++;
	for (i = 1; i <= k; i++)
		v[k + sign * i] =
			(signed char)(i <= len ? (code >> (len - i)) & 1 : -1);
}

/* Fill t's line table for win length k, overlines winning or not. */
static void build_lines(struct ai_tables *t, int k, int exact)
{
	signed char v[LINE_MAX];
	int left, right, codes = 1 << (k + 1);

	v[k] = 1;
	for (left = 1; left < codes; left++) {
		decode_side(left, k, -1, v);
		for (right = 1; right < codes; right++) {
			decode_side(right, k, 1, v);
			t->line[exact][left * AI_CODES + right] =
				(unsigned char)pattern_of(v, k, exact);
		}
	}
}

/* Fill t's category and value tables (the same for every board). */
static void build_combos(struct ai_tables *t)
{
	unsigned char pat[4];
	int i, d, rest, cat;

	for (i = 0; i < AI_COMBOS; i++) {
		rest = i;
		for (d = 3; d >= 0; d--) {
			pat[d] = (unsigned char)(rest % PAT_COUNT);
			rest /= PAT_COUNT;
		}
		cat = category(pat);
		t->combo_cat[i] = (unsigned char)cat;
		t->combo_val[i] = t->cat_bonus[cat];
		for (d = 0; d < 4; d++)
			t->combo_val[i] += t->pat_value[pat[d]];
	}
}

/* Make t ready for win length k; see ai_internal.h. */
void ai_tables_prepare(struct ai_tables *t, int k)
{
	if (t->combo_val[AI_COMBOS - 1] == 0) {
		if (t->pat_value[PAT_WIN] == 0) {
			memcpy(t->pat_value, ai_pattern_value,
			       sizeof(ai_pattern_value));
			memcpy(t->cat_bonus, ai_category_bonus,
			       sizeof(ai_category_bonus));
		}
		build_combos(t);
	}
	if (k <= AI_TABLE_K && t->k != k) {
		build_lines(t, k, 0);
		build_lines(t, k, 1);
		t->k = k;
	}
}

/* Read the side codes of both colours from e along `step` into
 * code[0] (black) and code[1] (white). */
static void side_codes(const struct ai_pos *p, int e, int step, int *code)
{
	int i, c, open_b = 1, open_w = 1;

	code[0] = 1;
	code[1] = 1;
	for (i = 1; i <= p->k && (open_b || open_w); i++) {
		c = p->cell[e + i * step];
		if (c == AI_WALL)
			break;
		if (open_b && c == AI_WHITE)
			open_b = 0;
		else if (open_b)
			code[0] = code[0] * 2 + (c == AI_BLACK);
		if (open_w && c == AI_BLACK)
			open_w = 0;
		else if (open_w)
			code[1] = code[1] * 2 + (c == AI_WHITE);
	}
}

/* ==== Keeping the patterns up to date ================================== */

/* Recompute the category and value of cell e for both colours from its
 * stored patterns (nothing for a stone) and update the totals. */
static void refresh_cell(struct ai_pos *p, int e)
{
	int x, cat = CAT_NONE, val = 0, i;

	for (x = 1; x <= 2; x++) {
		const unsigned char *pat = p->pat[e][x - 1];

		if (p->cell[e] == AI_EMPTY) {
			i = ((pat[0] * PAT_COUNT + pat[1]) * PAT_COUNT +
			     pat[2]) *
				    PAT_COUNT +
			    pat[3];
			cat = p->tab->combo_cat[i];
			val = p->tab->combo_val[i];
		}
		p->sum[x] += val - p->val[e][x - 1];
		p->cnt[x][p->cat[e][x - 1]]--;
		p->cnt[x][cat]++;
		p->val[e][x - 1] = val;
		p->cat[e][x - 1] = (unsigned char)cat;
	}
}

/* Push cell e's category and value, with its patterns `pat` (as they
 * were), on p's undo log (there is room: see ai_pos_make()). */
static void log_cell(struct ai_pos *p, int e, const unsigned char pat[2][4])
{
	struct ai_undo *u = &p->undo[p->nundo++];

	u->cell = e;
	memcpy(u->pat, pat, sizeof(u->pat));
	memcpy(u->cat, p->cat[e], sizeof(u->cat));
	memcpy(u->val, p->val[e], sizeof(u->val));
}

/* Log cell e on p's undo log when `log`, then set its patterns along d
 * to black and white and refresh its category (nothing when they are
 * what it has). */
static void set_patterns(struct ai_pos *p, int e, int d, int black, int white,
			 bool log)
{
	if (p->pat[e][0][d] == black && p->pat[e][1][d] == white)
		return;
	if (log)
		log_cell(p, e, (const unsigned char(*)[4])p->pat[e]);
	p->pat[e][0][d] = (unsigned char)black;
	p->pat[e][1][d] = (unsigned char)white;
	refresh_cell(p, e);
}

/* Return both colours' patterns of empty cell e along direction d, read
 * cell by cell: black's in *black, white's in *white. */
static void read_patterns(const struct ai_pos *p, int e, int d, int *black,
			  int *white)
{
	int left[2], right[2];

	if (p->tab->k != p->k) {
		*black = line_pattern(p, e, d, AI_BLACK);
		*white = line_pattern(p, e, d, AI_WHITE);
		return;
	}
	side_codes(p, e, -p->dir[d], left);
	side_codes(p, e, p->dir[d], right);
	*black =
		p->tab->line[p->exact[AI_BLACK]][left[0] * AI_CODES + right[0]];
	*white =
		p->tab->line[p->exact[AI_WHITE]][left[1] * AI_CODES + right[1]];
}

/* Recompute both colours' patterns of empty cell e along direction d
 * (its category is not refreshed). */
static void refresh_pattern(struct ai_pos *p, int e, int d)
{
	int black, white;

	read_patterns(p, e, d, &black, &white);
	p->pat[e][0][d] = (unsigned char)black;
	p->pat[e][1][d] = (unsigned char)white;
}

/* ==== One line at a time =============================================== */

/* The cells of one line within 2K of a cell as bit masks: bit j is the
 * cell j - 2K steps away along the line. By colour (0 black, 1 white),
 * its own stones and the cells that end its stretches (the other
 * colour's stones and the walls). */
struct seg {
	uint32_t own[2];
	uint32_t stop[2];
	int n; /* 4K + 1 bits */
};

/* Six bits in reverse order: a side stretch is at most AI_TABLE_K long,
 * and 4 AI_TABLE_K + 1 bits fit in a seg's masks. */
_Static_assert(AI_TABLE_K <= 6, "reverse6[] and struct seg need K <= 6");
static const unsigned char reverse6[64] = {
	0, 32, 16, 48, 8,  40, 24, 56, 4, 36, 20, 52, 12, 44, 28, 60,
	2, 34, 18, 50, 10, 42, 26, 58, 6, 38, 22, 54, 14, 46, 30, 62,
	1, 33, 17, 49, 9,  41, 25, 57, 5, 37, 21, 53, 13, 45, 29, 61,
	3, 35, 19, 51, 11, 43, 27, 59, 7, 39, 23, 55, 15, 47, 31, 63};

/* Read the line through idx along `step` into *s; past a wall every
 * cell counts as wall (nothing beyond it is read). */
static void seg_read(const struct ai_pos *p, int idx, int step, struct seg *s)
{
	int k2 = 2 * p->k, way, j, e, c;
	uint32_t black = 0, white = 0, wall = 0, bit;

	c = p->cell[idx];
	black |= c == AI_BLACK ? 1u << k2 : 0;
	white |= c == AI_WHITE ? 1u << k2 : 0;
	for (way = -1; way <= 1; way += 2) {
		e = idx;
		c = AI_EMPTY;
		for (j = 1; j <= k2; j++) {
			if (c != AI_WALL) {
				e += way * step;
				c = p->cell[e];
			}
			bit = 1u << (k2 + way * j);
			black |= c == AI_BLACK ? bit : 0;
			white |= c == AI_WHITE ? bit : 0;
			wall |= c == AI_WALL ? bit : 0;
		}
	}
	s->n = 2 * k2 + 1;
	s->own[0] = black;
	s->own[1] = white;
	s->stop[0] = white | wall;
	s->stop[1] = black | wall;
}

/* Colour x's pattern (0 black, 1 white) at bit j of s, from the tables:
 * the side codes (see side_codes()) of the stretches on each side, each
 * ended by a stop or K long, the nearest cell first. */
static inline int seg_pattern(const struct ai_pos *p, const struct seg *s,
			      int j, int x)
{
	uint32_t below = s->stop[x] & ((1u << j) - 1);
	uint32_t above = s->stop[x] >> (j + 1);
	int l = below != 0 ? j - 1 - (31 - __builtin_clz(below)) : j;
	int r = above != 0 ? __builtin_ctz(above) : s->n - 1 - j;
	int left, right;

	l = l > p->k ? p->k : l;
	r = r > p->k ? p->k : r;
	left = (int)((1u << l) | ((s->own[x] >> (j - l)) & ((1u << l) - 1)));
	right = (1 << r) |
		reverse6[(s->own[x] >> (j + 1)) & ((1u << r) - 1)] >> (6 - r);
	return p->tab->line[p->exact[x + 1]][left * AI_CODES + right];
}

/* Refresh the patterns along d of empty cell e, bit j of s (NULL: read
 * them cell by cell), logging what changes when `log`. */
static void refresh_on_line(struct ai_pos *p, int e, int d, const struct seg *s,
			    int j, bool log)
{
	int black, white;

	if (s != NULL) {
		black = seg_pattern(p, s, j, 0);
		white = seg_pattern(p, s, j, 1);
	} else {
		read_patterns(p, e, d, &black, &white);
	}
	set_patterns(p, e, d, black, white, log);
}

/* After cell idx changed, refresh every empty cell within K of it on its
 * four lines (each line read once when the tables serve K), logging
 * what changes when `log`. */
static void refresh_lines(struct ai_pos *p, int idx, bool log)
{
	struct seg s;
	int d, way, i, e, fast = p->tab->k == p->k;

	for (d = 0; d < 4; d++) {
		if (fast)
			seg_read(p, idx, p->dir[d], &s);
		for (way = -1; way <= 1; way += 2) {
			e = idx;
			for (i = 1; i <= p->k; i++) {
				e += way * p->dir[d];
				if (p->cell[e] == AI_WALL)
					break;
				if (p->cell[e] == AI_EMPTY)
					refresh_on_line(
						p, e, d, fast ? &s : NULL,
						2 * p->k + way * i, log);
			}
		}
	}
}

/* Put back the cells logged from entry `from` on, last first, with the
 * totals. */
static void undo_cells(struct ai_pos *p, int from)
{
	const struct ai_undo *u;
	int x, e;

	while (p->nundo > from) {
		u = &p->undo[--p->nundo];
		e = u->cell;
		for (x = 1; x <= 2; x++) {
			p->sum[x] += u->val[x - 1] - p->val[e][x - 1];
			p->cnt[x][p->cat[e][x - 1]]--;
			p->cnt[x][u->cat[x - 1]]++;
		}
		memcpy(p->pat[e], u->pat, sizeof(u->pat));
		memcpy(p->cat[e], u->cat, sizeof(u->cat));
		memcpy(p->val[e], u->val, sizeof(u->val));
	}
}

/* After cell idx changed, refresh every empty cell within K of it on its
 * four lines, and idx itself. */
static void refresh_around(struct ai_pos *p, int idx)
{
	int d;

	refresh_lines(p, idx, false);
	if (p->cell[idx] == AI_EMPTY) {
		for (d = 0; d < 4; d++)
			refresh_pattern(p, idx, d);
	}
	refresh_cell(p, idx);
}

/* ==== Loading, making and unmaking ===================================== */

/* Add `delta` to the stone count of the 5x5 square around idx. */
static void touch_near(struct ai_pos *p, int idx, int delta)
{
	int dr, dc;

	for (dr = -2; dr <= 2; dr++) {
		for (dc = -2; dc <= 2; dc++)
			p->near[idx + dr * p->w + dc] =
				(unsigned char)(p->near[idx + dr * p->w + dc] +
						delta);
	}
}

/* Grow the stones' bounding box to hold cell idx. */
static void grow_box(struct ai_pos *p, int idx)
{
	int r = ai_pos_row(p, idx), c = ai_pos_col(p, idx);

	if (r < p->box[0])
		p->box[0] = r;
	if (r > p->box[1])
		p->box[1] = r;
	if (c < p->box[2])
		p->box[2] = c;
	if (c > p->box[3])
		p->box[3] = c;
}

/* Copy cell idx's contents to the renju board, if there is one. */
static void sync_renju(struct ai_pos *p, int idx)
{
	if (p->rb != NULL)
		p->rb->cells[ai_pos_row(p, idx) * p->cols +
			     ai_pos_col(p, idx)] = p->cell[idx];
}

/* Put colour c on empty cell idx without refreshing patterns. */
static void put_stone(struct ai_pos *p, int idx, int c)
{
	p->cell[idx] = (unsigned char)c;
	sync_renju(p, idx);
	p->hash ^= key_of(p, idx, c);
	p->nstones++;
	touch_near(p, idx, 1);
	grow_box(p, idx);
}

/* Set up the grid of p for b: walls around, cells empty, no stones. */
static void load_shape(struct ai_pos *p, const struct board *b)
{
	int r, c;

	p->rows = b->rows;
	p->cols = b->cols;
	p->k = b->k;
	/* Renju: black wins with exactly five, white with five or more. */
	p->exact[AI_BLACK] = b->rule == RULE_EXACT || b->rule == RULE_RENJU;
	p->exact[AI_WHITE] = b->rule == RULE_EXACT;
	p->w = b->cols + 2 * AI_PAD;
	p->dir[0] = 1;
	p->dir[1] = p->w;
	p->dir[2] = p->w + 1;
	p->dir[3] = p->w - 1;
	memset(p->cell, AI_WALL, sizeof(p->cell));
	for (r = 0; r < b->rows; r++) {
		for (c = 0; c < b->cols; c++)
			p->cell[ai_pos_index(p, r, c)] = AI_EMPTY;
	}
	p->box[0] = b->rows;
	p->box[1] = -1;
	p->box[2] = b->cols;
	p->box[3] = -1;
}

/* Load b into p, with the keys zob and the tables tab (kept). */
void ai_pos_load(struct ai_pos *p, const struct board *b, const uint64_t *zob,
		 const struct ai_tables *tab)
{
	int r, c, d, idx, s;

	memset(p, 0, sizeof(*p));
	p->zob = zob;
	p->tab = tab;
	load_shape(p, b);
	for (r = 0; r < b->rows; r++) {
		for (c = 0; c < b->cols; c++) {
			s = b->cells[r * b->cols + c];
			if (s == STONE_BLACK || s == STONE_WHITE)
				put_stone(p, ai_pos_index(p, r, c), s);
		}
	}
	p->side = board_to_move(b) == STONE_BLACK ? AI_BLACK : AI_WHITE;
	if (p->side == AI_WHITE)
		p->hash ^= side_key(p);
	for (r = 0; r < b->rows; r++) {
		for (c = 0; c < b->cols; c++) {
			idx = ai_pos_index(p, r, c);
			if (p->cell[idx] != AI_EMPTY)
				continue;
			for (d = 0; d < 4; d++)
				refresh_pattern(p, idx, d);
			refresh_cell(p, idx);
		}
	}
}

/* Play the side to move on empty cell idx; the other side moves next. */
void ai_pos_make(struct ai_pos *p, int idx)
{
	memcpy(p->oldbox[p->nmade], p->box, sizeof(p->box));
	p->played[p->nmade++] = idx;
	put_stone(p, idx, p->side);
	p->side = 3 - p->side;
	p->hash ^= side_key(p);
	if (p->nundo + 8 * p->k + 1 > AI_UNDO_MAX) {
		p->undo_from[p->nmade - 1] = -1;
		refresh_around(p, idx);
		return;
	}
	p->undo_from[p->nmade - 1] = p->nundo;
	log_cell(p, idx, (const unsigned char(*)[4])p->pat[idx]);
	refresh_lines(p, idx, true);
	refresh_cell(p, idx);
}

/* Take back the last ai_pos_make(). */
void ai_pos_unmake(struct ai_pos *p)
{
	int idx = p->played[--p->nmade];

	p->side = 3 - p->side;
	p->hash ^= side_key(p) ^ key_of(p, idx, p->side);
	p->cell[idx] = AI_EMPTY;
	sync_renju(p, idx);
	p->nstones--;
	touch_near(p, idx, -1);
	memcpy(p->box, p->oldbox[p->nmade], sizeof(p->box));
	if (p->undo_from[p->nmade] < 0)
		refresh_around(p, idx);
	else
		undo_cells(p, p->undo_from[p->nmade]);
}

/* Let the other side move without playing. Calling it twice undoes it. */
void ai_pos_pass(struct ai_pos *p)
{
	p->side = 3 - p->side;
	p->hash ^= side_key(p);
}

/* ==== Queries ========================================================== */

/* Clip the box of the stones grown by `margin` to the grid into
 * lim[4] (rows lim[0]..lim[1], columns lim[2]..lim[3]). */
static void box_limits(const struct ai_pos *p, int margin, int *lim)
{
	lim[0] = p->box[0] - margin < 0 ? 0 : p->box[0] - margin;
	lim[1] = p->box[1] + margin >= p->rows ? p->rows - 1
					       : p->box[1] + margin;
	lim[2] = p->box[2] - margin < 0 ? 0 : p->box[2] - margin;
	lim[3] = p->box[3] + margin >= p->cols ? p->cols - 1
					       : p->box[3] + margin;
}

/* Write the empty cells within two of a stone into out (the centre on
 * an empty board); return how many. */
int ai_pos_candidates(const struct ai_pos *p, int *out)
{
	int lim[4], r, c, idx, n = 0;

	if (p->nstones == 0) {
		out[0] = ai_pos_index(p, p->rows / 2, p->cols / 2);
		return 1;
	}
	box_limits(p, 2, lim);
	for (r = lim[0]; r <= lim[1]; r++) {
		for (c = lim[2]; c <= lim[3]; c++) {
			idx = ai_pos_index(p, r, c);
			if (p->cell[idx] == AI_EMPTY && p->near[idx] > 0)
				out[n++] = idx;
		}
	}
	return n;
}

/* Write the empty cells where colour c is in category `cat` or higher
 * into out; return how many. */
int ai_pos_cells_at_least(const struct ai_pos *p, int c, int cat, int *out)
{
	int lim[4], r, col, idx, i, want = 0, n = 0;

	for (i = cat; i < CAT_COUNT; i++)
		want += p->cnt[c][i];
	if (want == 0 || p->nstones == 0)
		return 0;
	box_limits(p, p->k, lim);
	for (r = lim[0]; r <= lim[1] && n < want; r++) {
		for (col = lim[2]; col <= lim[3] && n < want; col++) {
			idx = ai_pos_index(p, r, col);
			if (p->cell[idx] == AI_EMPTY &&
			    p->cat[idx][c - 1] >= cat)
				out[n++] = idx;
		}
	}
	return n;
}

/* Return the first empty cell where colour c wins at once, or -1. */
int ai_pos_win_cell(const struct ai_pos *p, int c)
{
	int cells[AI_MAX_MOVES];

	if (ai_pos_cells_at_least(p, c, CAT_WIN, cells) == 0)
		return -1;
	return cells[0];
}

/* Write the side to move's replies to the opponent's threat of an open
 * four into out: the cells where the opponent would make a four (they
 * hold every block), then the side to move's own fours not among them.
 * Return how many. */
int ai_pos_threat_replies(const struct ai_pos *p, int *out)
{
	int s = p->side, o = 3 - s, mine[AI_MAX_MOVES], n, m, i;

	n = ai_pos_cells_at_least(p, o, CAT_FOUR, out);
	m = ai_pos_cells_at_least(p, s, CAT_FOUR, mine);
	for (i = 0; i < m; i++) {
		if (p->cat[mine[i]][o - 1] < CAT_FOUR)
			out[n++] = mine[i];
	}
	return n;
}

/* Return the static score for the side to move: its cells' total value,
 * weighted for having the move, less the opponent's, within
 * AI_EVAL_CAP. */
int ai_pos_eval(const struct ai_pos *p)
{
	long s = p->sum[p->side], o = p->sum[3 - p->side];
	long v = s + s / AI_TEMPO - o;
	long cap = AI_EVAL_CAP;

	if (v > cap)
		return (int)cap;
	if (v < -cap)
		return (int)-cap;
	return (int)v;
}

/* ==== Renju ============================================================ */

/* Black stones seen on each line by may_be_forbidden(). */
struct black_count {
	const struct ai_pos *p;
	int near[4]; /* within 4 cells */
	int far[4];  /* within 5 cells */
};

/* Count cell e if it holds a black stone; the walk goes on. */
static int count_black(void *ctx, int e, int d, int dist)
{
	struct black_count *bc = ctx;

	if (bc->p->cell[e] == AI_BLACK) {
		bc->far[d]++;
		bc->near[d] += dist <= 4;
	}
	return 0;
}

/* Return 1 when black could be forbidden on empty cell idx: some line
 * through it holds 4 black stones within 5 cells of it (an overline or
 * two fours on one line), or two lines hold 2 within 4 (two fours or two
 * threes). A cheap sieve in front of renju.h; never wrong for "no". */
static int may_be_forbidden(const struct ai_pos *p, int idx)
{
	struct black_count bc = {p, {0}, {0}};
	int d, lines = 0;

	ai_pos_walk(p, idx, 5, count_black, &bc);
	for (d = 0; d < 4; d++) {
		if (bc.far[d] >= 4)
			return 1;
		lines += bc.near[d] >= 2;
	}
	return lines >= 2;
}

/* Return 1 when colour c may not play empty cell idx; see the header. */
int ai_pos_forbidden(const struct ai_pos *p, int c, int idx)
{
	if (p->rb == NULL || c != AI_BLACK || !may_be_forbidden(p, idx))
		return 0;
	return renju_forbidden(p->rb, ai_pos_row(p, idx), ai_pos_col(p, idx));
}

/* Return 1 when the side to move may play empty cell idx. */
int ai_pos_allowed(const struct ai_pos *p, int idx)
{
	return !ai_pos_forbidden(p, p->side, idx);
}

/* Return 1 when colour c may play some empty cell of a category in
 * `cats` (bits 1 << category). */
int ai_pos_can_make(const struct ai_pos *p, int c, unsigned cats)
{
	int cells[AI_MAX_MOVES], n, i, low = 0, any = 0;

	for (i = CAT_COUNT - 1; i >= 0; i--) {
		if (cats & (1u << i)) {
			any += p->cnt[c][i];
			low = i;
		}
	}
	if (any == 0 || p->rb == NULL || c != AI_BLACK)
		return any > 0;
	n = ai_pos_cells_at_least(p, c, low, cells);
	for (i = 0; i < n; i++) {
		if ((cats & (1u << p->cat[cells[i]][c - 1])) &&
		    !ai_pos_forbidden(p, c, cells[i]))
			return 1;
	}
	return 0;
}
