# lib.sh -- helpers for the end-to-end tests; sourced by tests/e2e/test_*.sh.
#
# Every test runs the real binary ($GOMOKU_BIN, optionally under
# $GOMOKU_VG) in a fresh temporary folder with its own database, on
# scripted standard input, exactly as a player would type it.
#
#   play_input TEXT ARGS...   run gomoku ARGS with TEXT (printf %b) on stdin;
#                             sets $status, output in $OUT (stdout), $ERR
#   play_env 'VAR=V ...' TEXT ARGS...
#                             the same with those environment variables
#   check NAME CMD...         print "ok - NAME" when CMD succeeds, else
#                             "not ok - NAME" and the last output; a
#                             "#" line first when what led to it took
#                             30 s or more (times $SLOW) since the check
#                             before, so a slow wait is seen where it is
#   has TEXT / hasnt TEXT     stdout contains (or not) the fixed string TEXT
#   err_has TEXT              stderr contains the fixed string TEXT
#   status_is N               the last run exited with N
#   vg_seen STATUS [ERRFILE]  under valgrind, status 99 means memory errors
#                             or leaks: the next check fails and shows them
#                             (from ERRFILE, default $ERR). Tests that run
#                             ${GOMOKU_VG:-} "$GOMOKU_BIN" themselves pass
#                             its status here
#   ranked_start NAME COLOUR INPUT ARGS...
#                             run gomoku ARGS (a ranked match) in the
#                             background, reading from a pipe held open
#                             on descriptor 3 ($pid its process), with
#                             INPUT (printf %b) typed; once the secure
#                             coin flip is printed, keep the run when it
#                             gave NAME (as printed) COLOUR (black: the
#                             first stones), else end it and try again
#                             (its empty match is deleted), up to 40 times;
#                             fails when a run ends, or prints no flip
#                             within $WAIT_S, saying how it ended (its
#                             status, its last lines) on "#" lines
#   ranked_as NAME COLOUR INPUT REST ARGS...
#                             ranked_start, then REST typed and the pipe
#                             closed; sets $status, $OUT, $ERR
#   tmux_session SOCK NAME CMD W H
#                             a detached tmux session NAME (server at
#                             SOCK) running the shell command CMD in a
#                             W x H pane; tried up to five times (a
#                             server starting or going away can refuse
#                             it), then fails, saying why on a "#" line
#   $SLOW                     how many times slower the binary runs here
#                             (1; 2 under AddressSanitizer, 8 under valgrind)
#   $WAIT_S                   the longest a test waits for a state (a
#                             prompt, a row, an exit) before it calls the
#                             run hung: 120 s, times $SLOW. It only stops
#                             a hung test; no check is about how long
#                             anything took (those figures are make
#                             bench's), so a busy machine passes too;
#                             WAIT_S_TEST=N sets it, to see a failing
#                             check sooner while working on it
#   gave_up WHAT              say "# gave up after $WAIT_S s waiting for:
#                             WHAT" and fail: every wait that runs out
#                             says so, so that no test waits in silence.
#                             Later waits of the script then last at
#                             most 10 s (times $SLOW): what follows a
#                             hang mostly fails too, and one hang costs
#                             WAIT_S once, not once for each check
#   wait_exit PID             wait for the background run PID to end,
#                             at most $WAIT_S s (then gave_up, and it is
#                             killed); its exit status in $status
#   poll CMD...               run CMD every tenth of a second until it
#                             succeeds; after $WAIT_S s, gave_up and fail
#   skip WHY                  some checks cannot run on this machine:
#                             print "skip - SCRIPT: WHY" (run.sh counts
#                             it as skipped, never as passed)
#   skip_rest WHY             skip WHY, and end the script: the rest of it
#                             cannot run here
#   need_tmux                 skip_rest unless tmux is installed; else
#                             source tmux.sh
#   serve_start [ARGS]        `gomoku serve ARGS` at a free port of 127.0.0.1
#                             (output in $E2E_DIR/serve.out and .err, the
#                             script's descriptors 3 to 8 closed for it);
#                             sets $serve_pid, and $URL once it says where
#                             it listens ("" when it ended first)
#   serve_stop                end it (SIGTERM) and wait; its status in
#                             $status
#
# Under valgrind ($GOMOKU_VG runs it with --error-exitcode=99) every run
# that ends with status 99 fails the next check, whatever it tests.

set -u
E2E_DIR=$(mktemp -d) || exit 2
trap 'vg_final; reap; rm -rf "$E2E_DIR"' EXIT
# ended from outside (tests/jobs.sh's time limit, Ctrl-C): clean up too
trap 'exit 143' TERM
trap 'exit 130' INT
trap 'exit 129' HUP
OUT=$E2E_DIR/out
ERR=$E2E_DIR/err
export GOMOKU_DB="$E2E_DIR/gomoku.db"
# the sqlite3 tool with a busy timeout (bin/sqlite3)
E2E_SQLITE3=${E2E_SQLITE3:-$(command -v sqlite3)}
export E2E_SQLITE3
PATH=$(cd "$(dirname "$E2E_LIB")" && pwd)/bin:$PATH
# Run the SQL $1 on the test's database, printing its rows.
db() { sqlite3 -batch "$GOMOKU_DB" "$1"; }
unset NO_COLOR LANGUAGE LC_ALL LC_MESSAGES
# (a run over SSH would make every process one connection: the tests that
# want one set it for their processes)
unset SSH_CONNECTION
export LANG=C.UTF-8
status=0
SLOW=1
case ${GOMOKU_BIN:-} in */asan/*) SLOW=2 ;; esac
[ -n "${GOMOKU_VG:-}" ] && SLOW=8
WAIT_S=${WAIT_S_TEST:-$((120 * SLOW))}
gave_up() {
	echo "# gave up after $WAIT_S s waiting for: $*"
	WAIT_S=$((10 * SLOW))
	return 1
}
wait_exit() {
	_w=0
	while kill -0 "$1" 2>/dev/null; do
		_w=$((_w + 1))
		if [ $_w -ge $((10 * WAIT_S)) ]; then
			gave_up "process $1 to end"
			kill -9 "$1" 2>/dev/null
			break
		fi
		sleep 0.1
	done
	wait "$1"
	status=$?
}
poll() {
	_i=0
	until "$@"; do
		_i=$((_i + 1))
		[ $_i -lt $((10 * WAIT_S)) ] || { gave_up "$*"; return 1; }
		sleep 0.1
	done
}

skip() { echo "skip - $(basename "$0" .sh): $*"; }
# Each line of standard input after the prefix $1, each ended: a last
# line without its newline (a prompt) must not swallow the "ok" or
# "not ok" that follows, or the runner would not count it.
quoted() { awk -v p="$1" '{ print p $0 }'; }
skip_rest() {
	skip "$@"
	exit 0
}
need_tmux() {
	command -v tmux >/dev/null 2>&1 ||
		skip_rest "tmux is not installed (make deps installs it)"
	. "$(dirname "$E2E_LIB")/tmux.sh"
}

# serve_start [ARGS]: start `gomoku serve ARGS` at a free port; $serve_pid,
# and $URL once it listens. serve.out is emptied here, before the start:
# a background command's redirection happens in its child, so the poll
# could read the URL of a server started before.
serve_start() {
	: >"$E2E_DIR/serve.out"
	${GOMOKU_VG:-} "$GOMOKU_BIN" serve --listen 127.0.0.1:0 "$@" \
		>"$E2E_DIR/serve.out" 2>"$E2E_DIR/serve.err" \
		3>&- 4>&- 5>&- 6>&- 7>&- 8>&- &
	serve_pid=$!
	poll serve_listening
	URL=$(sed -n 's|.*\(http://127\.0\.0\.1:[0-9]*\)/.*|\1|p' \
		"$E2E_DIR/serve.out")
}
serve_listening() {
	grep -q 'http://127\.0\.0\.1:[0-9]*/' "$E2E_DIR/serve.out" ||
		! kill -0 "$serve_pid" 2>/dev/null
}
serve_stop() {
	kill -TERM "$serve_pid" 2>/dev/null
	wait "$serve_pid"
	status=$?
}

# (The errors are kept in a file, so runs in subshells count too.)
vg_seen() {
	if [ -n "${GOMOKU_VG:-}" ] && [ "$1" -eq 99 ]; then
		{
			echo "valgrind found errors (exit status 99) in a run:"
			cat "${2:-$ERR}"
		} >>"$E2E_DIR/valgrind.log" 2>/dev/null
	fi
}

# At exit: a run with valgrind errors after the last check still fails.
vg_final() {
	[ ! -s "$E2E_DIR/valgrind.log" ] ||
		check "valgrind found no errors after the last check" true
}

# reap: kill what this script started on its database and left running.
# An ASan build's process whose tmux pane was closed can spin in the leak
# check at its exit (its tracer child beside it) and would take the CPU
# from every later test.
reap() {
	for _e in /proc/[0-9]*/environ; do
		_pid=${_e#/proc/}
		_pid=${_pid%/environ}
		[ "$_pid" != $$ ] || continue
		{ tr '\0' '\n' <"$_e"; } 2>/dev/null |
			grep -qxF "GOMOKU_DB=$GOMOKU_DB" &&
			kill -9 "$_pid" 2>/dev/null
	done
	return 0
}

tmux_session() {
	_try=1
	until tmux -S "$1" -f /dev/null new-session -d -s "$2" -x "$4" \
		-y "$5" "$3" 2>"$E2E_DIR/tmux.err"; do
		if [ $_try -ge 5 ]; then
			echo "# tmux new-session $2 failed: $(cat "$E2E_DIR/tmux.err")"
			return 1
		fi
		sleep $_try
		_try=$((_try + 1))
	done
}

play_env() {
	_env=$1 _in=$2
	shift 2
	# shellcheck disable=SC2086
	printf '%b' "$_in" |
		env $_env ${GOMOKU_VG:-} "$GOMOKU_BIN" "$@" >"$OUT" 2>"$ERR"
	status=$?
	vg_seen "$status"
}

play_input() {
	play_env "" "$@"
}

has() { grep -qF -- "$1" "$OUT"; }
hasnt() { ! grep -qF -- "$1" "$OUT"; }
err_has() { grep -qF -- "$1" "$ERR"; }
status_is() { [ "$status" -eq "$1" ]; }

check() {
	_name=$1
	shift
	_now=$(date +%s)
	[ $((_now - ${_checked_at:=$_now})) -lt $((30 * SLOW)) ] ||
		echo "# $((_now - _checked_at)) s since the check before this one"
	_checked_at=$_now
	if "$@" && [ ! -s "$E2E_DIR/valgrind.log" ]; then
		echo "ok - $_name"
	elif [ -s "$E2E_DIR/valgrind.log" ]; then
		echo "not ok - $_name"
		head -n 30 "$E2E_DIR/valgrind.log" | quoted '  # '
		: >"$E2E_DIR/valgrind.log"
	else
		echo "not ok - $_name"
		echo "  # status $status; last lines of stdout, then stderr:"
		tail -n 15 "$OUT" | quoted '  # '
		tail -n 5 "$ERR" | quoted '  # '
	fi
}

# Wait until the run $pid has printed its coin flip, ended, or run
# $WAIT_S without; set $flip to the colour the flip gave NAME $1 (black
# or white), or none. The verdict is the line the wait saw: $OUT is read
# once a turn. And it waits in this shell, not in a $(...): a subshell
# is not the run's parent, and there kill -0 finds a run that ended
# alive (a zombie until this shell reaps it).
flip_colour() {
	_w=0
	while :; do
		_flip=$(grep -m 1 '^Coin flip: ' "$OUT")
		if [ -n "$_flip" ] || ! kill -0 "$pid" 2>/dev/null ||
			[ "$_w" -ge $((20 * WAIT_S)) ]; then
			break
		fi
		sleep 0.05
		_w=$((_w + 1))
	done
	# (the run ended as the flip came: its output is all there now)
	[ -n "$_flip" ] || _flip=$(grep -m 1 '^Coin flip: ' "$OUT")
	case $_flip in
	"Coin flip: $1 plays black"* | "Coin flip: $1 places"*) flip=black ;;
	"Coin flip: "*) flip=white ;;
	*) flip=none ;;
	esac
}

# The run $pid printed no coin flip: say whether it still ran after
# $WAIT_S (then end it) or ended, its status and its last lines, on "#"
# lines. A run that ended is not signalled: this shell has reaped it,
# and its pid may be another process's by now.
no_flip() {
	if kill -0 "$pid" 2>/dev/null; then
		gave_up "the coin flip of: gomoku $*"
		kill "$pid" 2>/dev/null
	else
		echo "# gomoku $* ended before its coin flip"
	fi
	wait "$pid"
	status=$?
	vg_seen "$status"
	echo "# its status $status; its last lines of stdout, then stderr:"
	tail -n 5 "$OUT" | quoted '#   '
	tail -n 5 "$ERR" | quoted '#   '
}

ranked_start() {
	_name=$1 _colour=$2 _pre=$3 _try=0
	shift 3
	while [ "$_try" -lt 40 ]; do
		_try=$((_try + 1))
		rm -f "$E2E_DIR/ranked.fifo"
		mkfifo "$E2E_DIR/ranked.fifo" || exit 2
		# Emptied here, and appended to by the run: the run's shell
		# opens them after the FIFO, which opens as this shell opens
		# its end; on a busy machine this shell went on and read
		# $OUT before the run's shell emptied it: the last run's
		# flip, then (read again) nothing.
		: >"$OUT"
		: >"$ERR"
		# shellcheck disable=SC2086
		${GOMOKU_VG:-} "$GOMOKU_BIN" "$@" <"$E2E_DIR/ranked.fifo" \
			>>"$OUT" 2>>"$ERR" &
		pid=$!
		exec 3>"$E2E_DIR/ranked.fifo"
		(printf '%b' "$_pre" >&3) 2>/dev/null
		flip_colour "$_name"
		[ "$flip" = "$_colour" ] && return 0
		exec 3>&-
		if [ "$flip" = none ]; then
			no_flip "$@"
			return 1
		fi
		wait_exit "$pid"
		vg_seen "$status"
		db "DELETE FROM matches WHERE id = (SELECT
			max(id) FROM matches) AND status = 'unfinished' AND
			NOT EXISTS (SELECT 1 FROM match_moves WHERE match_id = id)"
	done
	echo "# ranked_start: no coin flip gave $_name $_colour in 40 runs"
	return 1
}

ranked_as() {
	_n=$1 _c=$2 _i=$3 _rest=$4
	shift 4
	ranked_start "$_n" "$_c" "$_i" "$@" || return 1
	(printf '%b' "$_rest" >&3) 2>/dev/null
	exec 3>&-
	wait_exit "$pid"
	vg_seen "$status"
}
