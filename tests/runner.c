/* runner.c -- runs every CUnit suite (tests/test_*.c) and exits non-zero
 * when any test fails. Suites come from the generated table all_suites.
 * With an argument, runs only the suite of that name; with --list, prints
 * the suites' names, one a line (tests/run-unit.sh runs them side by
 * side). */
#include <stdio.h>
#include <string.h>

#include <CUnit/Basic.h>
#include <CUnit/CUnit.h>

extern CU_SuiteInfo *const all_suites[];

/* Register every suite, or only the one called `only`. Return 0 or -1. */
static int register_suites(const char *only)
{
	CU_SuiteInfo one[2] = {CU_SUITE_INFO_NULL, CU_SUITE_INFO_NULL};
	int i;

	for (i = 0; all_suites[i] != NULL; i++) {
		if (only != NULL && strcmp(all_suites[i]->pName, only) != 0)
			continue;
		one[0] = *all_suites[i];
		if (CU_register_suites(one) != CUE_SUCCESS)
			return -1;
		if (only != NULL)
			return 0;
	}
	if (only == NULL)
		return 0;
	fprintf(stderr, "run-tests: no suite named %s\n", only);
	return -1;
}

int main(int argc, char **argv)
{
	unsigned int ran, failed;
	int i;

	if (argc > 1 && strcmp(argv[1], "--list") == 0) {
		for (i = 0; all_suites[i] != NULL; i++)
			printf("%s\n", all_suites[i]->pName);
		return 0;
	}

	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	if (register_suites(argc > 1 ? argv[1] : NULL) != 0) {
		CU_cleanup_registry();
		return 2;
	}
	CU_basic_set_mode(CU_BRM_NORMAL);
	CU_basic_run_tests();
	ran = CU_get_number_of_tests_run();
	failed = CU_get_number_of_tests_failed();
	if (CU_get_number_of_suites_failed() > 0)
		failed++;
	CU_cleanup_registry();
	printf("\nunit: %u passed, %u failed\n", ran - failed, failed);
	return failed == 0 && ran > 0 ? 0 : 1;
}
