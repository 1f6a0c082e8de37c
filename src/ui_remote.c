/* ui_remote.c -- playing from two terminals: who is online, challenges
 * sent and answered, and the ranked match that an accepted challenge
 * starts, each process playing its own player's seat. The database is
 * the only channel (docs/ARCHITECTURE.md, "Two terminals"). */
#include <string.h>
#include <time.h>

#include "store_live.h"
#include "ui_internal.h"

/* ==== Who is online ======================================================= */

struct online {
	struct ui *ui;
	int n;
};

/* store_presence_list() callback: one line. */
static int online_row(void *ctx, const struct presence_row *r)
{
	struct online *o = ctx;
	char name[UI_CLEAN_MAX], nick[UI_CLEAN_MAX];

	fprintf(o->ui->out, "  %-20s %-20s ",
		ui_clean(r->username, name, sizeof(name)),
		ui_clean(r->nickname, nick, sizeof(nick)));
	if (r->match_id != 0)
		fprintf(o->ui->out, _("playing (match %lld)\n"), r->match_id);
	else
		fprintf(o->ui->out, "%s\n", _("idle"));
	o->n++;
	return 0;
}

enum ui_status ui_players_online(struct ui *ui)
{
	struct online o = {ui, 0};

	ui_say(ui, _("Players online:"));
	if (store_presence_list(ui->store, (long long)time(NULL), online_row,
				&o) != STORE_OK)
		return ui_store_failed(ui, _("cannot list the players online"));
	if (o.n == 0)
		ui_say(ui, _("Nobody is online."));
	return UI_OK;
}
