#!/bin/sh
# run-all.sh RUNNER BIN -- the unit tests, then the end-to-end tests, then
# one closing line with the totals. Exits non-zero when anything failed.
# GOMOKU_VALGRIND=1 runs both under valgrind.
runner=$1 bin=$2
here=$(dirname "$0")
out=$(mktemp) || exit 2
trap 'rm -f "$out"' EXIT

vg=
if [ -n "$GOMOKU_VALGRIND" ]; then
	vg="valgrind -q --leak-check=full --errors-for-leak-kinds=definite"
	vg="$vg --error-exitcode=99"
fi

# Field $1 ("passed" or "failed") of the line "$2: N passed, N failed".
count() {
	sed -n "s/^$2: \([0-9]*\) passed, \([0-9]*\) failed\$/\\$1/p" "$out"
}

$vg "$runner" >"$out" 2>&1
unit_rc=$?
cat "$out"
up=$(count 1 unit) uf=$(count 2 unit)
[ "$unit_rc" -eq 0 ] || [ "${uf:-0}" -gt 0 ] || uf=1

GOMOKU_VG="$vg" "$here/e2e/run.sh" "$bin" >"$out" 2>&1
e2e_rc=$?
cat "$out"
ep=$(count 1 e2e) ef=$(count 2 e2e)
[ "$e2e_rc" -eq 0 ] || [ "${ef:-0}" -gt 0 ] || ef=1

passed=$((${up:-0} + ${ep:-0}))
failed=$((${uf:-1} + ${ef:-1}))
echo
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
