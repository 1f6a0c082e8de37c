/* driver.c -- a plain main() for the fuzz harnesses: feed each file named
 * on the command line (folders: each file in them) to
 * LLVMFuzzerTestOneInput() once, the way libFuzzer would, so the seed
 * corpora and saved crashes replay in `make test` without clang.
 *
 *   fuzz_NAME [FILE | FOLDER]...
 *
 * Prints "NAME: N inputs" and exits 0; a failing input aborts the run
 * after its name was printed on standard error.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

#define MAX_INPUT (4L << 20) /* larger files are refused, not truncated */

/* Read the whole file at `path` into a new buffer. Return it (*size set),
 * or NULL after saying why. */
static uint8_t *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	long n;

	if (f == NULL)
		goto out_fail;
	n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
	if (n < 0 || n > MAX_INPUT)
		goto out_close;
	rewind(f);
	buf = malloc(n > 0 ? (size_t)n : 1);
	if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n)
		goto out_free;
	fclose(f);
	*size = (size_t)n;
	return buf;
out_free:
	free(buf);
out_close:
	fclose(f);
out_fail:
	fprintf(stderr, "driver: cannot read %s\n", path);
	return NULL;
}

/* Run one file. Return 0, or -1 when it cannot be read. */
static int run_file(const char *path)
{
	size_t size = 0;
	uint8_t *data = read_file(path, &size);

	if (data == NULL)
		return -1;
	fprintf(stderr, "driver: %s\n", path);
	LLVMFuzzerTestOneInput(data, size);
	free(data);
	return 0;
}

/* Compare two directory entries by name, for a repeatable order. */
static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* Only files whose names do not start with a dot. */
static int visible(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

/* Run every file in `dir`; add their number to *count. Return 0 or -1. */
static int run_folder(const char *dir, long *count)
{
	struct dirent **names;
	char path[4096];
	int n, i, rc = 0;

	n = scandir(dir, &names, visible, by_name);
	if (n < 0) {
		fprintf(stderr, "driver: cannot list %s\n", dir);
		return -1;
	}
	for (i = 0; i < n; i++) {
		int len = snprintf(path, sizeof(path), "%s/%s", dir,
				   names[i]->d_name);

		if (len < 0 || (size_t)len >= sizeof(path) ||
		    run_file(path) != 0)
			rc = -1;
		else
			(*count)++;
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	const char *name = strrchr(argv[0], '/');
	FILE *report = fdopen(dup(STDOUT_FILENO), "w");
	long count = 0;
	int i, rc = 0;

	if (report == NULL)
		return 2;
	LLVMFuzzerInitialize(&argc, &argv);
	for (i = 1; i < argc; i++) {
		struct stat st;

		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
			rc |= run_folder(argv[i], &count);
		else if (run_file(argv[i]) == 0)
			count++;
		else
			rc = -1;
	}
	fprintf(report, "%s: %ld inputs\n", name != NULL ? name + 1 : argv[0],
		count);
	fclose(report);
	return rc == 0 ? 0 : 1;
}
