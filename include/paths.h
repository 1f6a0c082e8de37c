/* paths.h -- where the program finds its catalogues, data and database.
 *
 * Run from the source tree (the binary is build/gomoku or build/MODE/
 * gomoku beside src/ and Makefile), everything is in the tree: catalogues
 * in build/locale, data in data/, the database data/gomoku.db. Installed,
 * catalogues and data come from the directories given at build time and
 * the database lives in $XDG_DATA_HOME/gomoku (or ~/.local/share/gomoku).
 */
#ifndef GOMOKU_PATHS_H
#define GOMOKU_PATHS_H

#include <limits.h>
#include <stdbool.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

struct paths {
	bool in_tree;		   /* running from the source tree */
	char locale_dir[PATH_MAX]; /* for bindtextdomain() */
	char data_dir[PATH_MAX];   /* common-passwords.txt */
	char default_db[PATH_MAX]; /* "" when no home can be found */
};

/* Work out the paths for this run. Return 0, or -1 when a path would not
 * fit (the fields are then empty strings). */
int paths_init(struct paths *p);

/* The database to use: `option` (--db) when not NULL, else $GOMOKU_DB
 * when set and not empty, else p->default_db. Never NULL; may be "". */
const char *paths_db(const struct paths *p, const char *option);

/* Join dir and name into out[PATH_MAX]. Return 0, or -1 if too long. */
int paths_join(char out[PATH_MAX], const char *dir, const char *name);

/* Check that the file at `path` (the database) is private to its owner.
 * Return -1 when it exists and its group or others may read or write it
 * (the caller warns "... is readable by other users"), 0 otherwise, also
 * when it does not exist (yet) or cannot be examined. */
int paths_check_private(const char *path);

#endif
