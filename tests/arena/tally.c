/* tally.c -- the arena's counts and what it prints of them; see
 * tally.h.
 */
#include <math.h>
#include <stdio.h>

#include "elo.h"
#include "tally.h"

#define TEXT_MAX 512

/* ==== Counting ========================================================= */

const char *tally_plural(int n)
{
	return n == 1 ? "" : "s";
}

/* p1's points in a game: 1, 1/2 or 0. */
static double p1_points(const struct duel_result *r)
{
	return r->winner == 0 ? 1.0 : r->winner < 0 ? 0.5 : 0.0;
}

void tally_count(struct tally *t, const struct duel_result *r)
{
	int colour = r->black == 0 ? 0 : 1, p;

	if (r->reason == DUEL_NOT_PLAYED) {
		t->not_played++;
		return;
	}
	t->games++;
	if (r->winner < 0)
		t->draws++;
	else
		t->wins[r->winner]++;
	t->score_as[colour] += p1_points(r);
	t->games_as[colour]++;
	p = r->faulty;
	if (p >= 0) {
		t->timeouts[p] += r->reason == DUEL_TIMEOUT;
		t->crashes[p] += r->reason == DUEL_CRASH;
		t->illegal[p] += r->reason == DUEL_ILLEGAL ||
				 r->reason == DUEL_FORBIDDEN;
	}
	for (p = 0; p < 2; p++) {
		if (r->worst[p] > t->worst[p])
			t->worst[p] = r->worst[p];
	}
}

bool tally_count_pair(struct tally *t, struct pair_wait *w,
		      const struct duel_result *r, const struct sprt *test)
{
	if (r->reason == DUEL_NOT_PLAYED) {
		tally_count(t, r);
		w->state = PAIR_BROKEN;
		return false;
	}
	if (w->state == PAIR_EMPTY) {
		w->first = *r;
		w->state = PAIR_WAITING;
		return false;
	}
	if (w->state != PAIR_WAITING)
		return false;
	tally_count(t, &w->first);
	tally_count(t, r);
	t->pairs[(int)(2.0 * (p1_points(&w->first) + p1_points(r)))]++;
	w->state = PAIR_DONE;
	t->llr = sprt_llr(test, t->pairs);
	t->verdict = sprt_verdict(test, t->llr);
	return true;
}

/* ==== Printing ========================================================= */

/* Write how game r ended into buf[cap]: "p1 wins (five)", "draw (full
 * board)", "p2 wins (p1 time-out: no answer within 300 ms)". */
static void outcome(const struct duel_setup *s, const struct duel_result *r,
		    char *buf, size_t cap)
{
	const char *why = duel_reason_word(r->reason);

	if (r->reason == DUEL_NOT_PLAYED)
		snprintf(buf, cap, "not played (%s)", r->detail);
	else if (r->winner < 0)
		snprintf(buf, cap, "draw (%s)", why);
	else if (r->faulty < 0)
		snprintf(buf, cap, "%s wins (%s)", s->name[r->winner], why);
	else
		snprintf(buf, cap, "%s wins (%s %s: %s)", s->name[r->winner],
			 s->name[r->faulty], why, r->detail);
}

void tally_print_game(const struct duel_setup *s, const char *opening,
		      const struct duel_result *r, int total, bool counted)
{
	const char *score = r->reason == DUEL_NOT_PLAYED ? "-"
			    : r->winner < 0		 ? "1/2-1/2"
			    : r->winner == r->black	 ? "1-0"
							 : "0-1";
	char end[TEXT_MAX];

	outcome(s, r, end, sizeof(end));
	printf("game %d/%d: opening %d (%s), black %s, white %s: %s, %s, "
	       "%d moves, worst move %s %.0f ms, %s %.0f ms%s%s\n",
	       r->game + 1, total, r->opening + 1, opening, s->name[r->black],
	       s->name[1 - r->black], score, end, r->moves, s->name[0],
	       r->worst[0], s->name[1], r->worst[1],
	       r->saved || r->reason == DUEL_NOT_PLAYED
		       ? ""
		       : " (no record written)",
	       counted ? "" : " (after the test's decision: not counted)");
	fflush(stdout);
}

/* Write an Elo figure: "+58", "-21", "0", "+inf", "-inf". */
static const char *elo_text(double d, char *buf, size_t cap)
{
	if (isinf(d))
		snprintf(buf, cap, "%sinf", d > 0 ? "+" : "-");
	else if (fabs(d) < 0.5)
		snprintf(buf, cap, "0");
	else
		snprintf(buf, cap, "%+.0f", d);
	return buf;
}

/* Print an Elo difference line for the estimate e, `from` saying what
 * it comes from ("" for the games). */
static void print_elo(const struct duel_setup *s, const char *from,
		      const struct elo_estimate *e0)
{
	const struct elo_estimate e = *e0;
	char a[16], lo[16], hi[16];

	printf("Elo %s - %s%s: %s", s->name[0], s->name[1], from,
	       elo_text(e.elo, a, sizeof(a)));
	if (isinf(e.elo))
		printf(" (%s won every game: no finite estimate), 95 %% "
		       "interval %s to %s (exact binomial bound)\n",
		       s->name[e.elo > 0 ? 0 : 1],
		       elo_text(e.low, lo, sizeof(lo)),
		       elo_text(e.high, hi, sizeof(hi)));
	else if (elo_bounded(&e))
		printf(" ± %.0f (95 %%: %s to %s)\n", e.margin,
		       elo_text(e.low, lo, sizeof(lo)),
		       elo_text(e.high, hi, sizeof(hi)));
	else
		printf(", margin unbounded (95 %%: %s to %s)\n",
		       elo_text(e.low, lo, sizeof(lo)),
		       elo_text(e.high, hi, sizeof(hi)));
}

/* p1's percentage of points in `points` over n games (0 for none). */
static double percent(double points, int n)
{
	return n > 0 ? 100.0 * points / n : 0.0;
}

/* The pairs' outcomes of t in words into buf[cap]. */
static void pairs_text(const struct tally *t, char *buf, size_t cap)
{
	snprintf(buf, cap, "LL %d, LD %d, WL/DD %d, WD %d, WW %d", t->pairs[0],
		 t->pairs[1], t->pairs[2], t->pairs[3], t->pairs[4]);
}

/* The number of pairs t counts. */
static int pair_count(const struct tally *t)
{
	int i, n = 0;

	for (i = 0; i < ELO_PAIR_OUTCOMES; i++)
		n += t->pairs[i];
	return n;
}

void tally_print_test(const struct sprt *test, const struct tally *t)
{
	char pairs[TEXT_MAX];
	double lower, upper;
	int n = pair_count(t);

	sprt_bounds(test, &lower, &upper);
	pairs_text(t, pairs, sizeof(pairs));
	printf("sprt: %d pair%s (%s): LLR %+.2f, bounds %+.2f and %+.2f\n", n,
	       tally_plural(n), pairs, t->llr, lower, upper);
	fflush(stdout);
}

/* Print the Elo from the pairs and the test's verdict. */
static void print_test_summary(const struct duel_setup *s,
			       const struct sprt *test, const struct tally *t)
{
	struct elo_estimate e;
	char from[TEXT_MAX];
	double lower, upper;
	int n = pair_count(t);

	if (n == 0) {
		printf("sprt: no pair played\n");
		return;
	}
	snprintf(from, sizeof(from), " from the %d pair%s", n, tally_plural(n));
	if (elo_estimate_pairs(t->pairs, &e) == 0)
		print_elo(s, from, &e);
	sprt_bounds(test, &lower, &upper);
	if (t->verdict == SPRT_CONTINUE)
		printf("sprt: no decision after %d pair%s: LLR %+.2f, between "
		       "%+.2f and %+.2f\n",
		       n, tally_plural(n), t->llr, lower, upper);
	else
		printf("sprt: H%d accepted after %d pair%s (Elo %s - %s = "
		       "%+g rather than %+g): LLR %+.2f, bound %+.2f\n",
		       t->verdict == SPRT_H1, n, tally_plural(n), s->name[0],
		       s->name[1],
		       t->verdict == SPRT_H1 ? test->elo1 : test->elo0,
		       t->verdict == SPRT_H1 ? test->elo0 : test->elo1, t->llr,
		       t->verdict == SPRT_H1 ? upper : lower);
}

/* With a node count, the time is only a bound: say so when a move came
 * near enough to it that an engine sharing its time out by it (ours
 * gives its threat searches an eighth) may have been stopped by the
 * clock rather than the nodes. */
static void print_time_warning(const struct duel_setup *s,
			       const struct tally *t)
{
	double share = s->turn_ms / 8.0;

	if (s->nodes > 0 && (t->worst[0] > share || t->worst[1] > share))
		printf("note: a move took over an eighth of the %d ms bound: "
		       "the clock, not the nodes, may have ended a search, "
		       "and such a game may not repeat\n",
		       s->turn_ms);
}

void tally_print_summary(const struct duel_setup *s, const struct tally *t,
			 const struct sprt *test)
{
	struct elo_estimate e;
	double points = t->wins[0] + 0.5 * t->draws;
	int p;

	printf("\n%s vs %s: %d game%s; %s won %d, lost %d, drew %d; score "
	       "%.1f/%d = %.1f %%\n",
	       s->name[0], s->name[1], t->games, tally_plural(t->games),
	       s->name[0], t->wins[0], t->wins[1], t->draws, points, t->games,
	       percent(points, t->games));
	printf("%s as black %.1f/%d (%.1f %%), as white %.1f/%d (%.1f %%)\n",
	       s->name[0], t->score_as[0], t->games_as[0],
	       percent(t->score_as[0], t->games_as[0]), t->score_as[1],
	       t->games_as[1], percent(t->score_as[1], t->games_as[1]));
	if (elo_estimate(t->wins[0], t->wins[1], t->draws, &e) == 0)
		print_elo(s, "", &e);
	if (test != NULL)
		print_test_summary(s, test, t);
	printf("faults:");
	for (p = 0; p < 2; p++)
		printf("%s %s: time-outs %d, crashes %d, illegal moves %d",
		       p > 0 ? ";" : "", s->name[p], t->timeouts[p],
		       t->crashes[p], t->illegal[p]);
	printf("\nworst move: %s %.0f ms, %s %.0f ms (allowed %d ms + %d ms)\n",
	       s->name[0], t->worst[0], s->name[1], t->worst[1], s->turn_ms,
	       s->tolerance_ms);
	print_time_warning(s, t);
	if (t->not_played > 0)
		printf("not played: %d (the arena failed to run them)\n",
		       t->not_played);
}
