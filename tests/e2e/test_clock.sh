# End-to-end: a Fischer game clock (issue 24) from two terminals. Alice
# (process A, line interface on a FIFO) challenges bob (process B, in
# his account menu) to a 1+0 game: bob sees the whole proposal before
# he accepts. Each side moves once; then black waits, and loses on time
# when his minute is gone. The store's clocks are checked exactly (each
# side's clock is its last move's time left; the turn that flagged had
# black's clock), and a watcher's full-screen panel shows both: white's
# standing as the store has it, black's counting down, in tenths under
# 10 s, then the result; the replay shows each side's time left after
# each move.
. "$E2E_LIB"

pw() { echo "clock-pass-$1-ok"; }
. "$(dirname "$E2E_LIB")/procs.sh"
. "$(dirname "$E2E_LIB")/tmux.sh"

for u in alice bob; do
	play_input "\n$(pw $u)\n$(pw $u)\n" register "$u"
done
check "clock: alice and bob are registered" status_is 0

start_proc b 7
type_to 7 "2\nbob\n$(pw bob)\n"
wait_out b 'Gomoku Club: bob'
a_name=a a_fd=6 a_user=alice b_name=b b_fd=7 b_user=bob
accept_challenge --clock 1+0
out_of b
check "clock: bob saw the whole proposal, its game clock too" \
	has "alice challenges you to a ranked match: Gomoku, no opening, 1+0 game clock, rated."
q() { db "$1 FROM matches WHERE id = $mid"; }
check "clock: the match keeps its clock, each side a minute" \
	[ "$(q "SELECT clock_base || '+' || clock_increment || ' ' ||
		black_left_ms || ' ' || white_left_ms || ' ' ||
		turn_allowed_ms")" = "60+0 60000 60000 60000" ]

session watcher "$RUN watch $mid; exec sleep 86400"
check "W: the watcher follows the match full-screen" \
	wait_for watcher "Watching match $mid"

wait_out "$bp" "$black ● (0:5"
type_to "$bfd" "8 8\n"
wait_out "$wp" "$white ○ (" 1
type_to "$wfd" "1 1\n"
check "clock: black's second turn runs on the game clock" \
	wait_out "$bp" "$black ● (0:" 2
left1=$(db "SELECT left_ms FROM match_moves
	WHERE match_id = $mid AND ply = 1")
left2=$(db "SELECT left_ms FROM match_moves
	WHERE match_id = $mid AND ply = 2")
check "clock: each move kept its mover's time left (0 < left < 60 s)" \
	sh -c "[ $left1 -gt 0 ] && [ $left1 -lt 60000 ] &&
		[ $left2 -gt 0 ] && [ $left2 -lt 60000 ]"
check "clock: the side clocks are those moves', black's turn has black's" \
	[ "$(q "SELECT black_left_ms || ' ' || white_left_ms || ' ' ||
		turn_allowed_ms")" = "$left1 $left2 $left1" ]

# m:ss of $1 ms, as the panel shows 10 s and more (rounded down)
mss() { printf '%d:%02d' $(($1 / 60000)) $(($1 / 1000 % 60)); }
side_line() { pane watcher | grep -E "[> ] $1 (Black|White) " | head -n 1; }
white_shows() { side_line ○ | grep -qF "$(mss "$left2")"; }
check "W: white's clock stands at the store's $(mss "$left2")" \
	wait_until white_shows
black_tenths() { side_line ● | grep -qE '0:0[0-9]\.[0-9]'; }
check "W: black's clock counts down to tenths under 10 s" \
	wait_until black_tenths
check "clock: black, out of time, is told he lost" \
	wait_out "$bp" "● Black $black ran out of time. ○ White $white wins."
check "clock: the match is white's on time" \
	wait_until outcome_is finishedwhitetimeout
check "clock: ... and ended when black's stored time was gone" \
	[ "$(q "SELECT 1000 * ended_at + 999 >= turn_started_ms +
		turn_allowed_ms")" = 1 ]
check "W: the watcher shows the result" \
	wait_for watcher "The match is over: $white wins."
play_input '1\nq\n' replay "$mid"
check "replay: after the last move, each side's time left as stored" \
	has "Black $(mss "$left1"), White $(mss "$left2")"
check "replay: after the first, white's whole minute still" \
	has "Black $(mss "$left1"), White 1:00"
for p in a:6 b:7; do
	close_proc "${p%:*}" "${p#*:}"
done
tmux -S "$SOCK" kill-session -t watcher
