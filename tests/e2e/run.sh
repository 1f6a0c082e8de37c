#!/bin/sh
# run.sh BIN [NAME...] -- runs every tests/e2e/test_*.sh (or only the
# ones named, e.g. `run.sh build/gomoku remote ssh`) against the real
# binary, GOMOKU_E2E_JOBS scripts at a time (the machine's processors, at
# most 4), and prints "e2e: N passed, N failed". Each script prints one
# "ok - NAME" or "not ok - NAME" line per check (see lib.sh); its output
# is shown whole when it ends, followed by how long it took. Set
# GOMOKU_VG to a command prefix (valgrind ...) to run the binary under it.
#
# The scripts share nothing (each has its own folder, database, tmux
# server and ports), so the order does not matter to them; the longest
# start first so that the others fill the gaps beside them.
bin=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
[ -x "$bin" ] || { echo "e2e: no binary at $bin"; exit 2; }

jobs=${GOMOKU_E2E_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
[ "$jobs" -le 4 ] || jobs=4
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT

# The scripts to run: the longest first (the rest in name order).
LONGEST="crash concurrency remote ssh remotescreen screen hostile install
	charset accounts brain"
scripts() {
	if [ $# -gt 0 ]; then
		for _n in "$@"; do echo "$here/test_${_n#test_}.sh"; done
		return
	fi
	for _n in $LONGEST; do echo "$here/test_$_n.sh"; done
	for _t in "$here"/test_*.sh; do
		case " $(echo $LONGEST) " in
		*" $(basename "$_t" .sh | sed 's/^test_//') "*) ;;
		*) echo "$_t" ;;
		esac
	done
}

pass=0 fail=0 running=0

# Print and count every script that has ended since the last call.
reap() {
	for _rc in "$work"/*.rc; do
		[ -e "$_rc" ] || continue
		_log=${_rc%.rc}.log _name=$(basename "$_rc" .rc)
		cat "$_log"
		_p=$(grep -c '^ok ' "$_log")
		_f=$(grep -c '^not ok ' "$_log")
		if [ "$(cat "$_rc")" -ne 0 ] && [ "$_f" -eq 0 ]; then
			echo "not ok - $_name exited with status $(cat "$_rc")"
			_f=1
		fi
		echo "# e2e: $_name took $(($(date +%s) - $(cat "$work/$_name.start"))) s"
		pass=$((pass + _p)) fail=$((fail + _f)) running=$((running - 1))
		rm -f "$_rc" "$_log"
	done
}

for t in $(scripts "$@"); do
	[ -f "$t" ] || { echo "not ok - $t: no such test script"; fail=$((fail + 1)); continue; }
	while [ "$running" -ge "$jobs" ]; do
		sleep 0.2
		reap
	done
	name=$(basename "$t")
	date +%s >"$work/$name.start"
	(
		GOMOKU_BIN=$bin E2E_LIB=$here/lib.sh sh "$t" \
			>"$work/$name.log" 2>&1 </dev/null
		echo $? >"$work/$name.rc.new"
		mv "$work/$name.rc.new" "$work/$name.rc"
	) &
	running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
	sleep 0.2
	reap
done
wait
echo "e2e: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
