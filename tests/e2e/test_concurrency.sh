# End-to-end: many processes on one database file. Four workers at once,
# each recording GOMOKU_CONC_MATCHES (default 50; 8 under valgrind)
# ranked matches through `gomoku play uA uB` between overlapping pairs
# (user1-user2, user2-user3, user3-user4, user4-user1: every player in
# two workers), while two
# readers run `gomoku leaderboard --format tsv` throughout. At the end
# every counter equals what the outputs say was played, no process
# printed an error or failed, and none was refused by a lock (SQLite's
# "database is locked" after the busy timeout, anywhere in its output).
# How long the runs took is a figure of `make bench` (and `make soak`).
# Then the lock-out: processes guessing one password at the same moment
# share one failure count, and the account locks after 5 in all.
. "$E2E_LIB"

PER=${GOMOKU_CONC_MATCHES:-50}
[ "$SLOW" -ge 8 ] && PER=${GOMOKU_CONC_MATCHES:-8}
W=$E2E_DIR/work
WORKERS=4 PLAYERS=6
. "$(dirname "$E2E_LIB")/load.sh"

for u in user1 user2 user3 user4 victim victim2; do
	play_input "$u\n\n$(pw $u)\n$(pw $u)\n" register
done
check "concurrency: six players are registered" \
	test "$(db 'SELECT count(*) FROM players')" = 6

load_run 2 0
cp "$W/errors" "$ERR"
# Counters from the outputs: username wins losses ties, sorted.
load_expected >"$W/expected"
load_counters >"$W/actual"
slowest=$(sort -n -k2 "$W/all" | tail -n 1 | cut -d' ' -f2)
reads=$(cat "$W"/reads.* | wc -l)
bad_reads=$(cat "$W"/reads.* | grep -vc '^ok$')
echo "# concurrency: 4 workers x $PER matches and $reads leaderboards" \
	"in $took s; slowest run $slowest ms"

check "concurrency: 4 workers recorded $((4 * PER)) matches, every run \
exit 0, saved, nothing on stderr" \
	test "$(grep -c '^0 ' "$W/all")" -eq $((4 * PER)) -a ! -s "$W/errors"
check "concurrency: every player's wins, losses, ties equal what was played" \
	cmp -s "$W/expected" "$W/actual"
check "concurrency: the database counts exactly the matches played" \
	test "$(db "SELECT count(*) FROM matches WHERE status = 'finished'")" \
	-eq $((4 * PER))
check "concurrency: no run was refused by a lock (no \"database is locked\" \
or busy error in any output)" \
	test ! -s "$W/locked"
check "concurrency: $reads leaderboards read during the matches, all \
complete and consistent" \
	test "$reads" -ge 4 -a "$bad_reads" -eq 0
play_input '' leaderboard --format tsv --top 100
# The leaderboard's username wins losses ties, as in $W/expected.
board_counts() {
	awk -F'\t' 'NR > 1 && $2 ~ /^user/ { print $2, $5, $6, $7 }' "$OUT" |
		sort | cmp -s - "$W/expected"
}
check "concurrency: the leaderboard agrees with the counters" board_counts

# ---- Lock-out across processes ----------------------------------------------

# Start $2 processes that each guess a wrong password for $1 once, all
# released at the same moment; wait for them. Each must exit 1.
guess_together() {
	rm -f "$W/go" "$W"/guess.*
	n=0 pids=
	while [ "$n" -lt "$2" ]; do
		n=$((n + 1))
		{
			while [ ! -f "$W/go" ]; do sleep 0.01; done
			printf 'wrong-guess-%s\n' "$n"
		} | ${GOMOKU_VG:-} "$GOMOKU_BIN" passwd "$1" \
			>"$W/guess.$n" 2>&1 &
		pids="$pids $!"
	done
	sleep "$((SLOW / 4)).3"
	touch "$W/go"
	bad=0
	for p in $pids; do
		wait "$p"
		[ $? -eq 1 ] || bad=1
	done
	[ "$bad" -eq 0 ]
}
failures() {
	db "SELECT coalesce(sum(failed_logins), 0) FROM login_failures
		WHERE name = '$1'"
}
locked() {
	db "SELECT coalesce(max(locked_until > CAST(strftime('%s', 'now') AS
		INTEGER)), 0) FROM login_failures WHERE name = '$1'"
}

guess_together victim 4
check "lock-out: 4 processes guessing at once each exit 1" test $? -eq 0
check "lock-out: their 4 failures are all counted" \
	test "$(failures victim)" = 4
check "lock-out: 4 failures do not lock the account" \
	test "$(locked victim)" = 0
guess_together victim 1
check "lock-out: a 5th failure, from another process, locks it" \
	test "$(failures victim)" = 5 -a "$(locked victim)" = 1
play_input "$(pw victim)\n" passwd victim
check "lock-out: then even the right password is refused" has "locked"

guess_together victim2 5
check "lock-out: 5 processes guessing at once lock the account" \
	test "$(failures victim2)" = 5 -a "$(locked victim2)" = 1
play_input "$(pw victim2)\n" passwd victim2
check "lock-out: the right password is refused after those 5" has "locked"
check "lock-out: no other account was touched" \
	test "$(db "SELECT count(*) FROM login_failures
		WHERE name NOT LIKE 'victim%'")" = 0
