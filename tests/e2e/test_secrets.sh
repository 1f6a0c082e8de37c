# End-to-end: secrets. No password, right or wrong, old or new, appears
# in the database's files (the .db, -wal and -shm, read as bytes while a
# process still holds them open), in any output, or in /proc/PID/cmdline
# and /proc/PID/environ of a gomoku waiting at a password prompt. A new
# database is made private (file 0600 in a folder 0700, whatever the
# umask), and one made readable by others is reported at start-up.
. "$E2E_LIB"

PW1=Sekret-Alpha-4817
PW2=Sekret-Bravo-9265
PW3=Sekret-Charlie-3390
PW4=Sekret-Wrong-7741
PW5=Sekret-Delta-5526
FIFO=$E2E_DIR/fifo
DB=$E2E_DIR/private/gomoku.db
export GOMOKU_DB="$DB"
ALL=$E2E_DIR/all-output
: >"$ALL"
keep() { cat "$OUT" "$ERR" >>"$ALL"; }

# File $1 exists and none of the five passwords is in it (as bytes).
no_password() {
	[ -f "$1" ] &&
		! grep -a -q -e "$PW1" -e "$PW2" -e "$PW3" -e "$PW4" -e "$PW5" "$1"
}

# Mode of file $1 in octal, as stat -c %a prints it.
mode() { stat -c %a "$1"; }

(
	umask 000
	printf 'alice\nAlice\n%s\n%s\n' "$PW1" "$PW1" |
		${GOMOKU_VG:-} "$GOMOKU_BIN" register >"$OUT" 2>"$ERR"
)
status=$?
vg_seen "$status"
keep
check "secrets: register creates the database under umask 000" \
	test "$status" -eq 0 -a -f "$DB"
check "secrets: the new database file is 0600" test "$(mode "$DB")" = 600
check "secrets: the folder made for it is 0700" \
	test "$(mode "$(dirname "$DB")")" = 700

# A process holding the database open at a password prompt, so that the
# -wal and -shm files stay while the others write.
mkfifo "$FIFO"
exec 3<>"$FIFO"
# shellcheck disable=SC2086
${GOMOKU_VG:-} "$GOMOKU_BIN" passwd alice <"$FIFO" >"$E2E_DIR/held" \
	2>&1 3>&- &
holder=$!
i=0
until grep -q "Current password" "$E2E_DIR/held" || [ $i -gt $((20 * WAIT_S)) ]
do
	i=$((i + 1))
	sleep 0.05
done

play_input "bob\nBob\n$PW2\n$PW2\n" register
keep
play_input "$PW1\n$PW2\n8 8\n9 9\n8 9\n9 10\n8 10\n9 11\n8 11\n9 12\n8 12\n" \
	play alice bob --seed 2
keep
check "secrets: a ranked match is played and saved" has "saved."
play_input "$PW4\n" play alice bob
keep
check "secrets: a wrong password is refused" status_is 1
play_input "$PW1\n$PW3\n$PW3\n" passwd alice
keep
check "secrets: alice's password is changed" has "Password changed."
play_input "$PW4\n" passwd bob
keep

check "secrets: while a process holds the database, the -wal and -shm \
files exist" test -f "$DB-wal" -a -f "$DB-shm"
check "secrets: the -wal file is 0600" test "$(mode "$DB-wal")" = 600
check "secrets: the -shm file is 0600" test "$(mode "$DB-shm")" = 600
check "secrets: the -wal file holds what was written (Argon2id hashes)" \
	grep -a -q 'argon2id' "$DB-wal"
check "secrets: no password in the .db file's bytes" no_password "$DB"
check "secrets: no password in the -wal file's bytes" no_password "$DB-wal"
check "secrets: no password in the -shm file's bytes" no_password "$DB-shm"

# The holder now types alice's new password and a new one, and waits at
# "New password again:" with both in its memory.
printf '%s\n%s\n' "$PW3" "$PW5" >&3
i=0
until grep -q "New password again" "$E2E_DIR/held" || [ $i -gt $((20 * WAIT_S)) ]
do
	i=$((i + 1))
	sleep 0.05
done
check "secrets: a gomoku waits at the second new-password prompt" \
	grep -q "New password again" "$E2E_DIR/held"
tr '\0' '\n' <"/proc/$holder/cmdline" >"$E2E_DIR/cmdline"
tr '\0' '\n' <"/proc/$holder/environ" >"$E2E_DIR/environ"
check "secrets: no password in its /proc/PID/cmdline" \
	no_password "$E2E_DIR/cmdline"
check "secrets: no password in its /proc/PID/environ" \
	no_password "$E2E_DIR/environ"
check "secrets: (its cmdline was read)" grep -q passwd "$E2E_DIR/cmdline"
printf '%s\n' "$PW5" >&3
exec 3>&-
wait "$holder"
status=$?
vg_seen "$status" "$E2E_DIR/held"
cat "$E2E_DIR/held" >>"$ALL"
check "secrets: the held passwd finishes (exit 0)" test "$status" -eq 0
check "secrets: no password in any output of any run" no_password "$ALL"
check "secrets: no password in the database after it all" no_password "$DB"
sqlite3 "$DB" .dump >"$E2E_DIR/dump"
check "secrets: nor in a full dump of it" no_password "$E2E_DIR/dump"

# A database others can read is reported; a private one is not.
play_input '' leaderboard
no_warning() { ! err_has "readable by other users"; }
check "secrets: a private database gets no warning" no_warning
chmod 644 "$DB"
play_input '' leaderboard
check "secrets: a world-readable database is reported at start-up" \
	err_has "is readable by other users"
chmod 640 "$DB"
play_input '' leaderboard
check "secrets: a group-readable database is reported too" \
	err_has "is readable by other users"
chmod 600 "$DB"
