# procs.sh -- real gomoku processes on FIFOs, as at two terminals.
# Sourced after lib.sh by test_remote.sh and tests/soak_remote.sh (run.sh
# runs only test_*.sh). Every process is a real $GOMOKU_BIN whose
# standard input is a FIFO held open by the calling shell (one per
# process), so the processes wait, poll and answer exactly as at a
# terminal. Files: $E2E_DIR/NAME.in (the FIFO), NAME.out, NAME.err.
#
#   start_proc NAME FD ARGS...  start gomoku ARGS reading NAME's FIFO,
#                               held open on descriptor FD (4 to 8);
#                               its pid in $NAME_pid
#   type_to FD TEXT             type TEXT (printf %b) on descriptor FD
#   wait_out NAME TEXT [N]      wait until NAME's output holds TEXT at
#                               least N times (1); return 1 after
#                               PROC_WAIT seconds ($WAIT_S),
#                               looking every PROC_POLL seconds (0.1)
#   close_proc NAME FD          close FD (end of input), wait_exit NAME;
#                               its exit status in $status
#   start_fed NAME ORIGIN TEXT ARGS...
#                               start gomoku ARGS with TEXT (printf %b)
#                               typed and its input then held open, no
#                               descriptor used (for players who only
#                               wait), as an SSH client at address
#                               ORIGIN (SSH_CONNECTION, as sshd sets it;
#                               "-": a local player); its pid in $NAME_pid
#   end_fed NAME                end NAME's input and wait for it to end;
#                               its exit status in $status
#   out_of NAME                 NAME's output into $OUT and $ERR
#   outcome_is WORDS            match $mid is stored as WORDS: status,
#                               result and reason run together
#                               ("finishedblackfive")
#   accept_challenge [OPTIONS]  $a_user (process $a_name on descriptor
#                               $a_fd) runs `gomoku challenge $b_user
#                               OPTIONS` and logs in; $b_user (process
#                               $b_name, descriptor $b_fd, waiting in the
#                               account menu) accepts. Sets $mid; $black
#                               and $white (usernames); $bp, $wp (their
#                               processes); $bfd, $wfd (their FIFOs);
#                               $b_base, $w_base (their prompts before
#                               the match). Passwords come from pw USER
#   challenge_accepted          the same once $a_name has sent its
#                               challenge by other means (the menu)
#   prompts_before NAME TEXT    the lines of NAME's output holding TEXT
#                               up to the last holding a match's header
#   play_move NTH MOVE          the NTH (1-based) move of the match of
#                               accept_challenge, typed by the side to
#                               move once its prompt is shown for it
#   take_seat NAME FD           NAME said yes to "Rejoin it from here?":
#                               wait until it plays the match (its
#                               header), answering yes to "Continue it
#                               here?" if asked (the seat's lease of a
#                               process still running, or killed a
#                               moment ago, still runs)

PROC_POLL=${PROC_POLL:-0.1}

start_proc() {
	_n=$1 _fd=$2
	shift 2
	rm -f "$E2E_DIR/$_n.in"
	mkfifo "$E2E_DIR/$_n.in" || exit 2
	# (emptied here, and appended to by the process: its shell opens
	# them after the FIFO, which opens as this shell opens its end, so
	# on a busy machine wait_out could find an earlier NAME's lines)
	: >"$E2E_DIR/$_n.out"
	: >"$E2E_DIR/$_n.err"
	# shellcheck disable=SC2086
	# (the other processes' FIFOs closed here: else one process would
	# hold another's input open, and it would never see its end)
	${GOMOKU_VG:-} "$GOMOKU_BIN" "$@" <"$E2E_DIR/$_n.in" \
		>>"$E2E_DIR/$_n.out" 2>>"$E2E_DIR/$_n.err" 4>&- 5>&- 6>&- \
		7>&- 8>&- &
	eval "${_n}_pid=$!"
	eval "exec $_fd>\"\$E2E_DIR/\$_n.in\""
}

# (in a subshell: a process that has ended closed its FIFO, and the
# SIGPIPE of writing there ends the subshell, not the script)
type_to() { (printf '%b' "$2" >&"$1") 2>/dev/null; }

wait_out() {
	_tries=$(awk -v w="${PROC_WAIT:-$WAIT_S}" -v p="$PROC_POLL" \
		'BEGIN { printf "%d", w / p }')
	while [ "$(grep -cF -- "$2" "$E2E_DIR/$1.out")" -lt "${3:-1}" ]; do
		_tries=$((_tries - 1))
		if [ "$_tries" -le 0 ]; then
			gave_up "$1 to show '$2' ${3:-1} times"
			proc_tail "$1"
			return 1
		fi
		sleep "$PROC_POLL"
	done
}

# What process NAME showed last, and whether it still runs: "#" lines
# under a wait that gave up, so that a log says where it stood.
proc_tail() {
	if eval "kill -0 \$${1}_pid" 2>/dev/null; then
		echo "#   $1 still runs; its last lines, then its errors:"
	else
		echo "#   $1 has ended; its last lines, then its errors:"
	fi
	tail -n 6 "$E2E_DIR/$1.out" | quoted '#     '
	tail -n 3 "$E2E_DIR/$1.err" | quoted '#     '
}

close_proc() {
	eval "exec $2>&-"
	eval "wait_exit \$${1}_pid"
	vg_seen "$status" "$E2E_DIR/$1.err"
}

start_fed() {
	_n=$1 _o=$2 _t=$3
	shift 3
	: >"$E2E_DIR/$_n.out"
	: >"$E2E_DIR/$_n.err"
	rm -f "$E2E_DIR/$_n.end"
	if [ "$_o" = - ]; then
		set -- env -u SSH_CONNECTION ${GOMOKU_VG:-} "$GOMOKU_BIN" "$@"
	else
		set -- env SSH_CONNECTION="$_o 50022 127.0.0.1 22" \
			${GOMOKU_VG:-} "$GOMOKU_BIN" "$@"
	fi
	{
		printf '%b' "$_t"
		until [ -e "$E2E_DIR/$_n.end" ]; do sleep "$PROC_POLL"; done
	} | "$@" >>"$E2E_DIR/$_n.out" 2>>"$E2E_DIR/$_n.err" 4>&- 5>&- 6>&- \
		7>&- 8>&- &
	eval "${_n}_pid=$!"
}

end_fed() {
	: >"$E2E_DIR/$1.end"
	eval "wait_exit \$${1}_pid"
	vg_seen "$status" "$E2E_DIR/$1.err"
}

out_of() { cp "$E2E_DIR/$1.out" "$OUT"; cp "$E2E_DIR/$1.err" "$ERR"; }

outcome_is() {
	[ "$(db "SELECT status || result || reason
		FROM matches WHERE id = $mid")" = "$1" ]
}

# wait_moves N: wait until match $mid has N moves stored.
wait_moves() {
	_tries=$((10 * WAIT_S))
	until [ "$(db "SELECT count(*) FROM match_moves
		WHERE match_id = $mid")" -eq "$1" ]; do
		_tries=$((_tries - 1))
		[ "$_tries" -gt 0 ] || gave_up "match $mid to have $1 moves" ||
			return 1
		sleep 0.1
	done
}

accept_challenge() {
	start_proc "$a_name" "$a_fd" challenge "$b_user" "$@"
	type_to "$a_fd" "$a_user\n$(pw "$a_user")\n"
	challenge_accepted
}

challenge_accepted() {
	wait_out "$a_name" 'Waiting for the answer'
	_n=$(grep -c 'Coin flip: ' "$E2E_DIR/$b_name.out")
	_m=$(grep -c 'from two terminals.' "$E2E_DIR/$b_name.out")
	type_to "$b_fd" "9\ny\n"
	wait_out "$b_name" 'Coin flip: ' $((_n + 1))
	wait_out "$b_name" 'from two terminals.' $((_m + 1))
	wait_out "$a_name" 'from two terminals.'
	# the match is the one the header names ("Match N: you play ..."),
	# not the newest: other processes may start matches too
	mid=$(grep -o 'Match [0-9]*: you play ' "$E2E_DIR/$b_name.out" |
		tail -n 1 | tr -dc 0-9)
	if grep 'Coin flip: ' "$E2E_DIR/$b_name.out" | tail -n 1 |
		grep -qF "Coin flip: $a_user plays black"; then
		black=$a_user white=$b_user bfd=$a_fd wfd=$b_fd
		bp=$a_name wp=$b_name
	else
		black=$b_user white=$a_user bfd=$b_fd wfd=$a_fd
		bp=$b_name wp=$a_name
	fi
	# the prompts each output held before this match began (its header,
	# "... from two terminals."): counted up to that line, not at this
	# moment, as a slow process may or may not have shown its first
	# prompt of the match yet
	b_base=$(prompts_before "$bp" "$black ●> ")
	w_base=$(prompts_before "$wp" "$white ○> ")
}

prompts_before() {
	awk -v t="$2" -v m='from two terminals.' '
		index($0, t) { n++ }
		index($0, m) { at = n }
		END { print at + 0 }' "$E2E_DIR/$1.out"
}

play_move() {
	if [ $(($1 % 2)) -eq 1 ]; then
		wait_out "$bp" "$black ●> " $((($1 + 1) / 2 + b_base))
		type_to "$bfd" "$2\n"
	else
		wait_out "$wp" "$white ○> " $(($1 / 2 + w_base))
		type_to "$wfd" "$2\n"
	fi
}

take_seat() {
	_tries=$(awk -v w="${PROC_WAIT:-$WAIT_S}" -v p="$PROC_POLL" \
		'BEGIN { printf "%d", w / p }')
	_asked=
	until grep -qF 'from two terminals.' "$E2E_DIR/$1.out"; do
		if [ -z "$_asked" ] &&
			grep -qF 'Continue it here?' "$E2E_DIR/$1.out"; then
			type_to "$2" "y\n"
			_asked=1
		fi
		_tries=$((_tries - 1))
		[ "$_tries" -gt 0 ] || gave_up "$1 to take its seat" || return 1
		sleep "$PROC_POLL"
	done
}
