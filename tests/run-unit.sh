#!/bin/sh
# run-unit.sh RUNNER -- every CUnit suite of RUNNER (build/run-tests
# --list names them) in a process of its own, GOMOKU_E2E_JOBS at a time
# as tests/e2e/run.sh does (the processors, at most 4), under $GOMOKU_VG
# when set; each suite's output is shown whole when it ends, with its
# time, then "unit: N passed, N failed" for them all. The suites share
# nothing: each has its own temporary folder and database.
runner=$1
. "$(dirname "$0")/jobs.sh"
jobs_init
suites=$("$runner" --list) || { echo "unit: $runner --list failed"; exit 2; }

pass=0 fail=0

# Print and count one suite that ended: NAME LOG STATUS SECONDS.
job_done() {
	grep -v '^unit: ' "$2"
	_p=$(sed -n 's/^unit: \([0-9]*\) passed, [0-9]* failed$/\1/p' "$2")
	_f=$(sed -n 's/^unit: [0-9]* passed, \([0-9]*\) failed$/\1/p' "$2")
	jobs_verdict "suite $1" "$3" "${_f:-0}"
	if [ -z "$_f" ] && [ "$jobs_extra" -eq 0 ]; then
		echo "not ok - suite $1 printed no count"
		jobs_extra=1
	fi
	_f=$((${_f:-0} + jobs_extra))
	echo "# unit: suite $1: ${_p:-0} passed, $_f failed, took $4 s"
	pass=$((pass + ${_p:-0})) fail=$((fail + _f))
}

# The slowest suites first, so that the others fill the gaps beside them
# (under valgrind store_schema takes about 150 s and ai 110 s, the rest
# under 25): then the rest in the runner's order.
SLOWEST="ai store_schema store_matches store_live"
# shellcheck disable=SC2086
for name in $(printf '%s\n' $SLOWEST | grep -xF "$(printf '%s\n' $suites)") \
	$(printf '%s\n' $suites | grep -vxF "$(printf '%s\n' $SLOWEST)"); do
	# shellcheck disable=SC2086
	jobs_start "$name" ${GOMOKU_VG:-} "$runner" "$name"
done
jobs_wait
echo "unit: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
