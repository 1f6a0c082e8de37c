/* test_export.c -- a stored match as PSQ and as a move list
 * (export.c): the board, the moves with their own times, the players'
 * names (a username, an imported game's name, the computer's words),
 * and a game
 * that cannot be written refused as record.c says. */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "export.h"
#include "record.h"

/* Suite set-up: nothing to make. Return 0. */
static int init(void)
{
	return 0;
}

/* Suite tear-down: nothing to free. Return 0. */
static int cleanup(void)
{
	return 0;
}

/* A 15x15 freestyle match of three moves, h8 i7 h7, a second apart. */
static struct match_full *three_moves(void)
{
	static const struct move moves[] = {{7, 7}, {6, 8}, {6, 7}};
	struct match_full *f = calloc(1, sizeof(*f));
	int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	f->id = 7;
	f->kind = MATCH_RANKED;
	f->black_id = 1;
	f->white_id = 2;
	f->game.variant = *rules_preset("gomoku");
	f->nmoves = 3;
	for (i = 0; i < 3; i++) {
		f->moves[i] = moves[i];
		f->move_ms[i] = 1000LL * (i + 1);
	}
	strcpy(f->black_username, "alice");
	strcpy(f->white_username, "bob");
	strcpy(f->black_name, "Alice");
	strcpy(f->white_name, "Bob");
	return f;
}

/* The text of f, NUL-terminated, into text[4096]. */
static int text_of(const struct match_full *f, bool moves_only, char *text)
{
	size_t len = 0;
	int why = export_match_text(f, moves_only, text, 4095, &len);

	text[why == RECORD_OK ? len : 0] = '\0';
	return why;
}

static void test_psq_and_moves(void)
{
	struct match_full *f = three_moves();
	char text[4096];

	CU_ASSERT_EQUAL(text_of(f, false, text), RECORD_OK);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "Piskvorky 15x15, 0:0, 0\n"
					    "8,8,1000\n9,7,1000\n8,7,1000\n"
					    "alice\nbob\n"));
	CU_ASSERT_EQUAL(text_of(f, true, text), RECORD_OK);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "h8 i7 h7"));
	free(f);
}

/* The computer's side: its words with its level; an imported game's
 * sides (no usernames): the names it came with. */
static void test_names(void)
{
	struct match_full *f = three_moves();
	char text[4096];

	f->kind = MATCH_COMPUTER;
	f->white_id = 0;
	f->ai_level = 3;
	f->white_username[0] = f->white_name[0] = '\0';
	CU_ASSERT_EQUAL(text_of(f, false, text), RECORD_OK);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\nalice\nComputer (level 3)\n"));
	f->kind = MATCH_IMPORTED;
	f->black_id = f->ai_level = 0;
	f->black_username[0] = '\0';
	strcpy(f->white_name, "Piskvork B");
	CU_ASSERT_EQUAL(text_of(f, false, text), RECORD_OK);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\nAlice\nPiskvork B\n"));
	free(f);
}

/* A board PSQ cannot hold is refused, nothing written. */
static void test_refused(void)
{
	struct match_full *f = three_moves();
	char text[4096];

	f->game.variant.rows = f->game.variant.cols = 0;
	CU_ASSERT_NOT_EQUAL(text_of(f, false, text), RECORD_OK);
	free(f);
}

static CU_TestInfo tests[] = {
	{"a match as PSQ and as a move list", test_psq_and_moves},
	{"the computer's and an imported game's names", test_names},
	{"a board PSQ cannot hold is refused", test_refused},
	CU_TEST_INFO_NULL,
};

CU_SuiteInfo export_suite = {"export", init, cleanup, NULL, NULL, tests};
