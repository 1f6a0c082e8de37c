/* paths.c -- where the program finds its catalogues, data and database. */
#include "paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef GOMOKU_LOCALEDIR
#define GOMOKU_LOCALEDIR "/usr/local/share/locale"
#endif
#ifndef GOMOKU_DATADIR
#define GOMOKU_DATADIR "/usr/local/share/gomoku"
#endif

/* Join dir and name into out. Return 0, or -1 if too long. */
int paths_join(char out[PATH_MAX], const char *dir, const char *name)
{
	int n = snprintf(out, PATH_MAX, "%s/%s", dir, name);

	if (n < 0 || n >= PATH_MAX) {
		out[0] = '\0';
		return -1;
	}
	return 0;
}

/* True when `dir` holds src/main.c and a Makefile: a source tree. */
static bool is_source_tree(const char *dir)
{
	char file[PATH_MAX];
	struct stat st;

	if (paths_join(file, dir, "src/main.c") != 0 || stat(file, &st) != 0)
		return false;
	return paths_join(file, dir, "Makefile") == 0 && stat(file, &st) == 0;
}

/* Cut the last component off `path` in place; false when there is none. */
static bool strip_last(char *path)
{
	char *slash = strrchr(path, '/');

	if (slash == NULL || slash == path)
		return false;
	*slash = '\0';
	return true;
}

/* Find the source tree the running binary was built in: its folder's
 * parent (build/gomoku) or grandparent (build/asan/gomoku). Write the
 * tree's root into root and return true, or return false. */
static bool find_source_tree(char root[PATH_MAX])
{
	ssize_t n = readlink("/proc/self/exe", root, PATH_MAX - 1);
	int up;

	if (n <= 0)
		return false;
	root[n] = '\0';
	if (!strip_last(root)) /* the binary's name */
		return false;
	for (up = 0; up < 2; up++) {
		if (!strip_last(root))
			return false;
		if (is_source_tree(root))
			return true;
	}
	return false;
}

/* The installed database: $XDG_DATA_HOME/gomoku/gomoku.db or
 * ~/.local/share/gomoku/gomoku.db. Return 0, or -1 (out = ""). */
static int installed_db(char out[PATH_MAX])
{
	const char *xdg = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	int n;

	if (xdg != NULL && xdg[0] == '/')
		n = snprintf(out, PATH_MAX, "%s/gomoku/gomoku.db", xdg);
	else if (home != NULL && home[0] != '\0')
		n = snprintf(out, PATH_MAX, "%s/.local/share/gomoku/gomoku.db",
			     home);
	else
		n = -1;
	if (n < 0 || n >= PATH_MAX) {
		out[0] = '\0';
		return -1;
	}
	return 0;
}

int paths_init(struct paths *p)
{
	char root[PATH_MAX];
	int rc = 0;

	memset(p, 0, sizeof(*p));
	p->in_tree = find_source_tree(root);
	if (p->in_tree) {
		rc |= paths_join(p->locale_dir, root, "build/locale");
		rc |= paths_join(p->data_dir, root, "data");
		rc |= paths_join(p->default_db, root, "data/gomoku.db");
		return rc == 0 ? 0 : -1;
	}
	rc |= paths_join(p->locale_dir, GOMOKU_LOCALEDIR, ".");
	rc |= paths_join(p->data_dir, GOMOKU_DATADIR, ".");
	rc |= installed_db(p->default_db);
	return rc == 0 ? 0 : -1;
}

const char *paths_db(const struct paths *p, const char *option)
{
	const char *env = getenv("GOMOKU_DB");

	if (option != NULL)
		return option;
	if (env != NULL && env[0] != '\0')
		return env;
	return p->default_db;
}

/* -1 when `path` exists and its group or others may read or write it. */
int paths_check_private(const char *path)
{
	const mode_t shared = S_IRGRP | S_IWGRP | S_IROTH | S_IWOTH;
	struct stat st;

	if (path == NULL || stat(path, &st) != 0)
		return 0;
	return (st.st_mode & shared) != 0 ? -1 : 0;
}
