#!/bin/sh
# run.sh BIN [NAME...] -- runs every tests/e2e/test_*.sh (or only the
# ones named, e.g. `run.sh build/gomoku remote ssh`) against the real
# binary, GOMOKU_E2E_JOBS scripts at a time (the machine's processors, at
# most 4), and prints "e2e: N passed, N failed, N skipped". Each script
# prints one "ok - NAME" or "not ok - NAME" line per check, and "skip -
# SCRIPT: WHY" for checks this machine cannot run (see lib.sh): a skip
# is never a pass, and every skip is listed again at the end ("# again:
# skip - ..."). A script's
# output is shown whole when it ends, followed by how long it took. Set
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

. "$here/../jobs.sh"
jobs_init

# The scripts to run: the longest first (the rest in name order).
LONGEST="crash concurrency remote ssh remotescreen screens screen hostile install
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

pass=0 fail=0
skips=$pool_dir/skips # the skip lines, in the order the scripts ended
: >"$skips"

# Print and count one script that ended: NAME LOG STATUS SECONDS.
job_done() {
	cat "$2"
	_p=$(grep -c '^ok ' "$2")
	_f=$(grep -c '^not ok ' "$2")
	grep '^skip ' "$2" >>"$skips"
	jobs_verdict "$1" "$3" "$_f"
	_f=$((_f + jobs_extra))
	echo "# e2e: $1 took $4 s"
	pass=$((pass + _p)) fail=$((fail + _f))
}

for t in $(scripts "$@"); do
	[ -f "$t" ] || { echo "not ok - $t: no such test script"; fail=$((fail + 1)); continue; }
	jobs_start "$(basename "$t")" env GOMOKU_BIN="$bin" \
		E2E_LIB="$here/lib.sh" sh "$t"
done
jobs_wait
sed 's/^/# again: /' "$skips" # (not counted twice by run-all.sh)
echo "e2e: $pass passed, $fail failed, $(wc -l <"$skips") skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
