# End-to-end: two terminals on one database (issue 15). Every process
# here is a real build/gomoku whose standard input is a FIFO held open
# by this script (one per process), so the processes wait, poll and
# answer exactly as at a terminal.
#
# Watching: P plays a hot-seat ranked match (alice against bob) one move
# at a time; W runs `gomoku watch`, finds the match in the list, follows
# it, and must show every move as P commits it, then the result.
. "$E2E_LIB"

pw() { echo "remote-pass-$1-ok"; }

# Start process NAME (gomoku ARGS) reading from its own FIFO, which
# stays open on descriptor FD until close_proc; its output goes to
# $E2E_DIR/NAME.out and .err; its pid to $NAME_pid.
start_proc() {
	_n=$1 _fd=$2
	shift 2
	rm -f "$E2E_DIR/$_n.in"
	mkfifo "$E2E_DIR/$_n.in" || exit 2
	# shellcheck disable=SC2086
	${GOMOKU_VG:-} "$GOMOKU_BIN" "$@" <"$E2E_DIR/$_n.in" \
		>"$E2E_DIR/$_n.out" 2>"$E2E_DIR/$_n.err" &
	eval "${_n}_pid=$!"
	eval "exec $_fd>\"\$E2E_DIR/\$_n.in\""
}

# Type TEXT (printf %b) into the process whose FIFO is on descriptor FD.
type_to() { printf '%b' "$2" >&"$1"; }

# Wait until NAME's output holds TEXT at least N times (default 1);
# return 1 after 20 seconds (more under a sanitizer or valgrind).
wait_out() {
	_tries=$((200 * SLOW))
	while [ "$(grep -cF -- "$2" "$E2E_DIR/$1.out")" -lt "${3:-1}" ]; do
		_tries=$((_tries - 1))
		[ "$_tries" -gt 0 ] || return 1
		sleep 0.1
	done
}

# Close descriptor FD (end of input) and wait for process NAME; $status.
close_proc() {
	eval "exec $2>&-"
	eval "wait \$${1}_pid"
	status=$?
	vg_seen "$status" "$E2E_DIR/$1.err"
}

# What NAME printed, into $OUT for has/hasnt.
out_of() { cp "$E2E_DIR/$1.out" "$OUT"; cp "$E2E_DIR/$1.err" "$ERR"; }

for u in alice bob carol; do
	play_input "\n$(pw $u)\n$(pw $u)\n" register "$u"
done
check "remote: alice, bob and carol are registered" status_is 0

# ---- Watching a hot-seat match ----------------------------------------
FIVE="8 8 1 1 8 9 1 2 8 10 1 3 8 11 1 4 8 12"
start_proc p 4 play alice bob
type_to 4 "$(pw alice)\n$(pw bob)\n"
wait_out p 'Coin flip: '
check "watch: the players' match starts" wait_out p 'Move 1: '
mid=$(sqlite3 "$GOMOKU_DB" "SELECT max(id) FROM matches")

start_proc w 5 watch
wait_out w 'Match to watch'
out_of w
check "watch: the list shows the match in progress" \
	grep -qE "^ +$mid +(alice +bob|bob +alice) +0 " "$OUT"
type_to 5 "$mid\n"
check "watch: the watcher shows the empty board" wait_out w 'Move 0 of 0.'
n=0
seen=0
# shellcheck disable=SC2086
set -- $FIVE
while [ $# -gt 0 ]; do
	type_to 4 "$1 $2\n"
	shift 2
	n=$((n + 1))
	wait_out w "Move $n of $n." && seen=$((seen + 1))
done
check "watch: the watcher showed each of the 9 moves as it was played" \
	[ "$seen" -eq 9 ]
check "watch: the watcher shows the result" wait_out w 'won (five)'
check "watch: the watcher offers the replay" wait_out w 'Replay it?'
type_to 5 "n\n"
close_proc w 5
out_of w
check "watch: the watcher leaves cleanly" \
	sh -c "[ $status -eq 0 ] && [ ! -s '$E2E_DIR/w.err' ]"
close_proc p 4
out_of p
check "watch: the players' match is saved as usual" has "Match $mid saved."
cp "$E2E_DIR/w.out" "$E2E_DIR/w1.out"
check "watch: the watcher wrote nothing" [ "$(sqlite3 "$GOMOKU_DB" \
	"SELECT count(*) FROM match_moves WHERE match_id = $mid")" -eq 9 ]

# A watcher leaves with q while the match goes on; a bad number is
# refused; a finished match shows its result and offers the replay.
start_proc w 5 watch "$mid"
check "watch: a finished match shows its result" wait_out w 'Replay it?'
type_to 5 "y\nq\n"
close_proc w 5
out_of w
check "watch: ... and replays it" has "Replay (n, p, number"
play_input "" watch 999
check "watch: no such match is refused" err_has "there is no match 999"
play_input "" watch x1
check "watch: a bad match number is a usage error" status_is 2

# ---- Presence -----------------------------------------------------------
# A (alice) and B (bob) log in through the menus; B lists who is online.
# A's row is refreshed while it waits at a prompt; when A is killed its
# row is left behind and, once stale, no longer counts; a log-out removes
# the row at once.
start_proc a 6
type_to 6 "2\nalice\n$(pw alice)\n"
wait_out a 'Gomoku Club: alice'
a_at=$(sqlite3 "$GOMOKU_DB" "SELECT refreshed_at FROM presence")
start_proc b 7
type_to 7 "2\nbob\n$(pw bob)\n8\n"
check "presence: B lists who is online" wait_out b 'Players online:'
wait_out b 'Gomoku Club: bob' 2
out_of b
check "presence: alice and bob are online and idle" sh -c "
	grep -qE '^  alice +alice +idle' '$OUT' &&
	grep -qE '^  bob +bob +idle' '$OUT' && ! grep -q carol '$OUT'"
sleep 6
check "presence: a process waiting at a prompt refreshes its row" \
	[ "$(sqlite3 "$GOMOKU_DB" "SELECT refreshed_at FROM presence
		WHERE pid = $a_pid")" -gt "$a_at" ]
kill -9 "$a_pid"
exec 6>&-
wait "$a_pid" 2>/dev/null
check "presence: a killed process leaves its row behind" [ "$(sqlite3 \
	"$GOMOKU_DB" "SELECT count(*) FROM presence WHERE pid = $a_pid")" -eq 1 ]
# time passes for the dead row only
sqlite3 "$GOMOKU_DB" "UPDATE presence SET refreshed_at = refreshed_at - 21
	WHERE pid = $a_pid"
type_to 7 "8\n"
wait_out b 'Players online:' 2
wait_out b 'Gomoku Club: bob' 3
out_of b
check "presence: a stale row counts for nothing" \
	sh -c "[ \"\$(grep -cE '^  alice ' '$OUT')\" -eq 1 ]"
type_to 7 "0\n"
wait_out b '0  Quit' 2
check "presence: log-out removes the row" [ "$(sqlite3 "$GOMOKU_DB" \
	"SELECT count(*) FROM presence WHERE pid = $b_pid")" -eq 0 ]
close_proc b 7
check "presence: B quits cleanly" \
	sh -c "[ $status -eq 0 ] && [ ! -s '$E2E_DIR/b.err' ]"
