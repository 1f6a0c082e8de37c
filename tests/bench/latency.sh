#!/bin/sh
# latency.sh BIN -- `make bench`'s figures of how fast the real program
# answers what the end-to-end tests only check it answers: YXSTOP and
# END during a long think of the brain, a signal at the main menu, a
# lobby's seek taken until both terminals show the match, and
# ranked matches recorded by many processes at once (tests/soak.sh, 4
# workers x 25 matches, with readers). Each figure is printed, none is
# judged: the machine may be busy. Times are measured by polling every
# 5 ms, so they are good to about 10 ms.
bin=${1:?usage: latency.sh BIN}
here=$(cd "$(dirname "$0")/.." && pwd)
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
T=$(mktemp -d) || exit 2
trap 'exec 3>&- 2>/dev/null; rm -rf "$T"' EXIT
export GOMOKU_DB=$T/gomoku.db LANG=C.UTF-8
now_ms() { date +%s%3N; }

# Poll until the command $@ succeeds (at most 60 s); set $ms to the ms
# it took from $t0. (Not in a subshell: this shell must reap its ended
# children, or kill -0 would still find them.)
until_ms() {
	_i=0
	until "$@" || [ "$_i" -ge 12000 ]; do
		sleep 0.005
		_i=$((_i + 1))
	done
	ms=$(($(now_ms) - t0))
}

# A brain on a FIFO thinking about a quiet position for up to ten minutes.
think() {
	rm -f "$T/in" && mkfifo "$T/in" || exit 2
	"$bin" brain <"$T/in" >"$T/out" 2>/dev/null &
	pid=$!
	exec 3>"$T/in"
	printf 'START 15\nINFO timeout_turn 600000\nBOARD\n7,7,2\n8,8,1\n6,8,2\nDONE\n' >&3
	sleep 1
}
answered() { grep -qxE '[0-9]+,[0-9]+' "$T/out"; }
gone() { ! kill -0 "$pid" 2>/dev/null; }

echo
echo "== Latency of the real program (tests/bench/latency.sh) =="
think
t0=$(now_ms)
printf 'YXSTOP\n' >&3
until_ms answered
echo "brain: YXSTOP during a ten-minute think, the move in $ms ms"
exec 3>&-
wait "$pid"

think
t0=$(now_ms)
printf 'END\n' >&3
until_ms gone
echo "brain: END during a ten-minute think, exited in $ms ms"
exec 3>&-
wait "$pid"

rm -f "$T/in" && mkfifo "$T/in" || exit 2
perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV' "$bin" <"$T/in" >"$T/out" 2>&1 &
pid=$!
exec 3>"$T/in"
t0=$(now_ms)
until_ms grep -q 'Choose:' "$T/out"
t0=$(now_ms)
kill -INT "$pid"
until_ms gone
echo "SIGINT at the main menu: exited in $ms ms"
exec 3>&-
wait "$pid"

# The lobby: alice posts a seek and waits; bob, in the lobby, takes it;
# the time from bob's Enter until both terminals show the match (its
# header, then the move to play or the wait for it). Five rounds, each
# aborted at once by alice's resignation before a move.
for u in alice bob; do
	printf '\n%s-bench-Pass-1357\n%s-bench-Pass-1357\n' "$u" "$u" |
		"$bin" register "$u" >/dev/null 2>&1
done
rm -f "$T/a.in" "$T/b.in" && mkfifo "$T/a.in" "$T/b.in" || exit 2
"$bin" --plain <"$T/a.in" >"$T/a.out" 2>&1 &
apid=$!
"$bin" --plain <"$T/b.in" >"$T/b.out" 2>&1 &
bpid=$!
exec 4>"$T/a.in" 5>"$T/b.in"
printf '2\nalice\nalice-bench-Pass-1357\n12\n' >&4
printf '2\nbob\nbob-bench-Pass-1357\n12\n' >&5
# Process $1's output holds fixed text $2 at least $3 times.
holds() { [ "$(grep -cF -- "$2" "$T/$1.out")" -ge "$3" ]; }
shown() {
	holds a 'from two terminals.' "$1" && holds b 'from two terminals.' "$1" &&
		[ "$(grep -cE '^(Move 1: |Waiting for )' "$T/a.out")" -ge "$1" ] &&
		[ "$(grep -cE '^(Move 1: |Waiting for )' "$T/b.out")" -ge "$1" ]
}
t0=$(now_ms)
seek_ms=
for n in 1 2 3 4 5; do
	until_ms holds b 'New seeks show here' $((2 * n - 1))
	printf 'p\n1\n\n1\n' >&4
	until_ms holds b '  1  alice ' "$n"
	t0=$(now_ms)
	printf '1\n' >&5
	until_ms shown "$n"
	seek_ms="$seek_ms $ms"
	printf 'resign\ny\n' >&4
	until_ms holds a 'New seeks show here' $((n + 1))
done
echo "lobby: a seek taken, both terminals show the match in (ms):$seek_ms"
exec 4>&- 5>&-
wait "$apid" "$bpid"

echo "ranked matches recorded from 4 processes at once, with 4 readers" \
	"(SQLite's busy timeout: 5000 ms):"
GOMOKU_SOAK_WORKERS=4 GOMOKU_SOAK_MATCHES=25 "$here/soak.sh" "$bin" |
	grep '^soak: [0-9]'
