/* bench_confusable.c -- the look-alike check of a new nickname against a
 * club of N players (their usernames and nicknames): the whole list is
 * read when nothing looks alike, the worst case. Half the players have a
 * nickname of their own (Latin or Chinese), half their username. */
#include <stdio.h>

#include "bench.h"
#include "confusable.h"
#include "player.h"

#define ROUNDS 5

/* A list of n players: player00000... with nicknames. NULL on failure. */
static struct plist *club(int n)
{
	static const char *const zh = "\xe6\xa3\x8b\xe6\x89\x8b"; /* 棋手 */
	struct plist *l = plist_create();
	char name[32], nick[64];
	int i;

	for (i = 0; l != NULL && i < n; i++) {
		struct player_info info = {0};

		snprintf(name, sizeof(name), "player%05d", i);
		if (i % 4 == 1)
			snprintf(nick, sizeof(nick), "Nick %d", i);
		else if (i % 4 == 3)
			snprintf(nick, sizeof(nick), "%s%d", zh, i);
		else
			snprintf(nick, sizeof(nick), "%s", name);
		info.id = i + 1;
		info.username = name;
		info.nickname = nick;
		info.rec.rating = RATING_START;
		if (plist_append(l, &info) == NULL) {
			plist_free(l);
			l = NULL;
		}
	}
	return l;
}

/* Print the time of one check against n players. Return 0 or -1. */
static int bench_size(int n)
{
	struct plist *l = club(n);
	double t0, ms;
	int i, found = 0;

	if (l == NULL)
		return -1;
	t0 = bench_now_ms();
	for (i = 0; i < ROUNDS; i++)
		found |= confusable_in_list(
			l, "\xd0\xb0l\xd1\x96\xd1\x81\xd0\xb5", "newcomer");
	ms = (bench_now_ms() - t0) / ROUNDS;
	plist_free(l);
	printf("  %6d players   %8.1f ms a check   %6.2f us a player\n", n, ms,
	       ms * 1000.0 / n);
	return found == 0 ? 0 : -1;
}

int bench_confusable(void)
{
	printf("\nLook-alike nickname check (UTS #39 skeletons, whole list)\n");
	return bench_size(1000) | bench_size(10000);
}
