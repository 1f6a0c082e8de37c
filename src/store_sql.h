/* store_sql.h -- the SQL driver below the store, private to it.
 *
 * The store's files speak SQL through these verbs only: a connection,
 * statements prepared on it and kept (prepared once, handed out again),
 * parameters bound by number (?1, ?2...; from 1), steps, columns read by
 * number (from 0), and what a step did. The driver is SQLite's
 * (store_sqlite.c); what is SQLite's own (the file, its pragmas, WAL)
 * stays in it and in store_db.c's opening. Every call that can fail
 * returns an enum sql_code; sql_errmsg() says why.
 */
#ifndef GOMOKU_STORE_SQL_H
#define GOMOKU_STORE_SQL_H

#include <stdbool.h>

struct sql_conn; /* one connection, used by one thread at a time */
struct sql_stmt; /* a statement prepared on a connection */

/* How many statements a connection keeps (sql_prepare()): over twice
 * the texts the store's files hold (about 210), so that a session's
 * statements are each prepared once and rarely take each other's
 * place. */
#define SQL_KEPT 512

/* What a call did: SQL_OK, a step's SQL_ROW or SQL_DONE, or why it
 * failed. */
enum sql_code {
	SQL_OK = 0,
	SQL_ROW,	 /* a step: a row is ready to read */
	SQL_DONE,	 /* a step: the statement has run to its end */
	SQL_BUSY,	 /* another connection held the lock past the wait */
	SQL_UNIQUE,	 /* a UNIQUE index refused the row */
	SQL_PRIMARY_KEY, /* the primary key refused the row */
	SQL_FOREIGN_KEY, /* a reference to no row, or a row still referred to */
	SQL_CONSTRAINT,	 /* another constraint (CHECK, NOT NULL, a trigger) */
	SQL_NOT_DB,	 /* the file is not a database */
	SQL_NOMEM,	 /* out of memory */
	SQL_ERROR	 /* anything else */
};

/* How sql_open() opens a connection. */
enum sql_mode { SQL_READ_WRITE, SQL_READ_ONLY };

/* Open a connection to the database at `path` (existing: nothing is
 * made), waiting up to busy_ms for another connection's lock before a
 * step says SQL_BUSY. Return SQL_OK with *c set; otherwise the failure,
 * with *c set when it can say why (sql_errmsg(); sql_close() it) or
 * NULL (out of memory). */
enum sql_code sql_open(const char *path, enum sql_mode mode, int busy_ms,
		       struct sql_conn **c);

/* Finalize every statement and close the connection. NULL: nothing. */
void sql_close(struct sql_conn *c);

/* Why the last failed call on c failed, in the database's words. */
const char *sql_errmsg(struct sql_conn *c);

/* The database file's path, or NULL (an in-memory database). */
const char *sql_file(struct sql_conn *c);

/* Make a read-write connection ready for the store's writes: SQLite's
 * WAL mode (tried again while other processes open the same new file,
 * for up to the busy wait), a commit hook that wakes the processes
 * watching the "-wal" file (store_change_fd()), synchronous=FULL,
 * foreign_keys=ON and secure_delete=ON (so an old password hash does
 * not linger in free space). Return SQL_OK or why not. */
enum sql_code sql_configure(struct sql_conn *c);

/* Give the connection the SQL function `name`() of no argument, whose
 * value is fn()'s. Return SQL_OK or why not. */
enum sql_code sql_add_function(struct sql_conn *c, const char *name,
			       long long (*fn)(void));

/* Prepare `sql`, one statement, into *st. A statement is kept on the
 * connection and found again by the address of `sql` (the store's texts
 * are constants; the text is compared too, so a buffer reused for
 * another text is prepared again); it is handed out reset, with no
 * parameters bound. While it is held, the same text is prepared afresh:
 * kept in another place when one is free, else finalized at its
 * release. Return SQL_OK, or the failure with *st NULL. */
enum sql_code sql_prepare(struct sql_conn *c, const char *sql,
			  struct sql_stmt **st);

/* Give back a statement of sql_prepare(): reset and kept for the next
 * sql_prepare() of its text, or finalized. NULL: nothing. */
void sql_release(struct sql_stmt *st);

/* Run `script`, one or more statements without parameters, each to its
 * end, discarding any rows. Return SQL_OK or the first failure. */
enum sql_code sql_run(struct sql_conn *c, const char *script);

/* Bind parameter i (from 1). Text is not copied: it must stay as it is
 * until the statement is reset or released. Return SQL_OK or why not. */
enum sql_code sql_bind_int64(struct sql_stmt *st, int i, long long v);
enum sql_code sql_bind_int(struct sql_stmt *st, int i, int v);
enum sql_code sql_bind_double(struct sql_stmt *st, int i, double v);
enum sql_code sql_bind_text(struct sql_stmt *st, int i, const char *text);
enum sql_code sql_bind_null(struct sql_stmt *st, int i);

/* How many parameters the statement has (its largest ?N). */
int sql_params(struct sql_stmt *st);

/* Run the statement to its next row (SQL_ROW) or its end (SQL_DONE), or
 * say why it failed. */
enum sql_code sql_step(struct sql_stmt *st);

/* Make the statement ready to run again from its start, keeping its
 * parameters. Return SQL_OK, or the failure of its last step. */
enum sql_code sql_reset(struct sql_stmt *st);

/* Column `col` (from 0) of the row a step made ready: as an integer
 * (0 for NULL), a double, text (NULL for NULL; valid until the next step,
 * reset or release), its text's length in bytes, or whether it is NULL.
 * sql_columns() says how many columns a row has. */
long long sql_int64(struct sql_stmt *st, int col);
int sql_int(struct sql_stmt *st, int col);
double sql_double(struct sql_stmt *st, int col);
const char *sql_text(struct sql_stmt *st, int col);
int sql_bytes(struct sql_stmt *st, int col);
bool sql_is_null(struct sql_stmt *st, int col);
int sql_columns(struct sql_stmt *st);

/* What a transaction may do: read (from one snapshot), or write (the
 * write lock taken at its start, so that it never fails half-way for
 * another connection's write). */
enum sql_transaction { SQL_READ, SQL_WRITE };

/* Begin a transaction `kind`, commit it, or roll it back (nothing when
 * none is open: the database may have rolled it back itself). Return
 * SQL_OK or why not. */
enum sql_code sql_begin(struct sql_conn *c, enum sql_transaction kind);
enum sql_code sql_commit(struct sql_conn *c);
void sql_rollback(struct sql_conn *c);

/* Read into *version a number that changes whenever another connection
 * commits (and never otherwise): SQLite's data_version. Return SQL_OK
 * or why not. */
enum sql_code sql_data_version(struct sql_conn *c, long long *version);

/* The rows the connection's last INSERT, UPDATE or DELETE changed. */
long long sql_changes(struct sql_conn *c);

/* The rows every statement of the connection has changed since it was
 * opened. */
long long sql_total_changes(struct sql_conn *c);

/* The id of the row the connection's last INSERT made. */
long long sql_last_id(struct sql_conn *c);

/* Whether a transaction is open on the connection. */
bool sql_in_transaction(struct sql_conn *c);

#endif
