/* bench.c -- make bench: every benchmark in turn, figures printed. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

double bench_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

long bench_rss_bytes(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	char line[128], *field;
	long resident = 0;

	if (f == NULL)
		return 0;
	if (fgets(line, sizeof(line), f) != NULL) {
		field = strchr(line, ' '); /* size, then resident */
		resident = field != NULL ? strtol(field + 1, NULL, 10) : 0;
	}
	fclose(f);
	return resident * sysconf(_SC_PAGESIZE);
}

/* Whether benchmark `name` is to run: every one when no name was
 * given (argv[1..argc)), else the ones named. */
static bool wanted(int argc, char **argv, const char *name)
{
	int i;

	for (i = 1; i < argc; i++)
		if (strcmp(argv[i], name) == 0)
			return true;
	return argc < 2;
}

/* bench [store|remote|auth|ai|confusable...]: all, or those named. */
int main(int argc, char **argv)
{
	char dir[] = "/tmp/gomoku-bench-XXXXXX";
	int rc = 0;

	if (mkdtemp(dir) == NULL) {
		perror("bench: mkdtemp");
		return 1;
	}
	printf("Gomoku Club benchmarks (figures only; nothing is asserted)\n");
	if (wanted(argc, argv, "store"))
		rc |= bench_store(dir);
	if (wanted(argc, argv, "remote"))
		rc |= bench_remote(dir);
	if (wanted(argc, argv, "auth"))
		rc |= bench_auth(dir);
	if (wanted(argc, argv, "ai"))
		rc |= bench_ai();
	if (wanted(argc, argv, "confusable"))
		rc |= bench_confusable(dir);
	if (rmdir(dir) != 0)
		perror("bench: rmdir");
	return rc != 0;
}

void bench_remove_db(const char *path)
{
	static const char *const suffixes[] = {"", "-wal", "-shm"};
	char file[600];
	size_t i;

	for (i = 0; i < 3; i++) {
		snprintf(file, sizeof(file), "%s%s", path, suffixes[i]);
		unlink(file);
	}
}
