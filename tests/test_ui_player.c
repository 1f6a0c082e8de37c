/* test_ui_player.c -- tests for the one way the ui finds a player by
 * name (src/ui.c's ui_player_named()): a player found in any case and
 * read into the session's list once, no such player told apart from a
 * store that cannot say, which is said and is never "no such player". */
#include <string.h>

#include <CUnit/CUnit.h>

#include "../src/ui_internal.h" /* private to the ui */
#include "store_fixture.h"

/* What the ui said while a test ran (struct ui_term's sink). */
struct said {
	char text[512];
	int errors;
};

/* The terminal's sink: keep the last text, count the errors. */
static void keep(void *ctx, bool error, const char *text)
{
	struct said *said = ctx;

	snprintf(said->text, sizeof said->text, "%s", text);
	said->errors += error;
}

/* alice is found by any case, once read in the list; nobody is UI_OK
 * with no player; with the players' table gone from under the session
 * (another program's change), the failure is said and is UI_FAILED. */
static void test_player_named(void)
{
	char path[FX_PATH_SIZE];
	struct said said = {"", 0};
	struct ui ui = {0};
	struct player *p = NULL, *again = NULL;
	long long ids[3];

	ui.term.sink = keep;
	ui.term.sink_ctx = &said;
	ui.club.store = fx_club(path, ids);
	ui.club.players = fx_live_players(ui.club.store);
	CU_ASSERT_EQUAL(ui_player_named(&ui, "ALICE", &p), UI_OK);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(p->id, ids[0]);
	CU_ASSERT_EQUAL(ui_player_named(&ui, "alice", &again), UI_OK);
	CU_ASSERT_PTR_EQUAL(again, p);

	p = &(struct player){0};
	CU_ASSERT_EQUAL(ui_player_named(&ui, "nobody", &p), UI_OK);
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_EQUAL(said.errors, 0);

	CU_ASSERT_EQUAL_FATAL(
		fx_path_exec(path, "ALTER TABLE players RENAME TO gone;"),
		SQLITE_OK);
	p = &(struct player){0};
	CU_ASSERT_EQUAL(ui_player_named(&ui, "dave", &p), UI_FAILED);
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_EQUAL(said.errors, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(said.text, "players"));
	plist_free(ui.club.players);
	store_close(ui.club.store);
}

/* ==== Suite ============================================================= */

static CU_TestInfo tests[] = {
	{"a player by name; no such player; a store that cannot say",
	 test_player_named},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo ui_player_suite = {"ui_player", fx_suite_init, fx_suite_cleanup,
				NULL,	     NULL,	    tests};
