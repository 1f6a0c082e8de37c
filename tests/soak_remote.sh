#!/bin/sh
# soak_remote.sh BIN -- the reliability proof for two terminals (issues
# 15 and 41; `make soak-remote`, which `make soak` runs too; too long
# for `make test`). Real gomoku processes on FIFOs (the helpers of
# tests/e2e/procs.sh), every match played to an end known in advance,
# every counter checked exactly at the end. Two parts:
#
# The challenges: 2 x MATCHES (20) players; MATCHES ranked matches from
# two terminals at once: userJ challenges userK (with `gomoku challenge
# userK` in odd matches, from the account menu's players online in even
# ones), userK accepts from the account menu; and MATCHES watchers
# (`gomoku watch ID`), one per match, following them live. The logins
# hash at their real cost, so the matches are set up WAVE (4) at a
# time; each plays two moves and waits until every match and watcher is
# live, which is checked and printed (the peak), then all play on to a
# known end, whoever wins the coin flip: match I (1-based) by I % 5 --
#   1  the challenger makes five      2  the accepter makes five
#   3  the accepter resigns on its turn after four moves
#   4  the challenger resigns while the accepter is to move
#   0  a draw by agreement after four moves (in matches 10, 20, ...
#      the first offer is declined)
# with moves of its own (no two matches alike). In the middle of matches
# 1, 3, 4, 6, 7, ... (after the two moves) the accepter's player goes on
# from a new process: in matches 3, 6, ... (and 1, 4, ... when the
# accepter is black) it takes the seat over from the running process,
# which must be told and go back to its menu; in matches 1, 4, ... with
# the accepter white, the accepter leaves (q while waiting) and rejoins
# from the new process.
#
# The lobby: once those matches are over, the club's disconnect-grace
# is set to 1 s and PAIRS (MATCHES / 2) more pairs of players, P and Q
# (two processes each, logged in WAVE pairs at a time), play at once.
# Each pair goes to "Find a game" (account menu 12) and meets there by
# a seek -- P posts it; Q posts the same (paired by the store) or takes
# P's by its number in the list -- one pair at a time (a lock in the
# work folder: the list's numbers and the pairing are then the pair's
# own); then plays rematches from the account menu (13, "Rematch NAME
# (colours swapped)", offered by one, accepted by the other), rated as
# the seek was, the colours swapped. Pair G, by G % 5, plays (a/b: P/Q
# in the plans above, with first moves of their own)
#   1  a rated seek, paired: plan 1; Q's rematch: plan 0 (a draw)
#   2  a rated seek, taken: plan 3; P's rematch: plan 2; Q's rematch:
#      black resigns before any move (aborted)
#   3  a casual seek, paired: plan 2; P's rematch: plan 4; Q's rematch:
#      white resigns while waiting for black's first move (aborted)
#   4  a rated seek, taken: white resigns while waiting for black's
#      first move (aborted); P's rematch (of an aborted match): plan 1;
#      Q's rematch: black's program ends before its first move, white
#      claims the win after the grace (aborted)
#   0  a casual seek, taken: black's first move, then white resigns
#      (aborted); Q's rematch: plan 0; P's rematch: black's first move,
#      then white's program ends and black claims (aborted)
# A casual match counts for nobody; an aborted one for nobody either.
#
# Then every process must have exited 0 with nothing on stderr; every
# watcher must have shown every move of its match as it was played,
# then its result and moves; each match's rating, status, result,
# reason and moves must be what was played, each rematch's colours the
# other match's swapped and its challenge the rematch of that match,
# each seek left taken by its poster's match; each player's games,
# wins, losses, ties, score and rating (Elo from 1500, K 40, in the
# order played: rating.h) and their per-rule record must be exactly
# what was played; no match left unfinished, no presence row, pending
# challenge, open seek or request left; PRAGMA integrity_check ok.
# Prints "ok -" / "not ok -" lines as the end-to-end tests do, then the
# figures:
#   soak-remote: M matches (C from challenges, L from the lobby, R
#   rematches; U casual, A aborted) in S s (the challenges' S1 s, setup
#   T s; the lobby's S2 s), C watchers, N moves, peak P processes (Q
#   players playing), K seats moved to a new process, slowest move to a
#   watcher X ms, E errors
# GOMOKU_SOAK_REMOTE changes MATCHES (up to 150), GOMOKU_SOAK_PAIRS
# the lobby's pairs, GOMOKU_SOAK_WAVE the wave.
bin=${1:?usage: soak_remote.sh BIN}
here=$(cd "$(dirname "$0")" && pwd)
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
export GOMOKU_BIN=$bin E2E_LIB=$here/e2e/lib.sh
. "$E2E_LIB"
unset GOMOKU_TEST_FAST_HASH
# many processes share the cores: wait longer, look less often
PROC_WAIT=${PROC_WAIT:-180} PROC_POLL=${PROC_POLL:-0.25}
. "$here/e2e/procs.sh"

MATCHES=${GOMOKU_SOAK_REMOTE:-20}
PAIRS=${GOMOKU_SOAK_PAIRS:-$((MATCHES / 2))}
WAVE=${GOMOKU_SOAK_WAVE:-4}
W=$E2E_DIR/soak
mkdir -p "$W"
: >"$OUT"
# (a busy timeout: the script reads while the processes write)
db() { sqlite3 -batch -cmd '.timeout 30000' "$GOMOKU_DB" "$1"; }
pw() { echo "soak-pass-$1-ok"; }
now_ms() { date +%s%3N; }
soak_check() {
	check "$@" | tee -a "$W/checks"
}
# How many times process NAME's output holds TEXT.
seen() { grep -cF -- "$2" "$E2E_DIR/$1.out"; }

# Wait until file $1 exists; 1 after PROC_WAIT seconds.
wait_file() {
	_t=$(awk -v w="$PROC_WAIT" -v p="$PROC_POLL" \
		'BEGIN { printf "%d", w / p }')
	while [ ! -e "$1" ]; do
		_t=$((_t - 1))
		[ "$_t" -gt 0 ] || return 1
		sleep "$PROC_POLL"
	done
}

# ---- The moves of match I ------------------------------------------------
# The side meant to win (black when none is) plays five down one column,
# the other side a broken line down another: "stones I SIDE K" prints
# the Kth (1-based) stone of SIDE (win or other) in notation (I taken
# modulo 150, so that every five fits on the board).
COLS=abcdefghijklmno
stones() {
	set -- $((($1 - 1) % 150 + 1)) "$2" "$3"
	if [ "$2" = win ]; then
		echo "$COLS" | cut -c$((($1 - 1) % 15 + 1)) |
			sed "s/\$/$((($1 - 1) / 15 + $3 + 1))/"
	else
		echo "$COLS" | cut -c$((($1 + 6) % 15 + 1)) |
			sed "s/\$/$(echo 9 11 13 15 1 | cut -d' ' -f"$3")/"
	fi
}

# The Nth move of match I once $black is known: winner is the username
# meant to win ("" for none).
move_of() {
	_side=other
	if [ $(($2 % 2)) -eq 1 ]; then
		[ "$winner" = "$white" ] || _side=win
		stones "$1" $_side $((($2 + 1) / 2))
	else
		[ "$winner" = "$white" ] && _side=win
		stones "$1" $_side $(($2 / 2))
	fi
}

# ---- One match: its two players and its watcher ----------------------------
# Everything that goes wrong is a "fail:" line in $W/log.TAG (TAG: I
# for the challenges' match I, pG for the lobby's pair G), and the files
# named in $marks are made (as they are when all went well: done.TAG
# marks the end); each process's exit status and stderr size go to
# $W/exits.TAG; each match as played to $W/played.I (the challenges')
# or $W/played.pG.K (the pair's Kth): "I mid a b black white result
# reason moves rated status again_of origin", a and b the challenger
# and the accepter (P and Q), result and reason "-" for an aborted
# match, moves "-" for none, rated 1 or 0, status finished or aborted,
# again_of the match it is a rematch of (0 for none), origin
# challenge, paired, taken or (a rematch) the player who offered it;
# each move's delay to the watcher (ms) to $W/lag.I.
fail() {
	echo "fail: $what: $*" >>"$W/log.$tag"
	for _p in $a_name $b_name $w_name; do
		eval "kill \${${_p}_pid:-} 2>/dev/null"
	done
	[ -z "$locked" ] || rm -rf "$W/lobby.lock"
	for _f in $marks; do
		touch "$W/$_f"
	done
	exit 1
}

# Move N, typed once its prompt is shown; the watcher (if any) must
# show it.
soak_move() {
	_m=$(move_of "$i" "$1")
	moves="$moves${moves:+,}$_m"
	play_move "$1" "$_m" || fail "no prompt for move $1"
	[ -n "$w_name" ] || return 0
	_t0=$(now_ms)
	wait_out "$w_name" "Move $1 of $1." || fail "watcher missed move $1"
	echo $(($(now_ms) - _t0)) >>"$W/lag.$i"
}

# Plan 0: after four moves black (to move) offers a draw; in matches 10,
# 20, ... white declines the first offer; then white accepts.
soak_draw() {
	soak_move 3
	soak_move 4
	wait_out "$bp" "$black ●> " $((3 + b_base)) || fail "no prompt"
	_asked=1
	if [ $((i % 10)) -eq 0 ]; then
		type_to "$bfd" "draw\n"
		wait_out "$wp" "$black offers a draw. Do you accept?" ||
			fail "no draw offer"
		type_to "$wfd" "n\n"
		wait_out "$bp" "$white declined the draw. Play on." ||
			fail "no decline"
		_asked=2
	fi
	type_to "$bfd" "draw\n"
	wait_out "$wp" "$black offers a draw. Do you accept?" $_asked ||
		fail "no draw offer"
	type_to "$wfd" "y\n"
	result=draw reason=draw
}

# Plans 3 and 4: once four moves are played and the accepter is to move,
# the accepter resigns (3) or the waiting challenger does (4).
soak_resign() {
	n=2
	while [ $n -lt 4 ] || [ "$(to_move $n)" != "$b_user" ]; do
		n=$((n + 1))
		soak_move $n
	done
	if [ "$b_user" = "$black" ]; then
		wait_out "$bp" "$black ●> " $((n / 2 + 1 + b_base))
	else
		wait_out "$wp" "$white ○> " $(((n + 1) / 2 + w_base))
	fi || fail "no prompt after move $n"
	loser=$b_user
	[ "$plan" = 4 ] && loser=$a_user
	if [ "$loser" = "$black" ]; then
		type_to "$bfd" "resign\ny\n"
		result=white
	else
		type_to "$wfd" "resign\ny\n"
		result=black
	fi
	reason=resign
}

# Who is to move after N moves.
to_move() {
	if [ $(($1 % 2)) -eq 0 ]; then echo "$black"; else echo "$white"; fi
}

# Plans 1 and 2: the winner's five, the ninth move for black, the tenth
# for white.
soak_five() {
	n=2 last=9 result=black
	if [ "$winner" = "$white" ]; then
		last=10 result=white
	fi
	while [ $n -lt $last ]; do
		n=$((n + 1))
		soak_move $n
	done
	reason=five
}

# The watcher's line for the result: "Black won (five)" ...
result_words() {
	case $result$reason in
	draw*) echo 'a draw (agreed)' ;;
	black*) echo "Black won ($(echo "$reason" | sed 's/resign/resigned/'))" ;;
	*) echo "White won ($(echo "$reason" | sed 's/resign/resigned/'))" ;;
	esac
}

# start_proc NAME FD ARGS..., its output file there at once (the
# process makes it only once it has its input: a wait_out before that
# would read no file).
soak_start() {
	: >"$E2E_DIR/$1.out"
	start_proc "$@"
}

# Log a process NAME FD in as USER in the account menu.
menu_login() {
	soak_start "$1" "$2"
	type_to "$2" "2\n$3\n$(pw "$3")\n"
	wait_out "$1" "Gomoku Club: $3" || fail "$3 not logged in"
}

# Log match I's players in and start it: B in the menu; A challenges
# with `gomoku challenge` (odd I) or from the menu's players online.
soak_setup() {
	menu_login "$b_name" "$b_fd" "$b_user"
	if [ "$a_menu" = yes ]; then
		menu_login "$a_name" "$a_fd" "$a_user"
		type_to "$a_fd" "8\n$b_user\n1\n"
		challenge_accepted
	else
		: >"$E2E_DIR/$a_name.out" # (as soak_start does)
		accept_challenge
	fi
	if [ -z "$mid" ] || ! wait_out "$a_name" "from two terminals."; then
		fail "the challenge did not start a match"
	fi
	soak_start "$w_name" "$w_fd" watch "$mid"
	wait_out "$w_name" "Watching match $mid" || fail "no watcher"
	eval "echo \$${a_name}_pid \$${b_name}_pid \$${w_name}_pid" \
		>"$W/pids.$i"
}

# End every process of match I: the watcher declines the replay, the
# players in the menu log out and quit, `gomoku challenge` ends by itself.
soak_finish() {
	wait_out "$w_name" "$(result_words)" || fail "watcher missed the result"
	wait_out "$w_name" 'Replay it?' || fail "watcher offered no replay"
	cp "$E2E_DIR/$w_name.out" "$W/watcher.$i"
	type_to "$w_fd" "n\n"
	menu_quit "$b_name" "$b_fd" "$b_user" "${b_menus:-2}"
	[ "$a_menu" = yes ] && menu_quit "$a_name" "$a_fd" "$a_user"
	for _p in "$w_name:$w_fd" "$b_name:$b_fd" "$a_name:$a_fd"; do
		close_proc "${_p%:*}" "${_p#*:}"
		echo "${_p%:*} $status $(wc -c <"$E2E_DIR/${_p%:*}.err")" \
			>>"$W/exits.$i"
		cat "$E2E_DIR/${_p%:*}.err" >>"$W/errors"
	done
	touch "$W/done.$i"
}

# Process NAME FD, back in USER's account menu (its title shown N times
# in all, 2 unless said: at the login and after the match), logs out and
# quits.
menu_quit() {
	wait_out "$1" "Gomoku Club: $3" "${4:-2}" ||
		fail "$3 not back in the menu"
	type_to "$2" "0\n0\n"
}

# The accepter's seat moves to a new process (see the top): SWITCH is
# takeover or rejoin. The first process quits; its exit goes to
# $W/exits.I, the switch to $W/switched.I.
soak_switch() {
	case $((i % 3)) in
	0) switch=takeover ;;
	1) switch=rejoin ;;
	*) return ;;
	esac
	[ "$b_user" = "$black" ] && switch=takeover
	_old=$b_name _oldfd=$b_fd
	if [ "$switch" = rejoin ]; then
		type_to "$b_fd" "q\n"
		wait_out "$b_name" "Your move is saved. Match $mid waits for" ||
			fail "the accepter could not leave"
	fi
	soak_start "${b_name}n" 7
	type_to 7 "2\n$b_user\n$(pw "$b_user")\n"
	wait_out "${b_name}n" 'Rejoin it from here?' || fail "no rejoin offered"
	type_to 7 "y\n"
	take_seat "${b_name}n" 7 || fail "the new process took no seat"
	if [ "$switch" = takeover ]; then
		wait_out "$b_name" 'This match was continued in another session.' ||
			fail "the taken-over process was not told"
	fi
	menu_quit "$b_name" "$b_fd" "$b_user"
	close_proc "$b_name" "$b_fd"
	echo "$b_name $status $(wc -c <"$E2E_DIR/$b_name.err")" >>"$W/exits.$i"
	cat "$E2E_DIR/$b_name.err" >>"$W/errors"
	echo "$i $switch" >"$W/switched.$i"
	# (the new process rejoined at its login: its menu comes after)
	b_name=${_old}n b_fd=7 b_menus=1
	# the new process's first prompt is for the accepter's next move
	if [ "$b_user" = "$black" ]; then
		bp=$b_name bfd=7 b_base=-1
	else
		wp=$b_name wfd=7 w_base=-1
	fi
}

soak_match() {
	i=$1 plan=$(($1 % 5)) moves='' tag=$1 what="match $1" locked=''
	marks="setup.$1 ready.$1 done.$1"
	a_name=a$i a_fd=4 a_user=user$((2 * $1 - 1))
	b_name=b$i b_fd=5 b_user=user$((2 * $1))
	w_name=w$i w_fd=6 a_menu=no
	[ $((i % 2)) -eq 0 ] && a_menu=yes
	if [ "$i" -gt "$WAVE" ]; then
		wait_file "$W/setup.$((i - WAVE))" || fail "no turn to log in"
	fi
	soak_setup
	touch "$W/setup.$i"
	case $plan in
	1) winner=$a_user ;;
	2) winner=$b_user ;;
	*) winner= ;;
	esac
	soak_move 1
	soak_move 2
	touch "$W/ready.$i"
	wait_file "$W/go" || fail "never told to go on"
	soak_switch
	case $plan in
	1 | 2) soak_five ;;
	3 | 4) soak_resign ;;
	0) soak_draw ;;
	esac
	echo "$i $mid $a_user $b_user $black $white $result $reason $moves 1" \
		"finished 0 challenge" >"$W/played.$i"
	soak_finish
}


# ---- The lobby: a pair's matches -------------------------------------------
# Pair G: P (userX, process pG on descriptor 4) and Q (userY, qG on 5),
# X and Y after the challenges' players; its Kth match is match I =
# MATCHES + 3 (G - 1) + K for its moves.

# Take the lobby's lock: one pair meets there at a time. Fail when its
# holder has not changed for PROC_WAIT seconds.
lobby_lock() {
	_holder=none _t=0
	until mkdir "$W/lobby.lock" 2>/dev/null; do
		_h=$(cat "$W/lobby.lock/by" 2>/dev/null)
		if [ "$_h" != "$_holder" ]; then
			_holder=$_h
			_t=$(awk -v w="$PROC_WAIT" -v p="$PROC_POLL" \
				'BEGIN { printf "%d", w / p }')
		fi
		_t=$((_t - 1))
		[ "$_t" -gt 0 ] || fail "the lobby was never free"
		sleep "$PROC_POLL"
	done
	locked=1
	echo "$g" >"$W/lobby.lock/by"
}

lobby_unlock() {
	rm -rf "$W/lobby.lock"
	locked=
}

# A match of the pair begins: the headers ("... from two terminals.")
# each process has shown so far, into na and nb.
pair_begins() {
	na=$(seen "$a_name" 'from two terminals.')
	nb=$(seen "$b_name" 'from two terminals.')
}

# The pair's new match has started at both terminals: $mid (the one
# both headers name) and its colours, as the store drew (or swapped)
# them.
pair_started() {
	if ! wait_out "$a_name" 'from two terminals.' $((na + 1)) ||
		! wait_out "$b_name" 'from two terminals.' $((nb + 1)); then
		fail "the match did not start at both terminals"
	fi
	mid=$(grep -o 'Match [0-9]*: you play ' "$E2E_DIR/$b_name.out" |
		tail -n 1 | tr -dc 0-9)
	_m=$(grep -o 'Match [0-9]*: you play ' "$E2E_DIR/$a_name.out" |
		tail -n 1 | tr -dc 0-9)
	if [ -z "$mid" ] || [ "$mid" != "$_m" ]; then
		fail "the terminals name different matches ($_m, $mid)"
	fi
	_b=$(db "SELECT p.username FROM matches AS m JOIN players AS p
		ON p.id = m.black_id WHERE m.id = $mid")
	if [ "$_b" = "$a_user" ]; then
		black=$a_user white=$b_user bp=$a_name wp=$b_name
		bfd=$a_fd wfd=$b_fd
	elif [ "$_b" = "$b_user" ]; then
		black=$b_user white=$a_user bp=$b_name wp=$a_name
		bfd=$b_fd wfd=$a_fd
	else
		fail "match $mid is not $a_user and $b_user's"
	fi
	b_base=$(prompts_before "$bp" "$black ●> ")
	w_base=$(prompts_before "$wp" "$white ○> ")
}

# The pair's first match, in the lobby: P posts a seek (RATED 1: rated,
# 2: casual) of the club's game; Q posts the same (HOW paired: the store
# pairs the two) or takes P's by its number (taken).
pair_lobby() {
	rated=$(($1 % 2)) origin=$2 again_of=0
	_game='Gomoku, no opening, no clock, rated'
	[ "$rated" = 1 ] || _game='Gomoku, no opening, no clock, casual, not rated'
	type_to "$a_fd" "12\n"
	type_to "$b_fd" "12\n"
	if ! wait_out "$a_name" "New seeks show here as they come." ||
		! wait_out "$b_name" "New seeks show here as they come."; then
		fail "the lobby was not shown"
	fi
	lobby_lock
	pair_begins
	type_to "$a_fd" "p\n$1\n\n1\n"
	wait_out "$a_name" "Seek posted: $_game." || fail "no seek posted"
	if [ "$origin" = paired ]; then
		type_to "$b_fd" "p\n$1\n\n1\n"
		wait_out "$b_name" "A seek of the same game was open: paired." ||
			fail "the same seek did not pair"
	else
		# (the lobby is the pair's alone: P's seek is the only one)
		wait_out "$b_name" "  1  $a_user 1500  $_game" ||
			fail "the lobby did not list the seek"
		type_to "$b_fd" "1\n"
	fi
	pair_started
	lobby_unlock
	where=lobby
}

# A rematch of the pair's last match, offered by BY (a or b) from the
# account menu (13) and accepted by the other there (asked at its next
# prompt: an Enter, and y); both leave the lobby first if they are in
# it. Then both are in the account menu.
pair_rematch() {
	again_of=$mid
	if [ "$1" = a ]; then
		o_name=$a_name o_fd=$a_fd o_user=$a_user
		t_name=$b_name t_fd=$b_fd t_user=$b_user
	else
		o_name=$b_name o_fd=$b_fd o_user=$b_user
		t_name=$a_name t_fd=$a_fd t_user=$a_user
	fi
	origin=$o_user
	if [ "$where" = lobby ]; then
		_n=$(seen "$t_name" "Gomoku Club: $t_user")
		type_to "$t_fd" "\n"
		wait_out "$t_name" "Gomoku Club: $t_user" $((_n + 1)) ||
			fail "$t_user did not leave the lobby"
		_n=$(seen "$o_name" "  13  Rematch $t_user (colours swapped)")
		type_to "$o_fd" "\n"
		wait_out "$o_name" "  13  Rematch $t_user (colours swapped)" \
			$((_n + 1)) || fail "$o_user's menu offers no rematch"
	fi
	pair_begins
	_n=$(seen "$o_name" "Rematch offered to $t_user: ")
	_a=$(seen "$t_name" "Accept the rematch?")
	type_to "$o_fd" "13\n"
	wait_out "$o_name" "Rematch offered to $t_user: " $((_n + 1)) ||
		fail "no rematch offered"
	type_to "$t_fd" "\n"
	_q="$o_user offers a rematch of match $again_of, the colours swapped"
	if ! wait_out "$t_name" "Accept the rematch?" $((_a + 1)) ||
		! wait_out "$t_name" "$_q"; then
		fail "$t_user was not asked"
	fi
	type_to "$t_fd" "y\n"
	pair_started
	where=menu
}

# The process NAME (descriptor FD) of the player to move ends (end of
# input) before both sides moved; the other process (OTHER, OFD) is
# offered the win after the grace and claims it.
pair_gone() {
	close_proc "$1" "$2"
	echo "$1 $status $(wc -c <"$E2E_DIR/$1.err")" >>"$W/exits.$tag"
	cat "$E2E_DIR/$1.err" >>"$W/errors"
	gone=$1
	wait_out "$3" "$(to_move $n) has not come back. Claim the win?" ||
		fail "no claim offered"
	type_to "$4" "y\n"
}

# The pair plays its match to plan PLAN (1 to 4, 0 as the challenges'
# matches, moves 1 and 2 first; abort-b, abort-w, abort-1, gone-b,
# gone-w as at the top), then each of its processes still running says
# its player's record; written to $W/played.pG.K.
pair_play() {
	plan=$1 moves='' status=finished n=0
	k=$((k + 1)) i=$((MATCHES + 3 * g - 3 + k))
	case $plan in
	1) winner=$a_user ;;
	2) winner=$b_user ;;
	*) winner= ;;
	esac
	ra=$(seen "$a_name" ' tied; score ')
	rb=$(seen "$b_name" ' tied; score ')
	case $plan in
	[0-4])
		soak_move 1
		soak_move 2
		;;
	*-1 | gone-w)
		n=1
		soak_move 1
		;;
	esac
	case $plan in
	1 | 2) soak_five ;;
	3 | 4) soak_resign ;;
	0) soak_draw ;;
	abort-b)
		wait_out "$bp" "$black ●> " $((b_base + 1)) || fail "no prompt"
		type_to "$bfd" "resign\ny\n"
		;;
	abort-w)
		_w="Waiting for $black to move"
		wait_out "$wp" "$_w" $(($(prompts_before "$wp" "$_w") + 1)) ||
			fail "white not waiting"
		type_to "$wfd" "resign\ny\n"
		;;
	abort-1)
		wait_out "$wp" "$white ○> " $((w_base + 1)) || fail "no prompt"
		type_to "$wfd" "resign\ny\n"
		;;
	gone-b)
		wait_out "$bp" "$black ●> " $((b_base + 1)) || fail "no prompt"
		pair_gone "$bp" "$bfd" "$wp" "$wfd"
		;;
	gone-w)
		wait_out "$wp" "$white ○> " $((w_base + 1)) || fail "no prompt"
		pair_gone "$wp" "$wfd" "$bp" "$bfd"
		;;
	esac
	case $plan in
	[0-4]) ;;
	*) status=aborted result=- reason=- ;;
	esac
	[ "$gone" = "$a_name" ] ||
		wait_out "$a_name" ' tied; score ' $((ra + 1)) ||
		fail "the end was not told to $a_user"
	[ "$gone" = "$b_name" ] ||
		wait_out "$b_name" ' tied; score ' $((rb + 1)) ||
		fail "the end was not told to $b_user"
	echo "$i $mid $a_user $b_user $black $white $result $reason" \
		"${moves:--} $rated $status $again_of $origin" >"$W/played.$tag.$k"
}

# The pair's processes still running log out and quit.
pair_finish() {
	for _p in "$a_name:$a_fd" "$b_name:$b_fd"; do
		[ "${_p%:*}" != "$gone" ] || continue
		type_to "${_p#*:}" "0\n0\n"
		close_proc "${_p%:*}" "${_p#*:}"
		echo "${_p%:*} $status $(wc -c <"$E2E_DIR/${_p%:*}.err")" \
			>>"$W/exits.$tag"
		cat "$E2E_DIR/${_p%:*}.err" >>"$W/errors"
	done
	touch "$W/done.$tag"
}

# Pair G: logged in (WAVE pairs at a time), its matches by G % 5 (see
# the top).
soak_pair() {
	g=$1 tag=p$1 what="pair $1" marks="psetup.$1 done.p$1" locked=
	a_user=user$((2 * MATCHES + 2 * g - 1)) a_name=p$g a_fd=4
	b_user=user$((2 * MATCHES + 2 * g)) b_name=q$g b_fd=5
	w_name='' gone='' k=0
	if [ "$g" -gt "$WAVE" ]; then
		wait_file "$W/psetup.$((g - WAVE))" || fail "no turn to log in"
	fi
	menu_login "$a_name" "$a_fd" "$a_user"
	menu_login "$b_name" "$b_fd" "$b_user"
	eval "echo \$${a_name}_pid \$${b_name}_pid" >"$W/ppids.$g"
	touch "$W/psetup.$g"
	case $((g % 5)) in
	1)
		pair_lobby 1 paired && pair_play 1
		pair_rematch b && pair_play 0
		;;
	2)
		pair_lobby 1 taken && pair_play 3
		pair_rematch a && pair_play 2
		pair_rematch b && pair_play abort-b
		;;
	3)
		pair_lobby 2 paired && pair_play 2
		pair_rematch a && pair_play 4
		pair_rematch b && pair_play abort-w
		;;
	4)
		pair_lobby 1 taken && pair_play abort-w
		pair_rematch a && pair_play 1
		pair_rematch b && pair_play gone-b
		;;
	0)
		pair_lobby 2 taken && pair_play abort-1
		pair_rematch b && pair_play 0
		pair_rematch a && pair_play gone-w
		;;
	esac
	pair_finish
}
# ---- The run --------------------------------------------------------------
players=$((2 * MATCHES + 2 * PAIRS))
n=0
while [ "$n" -lt "$players" ]; do
	n=$((n + 1))
	printf 'user%s\n\n%s\n%s\n' "$n" "$(pw "user$n")" "$(pw "user$n")" |
		"$GOMOKU_BIN" register >"$W/reg.$n" 2>>"$W/errors" &
	[ $((n % 2)) -eq 0 ] && wait
done
wait
soak_check "soak-remote: $players players are registered" \
	test "$(db 'SELECT count(*) FROM players')" = "$players"

start=$(date +%s)
i=0
while [ "$i" -lt "$MATCHES" ]; do
	i=$((i + 1))
	soak_match "$i" &
done
i=0
while [ "$i" -lt "$MATCHES" ]; do
	i=$((i + 1))
	wait_file "$W/ready.$i"
done
setup=$(($(date +%s) - start))
# the peak: every match and watcher live at once
live=0
for p in $(cat "$W"/pids.* 2>/dev/null); do
	kill -0 "$p" 2>/dev/null && live=$((live + 1))
done
playing=$(db "SELECT count(*) FROM presence WHERE state = 'playing'")
going=$(db "SELECT count(*) FROM matches WHERE status = 'unfinished'")
echo "soak-remote: at the peak $live processes live, $playing players" \
	"playing, $going matches in progress"
soak_check "soak-remote: $MATCHES matches and $MATCHES watchers were live \
at once" test "$live" -eq $((3 * MATCHES)) -a "$playing" -eq \
	$((2 * MATCHES)) -a "$going" -eq "$MATCHES"
touch "$W/go"
# a process that never ends is ended here (and fails the checks)
i=0
while [ "$i" -lt "$MATCHES" ]; do
	i=$((i + 1))
	wait_file "$W/done.$i" && continue
	echo "fail: match $i: still running after $PROC_WAIT s" >>"$W/log.$i"
	for p in $(cat "$W/pids.$i" 2>/dev/null); do
		kill "$p" 2>/dev/null
	done
done
wait
challenges=$(($(date +%s) - start))

# The lobby's pairs, once the challenges' matches are over: a grace of
# 1 s for the matches that start from now on.
"$GOMOKU_BIN" club set disconnect-grace 1 >"$OUT" 2>>"$W/errors"
soak_check "soak-remote: the club's disconnect-grace is set to 1 s" \
	has "disconnect-grace is now 1"
g=0
while [ "$g" -lt "$PAIRS" ]; do
	g=$((g + 1))
	soak_pair "$g" &
done
g=0
while [ "$g" -lt "$PAIRS" ]; do
	g=$((g + 1))
	wait_file "$W/done.p$g" && continue
	echo "fail: pair $g: still running after $PROC_WAIT s" >>"$W/log.p$g"
	for p in $(cat "$W/ppids.$g" 2>/dev/null); do
		kill "$p" 2>/dev/null
	done
done
wait
took=$(($(date +%s) - start))
touch "$W/errors"
cat "$W"/log.* >"$W/fails" 2>/dev/null
cat "$W"/played.* 2>/dev/null | sort -n >"$W/played"
cat "$W"/exits.* 2>/dev/null >"$W/exits"
cat "$W"/switched.* 2>/dev/null >"$W/switched"
switched=$(grep -c . "$W/switched")
procs=$((3 * MATCHES + switched + 2 * PAIRS))
# the pairs' matches: two for pairs 1, 6, ..., three for the others
paired=$(awk -v p="$PAIRS" 'BEGIN { for (g = 1; g <= p; g++)
	n += g % 5 == 1 ? 2 : 3; print n }')
total=$((MATCHES + paired))

# ---- The checks -------------------------------------------------------------
cp "$W/fails" "$ERR"
soak_check "soak-remote: every match was set up and played to its end" \
	test ! -s "$W/fails" -a "$(wc -l <"$W/played")" -eq "$total"
cp "$W/exits" "$OUT"
cp "$W/errors" "$ERR"
soak_check "soak-remote: all $procs processes exited 0 with nothing on \
stderr" test "$(grep -c ' 0 0$' "$W/exits")" -eq "$procs" -a \
	"$(grep -c . "$W/exits")" -eq "$procs" -a ! -s "$W/errors"
cp "$W/switched" "$OUT"
soak_check "soak-remote: $switched matches went on from a new process \
(rejoined, or taken over)" test "$switched" -eq \
	"$(awk -v m="$MATCHES" 'BEGIN { for (i = 1; i <= m; i++)
		n += i % 3 != 2; print n }')"

# What each watcher showed last: the result line and the moves.
watcher_saw() {
	awk '/^Match [0-9]+: / { head = $0 } /^1\./ { list = $0 }
		/^Move [0-9]+ of [0-9]+\.$/ { h = head; l = list }
		END { print h; print l }' "$W/watcher.$1" >"$W/saw.$1"
	sed -n 2p "$W/saw.$1" | tr -s ' ' '\n' | grep -v '\.$' | tr -d '[]' | grep . |
		paste -sd, -
}
: >"$W/watch-bad"
while read -r i mid _ _ black white result reason moves _; do
	[ "$i" -le "$MATCHES" ] || continue
	n=$(echo "$moves" | tr ',' '\n' | wc -l)
	k=0
	while [ $k -lt "$n" ]; do
		k=$((k + 1))
		grep -qx "Move $k of $k\." "$W/watcher.$i" ||
			echo "match $i: no 'Move $k of $k.'" >>"$W/watch-bad"
	done
	[ "$(watcher_saw "$i")" = "$moves" ] ||
		echo "match $i: watcher's moves $(watcher_saw "$i")" >>"$W/watch-bad"
	grep -qF "$(result_words)" "$W/saw.$i" ||
		echo "match $i: watcher's result $(head -n 1 "$W/saw.$i")" \
			>>"$W/watch-bad"
done <"$W/played"
: >"$OUT"
cp "$W/watch-bad" "$ERR"
soak_check "soak-remote: every watcher showed each move of its match as it \
was played, then its result and moves" test ! -s "$W/watch-bad" -a \
	"$(grep -c ' challenge$' "$W/played")" -eq "$MATCHES"

# The matches as played, and as stored: id, kind, rated, status, black,
# white, result, reason, moves.
awk '{ print $2, "ranked", $10, $11, $5, $6, $7, $8, $9 }' "$W/played" |
	sort -n >"$W/expected"
db "SELECT m.id, m.kind, m.rated, m.status, b.username, w.username,
	coalesce(m.result, '-'), coalesce(m.reason, '-'),
	coalesce((SELECT group_concat(mv, ',') FROM (SELECT char(97 + col)
	|| (row + 1) AS mv FROM match_moves WHERE match_id = m.id
	ORDER BY ply)), '-')
	FROM matches m JOIN players b ON b.id = m.black_id
	JOIN players w ON w.id = m.white_id ORDER BY m.id" |
	tr '|' ' ' >"$W/stored"
cp "$W/stored" "$OUT"
diff "$W/expected" "$W/stored" >"$ERR"
soak_check "soak-remote: each match's rating, status, players, result, \
reason and moves are stored exactly as played" cmp -s "$W/expected" \
	"$W/stored"

# Each rematch: the match it plays again, its colours swapped, the
# rating kept, offered by the player who offered it: new old swapped
# same offerer.
awk '$12 != 0 { print $2, $12, 1, 1, $13 }' "$W/played" | sort >"$W/again"
db "SELECT n.id, o.id, n.black_id = o.white_id AND n.white_id = o.black_id,
	n.rated = o.rated, f.username FROM challenges AS c
	JOIN matches AS n ON n.id = c.match_id
	JOIN matches AS o ON o.id = c.rematch_of
	JOIN players AS f ON f.id = c.from_id
	WHERE c.state = 'accepted' AND c.rematch_of IS NOT NULL" |
	tr '|' ' ' | sort >"$W/again-stored"
cp "$W/again-stored" "$OUT"
diff "$W/again" "$W/again-stored" >"$ERR"
soak_check "soak-remote: each rematch is the challenge that offered it, of \
the match before, the colours swapped" test \
	"$(grep -c . "$W/again")" -eq $((paired - PAIRS)) -a \
	-z "$(cat "$ERR")"

# Each match from the lobby, and its seek as stored: match poster rated
# state. (A seek settled 10 minutes before another is posted is deleted
# then: in a longer run only the seeks left are checked.)
awk '$13 == "paired" || $13 == "taken" { print $2, $3, $10, "taken" }' \
	"$W/played" | sort >"$W/seeks"
db "SELECT coalesce(s.match_id, 0), p.username, s.rated, s.state
	FROM seeks AS s JOIN players AS p ON p.id = s.player_id" |
	tr '|' ' ' | sort >"$W/seeks-stored"
cp "$W/seeks-stored" "$OUT"
comm -13 "$W/seeks" "$W/seeks-stored" >"$ERR"
[ $((took - challenges)) -ge 590 ] ||
	comm -23 "$W/seeks" "$W/seeks-stored" >>"$ERR"
soak_check "soak-remote: each match from the lobby is its poster's seek's, \
rated as posted, and no seek is left open" test "$(grep -c . "$W/seeks")" \
	-eq "$PAIRS" -a -z "$(cat "$ERR")"

# Each player's record: username wins losses ties games score rating.
# Everyone starts at 1500 with no game; the rated matches that were
# finished count, in the order played (a player's matches follow one
# another; nobody plays 30 games, so K is 40: rating.h): each side
# gains 40 * (score - expected) from both ratings before the game.
awk -v n="$players" 'BEGIN { for (i = 1; i <= n; i++) r["user" i] = 1500 }
	$10 == 1 && $11 == "finished" {
		b = $5; w = $6
		s = $7 == "black" ? 1 : $7 == "white" ? 0 : 0.5
		eb = 1 / (1 + 10 ^ ((r[w] - r[b]) / 400))
		ew = 1 / (1 + 10 ^ ((r[b] - r[w]) / 400))
		db = 40 * (s - eb); dw = 40 * ((1 - s) - ew)
		r[b] += db; r[w] += dw; games[b]++; games[w]++
		if (s == 1) { won[b]++; lost[w]++ }
		else if (s == 0) { won[w]++; lost[b]++ }
		else { tied[b]++; tied[w]++ } }
	END { for (p in r) printf "%s %d %d %d %d %d %.2f\n", p, won[p],
		lost[p], tied[p], games[p], won[p] - lost[p], r[p] }' \
	"$W/played" >"$W/records.all"
sort "$W/records.all" >"$W/records"
awk '$5 > 0' "$W/records" >"$W/records.rule"
db "SELECT username, wins, losses, ties, games, score, printf('%.2f', rating)
	FROM players ORDER BY username" | tr '|' ' ' | sort >"$W/counters"
db "SELECT p.username, r.wins, r.losses, r.ties, r.games, r.score,
	printf('%.2f', r.rating) FROM rule_records r
	JOIN players p ON p.id = r.player_id" | tr '|' ' ' | sort >"$W/rules"
cp "$W/counters" "$OUT"
diff "$W/records" "$W/counters" >"$ERR"
soak_check "soak-remote: each player's games, wins, losses, ties, score and \
rating are exactly what was played (casual and aborted matches counted \
for nobody)" cmp -s "$W/records" "$W/counters"
cp "$W/rules" "$OUT"
diff "$W/records.rule" "$W/rules" >"$ERR"
soak_check "soak-remote: so is each player's record for the rule" \
	cmp -s "$W/records.rule" "$W/rules"
soak_check "soak-remote: the matches table holds the $total matches, none \
left in progress" test "$(db "SELECT count(*) FROM matches")" -eq \
	"$total" -a "$(db "SELECT count(*) FROM matches
		WHERE status NOT IN ('finished', 'aborted')")" -eq 0
soak_check "soak-remote: no presence row, pending challenge, open seek or \
request is left" test "$(db "SELECT (SELECT count(*) FROM presence) +
	(SELECT count(*) FROM challenges WHERE state <> 'accepted') +
	(SELECT count(*) FROM seeks WHERE state = 'open') +
	(SELECT count(*) FROM match_requests WHERE state = 'pending')")" -eq 0
soak_check "soak-remote: PRAGMA integrity_check is ok" \
	test "$(db 'PRAGMA integrity_check')" = ok
soak_check "soak-remote: PRAGMA foreign_key_check finds nothing" \
	test -z "$(db 'PRAGMA foreign_key_check')"

failed=$(grep -c '^not ok' "$W/checks")
moves=$(awk '$9 != "-" { n += split($9, m, ",") } END { print n + 0 }' \
	"$W/played")
slowest=$(cat "$W"/lag.* 2>/dev/null | sort -n | tail -n 1)
errors=$(($(grep -c . "$W/fails") + $(grep -vc ' 0 0$' "$W/exits") +
	$(grep -c . "$W/errors")))
casual=$(awk '$10 == 0' "$W/played" | grep -c .)
aborted=$(awk '$11 == "aborted"' "$W/played" | grep -c .)
echo "soak-remote: $total matches ($MATCHES from challenges, $PAIRS from" \
	"the lobby, $((paired - PAIRS)) rematches; $casual casual, $aborted" \
	"aborted) in $took s (the challenges' $challenges s, setup $setup s;" \
	"the lobby's $((took - challenges)) s), $MATCHES watchers, $moves" \
	"moves, peak $live processes ($playing players playing), $switched" \
	"seats moved to a new process, slowest move to a watcher" \
	"${slowest:-?} ms, $errors errors"
[ "$failed" -eq 0 ]
