#!/bin/sh
# run-all.sh RUNNER BIN [FUZZDIR] -- the build checks (headers, format),
# the unit tests, the end-to-end tests and, when FUZZDIR holds the plain
# fuzz drivers, every seed and regression input of the fuzz harnesses;
# then one closing line with the totals. Exits non-zero when anything
# failed. GOMOKU_VALGRIND=1 runs the tests and drivers under valgrind.
runner=$1 bin=$2 fuzzdir=${3:-}
here=$(dirname "$0")
out=$(mktemp) || exit 2
trap 'rm -f "$out"' EXIT

vg=
if [ -n "${GOMOKU_VALGRIND:-}" ]; then
	vg="valgrind -q --leak-check=full --errors-for-leak-kinds=definite"
	vg="$vg --error-exitcode=99"
fi
export GOMOKU_VG="$vg" # the e2e tests and fuzz drivers run under it

# Field $1 ("passed" or "failed") of the line "$2: N passed, N failed".
count() {
	sed -n "s/^$2: \([0-9]*\) passed, \([0-9]*\) failed\$/\\$1/p" "$out"
}

# Run one part (its output goes to $out and is shown); set $p and $f to
# its counts, counting a failure when it exited non-zero without one.
part() {
	_name=$1
	shift
	"$@" >"$out" 2>&1
	_rc=$?
	cat "$out"
	p=$(count 1 "$_name") f=$(count 2 "$_name")
	if [ "$_rc" -ne 0 ] && [ "${f:-0}" -eq 0 ]; then
		echo "not ok - $_name exited with status $_rc"
		[ "$_rc" -eq 99 ] && echo "  # 99: valgrind found errors"
		f=1
	fi
	passed=$((passed + ${p:-0})) failed=$((failed + ${f:-1}))
}

passed=0 failed=0
part build "$here/build-checks.sh" all
part unit $vg "$runner"
part e2e "$here/e2e/run.sh" "$bin"
if [ -n "$fuzzdir" ]; then
	part fuzz "$here/fuzz/run-regress.sh" "$fuzzdir"
fi

echo
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
