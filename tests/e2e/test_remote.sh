# End-to-end: two terminals on one database (issue 15). Every process
# here is a real build/gomoku whose standard input is a FIFO held open
# by this script (one per process), so the processes wait, poll and
# answer exactly as at a terminal (the helpers of procs.sh).
#
# Watching: P plays a hot-seat ranked match (alice against bob) one move
# at a time; W runs `gomoku watch`, finds the match in the list, follows
# it, and must show every move as P commits it, then the result; a game
# against the computer is watched too. Presence: who is online, refreshed
# while waiting, stale after a kill. Challenges: declined, expired, and
# accepted: a ranked match from two terminals, watched move by move, with
# white's process killed and rejoined; a resignation from the waiting
# side; a draw offer declined then accepted; a win on time claimed from
# a killed opponent.
. "$E2E_LIB"

pw() { echo "remote-pass-$1-ok"; }
. "$(dirname "$E2E_LIB")/procs.sh"

for u in alice bob carol; do
	play_input "\n$(pw $u)\n$(pw $u)\n" register "$u"
done
check "remote: alice, bob and carol are registered" status_is 0

# ---- Watching a hot-seat match ----------------------------------------
FIVE="8 8 1 1 8 9 1 2 8 10 1 3 8 11 1 4 8 12"
start_proc p 4 play alice bob
type_to 4 "$(pw alice)\n$(pw bob)\n"
wait_out p 'Coin flip: '
check "watch: the players' match starts" wait_out p 'Move 1: '
mid=$(db "SELECT max(id) FROM matches")

start_proc w 5 watch
wait_out w 'Match to watch'
out_of w
check "watch: the list shows the match in progress" \
	grep -qE "^ +$mid +(alice +bob|bob +alice) +0 " "$OUT"
type_to 5 "$mid\n"
check "watch: the watcher shows the empty board" wait_out w 'Move 0 of 0.'
n=0
seen=0
# shellcheck disable=SC2086
set -- $FIVE
while [ $# -gt 0 ]; do
	type_to 4 "$1 $2\n"
	shift 2
	n=$((n + 1))
	wait_out w "Move $n of $n." && seen=$((seen + 1))
done
check "watch: the watcher showed each of the 9 moves as it was played" \
	[ "$seen" -eq 9 ]
check "watch: the watcher shows the result" wait_out w 'won (five)'
check "watch: the watcher offers the replay" wait_out w 'Replay it?'
type_to 5 "n\n"
close_proc w 5
out_of w
check "watch: the watcher leaves cleanly" \
	sh -c "[ $status -eq 0 ] && [ ! -s '$E2E_DIR/w.err' ]"
close_proc p 4
out_of p
check "watch: the players' match is saved as usual" has "Match $mid saved."
cp "$E2E_DIR/w.out" "$E2E_DIR/w1.out"
check "watch: the watcher wrote nothing" [ "$(db \
	"SELECT count(*) FROM match_moves WHERE match_id = $mid")" -eq 9 ]

# A game against the computer is listed and watched the same way.
start_proc p 4 play alice --ai 1 --first me
type_to 4 "$(pw alice)\n"
wait_out p 'alice ●> '
cmid=$(db "SELECT max(id) FROM matches")
start_proc w 5 watch
wait_out w 'Match to watch'
out_of w
check "watch: a game against the computer is listed" \
	grep -qE "^ +$cmid +alice +Computer \(level 1\) +0 " "$OUT"
type_to 5 "$cmid\n"
wait_out w 'Move 0 of 0.'
type_to 4 "h8\n"
check "watch: the computer's game is followed, its reply too" \
	wait_out w 'Move 2 of 2.'
type_to 5 "q\n"
close_proc w 5
check "watch: q leaves while the game goes on" status_is 0
close_proc p 4

# A watcher leaves with q while the match goes on; a bad number is
# refused; a finished match shows its result and offers the replay.
start_proc w 5 watch "$mid"
check "watch: a finished match shows its result" wait_out w 'Replay it?'
type_to 5 "y\nq\n"
close_proc w 5
out_of w
check "watch: ... and replays it" has "Replay (n, p, number"
play_input "" watch 999
check "watch: no such match is refused" err_has "there is no match 999"
play_input "" watch x1
check "watch: a bad match number is a usage error" status_is 2

# ---- Presence -----------------------------------------------------------
# A (alice) and B (bob) log in through the menus; B lists who is online.
# A's row is refreshed while it waits at a prompt; when A is killed its
# row is left behind and, once stale, no longer counts; a log-out removes
# the row at once. (Alice's game against the computer above is
# unfinished: at her login it is offered, and she answers "not now".
# Players online asks whom to challenge: Enter goes back to the menu.)
start_proc a 6
type_to 6 "2\nalice\n$(pw alice)\n"
check "presence: A is offered her unfinished game" \
	wait_out a 'You have an unfinished match'
type_to 6 "0\n"
check "presence: A logs in" wait_out a 'Gomoku Club: alice'
a_at=$(db "SELECT refreshed_at FROM presence")
start_proc b 7
type_to 7 "2\nbob\n$(pw bob)\n8\n\n"
check "presence: B lists who is online" wait_out b 'Players online:'
check "presence: B is back in the account menu" \
	wait_out b 'Gomoku Club: bob' 2
out_of b
check "presence: alice and bob are online and idle" sh -c "
	grep -qE '^  alice +alice +idle' '$OUT' &&
	grep -qE '^  bob +bob +idle' '$OUT' && ! grep -q carol '$OUT'"
# A's row is refreshed later than it was written, while A waits.
refreshed() {
	[ "$(db "SELECT refreshed_at FROM presence
		WHERE pid = $a_pid")" -gt "$a_at" ]
}
waited_refresh() {
	_i=0
	until refreshed; do
		[ "$_i" -lt $((10 * WAIT_S)) ] || gave_up "A's presence refreshed" ||
			return
		sleep 0.1
		_i=$((_i + 1))
	done
}
check "presence: a process waiting at a prompt refreshes its row" \
	waited_refresh
kill -9 "$a_pid"
exec 6>&-
wait "$a_pid" 2>/dev/null
check "presence: a killed process leaves its row behind" [ "$(sqlite3 \
	"$GOMOKU_DB" "SELECT count(*) FROM presence WHERE pid = $a_pid")" -eq 1 ]
# time passes for the dead row only
db "UPDATE presence SET refreshed_at = refreshed_at - 21
	WHERE pid = $a_pid"
type_to 7 "8\n\n"
wait_out b 'Players online:' 2
check "presence: B lists who is online again" wait_out b 'Gomoku Club: bob' 3
out_of b
check "presence: a stale row counts for nothing" \
	sh -c "[ \"\$(grep -cE '^  alice ' '$OUT')\" -eq 1 ]"
type_to 7 "0\n"
wait_out b '0  Quit' 2
check "presence: log-out removes the row" [ "$(db \
	"SELECT count(*) FROM presence WHERE pid = $b_pid")" -eq 0 ]
close_proc b 7
check "presence: B quits cleanly" \
	sh -c "[ $status -eq 0 ] && [ ! -s '$E2E_DIR/b.err' ]"

# ---- A challenge declined, one expired, one accepted ----------------------
# B (bob) waits in the account menu; A runs `gomoku challenge bob`.
start_proc b 7
type_to 7 "2\nbob\n$(pw bob)\n"
wait_out b 'Gomoku Club: bob'
start_proc a 6 challenge bob
type_to 6 "alice\n$(pw alice)\n"
check "challenge: A waits for the answer" wait_out a 'Waiting for the answer'
check "challenge: B is told at its prompt" \
	wait_out b 'alice challenges you to a ranked match: answer it'
type_to 7 "\n" # Enter, as the notice says
check "challenge: B sees who challenges, to which game" \
	wait_out b 'alice challenges you to a ranked match: Gomoku, no opening, no clock, rated.'
check "challenge: Enter at the menu is no wrong choice there" \
	sh -c "! grep -q 'Please type one of the numbers shown' '$E2E_DIR/b.out'"
type_to 7 "n\n"
check "challenge: A hears the decline" wait_out a 'bob declines the challenge.'
close_proc a 6
check "challenge: a declined challenge exits 1" status_is 1
check "challenge: the decline is stored" [ "$(db \
	"SELECT state FROM challenges ORDER BY id DESC LIMIT 1")" = declined ]
play_input "alice\n$(pw alice)\n" challenge bob
check "challenge: after a decline the challenger waits five minutes" \
	has "You can challenge bob again in 5 minutes."
# the five minutes made to have passed (the decline moved back)
db "UPDATE challenges SET closed_at = closed_at - 300"

# Expiry: the minute is made to have passed by moving the challenge's
# creation back (the store compares it with the clock; its unit test
# covers the exact boundary).
start_proc a 6 challenge bob
type_to 6 "alice\n$(pw alice)\n"
wait_out a 'Waiting for the answer'
db "UPDATE challenges SET created_at = created_at - 61
	WHERE state = 'pending'"
check "challenge: an unanswered challenge expires" \
	wait_out a 'bob did not answer within a minute'
close_proc a 6
check "challenge: an expired challenge exits 1" status_is 1
check "challenge: the expiry is stored" [ "$(db \
	"SELECT state FROM challenges ORDER BY id DESC LIMIT 1")" = expired ]
type_to 7 "9\n"
check "challenge: an expired challenge is not offered" \
	wait_out b 'No challenge is waiting for you.'

# ---- A ranked match from two terminals, watched, with a kill -------------
# A challenges again; B accepts. Who plays black comes from the secure
# coin flip, read from B's output. Black makes five on h8..h12 (8 8 ...),
# white plays a1, b1, c1, d1. W watches from the start and must show
# every move. After four moves white's process is killed; white logs in
# again in a new process, rejoins, and the match goes on to the five.
BLACK_MOVES="8 8|8 9|8 10|8 11|8 12"
WHITE_MOVES="1 1|1 2|1 3|1 4"
# (accept_challenge, procs.sh: alice on A challenges bob on B)
a_name=a a_fd=6 a_user=alice b_name=b b_fd=7 b_user=bob

# The NTH move of the five: black's and white's moves in turn.
nth_move() {
	if [ $(($1 % 2)) -eq 1 ]; then
		echo "$BLACK_MOVES" | cut -d'|' -f$((($1 + 1) / 2))
	else
		echo "$WHITE_MOVES" | cut -d'|' -f$(($1 / 2))
	fi
}

# Each player's wins and losses now, "alice W L,bob W L".
records() {
	db "SELECT group_concat(username || ' ' || wins ||
		' ' || losses, ',') FROM (SELECT * FROM players WHERE
		username IN ('alice', 'bob') ORDER BY username)"
}

# The records once the black player won one more game than in "$1".
after_black_won() {
	echo "$1" | awk -v b="$black" -F, '{
		out = ""
		for (i = 1; i <= NF; i++) {
			split($i, f, " ")
			if (f[1] == b) f[2]++; else f[3]++
			if (i > 1) out = out ","
			out = out f[1] " " f[2] " " f[3]
		}
		print out
	}'
}

before=$(records)
accept_challenge
check "remote: the accepted challenge starts a ranked match" \
	[ "$(db "SELECT kind || status FROM matches
		WHERE id = $mid")" = rankedunfinished ]
start_proc w 5 watch "$mid"
wait_out w 'Watching match'
seen=0
for n in 1 2 3 4; do
	play_move $n "$(nth_move $n)"
	wait_out w "Move $n of $n." && seen=$((seen + 1))
done
check "remote: each process shows the other's moves" sh -c "
	grep -qE 'Waiting for $white to move' '$E2E_DIR/$bp.out' &&
	grep -qE 'Waiting for $black to move' '$E2E_DIR/$wp.out'"
check "remote: only the player to move can move" [ "$(db \
	"SELECT count(*) FROM match_moves WHERE match_id = $mid")" -eq 4 ]

# white's process dies; white logs in again and rejoins
eval "kill -9 \$${wp}_pid"
eval "exec $wfd>&-"
eval "wait \$${wp}_pid" 2>/dev/null
play_move 5 "$(nth_move 5)"
wait_out w 'Move 5 of 5.' && seen=$((seen + 1))
start_proc r 8
type_to 8 "2\n$white\n$(pw "$white")\n"
check "remote: a killed player is offered to rejoin at login" \
	wait_out r 'Rejoin it from here?'
type_to 8 "y\n"
take_seat r 8
wp=r wfd=8 w_base=-2
for n in 6 7 8 9; do
	play_move $n "$(nth_move $n)"
	wait_out w "Move $n of $n." && seen=$((seen + 1))
done
check "remote: the watcher saw all nine moves as they were played" \
	[ "$seen" -eq 9 ]
check "remote: the watcher sees the five" wait_out w 'Black won (five)'
check "remote: black's process says black wins" \
	wait_out "$bp" "$black wins with 5 in a row!"
check "remote: white's rejoined process says so too" \
	wait_out r "$black wins with 5 in a row!"
check "remote: the match is finished once, with five" \
	outcome_is finishedblackfive
check "remote: both players' records count it once" \
	[ "$(records)" = "$(after_black_won "$before")" ]
type_to 5 "n\n"
close_proc w 5

# End input for every process still running (they leave cleanly) and
# start B again in the account menu.
restart_b() {
	for _p in a:6 b:7 r:8; do
		if { true >&"${_p#*:}"; } 2>/dev/null; then
			close_proc "${_p%:*}" "${_p#*:}"
		fi
	done
	start_proc b 7
	type_to 7 "2\nbob\n$(pw bob)\n"
	wait_out b 'Gomoku Club: bob'
}

# ---- Resigning from the waiting side --------------------------------------
restart_b
accept_challenge
play_move 1 "8 8"
play_move 2 "1 1"
play_move 3 "8 9"
wait_out "$wp" "$white ○> " $((w_base + 2))
type_to "$bfd" "resign\ny\n"
check "remote: the waiting side can resign" \
	wait_out "$bp" "Black $black resigned. ○ White $white wins."
check "remote: the other side's prompt hears of it at once, as the game's end" \
	wait_out "$wp" "Black $black resigned. ○ White $white wins."
check "remote: the resignation is recorded once" outcome_is finishedwhiteresign
check "remote: the winner is shown both records with the rating changes" \
	poll sh -c 'grep -Eq "^  $1: .*rating [0-9]+ \(\+[0-9]+\)" "$3" &&
		grep -Eq "^  $2: .*rating [0-9]+ \(-[0-9]+\)" "$3"' sh \
	"$white" "$black" "$E2E_DIR/$wp.out"

# ---- A draw offered to the other terminal: declined, then accepted -------
restart_b
accept_challenge
play_move 1 "8 8"
play_move 2 "1 1"
wait_out "$bp" "$black ●> " $((b_base + 2))
type_to "$bfd" "draw\n"
check "remote: a draw offer waits for the other terminal" \
	wait_out "$bp" "Draw offered. Waiting for $white's answer..."
check "remote: the other terminal is asked" \
	wait_out "$wp" "$white, $black offers a draw. Do you accept?"
type_to "$wfd" "n\n"
check "remote: a declined offer is said, and play goes on" \
	wait_out "$bp" "$white declined the draw. Play on."
type_to "$bfd" "draw\n"
wait_out "$wp" "$white, $black offers a draw. Do you accept?" 2
type_to "$wfd" "y\n"
check "remote: an accepted offer ends the match in a draw" \
	wait_out "$bp" "Draw by agreement."
check "remote: the other terminal hears of it, as the game's end" \
	wait_out "$wp" "Draw by agreement."
check "remote: the draw is recorded once, as agreed" outcome_is finisheddrawdraw

# ---- An undo asked at one terminal, answered at the other ----------------
# Black, to play move 5, asks to take back its move 3 and white's reply:
# declined (the moves stay), then accepted: the two moves leave the store
# with the answer, both processes and a watcher show the position taken
# back, and the match goes on to black's five, counted once.

# count_moves: the moves stored for match $mid.
count_moves() {
	db "SELECT count(*) FROM match_moves
		WHERE match_id = $mid"
}

# wait_last NAME TEXT: wait until the last "Move N of M." line NAME
# shows is TEXT (a watcher's position now); 1 after $WAIT_S seconds.
wait_last() {
	_tries=$((10 * WAIT_S))
	until [ "$(grep -o 'Move [0-9]* of [0-9]*\.' "$E2E_DIR/$1.out" |
		tail -n 1)" = "$2" ]; do
		_tries=$((_tries - 1))
		[ "$_tries" -gt 0 ] || gave_up "$1's last move to be '$2'" || return 1
		sleep 0.1
	done
}

# move_at NAME FD N MOVE [COUNT]: once NAME shows "Move N: " for the
# COUNTth time (default 1), type MOVE into FD.
move_at() {
	wait_out "$1" "Move $3: " "${5:-1}"
	type_to "$2" "$4\n"
}

restart_b
before=$(records)
accept_challenge
start_proc w 5 watch "$mid"
wait_out w 'Watching match'
for n in 1 2 3 4; do
	play_move $n "$(nth_move $n)"
done
wait_out "$bp" "Move 5: "
wait_last w 'Move 4 of 4.'
type_to "$bfd" "undo\n"
check "undo: the request waits for the other terminal" \
	wait_out "$bp" "Undo asked. Waiting for $white's answer..."
ASKED="$white, $black asks to take back their last move. Do you agree?"
check "undo: the other terminal is asked" wait_out "$wp" "$ASKED"
type_to "$wfd" "n\n"
check "undo: a declined undo is said, and play goes on" \
	wait_out "$bp" "$white said no: the moves stay."
check "undo: a declined undo takes nothing back" [ "$(count_moves)" -eq 4 ]
type_to "$bfd" "undo\n"
wait_out "$wp" "$ASKED" 2
type_to "$wfd" "y\n"
check "undo: the asker's board goes back" \
	wait_out "$bp" "Your last move and the reply were taken back."
check "undo: the other terminal's board too" \
	wait_out "$wp" "$black's last move and your reply were taken back."
check "undo: the store keeps the first two moves" [ "$(db \
	"SELECT group_concat(ply) FROM match_moves WHERE match_id = $mid
	ORDER BY ply")" = "1,2" ]
check "undo: the watcher shows the position taken back" \
	wait_last w 'Move 2 of 2.'
check "undo: black is to play move 3 again" wait_out "$bp" "Move 3: " 2
# moves 3 to 5 were each shown once before the undo
for n in 3 4 5 6 7 8 9; do
	if [ $((n % 2)) -eq 1 ]; then
		move_at "$bp" "$bfd" $n "$(nth_move $n)" $((n <= 5 ? 2 : 1))
	else
		move_at "$wp" "$wfd" $n "$(nth_move $n)" $((n <= 5 ? 2 : 1))
	fi
done
check "undo: black's process says black wins" \
	wait_out "$bp" "$black wins with 5 in a row!"
check "undo: white's process says so too" \
	wait_out "$wp" "$black wins with 5 in a row!"
check "undo: the watcher sees the five" wait_out w 'Black won (five)'
check "undo: the match is finished once, with five and nine moves" \
	sh -c "[ \"\$(sqlite3 '$GOMOKU_DB' \"SELECT status || result ||
		reason || (SELECT count(*) FROM match_moves WHERE match_id =
		$mid) FROM matches WHERE id = $mid\")\" = finishedblackfive9 ]"
check "undo: both players' records count it once" \
	[ "$(records)" = "$(after_black_won "$before")" ]
type_to 5 "n\n"
close_proc w 5

# ---- Swap2 between two terminals -----------------------------------------
# The coin flip names the placer (black in the record until the colours
# are chosen). The placer places three stones at their terminal; the
# other player, at theirs, chooses to place two more; the placer then
# takes white, and the other player, black, makes five. Each choice is
# made at the chooser's terminal while the other process waits, and the
# seats are in the store at once.

# The match's opening as stored: opening, stones, colours final, and
# who is black and white ("swap2 5 1 bob alice").
seats() {
	db "SELECT m.opening || ' ' || m.opening_stones ||
		' ' || m.colours_final || ' ' || b.username || ' ' ||
		w.username FROM matches AS m JOIN players AS b ON b.id =
		m.black_id JOIN players AS w ON w.id = m.white_id
		WHERE m.id = $mid"
}

restart_b
before=$(records)
start_proc a 6 challenge bob --opening swap2
type_to 6 "alice\n$(pw alice)\n"
wait_out a 'Waiting for the answer'
type_to 7 "9\n"
check "swap2: the challenge says its opening" wait_out b \
	'alice challenges you to a ranked match: Gomoku, swap2 opening, no clock, rated.'
type_to 7 "y\n"
wait_out b 'from two terminals.'
wait_out a 'from two terminals.'
mid=$(db "SELECT max(id) FROM matches")
if grep 'Coin flip: ' "$E2E_DIR/b.out" | tail -n 1 |
	grep -q 'alice places the three opening stones'; then
	placer=alice other=bob pp=a pfd=6 op=b ofd=7
else
	placer=bob other=alice pp=b pfd=7 op=a ofd=6
fi
check "swap2: the match starts with the placer as black, colours open" \
	[ "$(seats)" = "swap2 3 0 $placer $other" ]
check "swap2: the placer is told to place" \
	wait_out "$pp" "You place the three opening stones; $other then chooses."
move_at "$pp" "$pfd" 1 "8 8"
move_at "$pp" "$pfd" 2 "1 1"
move_at "$pp" "$pfd" 3 "8 9"
check "swap2: the other player chooses at their terminal" \
	wait_out "$op" "Swap2: $other, what will you do?"
check "swap2: the placer waits for the choice" \
	wait_out "$pp" "Swap2: waiting for $other to choose"
type_to "$ofd" "3\n"
check "swap2: the placer hears of the two more stones" \
	wait_out "$pp" "$other places two more stones (white, then black)."
check "swap2: the choice is stored before the next stone" \
	[ "$(seats)" = "swap2 5 0 $placer $other" ]
move_at "$op" "$ofd" 4 "1 2"
move_at "$op" "$ofd" 5 "8 10"
check "swap2: the placer chooses the colour at their terminal" \
	wait_out "$pp" "Swap2: $placer, choose your colour."
check "swap2: the other player waits for it" \
	wait_out "$op" "Swap2: waiting for $placer to choose"
type_to "$pfd" "2\n"
OVER="The opening is over: $other plays black"
check "swap2: the placer's process says who plays which colour" \
	wait_out "$pp" "$OVER"
check "swap2: ... and so does the other's" wait_out "$op" "$OVER"
check "swap2: the seats are in the store" \
	[ "$(seats)" = "swap2 5 1 $other $placer" ]
move_at "$pp" "$pfd" 6 "1 3"
move_at "$op" "$ofd" 7 "8 11"
move_at "$pp" "$pfd" 8 "1 4"
move_at "$op" "$ofd" 9 "8 12"
check "swap2: the new black's process says it wins" \
	wait_out "$op" "$other wins with 5 in a row!"
check "swap2: the placer's process says so too" \
	wait_out "$pp" "$other wins with 5 in a row!"
check "swap2: the result is exact in the store" outcome_is finishedblackfive
check "swap2: the seats are exact in the store" \
	[ "$(seats)" = "swap2 5 1 $other $placer" ]
black=$other
check "swap2: the records count it once, for the new black" \
	[ "$(records)" = "$(after_black_won "$before")" ]

# ---- A win on time claimed from a killed opponent -------------------------
# Killed before its first move, black never moved: the claim aborts the
# match (not rated). Killed at move 3, the win on time is white's.
kill_black() {
	eval "kill -9 \$${bp}_pid"
	eval "exec $bfd>&-"
	eval "wait \$${bp}_pid" 2>/dev/null
}
restart_b
accept_challenge --time-per-move 2
before=$(records)
kill_black
check "remote: a dead opponent who never moved: the match is aborted" \
	wait_out "$wp" "Game aborted before both sides had moved: no rating change."
check "remote: ... stored aborted, nobody's record changed" \
	sh -c "[ \"\$(sqlite3 '$GOMOKU_DB' \"SELECT status FROM matches WHERE
		id = $mid\")\" = aborted ] && [ \"\$1\" = \"\$2\" ]" - \
	"$(records)" "$before"
restart_b
accept_challenge --time-per-move 5
wait_out "$bp" "$black ● (" 1
type_to "$bfd" "8 8\n"
wait_out "$wp" "$white ○ (" 1
type_to "$wfd" "1 1\n"
wait_out "$bp" "$black ● (" 2
kill_black
check "remote: a dead opponent's time runs out and the win is claimed" \
	wait_out "$wp" "Black $black ran out of time. ○ White $white wins."
check "remote: the claim is recorded as a timeout" outcome_is finishedwhitetimeout
if [ "$wp" = b ]; then
	type_to 7 "0\n0\n"
	close_proc b 7
	check "remote: B logs out and quits cleanly" \
		sh -c "[ $status -eq 0 ] && [ ! -s '$E2E_DIR/b.err' ]"
else
	close_proc a 6
	check "remote: A's challenge ends with its won match" status_is 0
fi
