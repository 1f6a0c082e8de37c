/* test_ui_stake.c -- tests for the record line a ranked match's end shows
 * each player (src/ui_game_stake.c's game_common_record_line()): the
 * counters, the rating and its change, and the rank by score as the
 * store counts it, or "not ranked yet" for a player without a counted
 * game (never "rank 0"). */
#include <string.h>

#include <CUnit/CUnit.h>

#include "../src/ui_game_common.h" /* private to the ui */
#include "store_fixture.h"

/* A player with counted games has the store's rank; one without is "not
 * ranked yet". alice beat bob; carol has played no one. */
static void test_rank_or_not(void)
{
	char path[FX_PATH_SIZE], line[512];
	struct ui ui = {0};
	struct plist *l;
	long long ids[3], id;

	ui.club.store = fx_club(path, ids);
	CU_ASSERT_EQUAL_FATAL(fx_a_match(ui.club.store, ids[0], ids[1],
					 RESULT_BLACK_WIN, &id),
			      STORE_OK);
	l = fx_load_players(ui.club.store);
	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	CU_ASSERT_EQUAL(game_common_record_line(&ui, plist_find(l, "alice"),
						1480.0, line, sizeof line),
			UI_OK);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(line, ": 1 won, 0 lost, 0 tied; score 1; rating "));
	CU_ASSERT_PTR_NOT_NULL(strstr(line, "; rank 1"));
	CU_ASSERT_EQUAL(game_common_record_line(&ui, plist_find(l, "bob"),
						1500.0, line, sizeof line),
			UI_OK);
	CU_ASSERT_PTR_NOT_NULL(strstr(line, "; rank 2"));
	CU_ASSERT_EQUAL(game_common_record_line(&ui, plist_find(l, "carol"),
						1500.0, line, sizeof line),
			UI_OK);
	CU_ASSERT_STRING_EQUAL(line, "  Carol: 0 won, 0 lost, 0 tied; score 0; "
				     "rating 1500 (+0); not ranked yet");
	plist_free(l);
	store_close(ui.club.store);
}

/* ==== Suite ============================================================= */

static CU_TestInfo tests[] = {
	{"a counted player's rank; without a game, not ranked yet",
	 test_rank_or_not},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo ui_stake_suite = {"ui_stake", fx_suite_init, fx_suite_cleanup,
			       NULL,	   NULL,	  tests};
