# jobs.sh -- the pool of background jobs that the test runners share
# (tests/run-unit.sh, tests/e2e/run.sh), sourced by them.
#
# jobs_init sets the pool's size: GOMOKU_E2E_JOBS, else the machine's
# processors, at most 4. jobs_start NAME CMD... waits for a free place,
# then runs CMD in the background, its output (stdout and stderr) into
# a log of its own and its standard input from /dev/null, for at most
# GOMOKU_JOB_LIMIT seconds (default 900, 1500 under valgrind; the
# longest script takes about 330 s under ASan on a busy machine, 480 s
# on one running two suites at once): a job still running then has
# hung, is ended (TERM, then KILL 30 s later; its status is 124 or 137)
# and reported with what it printed, so that one hang costs a bounded
# time and says where it stopped. While a job has run for over 240 s,
# a "# jobs: still running" line every 120 s names the jobs running and
# their ages, so that a log cut short by an outer limit still says which
# job it was waiting for. Whenever a
# job has ended, the runner's job_done NAME LOG STATUS SECONDS is called
# (from jobs_start or jobs_wait, in the runner's own shell, so it may
# count), then the log is removed. jobs_wait returns once every job has
# ended and been reported.

jobs_init() {
	pool_size=${GOMOKU_E2E_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
	[ "$pool_size" -ge 1 ] 2>/dev/null || pool_size=1
	[ "$pool_size" -le 4 ] || pool_size=4
	_limit=900
	[ -z "${GOMOKU_VG:-}" ] || _limit=1500
	pool_limit=${GOMOKU_JOB_LIMIT:-$_limit}
	pool_dir=$(mktemp -d) || exit 2
	# shellcheck disable=SC2064
	trap "rm -rf '$pool_dir'" EXIT
	pool_running=0
	pool_said=$(date +%s)
}

# Every 120 s while a job has run for over 240 s, say which jobs are
# running and for how long.
jobs_tick() {
	_now=$(date +%s)
	[ $((_now - pool_said)) -ge 120 ] || return 0
	_list= _old=
	for _s in "$pool_dir"/*.start; do
		[ -e "$_s" ] || continue
		read -r _t <"$_s"
		[ $((_now - _t)) -lt 240 ] || _old=1
		_list="$_list $(basename "$_s" .start) ($((_now - _t)) s)"
	done
	[ -n "$_old" ] || return 0
	pool_said=$_now
	echo "# jobs: still running:$_list"
}

# Report every job that has ended since the last call.
jobs_reap() {
	for _rc in "$pool_dir"/*.rc; do
		[ -e "$_rc" ] || continue
		read -r _status _took <"$_rc"
		job_done "$(basename "$_rc" .rc)" "${_rc%.rc}.log" "$_status" \
			"$_took"
		pool_running=$((pool_running - 1))
		rm -f "$_rc" "${_rc%.rc}.log" "${_rc%.rc}.start"
	done
	jobs_tick
}

jobs_start() {
	_job=$1
	shift
	while [ "$pool_running" -ge "$pool_size" ]; do
		sleep 0.2
		jobs_reap
	done
	date +%s >"$pool_dir/$_job.start"
	(
		_t0=$(date +%s)
		timeout -k 30 "$pool_limit" "$@" >"$pool_dir/$_job.log" 2>&1 \
			</dev/null
		echo "$? $(($(date +%s) - _t0))" >"$pool_dir/$_job.rc.new"
		mv "$pool_dir/$_job.rc.new" "$pool_dir/$_job.rc"
	) &
	pool_running=$((pool_running + 1))
}

jobs_wait() {
	while [ "$pool_running" -gt 0 ]; do
		sleep 0.2
		jobs_reap
	done
	wait
}

# jobs_verdict NAME STATUS FAILS: a "not ok" line for job NAME when its
# exit STATUS says more than its FAILS "not ok" lines did (it reached
# the time limit, or failed without a line of its own); sets
# $jobs_extra to the lines printed (0 or 1).
jobs_verdict() {
	jobs_extra=1
	case $2 in
	124 | 137)
		echo "not ok - $1 did not end within $pool_limit s (ended, status $2)"
		return
		;;
	esac
	if [ "$2" -ne 0 ] && [ "$3" -eq 0 ]; then
		echo "not ok - $1 exited with status $2"
		[ "$2" -ne 99 ] || echo "  # 99: valgrind found errors"
		return
	fi
	jobs_extra=0
}
