# End-to-end: sessions end with the password (issue 22). A session that
# logged in before `gomoku passwd` changed the password, in another
# process, can write nothing more in the player's name: its next
# challenge, move or resignation is refused with one sentence, nothing
# is written, and the player is logged out (the menus: the main menu
# again; `gomoku challenge`: the run ends). The opponent's terminal goes
# on as when a player closes theirs: the match waits. The session that
# changed the password stays logged in. Real processes on FIFOs
# (procs.sh), as at two terminals.
. "$E2E_LIB"

# Each player's password now, kept in a file (pw runs in subshells).
pw() { cat "$E2E_DIR/pw-$1"; }
. "$(dirname "$E2E_LIB")/procs.sh"

STALE="your password was changed in another session. Please log in again."

for u in alice bob; do
	echo "sessions-pass-$u-0" >"$E2E_DIR/pw-$u"
	play_input "\n$(pw $u)\n$(pw $u)\n" register "$u"
done
check "sessions: alice and bob are registered" status_is 0

# passwd USER: USER's password changed from another process, as
# `gomoku passwd USER` at a third terminal.
passwd() {
	_n=$(($(pw "$1" | tr -dc 0-9) + 1))
	_new="sessions-pass-$1-$_n"
	play_input "$(pw "$1")\n$_new\n$_new\n" passwd "$1"
	check "sessions: gomoku passwd $1 changes it" has "Password changed."
	echo "$_new" >"$E2E_DIR/pw-$1"
}

# What a stale session could have written: the matches, their moves and
# requests, the challenges, and the players' counters.
written() {
	db "SELECT coalesce((SELECT group_concat(id || status ||
		coalesce(result, '-') || last_active_at || turn_started_ms ||
		clock_used_ms, ';') FROM matches), '') || '|' ||
		(SELECT count(*) FROM match_moves) || '|' ||
		(SELECT count(*) FROM match_requests) || '|' ||
		coalesce((SELECT group_concat(id || state, ';')
		FROM challenges), '') || '|' ||
		(SELECT group_concat(wins || losses || ties || rating, ';')
		FROM players)"
}

# menu_login NAME FD USER: process NAME logs USER in from the main menu.
menu_login() {
	start_proc "$1" "$2"
	type_to "$2" "2\n$3\n$(pw "$3")\n"
	wait_out "$1" "Gomoku Club: $3"
}

# alive NAME: process NAME still runs.
alive() { eval "kill -0 \$${1}_pid" 2>/dev/null; }

# count NAME TEXT: how many lines of NAME's output hold TEXT.
count() { grep -cF -- "$2" "$E2E_DIR/$1.out"; }

# finish_procs: end the input of every process still running.
finish_procs() {
	for _p in a:6 b:7; do
		if { true >&"${_p#*:}"; } 2>/dev/null; then
			close_proc "${_p%:*}" "${_p#*:}"
		fi
	done
}

MAIN_MENU="Quick game (guests)"
a_name=a a_fd=6 a_user=alice b_name=b b_fd=7 b_user=bob

# two_moves_in: bob, logged in from the menu, accepts alice's challenge
# (gomoku challenge bob); two moves are played, black is to move.
two_moves_in() {
	menu_login b 7 bob
	accept_challenge
	play_move 1 "8 8"
	play_move 2 "1 1"
	wait_out "$bp" "$black ●> " $((b_base + 2))
}

# set_aside: the matches left unfinished are abandoned, so that no login
# offers them.
set_aside() {
	db "UPDATE matches SET status = 'abandoned', ended_at = started_at
		WHERE status = 'unfinished'"
}

# ---- A challenge -----------------------------------------------------------
menu_login a 6 alice
menu_login b 7 bob
passwd alice
before=$(written)
type_to 6 "8\nbob\n\n"
check "challenge: the stale session is told, as one sentence" \
	wait_out a "alice, $STALE"
check "challenge: ... and logged out: the main menu again" \
	wait_out a "$MAIN_MENU" 2
check "challenge: nothing was written (no challenge)" \
	[ "$(written)" = "$before" ]
check "challenge: ... and bob is asked nothing" \
	[ "$(count b 'challenges you')" -eq 0 ]
type_to 6 "2\nalice\n$(pw alice)\n"
check "challenge: alice logs in again with the new password" \
	wait_out a "Logged in: alice" 2

# ---- The session that changes the password stays logged in --------------
type_to 7 "6\n$(pw bob)\nsessions-pass-bob-1\nsessions-pass-bob-1\n"
check "own change: bob changes his password from the menu" \
	wait_out b "Password changed."
echo "sessions-pass-bob-1" >"$E2E_DIR/pw-bob"
type_to 7 "8\nalice\n\n"
check "own change: bob's session still writes (a challenge sent)" \
	wait_out b "Waiting for the answer"
check "own change: ... the challenge is stored" \
	[ "$(db "SELECT count(*) FROM challenges WHERE state = 'pending'")" \
		-eq 1 ]
type_to 7 "q\n"
check "own change: ... and withdrawn" wait_out b "Challenge withdrawn."
check "own change: ... the challenge row says so" \
	[ "$(db "SELECT state FROM challenges")" = withdrawn ]
check "own change: bob was never told to log in again" \
	[ "$(count b "$STALE")" -eq 0 ]
check "challenge: alice was told once" [ "$(count a "$STALE")" -eq 1 ]
finish_procs
check "own change: bob logs out cleanly" status_is 0

# ---- A move, in a match from two terminals --------------------------------
two_moves_in
passwd "$black"
before=$(written)
type_to "$bfd" "8 9\n"
check "move: black's stale session is refused, told as one sentence" \
	wait_out "$bp" "$black, $STALE"
if [ "$bp" = a ]; then # gomoku challenge: the run ends
	close_proc a 6
	check "move: black's run ends, refused (status 1)" status_is 1
else # the menus: logged out, the main menu again
	check "move: black is logged out: the main menu again" \
		wait_out b "$MAIN_MENU" 2
fi
check "move: nothing was written (two moves, unfinished, no pause)" \
	[ "$(written)" = "$before" ]
# (black's process left its seat, which white may be told of: "left the
# game" says so, and is no end)
check "move: white's terminal still waits, told of no end" \
	sh -c "kill -0 $(eval "echo \$${wp}_pid") &&
		! grep -qE 'resigned|resigns|wins|was ended' \
		'$E2E_DIR/$wp.out'"
type_to "$wfd" "q\n"
check "move: white leaves; the match waits" \
	wait_out "$wp" "Match $mid waits for"
finish_procs
set_aside

# ---- A resignation, waiting for the opponent's move -----------------------
two_moves_in
passwd "$white"
before=$(written)
type_to "$wfd" "resign\n"
wait_out "$wp" "Resign this game?"
type_to "$wfd" "y\n"
check "resign: white's stale session is refused, told as one sentence" \
	wait_out "$wp" "$white, $STALE"
check "resign: nothing was written (the match goes on)" \
	[ "$(written)" = "$before" ]
check "resign: black is told nothing" \
	sh -c "! grep -qE 'resigned|resigns|wins|was ended' '$E2E_DIR/$bp.out'"
type_to "$bfd" "8 9\n"
check "resign: black still plays: the move is written" wait_moves 3
check "resign: ... and the match is unfinished" \
	[ "$(db "SELECT status FROM matches WHERE id = $mid")" = unfinished ]
finish_procs

# ---- A hot-seat match, in Chinese -----------------------------------------
# Both players logged in at one terminal (gomoku play alice bob): when
# either one's password changes elsewhere, the match stops, unfinished,
# at the next write, which is refused; the run ends (status 1).
ZH_STALE="bob，你的密码已在另一个会话中更改。请重新登录。"
set_aside
start_proc h 8 --lang zh play alice bob
type_to 8 "$(pw alice)\n$(pw bob)\n"
wait_out h "●> "
type_to 8 "8 8\n"
wait_out h "○> "
mid=$(db "SELECT max(id) FROM matches")
wait_moves 1
passwd bob
before=$(written)
type_to 8 "1 1\n"
check "hot-seat: the stale player is told, in Chinese" wait_out h "$ZH_STALE"
close_proc h 8
check "hot-seat: the run ends, refused (status 1)" status_is 1
check "hot-seat: nothing was written (one move, unfinished)" \
	[ "$(written)" = "$before" ]
