#!/bin/sh
# latency.sh BIN -- `make bench`'s figures of how fast the real program
# answers what the end-to-end tests only check it answers: YXSTOP and
# END during a long think of the brain, a signal at the main menu, and
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

echo "ranked matches recorded from 4 processes at once, with 4 readers" \
	"(SQLite's busy timeout: 5000 ms):"
GOMOKU_SOAK_WORKERS=4 GOMOKU_SOAK_MATCHES=25 "$here/soak.sh" "$bin" |
	grep '^soak: [0-9]'
