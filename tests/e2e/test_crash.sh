# End-to-end: crash safety. Ranked matches between two accounts are
# typed by a slow writer (a line, then a few ms) into the real binary,
# which is killed with SIGKILL at a random moment: during start-up, a
# login, the game, or just after the final move, while the result is
# being written (about half the kills aim there, 0 to about 5 ms after
# the last line). After every run the sqlite3 tool checks the
# database: integrity_check is ok, the counters add up to exactly the
# finished matches (each player's from the matches they finished), and
# a match cut short counts for nobody.
#
# GOMOKU_CRASH_RUNS (default 150; 50 under ASan, 20 under valgrind) and
# GOMOKU_CRASH_SEED (default: the clock; printed) repeat a run. A killed
# process leaves no sanitizer's report, so the runs under ASan and
# valgrind look at the runs that finish and at what the next process
# reads; the kills' aim at the result's transaction is checked on the
# plain build, whose timing it is made for (and skipped under the
# others).
. "$E2E_LIB"

RUNS=${GOMOKU_CRASH_RUNS:-150}
[ "$SLOW" -ge 2 ] && RUNS=${GOMOKU_CRASH_RUNS:-50}
[ "$SLOW" -ge 8 ] && RUNS=${GOMOKU_CRASH_RUNS:-20}
SEED=${GOMOKU_CRASH_SEED:-$(date +%s)}
FIFO=$E2E_DIR/fifo
PW1=crash-alpha-pw1
PW2=crash-bravo-pw2

play_input "alpha\n\n$PW1\n$PW1\n" register
play_input "bravo\n\n$PW2\n$PW2\n" register
check "crash: the two players are registered" \
	test "$(db 'SELECT count(*) FROM players')" = 2

# The lines of a match: both passwords, then a game won by five, won by
# resignation, or drawn by agreement.
script() {
	printf '%s\n%s\n' "$PW1" "$PW2"
	case $1 in
	five) printf '8 8\n1 1\n8 9\n1 2\n8 10\n1 3\n8 11\n1 4\n8 12\n' ;;
	resign) printf '8 8\n9 9\nresign\ny\n' ;;
	draw) printf '8 8\n9 9\n7 7\ndraw\ny\n' ;;
	esac
}

# One line per run: the game, the line after which to kill (0: before
# any input), the delay before the kill in seconds (0 to 0.009; up to
# 0.039 when killing before any input, to land in the start-up; up to 4
# under valgrind, which starts slowly), and for
# kills after the last line instead a busy wait of 0 to 3000 turns of a
# shell loop (0 to about 5 ms: finer than sleep(1) can start; times $SLOW
# for slower builds). Every tenth run is not killed (-1 turns) and must
# finish and be saved.
awk -v runs="$RUNS" -v seed="$SEED" -v slow="$SLOW" 'BEGIN {
	srand(seed)
	split("five resign draw", kinds, " ")
	split("11 6 7", lines, " ")
	for (i = 0; i < runs; i++) {
		k = 1 + int(rand() * 3)
		if (i % 10 == 9) {
			printf "%s %d 0 -1\n", kinds[k], lines[k]
			continue
		}
		if (rand() < 0.5) {
			spin = rand() * 3000 * slow
			printf "%s %d 0 %d\n", kinds[k], lines[k], spin
			continue
		}
		at = int(rand() * lines[k])
		ms = at == 0 ? int(rand() * 40) : int(rand() * 10)
		if (slow >= 8) # valgrind: its start takes a second or two
			ms = int(rand() * 4000)
		printf "%s %d %d.%03d 0\n", kinds[k], at, ms / 1000, ms % 1000
	}
}' >"$E2E_DIR/plan"

# The database as one line: integrity, the counter sums, the finished
# decisive and drawn ranked matches, players whose games are not the sum
# of their results, players whose counters are not what their finished
# matches say, and finished matches without moves.
STATE_SQL="
WITH fin AS (SELECT * FROM matches WHERE status = 'finished'
	AND black_id IS NOT NULL AND white_id IS NOT NULL)
SELECT (SELECT group_concat(integrity_check, ' ')
	FROM pragma_integrity_check),
 (SELECT coalesce(sum(wins), 0) FROM players),
 (SELECT coalesce(sum(losses), 0) FROM players),
 (SELECT coalesce(sum(ties), 0) FROM players),
 (SELECT count(*) FROM fin WHERE result <> 'draw'),
 (SELECT count(*) FROM fin WHERE result = 'draw'),
 (SELECT count(*) FROM players WHERE games <> wins + losses + ties),
 (SELECT count(*) FROM players p WHERE
	p.wins <> (SELECT count(*) FROM fin WHERE
		(black_id = p.id AND result = 'black') OR
		(white_id = p.id AND result = 'white'))
	OR p.losses <> (SELECT count(*) FROM fin WHERE
		(black_id = p.id AND result = 'white') OR
		(white_id = p.id AND result = 'black'))
	OR p.ties <> (SELECT count(*) FROM fin WHERE
		(black_id = p.id OR white_id = p.id) AND result = 'draw')),
 (SELECT count(*) FROM fin WHERE NOT EXISTS
	(SELECT 1 FROM match_moves WHERE match_id = fin.id));"

# Judge the state line $1: print what is wrong with it, or nothing.
judge() {
	echo "$1" | awk -F'|' '{
		if ($1 != "ok") print "integrity_check: " $1
		if ($2 != $5 || $3 != $5)
			print "wins " $2 ", losses " $3 ", decisive matches " $5
		if ($4 != 2 * $6) print "ties " $4 ", drawn matches " $6
		if ($7 != 0) print $7 " players with games <> w + l + t"
		if ($8 != 0) print $8 " players counted for unfinished matches"
		if ($9 != 0) print $9 " finished matches without moves"
	}'
}

# Wait until both players have logged in (or the run ended): the two
# Argon2id checks take a while, and the kills timed after the last move
# must land after the game, not in the logins.
logged_in() {
	_i=0
	until [ "$(grep -c 'Logged in' "$OUT")" -ge 2 ] ||
		! kill -0 "$pid" 2>/dev/null || [ "$_i" -ge $((100 * WAIT_S)) ]; do
		_i=$((_i + 1))
		sleep 0.01
	done
}

# Run game $1, killing the binary $3 s and $4 turns of a loop after line
# $2 has been written. Sets $status.
run_one() {
	rm -f "$FIFO"
	mkfifo "$FIFO" || exit 2
	# shellcheck disable=SC2086
	${GOMOKU_VG:-} "$GOMOKU_BIN" play alpha bravo --seed 7 \
		<"$FIFO" >"$OUT" 2>"$ERR" &
	pid=$!
	script "$1" | {
		n=0
		while [ "$2" -gt 0 ] && IFS= read -r line; do
			printf '%s\n' "$line" || break
			n=$((n + 1))
			[ "$n" -eq "$2" ] && break
			[ "$n" -eq 2 ] && logged_in
			sleep 0.002
		done
		[ "$3" = 0 ] || sleep "$3"
		i=0
		while [ "$i" -lt "$4" ]; do i=$((i + 1)); done
		[ "$4" -lt 0 ] || kill -KILL "$pid"
	} >"$FIFO" 2>/dev/null
	wait "$pid" 2>/dev/null
	status=$?
	vg_seen "$status"
}

start=$(date +%s)
runs=0 killed=0 finished=0 late_lost=0 late_saved=0 bad_status=0 bad=0
saved=$(db "SELECT count(*) FROM matches WHERE status = 'finished'")
while read -r kind at delay spin; do
	run_one "$kind" "$at" "$delay" "$spin"
	runs=$((runs + 1))
	now=$(db "SELECT count(*) FROM matches WHERE status = 'finished'")
	case $status in
	137) killed=$((killed + 1)) ;;
	0) finished=$((finished + 1)) ;;
	*) bad_status=$((bad_status + 1)) ;;
	esac
	if [ "$status" -eq 137 ] && [ "$at" -eq "$(script "$kind" | wc -l)" ]
	then
		if [ "$now" -gt "$saved" ]; then
			late_saved=$((late_saved + 1))
		else
			late_lost=$((late_lost + 1))
		fi
	fi
	[ "$status" -eq 0 ] && [ "$now" -ne $((saved + 1)) ] &&
		echo "run $runs ($kind): finished but not saved" >>"$E2E_DIR/bad"
	saved=$now
	problems=$(judge "$(db "$STATE_SQL")")
	if [ -n "$problems" ]; then
		bad=$((bad + 1))
		echo "run $runs ($kind, kill after line $at, $delay s," \
			"$spin turns): $problems" \
			>>"$E2E_DIR/bad"
	fi
	# A later login may offer to resume a match cut short; these runs
	# abandon it, as a player could, so every run starts a new match.
	db "UPDATE matches SET status = 'abandoned' WHERE status = 'unfinished'"
done <"$E2E_DIR/plan"
took=$(($(date +%s) - start))
echo "# crash: $runs runs in $took s (seed $SEED): $killed killed," \
	"$finished finished; killed after the last move: $late_lost before" \
	"and $late_saved after the result was written"
touch "$E2E_DIR/bad"
cp "$E2E_DIR/bad" "$ERR"

check "crash: $runs runs, each killed by SIGKILL or finished with status 0" \
	test "$bad_status" -eq 0
check "crash: after every kill, integrity_check is ok and the counters \
equal the finished matches (sum(wins) = sum(losses) = decisive, sum(ties) \
= 2 x drawn, games = w + l + t for each player, no cut match counted)" \
	test "$bad" -eq 0 -a ! -s "$E2E_DIR/bad"
check "crash: some runs were killed and some finished" \
	test "$killed" -ge $((runs / 5)) -a "$finished" -ge $((runs / 10))
if [ "$SLOW" -eq 1 ]; then
	check "crash: kills landed around the result's transaction (after \
the last move, both before and after it was written)" \
		test "$late_lost" -gt 0 -a "$late_saved" -gt 0
else
	skip "the kills' aim at the result's transaction: timed for the" \
		"plain build"
fi
play_input '' leaderboard --format tsv
check "crash: the binary reads the database after all the kills" \
	test "$status" -eq 0 -a "$(wc -l <"$OUT")" -eq 3
