# End-to-end: the cheats of issue 22, each tried as a player who wants to
# win unfairly would, with real processes on one database (FIFOs, as
# test_remote.sh: procs.sh). The store must referee each of them.
#
# - A yes to one question must not become a yes to another: black asks
#   an undo; from a second session black offers a draw instead; white's
#   yes answers the undo it was asked.
# - The clock cannot be dodged: black leaves at its turn and comes back;
#   the time away counts, and white's win on time is claimed.
# - A rejoined player's clock is the stored one, and the waiting
#   player's q does not write the mover's clock.
# - The claim for an abandoned match counts from the turn: the player to
#   move logging in and leaving ("Play your move now") does not put it
#   off.
# - A game nobody played is not rated: black resigns before any move;
#   the match is aborted, both ratings stay, history says aborted.
#
# Time passing is made by moving the match's stored times back (age):
# no check waits for a clock.
. "$E2E_LIB"

pw() { echo "cheat-pass-$1-ok"; }
. "$(dirname "$E2E_LIB")/procs.sh"

for u in alice bob; do
	play_input "\n$(pw $u)\n$(pw $u)\n" register "$u"
done
check "cheats: alice and bob are registered" status_is 0

# age ID SECONDS: make match ID look as if SECONDS more had passed since
# each of its stored times (its start, last change and turn; a database
# without stored turns has only the first two).
age() {
	db "UPDATE matches SET started_at = started_at - $2,
		last_active_at = last_active_at - $2 WHERE id = $1"
	db "UPDATE matches SET turn_started_ms = turn_started_ms - $2 * 1000
		WHERE id = $1" 2>/dev/null
}

# The moves stored for match $mid.
count_moves() { db "SELECT count(*) FROM match_moves WHERE match_id = $mid"; }

# The seconds the last "(Ns)> " prompt of process $1 showed.
last_left() {
	sed -n 's/.*(\([0-9]*\)s)> .*/\1/p' "$E2E_DIR/$1.out" | tail -n 1
}

# wait_match_moved: wait until match $mid is no longer unfinished with
# $1 moves (an answer was applied, or the match ended).
wait_match_moved() {
	_tries=$((10 * WAIT_S))
	while [ "$(db "SELECT status FROM matches WHERE id = $mid")" = \
		unfinished ] && [ "$(count_moves)" -eq "$1" ]; do
		_tries=$((_tries - 1))
		[ "$_tries" -gt 0 ] || gave_up "match $mid to move on" ||
			return 1
		sleep 0.1
	done
}

# End input for every process still running, set aside the match left
# unfinished (abandoned, so that no login offers it), and start B again,
# logged in, in the account menu.
restart_b() {
	for _p in a:6 b:7 r:8; do
		if { true >&"${_p#*:}"; } 2>/dev/null; then
			close_proc "${_p%:*}" "${_p#*:}"
		fi
	done
	db "UPDATE matches SET status = 'abandoned', ended_at =
		max(started_at, last_active_at) WHERE status = 'unfinished'"
	start_proc b 7
	type_to 7 "2\nbob\n$(pw bob)\n"
	wait_out b 'Gomoku Club: bob'
}

# rejoin [PROMPT]: black logs in again in process r (descriptor 8) and
# rejoins the match from there (taking the seat over from a session
# still playing it, or killed a moment ago); its prompt for the move to
# play (PROMPT, default "$black ●> ") is shown.
rejoin() {
	start_proc r 8
	type_to 8 "2\n$black\n$(pw "$black")\n"
	wait_out r 'Rejoin it from here?'
	type_to 8 "y\n"
	take_seat r 8
	wait_out r "${1:-$black ●> }"
}

# tplay NTH MOVE: play_move in a timed match, whose prompts show the
# seconds left ("alice ● (30s)> ").
tplay() {
	if [ $(($1 % 2)) -eq 1 ]; then
		wait_out "$bp" "$black ● (" $((($1 + 1) / 2))
		type_to "$bfd" "$2\n"
	else
		wait_out "$wp" "$white ○ (" $(($1 / 2))
		type_to "$wfd" "$2\n"
	fi
}

# gone NAME FD: NAME's input ends (the player closed the connection).
gone() { close_proc "$1" "$2"; }

a_name=a a_fd=6 a_user=alice b_name=b b_fd=7 b_user=bob

# A new match, four moves in, black to ask something at its prompt.
four_moves_in() {
	restart_b
	accept_challenge
	play_move 1 "8 8"
	play_move 2 "1 1"
	play_move 3 "8 9"
	play_move 4 "1 2"
	wait_out "$bp" "$black ●> " $((b_base + 3))
}

# ---- A yes to one question stays a yes to that question -----------------
four_moves_in
type_to "$bfd" "undo\n"
ASKED="$white, $black asks to take back their last move. Do you agree?"
wait_out "$wp" "$ASKED"
rejoin
type_to 8 "draw\n"
check "request: the second session's draw offer is refused" \
	wait_out r "A request is already waiting for $white's answer"
type_to "$wfd" "y\n"
wait_match_moved 4
check "request: white's yes took the undo back, and drew nothing" \
	sh -c "[ \"\$(sqlite3 '$GOMOKU_DB' \"SELECT status || (SELECT
		count(*) FROM match_moves WHERE match_id = $mid) FROM matches
		WHERE id = $mid\")\" = unfinished2 ]"
check "request: the asker's first session was taken over, and told" \
	wait_out "$bp" "This match was continued in another session."

# ---- The other way round: a draw offered, then an undo ------------------
four_moves_in
type_to "$bfd" "draw\n"
wait_out "$wp" "$white, $black offers a draw. Do you accept?"
rejoin
type_to 8 "undo\n"
check "request: the second session's undo is refused" \
	wait_out r "A request is already waiting for $white's answer"
type_to "$wfd" "y\n"
wait_match_moved 4
check "request: white's yes agreed to the draw, and took nothing back" \
	outcome_is finisheddrawdraw
check "request: ... with the four moves kept" [ "$(count_moves)" -eq 4 ]

# ---- Leaving and coming back gives no time back --------------------------
# 30 s a move. Black, to play move 3, leaves; 20 s pass; black rejoins
# and has 10 s or less; leaves at once again; 15 s more pass: black's
# time is gone and white, waiting all along, wins on time.
restart_b
accept_challenge --time-per-move 30
tplay 1 "8 8"
tplay 2 "1 1"
wait_out "$bp" "$black ● (" 2
gone "$bp" "$bfd"
age "$mid" 20
rejoin "$black ● ("
left=$(last_left r)
check "clock: the rejoined mover has what is left ($left s of 30)" \
	[ "${left:-99}" -le 10 ]
gone r 8
check "clock: leaving at once leaves the turn as it was" \
	[ "$(db "SELECT status FROM matches WHERE id = $mid")" = unfinished ]
age "$mid" 15
check "clock: the waiting side wins on time, from the stored turn" \
	wait_out "$wp" "Black $black ran out of time. ○ White $white wins."
check "clock: the win on time is recorded" outcome_is finishedwhitetimeout

# ---- A killed and rejoined mover sees the stored clock -------------------
# 60 s a move: black's process is killed at its turn; 20 s pass; the
# rejoined process shows 40 s or less, as the store says. White, waiting,
# leaves with q: black's clock is not written as unused.
restart_b
accept_challenge --time-per-move 60
tplay 1 "8 8"
tplay 2 "1 1"
wait_out "$bp" "$black ● (" 2
eval "kill -9 \$${bp}_pid"
eval "exec $bfd>&-"
eval "wait \$${bp}_pid" 2>/dev/null
age "$mid" 20
rejoin "$black ● ("
left=$(last_left r)
check "clock: the rejoined process shows the stored clock ($left s of 60)" \
	[ "${left:-99}" -le 40 ]
type_to "$wfd" "q\n"
wait_out "$wp" "Match $mid waits for"
used=$(db "SELECT clock_used_ms FROM matches WHERE id = $mid")
check "clock: the waiting side's q keeps black's time used ($used ms)" \
	[ "$used" -ge 20000 ]
gone r 8

# ---- The claim for an abandoned match counts from the turn ---------------
# Untimed. Black, to move, left eight days ago; black logs in, chooses
# "Play your move now" and leaves at once; white may still claim.
restart_b
accept_challenge
play_move 1 "8 8"
play_move 2 "1 1"
wait_out "$bp" "$black ●> " $((b_base + 2))
gone "$bp" "$bfd"
gone "$wp" "$wfd"
age "$mid" $((8 * 86400))
play_input "2\n$black\n$(pw "$black")\n2\n"
check "abandon: the mover is offered their move alone" \
	has "Play your move now"
play_input "2\n$white\n$(pw "$white")\n0\n0\n0\n"
check "abandon: the opponent may still claim the win" has "Claim the win"

# ---- Challenges as harassment --------------------------------------------
# Alice challenges bob and withdraws (q): challenging him again at once is
# refused, in a sentence saying how long to wait (the store decides).
# Once the wait is over (its start moved back), a second challenge while
# the first is pending is refused; bob challenging alice meanwhile is
# asked her challenge instead. Bob refuses every challenge: alice is told
# at once; his log-out ends the refusal.
restart_b
start_proc a 6 challenge bob
type_to 6 "alice\n$(pw alice)\n"
wait_out a 'Waiting for the answer'
type_to 6 "q\n"
check "harass: alice withdraws her challenge" wait_out a 'Challenge withdrawn.'
close_proc a 6
play_input "alice\n$(pw alice)\n" challenge bob
check "harass: challenging again at once is refused, saying how long" \
	has "You can challenge bob again in 5 minutes."
check "harass: ... as a refusal (exit 1), nothing pending" sh -c "
	[ $status -eq 1 ] && [ \"\$(sqlite3 '$GOMOKU_DB' \"SELECT count(*)
	FROM challenges WHERE state = 'pending'\")\" -eq 0 ]"

# the five minutes over (the withdrawal moved back)
db "UPDATE challenges SET closed_at = closed_at - 300"
start_proc a 6 challenge bob
type_to 6 "alice\n$(pw alice)\n"
check "harass: after the wait alice may challenge bob again" \
	wait_out a 'Waiting for the answer'
play_input "alice\n$(pw alice)\n" challenge bob
check "harass: a second challenge while one is pending is refused" \
	has "You have already challenged bob: the challenge waits for the answer."
start_proc r 8 challenge alice
type_to 8 "bob\n$(pw bob)\n"
check "harass: bob's challenge back is his answer to hers" \
	wait_out r "alice has already challenged you."
check "harass: ... he is asked her challenge" wait_out r "Accept the challenge?"
type_to 8 "n\n"
check "harass: alice hears his decline" wait_out a 'bob declines the challenge.'
close_proc a 6
close_proc r 8
check "harass: one challenge was stored for the pair, declined" [ "$(db \
	"SELECT group_concat(state) FROM challenges WHERE closed_at IS NULL
	OR closed_at > strftime('%s', 'now') - 60")" = declined ]

db "UPDATE challenges SET closed_at = closed_at - 300"
type_to 7 "10\n"
check "harass: bob refuses challenges from the menu" \
	wait_out b "You refuse challenges until you log out"
check "harass: the menu offers to take them again" \
	wait_out b "Take challenges again"
play_input "alice\n$(pw alice)\n" challenge bob
check "harass: alice is told at once that bob takes none" \
	has "bob is not taking challenges now."
check "harass: ... as a refusal (exit 1)" status_is 1
# (counted from here: a menu may have been shown again meanwhile)
menus=$(grep -c 'Gomoku Club: bob' "$E2E_DIR/b.out")
offers=$(grep -c 'Refuse challenges' "$E2E_DIR/b.out")
type_to 7 "0\n"
wait_out b '0  Quit' 2
type_to 7 "2\nbob\n$(pw bob)\n"
wait_out b 'Gomoku Club: bob' $((menus + 1))
check "harass: after his log-out the menu offers to refuse again" \
	wait_out b "Refuse challenges" $((offers + 1))
start_proc a 6 challenge bob
type_to 6 "alice\n$(pw alice)\n"
check "harass: the log-out ended the refusal" \
	wait_out a 'Waiting for the answer'
type_to 6 "q\n"
close_proc a 6

# ---- A second match beside an unfinished one ------------------------------
# Alice and bob leave a match unfinished after three moves. Alice's next
# challenge offers that match instead of a new one: bob is asked to
# continue it; accepting, both terminals play it on from the stored
# position (the same board at both), white to move, and no second match
# is started.
restart_b
db "UPDATE challenges SET closed_at = closed_at - 300"
accept_challenge
play_move 1 "8 8"
play_move 2 "1 1"
play_move 3 "8 9"
wait_out "$wp" "$white ○> " $((w_base + 2))
gone "$bp" "$bfd"
gone "$wp" "$wfd"
matches=$(db "SELECT count(*) FROM matches")
start_proc b 7
type_to 7 "2\nbob\n$(pw bob)\n"
wait_out b 'You have an unfinished match'
type_to 7 "0\n"
wait_out b 'Gomoku Club: bob'
start_proc a 6 challenge bob
type_to 6 "alice\n$(pw alice)\n"
check "unfinished: alice's challenge offers the unfinished match" \
	wait_out a "You and bob have an unfinished match (number $mid): the challenge asks bob to continue it."
type_to 7 "9\n"
check "unfinished: bob is asked to continue it" \
	wait_out b "alice asks you to continue your unfinished match $mid"
check "unfinished: ... by its number" wait_out b "Continue match $mid?"
type_to 7 "y\n"
check "unfinished: bob's terminal plays it on" \
	wait_out b "Match $mid: you play"
check "unfinished: alice's terminal too" wait_out a "Match $mid: you play"
check "unfinished: no second match was started" \
	[ "$(db "SELECT count(*) FROM matches")" -eq "$matches" ]
check "unfinished: the challenge names the match it resumed" \
	[ "$(db "SELECT state || match_id FROM challenges
		ORDER BY id DESC LIMIT 1")" = "accepted$mid" ]
if grep -q "Match $mid: you play white" "$E2E_DIR/a.out"; then
	wfd=6 wp=a bfd=7 bp=b
else
	wfd=7 wp=b bfd=6 bp=a
fi
wait_out "$wp" "$white ○> " $(($(grep -c "$white ○> " "$E2E_DIR/$wp.out")))
type_to "$wfd" "1 2\n"
check "unfinished: white plays move 4 of the same match" wait_moves 4
check "unfinished: black's terminal sees it and is asked move 5" \
	wait_out "$bp" "Move 5: "
# first_board NAME: the first board NAME showed once the match went on,
# the last move's brackets blanked
first_board() {
	awk -v m="Match $mid: you play" '
		index($0, m) { on = 1; next }
		on && /^ ?[0-9]+  / { b = b $0 "\n"; n++; next }
		on && n > 0 { exit }
		END { printf "%s", b }' "$E2E_DIR/$1.out" | sed 's/[][]/ /g'
}
# white resumed on the three stored moves; black's first board is that
# position with white's b1 (1 2) added
check "unfinished: white's terminal showed the stored three moves" sh -c "
	[ \"\$(printf '%s' '$(first_board "$wp")' | grep -o '[●○]' |
	tr -d '\n')\" = ○●● ]"
check "unfinished: black's terminal the same position, and move 4" sh -c "
	[ -n '$(first_board "$wp")' ] && [ '$(first_board "$bp" |
	sed '1s/○  ○/○  ·/')' = '$(first_board "$wp")' ]"

# ---- A game nobody played is not rated ------------------------------------
# Black resigns at once, before either side moved: the store aborts the
# match. Neither rating nor any counter moves, both terminals say so, and
# the history and the replay show it aborted.
restart_b
accept_challenge
records() {
	db "SELECT group_concat(games || '/' || wins || '/' || losses || '/' ||
		rating, ' ') FROM (SELECT * FROM players ORDER BY id)"
}
before=$(records)
wait_out "$bp" "$black ●> " $((b_base + 1))
type_to "$bfd" "resign\ny\n"
wait_match_moved 0
check "abort: black's resignation before any move aborts the match" \
	[ "$(db "SELECT status || coalesce(result, '-') || coalesce(reason,
		'-') FROM matches WHERE id = $mid")" = aborted-- ]
check "abort: neither player's games nor rating changed" \
	[ "$(records)" = "$before" ]
check "abort: black is told the game was aborted and not rated" \
	wait_out "$bp" "Game aborted before both sides had moved: no rating change."
check "abort: white is told so too" \
	wait_out "$wp" "Match $mid was aborted before both sides had moved: no rating change."
play_input "" history "$white" --format tsv
check "abort: white's history lists the match as aborted" \
	grep -q "^$mid	.*	aborted	" "$OUT"
play_input "q\n" --plain replay "$mid"
check "abort: its replay says aborted" has "aborted (not rated)"
play_input "q\n" --plain --lang zh replay "$mid"
check "abort: ... in Chinese too" has "已作废（不计等级分）"
