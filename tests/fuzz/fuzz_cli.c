/* fuzz_cli.c -- the command line: the real main() of src/main.c (built
 * with -Dmain=gomoku_main) on an argv made from the input.
 *
 * The input is split at NUL bytes into at most MAX_ARGS arguments after
 * "gomoku". Standard input and output are /dev/null, so every prompt
 * meets end of input at once; the database is GOMOKU_DB in a temporary
 * folder made at start (removed at exit), and an input that names
 * another database (--db) is skipped, so no run writes anywhere else;
 * so is one with the word serve (`gomoku serve` runs until a signal;
 * its requests are fuzz_web's).
 * No password is ever read (standard input is empty), so no run hashes
 * one; the program's real Argon2id cost applies all the same.
 * The exit status must be one main() documents: 0, 1 or 2 (no signal
 * can arrive here, so never 130).
 */
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"

#define MAX_ARGS  32
#define MAX_BYTES 4096

static char folder[] = "/tmp/gomoku-fuzz-XXXXXX";
static char db[sizeof(folder) + 32];

/* Remove the database files and the folder made at start. */
static void remove_folder(void)
{
	static const char *const suffixes[] = {"", "-wal", "-shm", "-journal"};
	char path[sizeof(db) + 16];
	size_t i;

	for (i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		snprintf(path, sizeof(path), "%s%s", db, suffixes[i]);
		unlink(path);
	}
	rmdir(folder);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int null = open("/dev/null", O_RDWR);

	(void)argc;
	(void)argv;
	FUZZ_CHECK(null >= 0 && mkdtemp(folder) != NULL);
	snprintf(db, sizeof(db), "%s/gomoku.db", folder);
	atexit(remove_folder);
	setenv("GOMOKU_DB", db, 1);
	FUZZ_CHECK(dup2(null, STDIN_FILENO) == STDIN_FILENO);
	FUZZ_CHECK(dup2(null, STDOUT_FILENO) == STDOUT_FILENO);
	close(null);
	return 0;
}

/* True when `arg` chooses the database: --db or --db=PATH. */
static int names_db(const char *arg)
{
	return strcmp(arg, "--db") == 0 || strncmp(arg, "--db=", 5) == 0;
}

/* Split text[0..size) (NUL-terminated at text[size]) at NUL bytes into
 * argv[1..]; return argc, or -1 when the input should be skipped. */
static int split_args(char *text, size_t size, char *argv[MAX_ARGS + 2])
{
	char *p = text, *end = text + size;
	int argc = 1;

	while (p < end && argc <= MAX_ARGS) {
		if (names_db(p) || strcmp(p, "serve") == 0)
			return -1;
		argv[argc++] = p;
		p += strlen(p) + 1;
	}
	argv[argc] = NULL;
	return argc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char name[] = "gomoku", *argv[MAX_ARGS + 2], *text;
	int argc, status;

	if (size > MAX_BYTES)
		return 0;
	text = malloc(size + 1);
	FUZZ_CHECK(text != NULL);
	memcpy(text, data, size);
	text[size] = '\0';
	argv[0] = name;
	argc = split_args(text, size, argv);
	if (argc > 0) {
		status = gomoku_main(argc, argv);
		fflush(stdout);
		FUZZ_CHECK(status == 0 || status == 1 || status == 2);
	}
	free(text);
	return 0;
}
