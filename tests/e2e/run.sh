#!/bin/sh
# run.sh BIN -- runs every tests/e2e/test_*.sh against the real binary and
# prints "e2e: N passed, N failed". Each script prints one "ok - NAME" or
# "not ok - NAME" line per check (see lib.sh). Set GOMOKU_VG to a command
# prefix (valgrind ...) to run the binary under it.
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
[ -x "$bin" ] || { echo "e2e: no binary at $bin"; exit 2; }

pass=0 fail=0
for t in "$here"/test_*.sh; do
	log=$(mktemp) || exit 2
	GOMOKU_BIN=$bin E2E_LIB=$here/lib.sh sh "$t" >"$log" 2>&1
	rc=$?
	cat "$log"
	p=$(grep -c '^ok ' "$log")
	f=$(grep -c '^not ok ' "$log")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $(basename "$t") exited with status $rc"
		f=1
	fi
	pass=$((pass + p)) fail=$((fail + f))
	rm -f "$log"
done
echo "e2e: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
