#!/bin/sh
# run-all.sh RUNNER BIN [FUZZDIR] -- the build checks (headers, format),
# the unit tests, the end-to-end tests and, when FUZZDIR holds the plain
# fuzz drivers, every seed and regression input of the fuzz harnesses;
# then how long each part took, the checks skipped on this machine, and
# one closing line with the totals ("tests: N passed, N failed, N
# skipped": a skip is never a pass).
# Exits non-zero when anything failed. GOMOKU_VALGRIND=1 runs the tests
# and drivers under valgrind; GOMOKU_PARTS (e.g. "unit fuzz") runs only
# those parts, and GOMOKU_E2E (e.g. "screen pages") only those
# end-to-end scripts (tests/e2e/run.sh).
runner=$1 bin=$2 fuzzdir=${3:-}
here=$(dirname "$0")
out=$(mktemp) || exit 2
trap 'rm -f "$out" "$out.rc" "$out.skips"' EXIT

vg=
if [ -n "${GOMOKU_VALGRIND:-}" ]; then
	vg="valgrind -q --leak-check=full --errors-for-leak-kinds=definite"
	vg="$vg --error-exitcode=99"
fi
export GOMOKU_VG="$vg" # the e2e tests and fuzz drivers run under it

# Field $1 (1 passed, 2 failed, 4 skipped) of the line "$2: N passed,
# N failed" or "$2: N passed, N failed, N skipped".
count() {
	sed -n "s/^$2: \([0-9]*\) passed, \([0-9]*\) failed\(, \([0-9]*\) skipped\)*\$/\\$1/p" \
		"$out"
}

# Run one part, its output shown as it comes (a CI log that stops in a
# part shows how far it got) and kept in $out; set $p and $f to its
# counts, counting a failure when it exited non-zero without one.
part() {
	_name=$1
	shift
	case " ${GOMOKU_PARTS:-build unit e2e fuzz} " in
	*" $_name "*) ;;
	*) return 0 ;;
	esac
	_t0=$(date +%s)
	{
		"$@"
		echo $? >"$out.rc"
	} 2>&1 | tee "$out"
	_rc=$(cat "$out.rc")
	times="$times$(printf '%-6s %5d s' "$_name" $(($(date +%s) - _t0)))
"
	p=$(count 1 "$_name") f=$(count 2 "$_name") k=$(count 4 "$_name")
	grep '^skip ' "$out" >>"$out.skips"
	if [ "$_rc" -ne 0 ] && [ "${f:-0}" -eq 0 ]; then
		echo "not ok - $_name exited with status $_rc"
		[ "$_rc" -eq 99 ] && echo "  # 99: valgrind found errors"
		f=1
	fi
	passed=$((passed + ${p:-0})) failed=$((failed + ${f:-1}))
	skipped=$((skipped + ${k:-0}))
}

passed=0 failed=0 skipped=0 times= start=$(date +%s)
: >"$out.skips"
part build "$here/build-checks.sh" all
part unit "$here/run-unit.sh" "$runner"
# shellcheck disable=SC2086
part e2e "$here/e2e/run.sh" "$bin" ${GOMOKU_E2E:-}
if [ -n "$fuzzdir" ]; then
	part fuzz "$here/fuzz/run-regress.sh" "$fuzzdir"
fi

echo
echo "how long each part took:"
printf '%s' "$times"
printf '%-6s %5d s\n' all $(($(date +%s) - start))
if [ -s "$out.skips" ]; then
	echo "skipped here (never counted as passed):"
	cat "$out.skips"
fi
echo "tests: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
