#!/bin/sh
# run-libfuzzer.sh DIR SECONDS RUNS JOBS NAME... -- `make fuzz`: each
# libFuzzer harness DIR/NAME on its seeds (tests/fuzz/corpus/NAME) and
# what earlier runs found (DIR/corpus/NAME), JOBS harnesses at a time.
#
# SECONDS is the budget of the whole run, shared: each harness gets
# SECONDS x JOBS / (number of harnesses), so the run takes about SECONDS
# however many harnesses there are. RUNS (when not empty) stops a
# harness sooner, at that many executions. Prints one line a harness:
#   fuzz: fuzz_notation 1000000 runs in 41 s (budget 120 s), no crash
# A crash is saved in tests/fuzz/regress/NAME/ and fails the run, with
# the end of its log.
dir=$1 seconds=$2 runs=$3 jobs=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
each=$((seconds * jobs / $#))
[ "$each" -ge 1 ] || each=1
limit="-max_total_time=$each"
[ -n "$runs" ] && limit="$limit -runs=$runs"

# Run harness $1, its log in DIR/$1.log, its status in DIR/$1.rc.
one() {
	mkdir -p "$dir/corpus/$1" "$here/regress/$1"
	_t0=$(date +%s)
	# shellcheck disable=SC2086
	"$dir/$1" $limit -timeout=20 -rss_limit_mb=2048 -close_fd_mask=3 \
		-print_final_stats=1 -artifact_prefix="$here/regress/$1/" \
		"$dir/corpus/$1" "$here/corpus/$1" >"$dir/$1.log" 2>&1
	echo "$? $(($(date +%s) - _t0))" >"$dir/$1.rc"
}

# Print harness $1's line; fail when it crashed.
report() {
	read -r _rc _took <"$dir/$1.rc"
	_n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/$1.log")
	if [ "$_rc" -eq 0 ]; then
		echo "fuzz: $1 ${_n:-?} runs in $_took s (budget $each s), no crash"
		return 0
	fi
	echo "fuzz: $1 FAILED after ${_n:-?} runs in $_took s; the input is" \
		"in tests/fuzz/regress/$1/"
	tail -n 40 "$dir/$1.log"
	return 1
}

echo "fuzz: $# harnesses, $jobs at a time, $each s each${runs:+ or $runs runs}"
pids= started=
for name in "$@"; do
	rm -f "$dir/$name.rc"
	one "$name" &
	pids="$pids $!" started="$started $name"
	if [ "$(echo $pids | wc -w)" -ge "$jobs" ]; then
		# shellcheck disable=SC2086
		wait $pids
		pids=
	fi
done
# shellcheck disable=SC2086
wait $pids
status=0
for name in $started; do
	report "$name" || status=1
done
exit $status
