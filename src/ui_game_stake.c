/* ui_game_stake.c -- what a ranked match puts at stake (each seat's
 * rating change for a win, a draw and a loss, from rating.c's Elo) and
 * the summary after a recorded game: both players' new records, or the
 * person's record against the computer's level. */
#include <math.h>
#include <stdio.h>

#include "rating.h"
#include "store.h"
#include "strbuf.h"
#include "ui_game_common.h"
#include "ui_internal.h"
#include "words.h"

/* ==== The rating at stake and the summary ================================ */

/* See ui_game_common.h. */
const struct player *game_seat_player(const struct game *g, int seat)
{
	return g->seats.player_id[seat] != 0
		       ? ui_player(g->ui, g->seats.player_id[seat])
		       : NULL;
}

/* A rating change as people read it: "+16", "0", "−16". */
static void put_change(double delta, char *buf, size_t cap)
{
	long change = lround(delta);

	if (change == 0)
		snprintf(buf, cap, "0");
	else
		snprintf(buf, cap, "%s%ld", change > 0 ? "+" : "−",
			 change > 0 ? change : -change);
}

void game_common_ratings_before(struct game *g)
{
	const struct player *p;
	int seat;

	for (seat = 0; seat < 2; seat++) {
		p = game_seat_player(g, seat);
		g->seats.rating_before[seat] = p != NULL ? p->rec.rating : 0;
	}
	g->seats.unrated = UNRATED_NO;
	if (g->rec.kind == MATCH_RANKED && !g->rec.casual &&
	    g->seats.player_id[0] != 0 && g->seats.player_id[1] != 0 &&
	    store_rating_moves(g->ui->club.store, g->seats.player_id[0],
			       g->seats.player_id[1], store_now(),
			       &g->seats.unrated) != STORE_OK)
		g->seats.unrated = UNRATED_NO; /* only the stake shown: the
						* count decides */
}

bool game_common_stake(const struct game *g, int seat, struct game_stake *out)
{
	const struct player *p = game_seat_player(g, seat);
	const struct player *o = game_seat_player(g, 1 - seat);
	double r, moves;

	if (g->rec.kind != MATCH_RANKED || g->rec.casual || game_ended(g) ||
	    p == NULL || o == NULL)
		return false;
	r = p->rec.rating;
	moves = g->seats.unrated == UNRATED_NO ? 1.0 : 0.0; /* else 0 each */
	put_change(moves * rating_delta(r, p->rec.games, o->rec.rating, 1.0),
		   out->win, sizeof(out->win));
	put_change(moves * rating_delta(r, p->rec.games, o->rec.rating, 0.5),
		   out->draw, sizeof(out->draw));
	put_change(moves * rating_delta(r, p->rec.games, o->rec.rating, 0.0),
		   out->loss, sizeof(out->loss));
	out->rating = r;
	return true;
}

void game_common_stake_text(const struct game_stake *st, char *buf, size_t cap)
{
	snprintf(buf, cap, _("win %s · draw %s · loss %s"), st->win, st->draw,
		 st->loss);
}

enum ui_status game_common_record_line(struct ui *ui, const struct player *p,
				       double before, char *buf, size_t cap)
{
	const struct player_record *r = &p->rec;
	char clean[UI_CLEAN_MAX];
	struct strbuf out;
	int rank;

	if (store_player_rank(ui->club.store, p->id, PLIST_BY_SCORE, &rank,
			      NULL) != STORE_OK)
		return ui_store_failed(ui, NULL);
	strbuf_fixed(&out, buf, cap);
	strbuf_printf(&out, "  %s",
		      ui_clean(p->nickname, clean, sizeof(clean)));
	if (rank > 0)
		strbuf_printf(&out,
			      _(": %d won, %d lost, %d tied; score %d; "
				"rating %.0f (%+.0f); rank %d\n"),
			      r->wins, r->losses, r->ties, r->score, r->rating,
			      r->rating - before, rank);
	else /* no counted game yet (player_ranked()) */
		strbuf_printf(&out,
			      _(": %d won, %d lost, %d tied; score %d; "
				"rating %.0f (%+.0f); not ranked yet\n"),
			      r->wins, r->losses, r->ties, r->score, r->rating,
			      r->rating - before);
	strbuf_chomp(&out);
	return UI_OK;
}

/* Seat `seat`'s new record after a ranked match, a line of its own. */
static enum ui_status ranked_line(const struct game *g, int seat,
				  struct strbuf *out)
{
	const struct player *p = game_seat_player(g, seat);
	enum ui_status st;
	char line[512];

	if (p == NULL)
		return UI_OK;
	st = game_common_record_line(g->ui, p, g->seats.rating_before[seat],
				     line, sizeof(line));
	if (st == UI_OK)
		strbuf_printf(out, "%s\n", line);
	return st;
}

/* The person's record against the computer's level in g. */
static enum ui_status computer_line(struct game *g, struct strbuf *out)
{
	int me = g->seats.player_id[0] != 0 ? 0 : 1, won, lost, drawn;
	char wins[32], losses[32], draws[32];

	if (store_computer_record(g->ui->club.store, g->seats.player_id[me],
				  g->seats.level[1 - me], &won, &lost,
				  &drawn) != STORE_OK)
		return ui_store_failed(g->ui, NULL);
	snprintf(wins, sizeof(wins), ngettext("%d win", "%d wins", won), won);
	snprintf(losses, sizeof(losses), ngettext("%d loss", "%d losses", lost),
		 lost);
	snprintf(draws, sizeof(draws), ngettext("%d draw", "%d draws", drawn),
		 drawn);
	strbuf_printf(out, _("Your record against %s: %s, %s, %s\n"),
		      words_level(g->seats.level[1 - me]), wins, losses, draws);
	return UI_OK;
}

enum ui_status game_common_summary(struct game *g, char *buf, size_t cap)
{
	struct strbuf out;
	enum ui_status st = UI_OK;

	strbuf_fixed(&out, buf, cap);
	if (!game_ended(g) || g->rec.kind == 0)
		return UI_OK;
	if (g->rec.kind == MATCH_COMPUTER) {
		st = computer_line(g, &out);
	} else if (g->rec.kind == MATCH_RANKED && !g->rec.casual) {
		st = ui_account_refresh(g->ui); /* the records of now */
		if (st == UI_OK)
			st = ranked_line(g, g->m.seat[STONE_BLACK], &out);
		if (st == UI_OK)
			st = ranked_line(g, g->m.seat[STONE_WHITE], &out);
		if (st == UI_OK && g->life.end.unrated != UNRATED_NO)
			strbuf_printf(&out, "%s\n",
				      words_unrated(g->life.end.unrated));
	}
	strbuf_chomp(&out);
	return st;
}
