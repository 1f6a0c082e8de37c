#!/bin/sh
# run-unit.sh RUNNER -- every CUnit suite of RUNNER (build/run-tests
# --list names them) in a process of its own, GOMOKU_E2E_JOBS at a time
# as tests/e2e/run.sh does (the processors, at most 4), under $GOMOKU_VG
# when set; each suite's output is shown whole when it ends, with its
# time, then "unit: N passed, N failed" for them all. The suites share
# nothing: each has its own temporary folder and database.
runner=$1
jobs=${GOMOKU_E2E_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
[ "$jobs" -le 4 ] || jobs=4
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
suites=$("$runner" --list) || { echo "unit: $runner --list failed"; exit 2; }

pass=0 fail=0 running=0

# Print and count every suite that has ended since the last call.
reap() {
	for _rc in "$work"/*.rc; do
		[ -e "$_rc" ] || continue
		_name=$(basename "$_rc" .rc) _log=${_rc%.rc}.log
		grep -v '^unit: ' "$_log"
		_p=$(sed -n 's/^unit: \([0-9]*\) passed, [0-9]* failed$/\1/p' "$_log")
		_f=$(sed -n 's/^unit: [0-9]* passed, \([0-9]*\) failed$/\1/p' "$_log")
		read -r _st _took <"$_rc"
		if [ "$_st" -ne 0 ] && [ "${_f:-0}" -eq 0 ]; then
			echo "not ok - suite $_name exited with status $_st"
			[ "$_st" -eq 99 ] && echo "  # 99: valgrind found errors"
			_f=1
		fi
		echo "# unit: suite $_name: ${_p:-0} passed, ${_f:-?} failed," \
			"took $_took s"
		pass=$((pass + ${_p:-0})) fail=$((fail + ${_f:-1}))
		running=$((running - 1))
		rm -f "$_rc" "$_log"
	done
}

# The slowest suite first (the rest in the runner's order).
for name in $(printf '%s\n' $suites | grep -x ai) \
	$(printf '%s\n' $suites | grep -vx ai); do
	while [ "$running" -ge "$jobs" ]; do
		sleep 0.2
		reap
	done
	(
		t0=$(date +%s)
		# shellcheck disable=SC2086
		${GOMOKU_VG:-} "$runner" "$name" >"$work/$name.log" 2>&1 </dev/null
		echo "$? $(($(date +%s) - t0))" >"$work/$name.rc.new"
		mv "$work/$name.rc.new" "$work/$name.rc"
	) &
	running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
	sleep 0.2
	reap
done
wait
echo "unit: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
