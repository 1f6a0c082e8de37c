# tmux.sh -- driving the full-screen program in a real terminal; sourced
# by the full-screen scripts through lib.sh's need_tmux, once it knows
# tmux is there. tmux runs the program in a 100x40 pane; keys are
# sent as a player types them and the pane is read back.
#
#   start NAME ARGS...   a pane running gomoku ARGS, then $AFTER
#   start_as NAME ARGS...
#                        the same, its exit status in $T/NAME.st (one
#                        file a pane: several programs at once)
#   pane NAME            what the pane shows
#   keys NAME KEYS...    tmux send-keys
#   wait_for NAME TEXT   wait until the pane shows the fixed TEXT
#   wait_gone NAME TEXT  wait until the pane no longer shows TEXT
#   wait_until CMD...    wait until CMD succeeds (a state, never a
#                        fixed sleep: under load or valgrind a redraw
#                        can take seconds); on a timeout each says
#                        what it waited for on a "#" line
#   wait_end             wait until the program ended; sets $status
#   restored             the terminal has icanon and echo back
#   click NAME COL LINE  an SGR mouse click (1-based column and line)
#   job_start NAME ARGS...
#                        a pane running bash (job control), in which
#                        gomoku ARGS runs; false, and a skip counted,
#                        under valgrind (it does not pass a job-control
#                        stop on to its program) or without bash
#   job_stop_fg NAME TEXT WHAT
#                        Ctrl-Z: check the shell is back with the terminal
#                        restored; fg: check TEXT is drawn again
T=$E2E_DIR
SOCK=$T/tmux.sock
# How many tenths of a second (at least: each poll runs tmux, slower
# under load) a wait lasts before it fails. Generous: a wait that
# succeeds ends at once, and the machine may be busy.
WAIT=$((10 * WAIT_S))
unset TMUX # a tmux of our own, also when the tests run inside one
trap 'tmux -S "$SOCK" kill-server 2>/dev/null; vg_final; reap; rm -rf "$E2E_DIR"' EXIT

RUN="env TERM=xterm-256color LANG=C.UTF-8 GOMOKU_DB=$GOMOKU_DB \
${GOMOKU_VG:-} $GOMOKU_BIN"
# What the shell in a pane does after the program: the terminal's modes
# and then its status, to files (the status last: wait_end waits for it),
# each written whole under another name and then renamed, so that what
# is read is complete.
AFTER="st=\$?; stty -a >$T/stty.new; mv $T/stty.new $T/stty; \
echo \$st >$T/st.new; mv $T/st.new $T/st; exec sleep 86400"

# A new session $1 running the shell command $2 (see lib.sh), in a
# pane of $3 x $4 (default 100 x 40).
session() { tmux_session "$SOCK" "$1" "$2" "${3:-100}" "${4:-40}"; }

# Start pane $1 running `gomoku ARGS...` and then $AFTER.
start() {
	_name=$1
	shift
	rm -f "$T/st" "$T/stty"
	session "$_name" "$RUN $*; $AFTER"
}
# A pane of its own status, for scripts with several programs at once
# (start() keeps one status for one pane at a time): pane $1 runs
# `gomoku ARGS...`, its exit status written whole to $T/$1.st.
start_as() {
	_name=$1
	shift
	rm -f "$T/$_name.st"
	session "$_name" "$RUN $*; echo \$? >$T/$_name.st.new; \
mv $T/$_name.st.new $T/$_name.st; exec sleep 86400"
}
pane() { tmux -S "$SOCK" capture-pane -p -t "$1"; }
keys() {
	_p=$1
	shift
	tmux -S "$SOCK" send-keys -t "$_p" "$@"
}
shows() { pane "$1" | grep -qF -- "$2"; }
# The page in pane $1 is titled $2 (its first line starts with it).
titled() { pane "$1" | head -n 1 | grep -q -- "^$2"; }
# Poll CMD... every tenth of a second until it succeeds, at most $WAIT
# times; on a timeout say so (a "#" line) and fail.
wait_until() {
	_i=0
	until "$@"; do
		_i=$((_i + 1))
		if [ $_i -ge "$WAIT" ]; then
			gave_up "$*"
			return
		fi
		sleep 0.1
	done
}
wait_for() { wait_until shows "$1" "$2"; }
hides() { ! shows "$1" "$2"; }
wait_gone() { wait_until hides "$1" "$2"; }
# Wait until the program in the pane has ended ($T/st written).
wait_end() {
	wait_until test -e "$T/st"
	status=$(cat "$T/st" 2>/dev/null || echo 255)
}
# Leave the game in pane $1 with Esc: the first Esc's question is answered
# n (it must go away, the game on), the second's y; then the program's end.
# Each step is a check.
leave_game() {
	keys "$1" Escape
	check "Esc, with nothing typed, asks before leaving" \
		wait_for "$1" "Leave this game? (y/n)"
	keys "$1" n
	check "n keeps the game" wait_gone "$1" "Leave this game? (y/n)"
	keys "$1" Escape
	wait_for "$1" "Leave this game? (y/n)" && keys "$1" y
	wait_end
	check "Esc then y leaves the game: the program ends" \
		sh -c '[ "$1" -ne 255 ]' - "$status"
}
# The terminal is as a shell wants it: line editing and echo on.
restored() {
	grep -qw -- icanon "$T/stty" && ! grep -qw -- -icanon "$T/stty" &&
		grep -qw -- echo "$T/stty" && ! grep -qw -- -echo "$T/stty"
}
# An SGR mouse click (press, release) at 1-based column $2, line $3.
click() {
	tmux -S "$SOCK" send-keys -t "$1" -l -- \
		"$(printf '\033[<0;%d;%dM\033[<0;%d;%dm' "$2" "$3" "$2" "$3")"
}
job_start() {
	_name=$1
	shift
	if [ -n "${GOMOKU_VG:-}" ]; then
		# (the same limit as the Ctrl-Z test in tests/test_auth.c)
		skip "under valgrind Ctrl-Z cannot stop the program:" \
			"Ctrl-Z and fg are tested by make test and make asan"
		return 1
	fi
	if ! command -v bash >/dev/null 2>&1; then
		skip "bash is missing: Ctrl-Z and fg"
		return 1
	fi
	rm -f "$T/st" "$T/stty"
	session "$_name" "bash --norc --noprofile -i"
	keys "$_name" -l "PS1='$ '; $RUN $*"
	keys "$_name" Enter
}
job_stop_fg() {
	keys "$1" C-z
	check "$3: Ctrl-Z gives the shell back" wait_for "$1" "Stopped"
	rm -f "$T/stty"
	keys "$1" -l "stty -a >$T/stty.new; mv $T/stty.new $T/stty"
	keys "$1" Enter
	wait_until test -e "$T/stty"
	check "$3: while stopped the terminal is restored (icanon, echo)" \
		restored
	keys "$1" -l fg
	keys "$1" Enter
	check "$3: fg draws it again" wait_for "$1" "$2"
}

# A session that lasts the whole test, so the server does not exit (and
# race the next new-session) each time the last pane's session is killed.
session keep "exec sleep 86400" || exit 2
