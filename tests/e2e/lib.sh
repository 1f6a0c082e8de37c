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
#                             "not ok - NAME" and the last output
#   has TEXT / hasnt TEXT     stdout contains (or not) the fixed string TEXT
#   err_has TEXT              stderr contains the fixed string TEXT
#   status_is N               the last run exited with N
#   vg_seen STATUS [ERRFILE]  under valgrind, status 99 means memory errors
#                             or leaks: the next check fails and shows them
#                             (from ERRFILE, default $ERR). Tests that run
#                             ${GOMOKU_VG:-} "$GOMOKU_BIN" themselves pass
#                             its status here
#   $SLOW                     how many times slower the binary runs here
#                             (1; 2 under AddressSanitizer, 8 under valgrind)
#
# Under valgrind ($GOMOKU_VG runs it with --error-exitcode=99) every run
# that ends with status 99 fails the next check, whatever it tests.

set -u
E2E_DIR=$(mktemp -d) || exit 2
trap 'vg_final; rm -rf "$E2E_DIR"' EXIT
OUT=$E2E_DIR/out
ERR=$E2E_DIR/err
export GOMOKU_DB="$E2E_DIR/gomoku.db"
unset NO_COLOR LANGUAGE LC_ALL LC_MESSAGES
export LANG=C.UTF-8
status=0
SLOW=1
case ${GOMOKU_BIN:-} in */asan/*) SLOW=2 ;; esac
[ -n "${GOMOKU_VG:-}" ] && SLOW=8

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
	if "$@" && [ ! -s "$E2E_DIR/valgrind.log" ]; then
		echo "ok - $_name"
	elif [ -s "$E2E_DIR/valgrind.log" ]; then
		echo "not ok - $_name"
		head -n 30 "$E2E_DIR/valgrind.log" | sed 's/^/  # /'
		: >"$E2E_DIR/valgrind.log"
	else
		echo "not ok - $_name"
		echo "  # status $status; last lines of stdout, then stderr:"
		tail -n 15 "$OUT" | sed 's/^/  # /'
		tail -n 5 "$ERR" | sed 's/^/  # /'
	fi
}
