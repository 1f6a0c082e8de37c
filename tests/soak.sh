#!/bin/sh
# soak.sh BIN -- the club's reliability figures (`make soak`; too long
# for `make test`). WORKERS processes (8) each play PER ranked matches
# (100) through the real binary on one database file at once, every
# player in two of them, while two leaderboard readers and two history
# readers run throughout (the helpers of tests/e2e/load.sh). Then every
# run must have exited 0 with its match saved and nothing on stderr,
# every read must be complete and consistent, each player's wins,
# losses and ties must equal both what was played and what the matches
# table holds, and PRAGMA integrity_check must answer ok. Prints "ok -"
# / "not ok -" lines as the end-to-end tests do, then the figures:
#   soak: M matches in S s (R matches/s), N reads, slowest run T ms, E errors
# GOMOKU_SOAK_WORKERS and GOMOKU_SOAK_MATCHES change the sizes; the
# passwords are hashed at their real cost.
bin=${1:?usage: soak.sh BIN}
here=$(cd "$(dirname "$0")" && pwd)
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
export GOMOKU_BIN=$bin E2E_LIB=$here/e2e/lib.sh
. "$E2E_LIB"
unset GOMOKU_TEST_FAST_HASH

WORKERS=${GOMOKU_SOAK_WORKERS:-8}
PER=${GOMOKU_SOAK_MATCHES:-100}
PLAYERS=$WORKERS
W=$E2E_DIR/soak
. "$here/e2e/load.sh"
failed=0
soak_check() {
	check "$@" | tee -a "$W/checks"
}

n=0
while [ "$n" -lt "$WORKERS" ]; do
	n=$((n + 1))
	play_input "user$n\n\n$(pw "user$n")\n$(pw "user$n")\n" register
done
soak_check "soak: $WORKERS players are registered" \
	test "$(db 'SELECT count(*) FROM players')" = "$WORKERS"

load_run 2 2
cp "$W/errors" "$ERR"
load_expected >"$W/expected"
load_counters >"$W/actual"
load_from_matches >"$W/from-matches"
runs=$(wc -l <"$W/all")
good=$(grep -c '^0 ' "$W/all")
slowest=$(sort -n -k2 "$W/all" | tail -n 1 | cut -d' ' -f2)
reads=$(cat "$W"/reads.* | wc -l)
bad_reads=$(cat "$W"/reads.* | grep -vc '^ok$')
cat "$W"/reads.* | grep -v '^ok$' >"$W/bad-reads"

soak_check "soak: $WORKERS workers x $PER matches: every run exit 0, saved, \
nothing on stderr" \
	test "$good" -eq $((WORKERS * PER)) -a ! -s "$W/errors"
soak_check "soak: the players table's wins, losses, ties equal what was played" \
	cmp -s "$W/expected" "$W/actual"
soak_check "soak: so do those counted in the matches table" \
	cmp -s "$W/expected" "$W/from-matches"
soak_check "soak: the matches table holds exactly the matches played" \
	test "$(db "SELECT count(*) FROM matches WHERE status = 'finished'
		AND kind = 'ranked'")" -eq $((WORKERS * PER)) -a \
	"$(db "SELECT count(*) FROM matches")" -eq $((WORKERS * PER))
soak_check "soak: every player's games = wins + losses + ties, \
score = wins - losses" \
	test "$(db "SELECT count(*) FROM players WHERE games <> wins + losses
		+ ties OR score <> wins - losses")" = 0
cp "$W/bad-reads" "$ERR"
soak_check "soak: $reads leaderboards and histories read during the \
matches, all complete and consistent" \
	test "$reads" -ge 4 -a "$bad_reads" -eq 0
soak_check "soak: PRAGMA integrity_check is ok" \
	test "$(db 'PRAGMA integrity_check')" = ok
soak_check "soak: PRAGMA foreign_key_check finds nothing" \
	test -z "$(db 'PRAGMA foreign_key_check')"

failed=$(grep -c '^not ok' "$W/checks")
errors=$((runs - good + bad_reads + $(grep -c . "$W/errors")))
echo "soak: $runs matches in $took s ($(awk -v m="$runs" -v s="$took" \
	'BEGIN { printf "%.1f", (s > 0 ? m / s : m) }') matches/s)," \
	"$reads reads, slowest run ${slowest:-?} ms, $errors errors"
[ "$failed" -eq 0 ]
