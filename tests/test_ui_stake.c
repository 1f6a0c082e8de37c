/* test_ui_stake.c -- tests for the record line a ranked match's end shows
 * each player (src/ui_game_stake.c's game_common_record_line()): the
 * counters, the rating and its change, and the rank by score, or "not
 * ranked yet" for a player without a counted game (never "rank 0"). */
#include <string.h>

#include <CUnit/CUnit.h>

#include "../src/ui_game_common.h" /* private to the ui */

/* Append `user` with `wins` and `losses` to l. Return the node or NULL. */
static struct player *add(struct plist *l, const char *user, long long id,
			  int wins, int losses)
{
	struct player_info in;

	memset(&in, 0, sizeof in);
	in.id = id;
	in.username = user;
	in.nickname = user;
	in.rec.wins = wins;
	in.rec.losses = losses;
	in.rec.games = wins + losses;
	in.rec.score = wins - losses;
	in.rec.rating = 1500.0;
	return plist_append(l, &in);
}

/* A player with counted games has a rank; one without is "not ranked
 * yet". */
static void test_rank_or_not(void)
{
	struct ui_club club = {0};
	struct player *ann, *ben, *cat;
	char line[512];

	club.players = plist_create();
	CU_ASSERT_PTR_NOT_NULL_FATAL(club.players);
	ann = add(club.players, "ann", 1, 2, 0);
	ben = add(club.players, "ben", 2, 0, 2);
	cat = add(club.players, "cat", 3, 0, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(cat);
	game_common_record_line(&club, ann, 1480.0, line, sizeof line);
	CU_ASSERT_STRING_EQUAL(line, "  ann: 2 won, 0 lost, 0 tied; score 2; "
				     "rating 1500 (+20); rank 1");
	game_common_record_line(&club, ben, 1500.0, line, sizeof line);
	CU_ASSERT_PTR_NOT_NULL(strstr(line, "; rank 2"));
	game_common_record_line(&club, cat, 1500.0, line, sizeof line);
	CU_ASSERT_STRING_EQUAL(line, "  cat: 0 won, 0 lost, 0 tied; score 0; "
				     "rating 1500 (+0); not ranked yet");
	plist_free(club.players);
}

/* ==== Suite ============================================================= */

static CU_TestInfo tests[] = {
	{"a counted player's rank; without a game, not ranked yet",
	 test_rank_or_not},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo ui_stake_suite = {"ui_stake", NULL, NULL, NULL, NULL, tests};
