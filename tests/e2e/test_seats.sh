# End-to-end: one seat, one process, and an opponent gone (issue 22),
# with real processes on one database (FIFOs, as test_remote.sh:
# procs.sh).
#
# - Takeover: bob, playing a match from two terminals, logs in again in
#   a second session and continues the match there; his first session is
#   told "This match was continued in another session." and is back in
#   its menu, and his moves now come from the second session.
# - Seat-less: a third session of bob's that declines to rejoin cannot
#   resign (or play) beside the live seat: it is asked to take it over.
# - Opponent gone: alice's process is killed (SIGKILL) at her turn; once
#   her seat's lease lapses bob is told "alice left the game."; alice logs
#   in again and rejoins: "alice is back."; she leaves with end of input:
#   bob is told at once; once the disconnection grace has passed since
#   (the stored lease moved back by it, as test_cheats.sh ages a match)
#   bob is offered the win, claims it, and the store records it.
. "$E2E_LIB"

pw() { echo "seats-pass-$1-ok"; }
. "$(dirname "$E2E_LIB")/procs.sh"

for u in alice bob; do
	play_input "\n$(pw $u)\n$(pw $u)\n" register "$u"
done
check "seats: alice and bob are registered" status_is 0
# a grace that is not whole minutes, as the club may set it
play_input "" club set disconnect-grace 90
check "seats: the club's grace is 90 seconds" status_is 0

# alice on A (the `challenge` command) challenges bob on B (the menus)
a_name=a a_fd=6 a_user=alice b_name=b b_fd=7 b_user=bob
start_proc b 7
type_to 7 "2\nbob\n$(pw bob)\n"
wait_out b 'Gomoku Club: bob'
accept_challenge
play_move 1 "8 8"
play_move 2 "1 1"
wait_moves 2

# ---- A second session of bob's takes the seat over -----------------------
# bob's seat, as the store holds it: which session, and until when
bob_seat() {
	db "SELECT holder FROM match_seats WHERE match_id = $mid AND
		player_id = (SELECT id FROM players WHERE username = 'bob')"
}
first=$(bob_seat)
if [ "$black" = alice ]; then a_base=$b_base; else a_base=$w_base; fi
menus=$(grep -c 'Gomoku Club: bob' "$E2E_DIR/b.out")
start_proc r 8
type_to 8 "2\nbob\n$(pw bob)\n"
check "takeover: the second session is told where the match is played" \
	wait_out r "Your match $mid is being played in another session of yours."
wait_out r 'Rejoin it from here?'
type_to 8 "y\n"
check "takeover: the second session is asked before taking the seat over" \
	wait_out r 'This match is open in another session. Continue it here?'
type_to 8 "y\n"
check "takeover: the first session is told" \
	wait_out b 'This match was continued in another session.'
check "takeover: ... and is back in its menu" \
	wait_out b 'Gomoku Club: bob' $((menus + 1))
check "takeover: the store's seat is the second session's" \
	[ -n "$first" ] && [ "$(bob_seat)" != "$first" ]
# bob's moves now come from r: its first prompt is for his next move
if [ "$black" = bob ]; then
	bp=r bfd=8 b_base=-1
else
	wp=r wfd=8 w_base=-1
fi
play_move 3 "8 9"
play_move 4 "1 2"
check "takeover: the match goes on from the second session" wait_moves 4

# ---- A third session of bob's cannot write beside the live seat ----------
# declining to rejoin, bob resigns from the login's menu: the store
# refuses any write of a session without the seat while that seat is
# held, so the menu first asks to take the seat over; no, and nothing
# is written
held=$(bob_seat)
start_proc x 9
type_to 9 "2\nbob\n$(pw bob)\n"
wait_out x 'Rejoin it from here?'
type_to 9 "n\n"
wait_out x 'Resign it (it counts as your loss)'
resign=$(sed -n 's/^ *\([0-9]\) *Resign it.*/\1/p' "$E2E_DIR/x.out" |
	tail -n 1)
type_to 9 "$resign\n"
check "seat-less: resigning beside the live seat asks to take it over" \
	wait_out x 'This match is open in another session. Continue it here?'
type_to 9 "n\n"
wait_out x 'Gomoku Club: bob'
check "seat-less: ... and without it nothing is written" \
	[ "$(db "SELECT status FROM matches WHERE id = $mid")" = unfinished ]
check "seat-less: ... and the seat stays the playing session's" \
	[ "$(bob_seat)" = "$held" ]
close_proc x 9

# ---- alice's process is killed at her turn: bob is told ------------------
if [ "$black" = bob ]; then
	play_move 5 "8 10"
	next=6
else
	next=5
fi
wait_moves $((next - 1))
if [ "$black" = alice ]; then
	wait_out a "alice ●> " $((a_base + (next + 1) / 2))
else
	wait_out a "alice ○> " $((a_base + next / 2))
fi
kill -9 "$a_pid"
exec 6>&-
wait "$a_pid" 2>/dev/null
check "gone: once the killed process's lease lapses, bob is told" \
	wait_out r 'alice left the game.'
check "gone: ... and when he may claim the win" \
	wait_out r 'If alice is not back within 90 seconds, you may claim'
check "gone: nothing is claimed before the grace" \
	[ "$(db "SELECT status FROM matches WHERE id = $mid")" = unfinished ]

# ---- alice comes back, then leaves with end of input ---------------------
start_proc c 5
type_to 5 "2\nalice\n$(pw alice)\n"
wait_out c 'Rejoin it from here?'
type_to 5 "y\n"
take_seat c 5
check "back: bob is told alice is back" wait_out r 'alice is back.'
if [ "$black" = alice ]; then
	wait_out c "alice ●> "
else
	wait_out c "alice ○> "
fi
close_proc c 5
check "back: alice's end of input leaves the seat: bob is told at once" \
	wait_out r 'alice left the game.' 2
check "back: the seat's lease ended with the process" \
	[ "$(db "SELECT lease_until_ms <= CAST((julianday('now') - 2440587.5)
		* 86400000 AS INTEGER) FROM match_seats WHERE match_id = $mid
		AND player_id = (SELECT id FROM players
		WHERE username = 'alice')")" -eq 1 ]

# ---- The grace passes: bob claims the win ---------------------------------
wins=$(db "SELECT wins FROM players WHERE username = 'bob'")
db "UPDATE match_seats SET lease_until_ms = lease_until_ms - 120000
	WHERE match_id = $mid AND player_id = (SELECT id FROM players
	WHERE username = 'alice')"
check "claim: after the grace bob is offered the win" \
	wait_out r 'alice has not come back. Claim the win?'
type_to 8 "y\n"
check "claim: bob wins, told as the game's end" \
	wait_out r 'alice left the game and did not come back: '
check "claim: ... with both records" wait_out r 'Match '"$mid"' saved.'
if [ "$black" = bob ]; then
	check "claim: the store records the win" outcome_is finishedblackabandoned
else
	check "claim: the store records the win" outcome_is finishedwhiteabandoned
fi
check "claim: bob's record counts it once" \
	[ "$(db "SELECT wins FROM players WHERE username = 'bob'")" -eq \
		$((wins + 1)) ]

for p in b:7 r:8; do
	close_proc "${p%:*}" "${p#*:}"
done
check "seats: the processes end cleanly" status_is 0
