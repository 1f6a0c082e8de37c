# End-to-end: a ranked result nobody can escape alone. Abandoning needs
# both players; one alone may resume, play their move, resign or leave
# it; a match left past the club's limit is claimed by the player not to
# move ("abandoned by ..."); a rage-quit (SIGINT or SIGKILL of the real
# process) cannot be turned into "counts for nobody"; a power cut costs
# nothing; a match another process settles ends cleanly where it is
# played; the ranked coin flip is secure whatever --seed says. And the
# loose ends: swap2 stones kept as placed, undo that never crosses the
# opening, a resumed timed move keeps its clock.
. "$E2E_LIB"

PA=ranked-alice-1 PB=ranked-bob-22 PC=ranked-carol-3 PD=ranked-dave-44
last_match() { db 'SELECT max(id) FROM matches'; }
moves_of() { db "SELECT count(*) FROM match_moves WHERE match_id = $1"; }
# Wait until match $1 has $2 moves on disk (at most $WAIT_S s), while
# the run $pid that plays them runs (one that ended plays no more).
wait_moves() {
	_w=0
	while [ "$(moves_of "$1")" != "$2" ]; do
		if ! kill -0 "$pid" 2>/dev/null; then
			[ "$(moves_of "$1")" = "$2" ] && return 0
			echo "# gomoku ended before match $1 had $2 moves"
			return 1
		fi
		[ "$_w" -lt $((20 * WAIT_S)) ] || gave_up "match $1 to have $2 moves" ||
			return 1
		sleep 0.05
		_w=$((_w + 1))
	done
}
# Make match $1 look as if nobody had touched it for $2 days.
age() {
	db "UPDATE matches SET last_active_at = last_active_at - $2 * 86400,
		turn_started_ms = turn_started_ms - $2 * 86400000,
		started_at = min(started_at, last_active_at - $2 * 86400,
		(turn_started_ms - $2 * 86400000) / 1000) WHERE id = $1"
}
# Type $2 into the running $pid (descriptor 3), then wait for its
# match $1 to hold $3 moves.
type_moves() {
	(printf '%b' "$2" >&3) 2>/dev/null
	wait_moves "$1" "$3"
}
# Stop $pid with signal $1 (unless it ended: its pid may be another
# process's by now) and collect its status.
stop_run() {
	! kill -0 "$pid" 2>/dev/null || kill -"$1" "$pid"
	wait "$pid"
	status=$?
	vg_seen "$status"
	exec 3>&-
}
# Log $1 (password $2) in through the menus, answer $3, then log out and
# quit.
menu_login() {
	play_input "2\n$1\n$2\n$3\n0\n0\n"
}

play_input "alice\nAlice\n$PA\n$PA\n" register
play_input "bob\nBob\n$PB\n$PB\n" register
play_input "carol\nCarol\n$PC\n$PC\n" register
play_input "dave\nDave\n$PD\n$PD\n" register

# ---- The ranked coin flip --------------------------------------------------

flips=''
i=0
while [ $i -lt 12 ]; do
	play_input "$PC\n$PD\nresign\ny\n" play carol dave --seed 5
	flips="$flips$(sed -n 's/^Coin flip: \([A-Za-z]*\) plays black.*/\1/p' "$OUT")"
	i=$((i + 1))
done
check "ranked: the same --seed gives either player black (secure flip)" \
	sh -c 'case $1 in *Carol*Dave* | *Dave*Carol*) ;; *) exit 1 ;; esac' \
	- "$flips"

# ---- A rage-quit with Ctrl-C: the quitter cannot escape -------------------

# Alice (black) makes four in a row; Bob, to move and about to lose,
# presses Ctrl-C.
ranked_start Alice black "$PA\n$PB\n" play alice bob
rq=$(last_match)
type_moves "$rq" '8 8\n1 1\n8 9\n1 2\n8 10\n1 3\n8 11\n' 7
stop_run INT
check "rage-quit: Ctrl-C mid-match exits 130, the match kept unfinished" \
	test "$status" -eq 130 -a \
	"$(db "SELECT status FROM matches WHERE id = $rq")" = unfinished

# Bob alone: no claim (it is his move), and abandoning needs Alice: he
# picks the menu's "Abandon", whatever its number.
menu_login bob "$PB" "0"
check "rage-quit: the quitter alone is offered no claim" \
	hasnt "Claim the win"
key=$(sed -n 's/^ *\([0-9]\)  Abandon.*/\1/p' "$OUT" | head -n 1)
menu_login bob "$PB" "${key:-9}\nnot-alices-pw\n0"
check "rage-quit: abandoning asks the opponent to log in" \
	has "alice must log in to go on with the match."
check "rage-quit: without her password the match stays unfinished" \
	test "$(db "SELECT status FROM matches WHERE id = $rq")" = unfinished
menu_login bob "$PB" "4\n$PA\nn\n0"
check "rage-quit: both logged in, one says no: it stays unfinished" \
	test "$(db "SELECT status FROM matches WHERE id = $rq")" = unfinished
check "rage-quit: the other player's refusal is said" \
	has "The match stays unfinished."

# Alice alone before the limit: nothing to claim yet.
menu_login alice "$PA" "0"
check "the limit not reached: no claim" hasnt "Claim the win"

# Eight days later (default limit 7): still no claim for Bob; Alice
# claims it, and it counts.
age "$rq" 8
menu_login bob "$PB" "0"
check "after the limit the player to move still cannot claim" \
	hasnt "Claim the win"
menu_login alice "$PA" "5"
check "after the limit the player not to move claims the win" \
	has "is yours: Bob left it (abandoned by white)."
check "the claim is recorded as a win with its own reason" \
	test "$(db "SELECT status || ' ' || result || ' ' || reason FROM matches WHERE id = $rq")" = "finished black abandoned"
check "the claim counts for both players" \
	test "$(db "SELECT wins || losses FROM players WHERE username = 'alice'")$(db "SELECT wins || losses FROM players WHERE username = 'bob'")" = 1001
play_input '' history bob
check "history shows the reason: lost (abandoned), the loser walked away" \
	has "lost (abandoned)"
play_input '' history bob --format tsv
check "history for scripts: lost, abandoned" has "	lost	abandoned	7	"
menu_login bob "$PB" "0"
check "the claimed match is not offered again" hasnt "unfinished match"

# ---- A rage-quit with SIGKILL in the other's turn: the sealed move --------

# Carol (white) pulls the plug while Alice is to move. Alice, alone,
# plays her move; after the limit she claims.
ranked_start Alice black "$PA\n$PC\n" play alice carol
sk=$(last_match)
type_moves "$sk" '8 8\n1 1\n8 9\n1 2\n' 4
stop_run KILL
check "SIGKILL: the match keeps its 4 moves" test "$(moves_of "$sk")" = 4
age "$sk" 8
menu_login alice "$PA" "0"
check "the player to move cannot claim, even after the limit" \
	hasnt "Claim the win"
menu_login alice "$PA" "2\nundo\n8 10"
check "alone, undo waits for both players" has "undo and draw offers wait"
check "alone, the player to move plays one move, then it waits" \
	has "Your move is saved. Match $sk waits for Carol."
check "the move alone is kept" test "$(moves_of "$sk")" = 5
menu_login carol "$PC" "0"
check "the one move starts the wait again: no claim for Carol" \
	hasnt "Claim the win"
age "$sk" 8
menu_login alice "$PA" "5"
check "after the limit Alice claims: abandoned by white" \
	has "abandoned by white"

# ---- Locked out while away: the wait does not run (issue 44) ---------------

# Judy (white) pulls the plug on her turn; someone guessing her password
# locks her out (five wrong ones). That lock-out, moved back as age does
# for the match and stretched, kept her out for two days of the eight:
# no claim yet for Ivan; two days later, he claims.
PI=ivan-Pass-5813 PJ=judy-Pass-2741
play_input "ivan\nIvan\n$PI\n$PI\n" register
play_input "judy\nJudy\n$PJ\n$PJ\n" register
ranked_start Ivan black "$PI\n$PJ\n" play ivan judy
lk=$(last_match)
type_moves "$lk" '8 8\n1 1\n8 9\n' 3
stop_run KILL
for i in 1 2 3 4 5; do play_input 'bad-guess-xx\n' passwd judy; done
check "five wrong passwords: Judy's lock-out is kept" \
	test "$(db "SELECT count(*) FROM lockouts WHERE player_id =
		(SELECT id FROM players WHERE username = 'judy')")" = 1
db "UPDATE lockouts SET from_at = from_at - 6 * 86400,
	until_at = from_at - 4 * 86400"
age "$lk" 8
menu_login ivan "$PI" "0"
check "locked out two days of the eight: no claim for Ivan yet" \
	hasnt "Claim the win"
age "$lk" 2
menu_login ivan "$PI" "5"
check "...two days later he claims it" has "is yours: Judy left it"

# ---- A power cut: both still there, nothing lost ---------------------------

ranked_start Carol black "$PC\n$PD\n" play carol dave
pc=$(last_match)
type_moves "$pc" '8 8\n9 9\n7 7\n' 3
stop_run KILL
menu_login dave "$PD" "0"
check "power cut: the one to move is offered resume or his move" \
	has "Play your move now"
menu_login carol "$PC" "0"
check "power cut: no claim within the limit" hasnt "Claim the win"
play_input "$PD\n$PC\n1\n6 6\ndraw\ny\n" play dave carol
check "power cut: both log in and go on from move 4" has "Move 4:"
check "power cut: the match ends as played (a draw)" \
	test "$(db "SELECT result || ' ' || reason FROM matches WHERE id = $pc")" = "draw draw"

# ---- Resign alone -----------------------------------------------------------

ranked_start Bob black "$PB\n$PD\n" play bob dave
rs=$(last_match)
type_moves "$rs" '8 8\n9 9\n7 7\n' 3
stop_run KILL
menu_login dave "$PD" "3\ny"
check "one player alone may resign: a loss" \
	test "$(db "SELECT result || ' ' || reason FROM matches WHERE id = $rs")" = "black resign"
check "resigning says who wins" has "Dave resigned match $rs; Bob wins."

# Before dave's first move the same resignation is not rated: aborted.
before=$(db "SELECT group_concat(games || rating, ' ') FROM players")
ranked_start Bob black "$PB\n$PD\n" play bob dave
rs=$(last_match)
type_moves "$rs" '8 8\n' 1
stop_run KILL
menu_login dave "$PD" "3\ny"
check "resigning alone before both moved: the match is aborted" \
	test "$(db "SELECT status || coalesce(result, '-') FROM matches WHERE id = $rs")" = "aborted-"
check "... and says so" \
	has "Match $rs was aborted before both sides had moved: no rating change."
check "... and nobody's games or rating changed" \
	test "$(db "SELECT group_concat(games || rating, ' ') FROM players")" = "$before"

# ---- Changed in another process while being played ------------------------

# Each: a match played in one process ($pid, its output moved aside to
# first.out); a second process settles it; the first ends cleanly at its
# next move, with a message, exit 0. When the match cannot start, the
# checks fail at once.
first_plays() {
	rm -f "$E2E_DIR/first.out" "$E2E_DIR/first.err"
	ranked_start Bob black "$PB\n$PD\n" play bob dave || return 1
	lv=$(last_match)
	type_moves "$lv" '8 8\n9 9\n7 7\n' 3
	mv "$OUT" "$E2E_DIR/first.out"
	mv "$ERR" "$E2E_DIR/first.err"
}
first_moves_on() {
	(printf '6 6\n' >&3) 2>/dev/null
	exec 3>&-
	wait_exit "$pid"
	vg_seen "$status" "$E2E_DIR/first.err"
}
first_says() { grep -qF -- "$1" "$E2E_DIR/first.out"; }
first_clean() {
	[ -f "$E2E_DIR/first.out" ] && [ "$status" -eq 0 ] &&
		[ ! -s "$E2E_DIR/first.err" ]
}

if first_plays; then
	menu_login dave "$PD" "3\ny"
	first_moves_on
fi
check "resigned elsewhere: the playing process says so, and how" \
	first_says "Match $lv was ended in another session. ○ White Dave resigned. ● Black Bob wins."
check "resigned elsewhere: ... with both records and the rating changes" \
	sh -c 'grep -q "^Match $1 saved\.$" "$2" &&
		grep -Eq "^  Bob: .*rating [0-9]+ \(\+[0-9]+\)" "$2" &&
		grep -Eq "^  Dave: .*rating [0-9]+ \(-[0-9]+\)" "$2"' \
	sh "$lv" "$E2E_DIR/first.out"
check "resigned elsewhere: it ends cleanly (exit 0, no error)" first_clean

if first_plays; then
	menu_login dave "$PD" "4\n$PB\ny\ny"
	first_moves_on
fi
check "abandoned by both elsewhere: the playing process says so" \
	first_says "Match $lv was abandoned in another session"
check "abandoned elsewhere: it ends cleanly" first_clean

if first_plays; then
	age "$lv" 8
	menu_login bob "$PB" "5"
	first_moves_on
fi
check "claimed elsewhere: the playing process says so, and how" \
	first_says "Match $lv was ended in another session. ○ White Dave left the game and did not come back: ● Black Bob wins by claim."
check "claimed elsewhere: it ends cleanly" first_clean

# ---- Swap2: the opening's stones are kept as they are placed -------------

ranked_start Alice black "$PA\n$PD\n" play alice dave --opening swap2
sw=$(last_match)
type_moves "$sw" '8 8\n8 9\n' 2
stop_run KILL
check "swap2: stones placed before a crash are on disk" \
	test "$(moves_of "$sw")" = 2
play_input "$PA\n$PD\n1\n9 9\n1\nundo\n" play alice dave
check "swap2: resumed, the opening goes on from the third stone" \
	has "Move 3:"
check "swap2: the choice is put after the third stone" \
	has "Swap2: Dave, what will you do?"
check "swap2: undo right after the opening has nothing to take back" \
	has "You have no move to take back yet."
check "swap2: the colours are saved" \
	test "$(db "SELECT colours_final || opening_stones FROM matches WHERE id = $sw")" = 13
play_input '' history alice --lang zh
check "swap2: a Chinese history's rows are all as wide (五子棋+交换二 fits)" \
	sh -c 'grep -E "^ *[0-9]+  " "$1" | while IFS= read -r l; do
		printf "%s\n" "$l" | wc -L; done | sort -u | wc -l |
		grep -qx 1' - "$OUT"

play_input '8 8\n8 9\n9 9\n1\nundo\n7 7\n' play --opening swap2 --seed 1
check "guest swap2: undo right after the opening asks nobody" \
	hasnt "Do you agree?"
check "guest swap2: and says there is no move of your own yet" \
	has "You have no move to take back yet."

# ---- A timed move resumed keeps what it had used -------------------------

# (60 s a move: however busy the machine, the 3 s waited are well within)
ranked_start Carol black "$PC\n$PA\n" play carol alice --time-per-move 60
tm=$(last_match)
type_moves "$tm" '8 8\n9 9\n' 2
sleep 3
stop_run INT
used=$(db "SELECT clock_used_ms FROM matches WHERE id = $tm")
check "timed: Ctrl-C keeps the time the move had used ($used ms)" \
	test "$used" -ge 2500 -a "$used" -lt 60000
play_input "$PC\n$PA\n1\n" play carol alice
# The seconds the resumed move's prompt shows left, "(Ns)> ".
left=$(sed -n 's/.*(\([0-9]*\)s)> .*/\1/p' "$OUT" | head -n 1)
check "timed: the resumed move does not get a fresh clock ($left s left)" \
	test -n "$left" -a "${left:-60}" -le $((60 - used / 1000))

# ---- The club's limit: the claim wait the match keeps --------------------

# The timed match waits for Carol. Its claim wait is the club's week,
# kept from its start: --claim-after 0 does not shorten it (the whole
# cheat is test_club.sh's); after eight days Alice may claim, whatever
# --claim-after 30 says now (it chooses only for new matches).
play_input "2\nalice\n$PA\n0\n0\n0\n" --claim-after 0
check "--claim-after 0: no claim at once (the match keeps the club's week)" \
	sh -c 'grep -q "unfinished match (number $1," "$2" &&
		! grep -q "Claim the win" "$2"' - "$tm" "$OUT"
age "$tm" 8
# (Alice's swap2 match with Dave is unfinished too: started earlier
# still, so that this one is the newest offered; its turn is not aged.)
db "UPDATE matches SET started_at = started_at - 9 * 86400
	WHERE id <> $tm AND status = 'unfinished' AND (SELECT id FROM players
	WHERE username = 'alice') IN (black_id, white_id)"
play_input "2\nalice\n$PA\n0\n0\n0\n" --claim-after 30
check "after eight days the claim is offered, --claim-after 30 or not" \
	sh -c 'grep -q "unfinished match (number $1," "$2" &&
		grep -q "Claim the win: your opponent has left it for 7 days or more" "$2"' \
	- "$tm" "$OUT"
play_input '' --claim-after soon
check "--claim-after takes a number of days (else exit 2)" status_is 2

# ---- After the match: the summary, the rating at stake, a rematch ---------

play_input "$PB\n$PD\n8 8\n9 9\nresign\ny\ny\n8 8\n9 9\nresign\ny\nn\n" \
	play bob dave
first=$(db "SELECT black_id || ' ' || white_id FROM matches WHERE id = \
$(last_match) - 1")
second=$(db "SELECT white_id || ' ' || black_id FROM matches WHERE id = \
$(last_match)")
check "the header gives what a win, draw and loss would change" \
	sh -c 'grep -q "^Bob [0-9]*  win +[0-9]* · draw [−+0-9]* · loss −[0-9]*$" "$1" &&
	       grep -q "^Dave [0-9]*  win +[0-9]* · draw [−+0-9]* · loss −[0-9]*$" "$1"' \
	- "$OUT"
check "the summary gives both new records, ratings and changes" \
	sh -c 'grep -Eq "^  Bob: [0-9]+ won, [0-9]+ lost, [0-9]+ tied; score -?[0-9]+; rating [0-9]+ \([-+][0-9]+\); rank [0-9]+$" "$1" &&
	       grep -Eq "^  Dave: [0-9]+ won, [0-9]+ lost, [0-9]+ tied; score -?[0-9]+; rating [0-9]+ \([-+][0-9]+\); rank [0-9]+$" "$1"' \
	- "$OUT"
check "a rematch is offered after each match" \
	test "$(grep -c "Rematch (colours swapped)? \[y/n\]" "$OUT")" -eq 2
check "yes starts the rematch with the colours swapped, no coin flip" \
	sh -c '[ -n "$1" ] && [ "$1" = "$2" ] &&
	       [ "$(grep -c "^Coin flip" "$3")" -eq 1 ] &&
	       grep -q "^Rematch: .* colours swapped\.$" "$3"' \
	- "$first" "$second" "$OUT"
check "the rematch is recorded as a ranked match" \
	test "$(db "SELECT kind || ' ' || status FROM matches WHERE id = \
$(last_match)")" = "ranked finished"
check "no ends the series (exit 0)" status_is 0
play_input "$PB\n$PD\n8 8\n9 9\nresign\ny\n" play bob dave
check "end of input at the rematch question is a no (exit 0)" status_is 0
play_input "$PB\n$PD\n8 8\n9 9\nresign\ny\n否\n" --lang zh play bob dave
check "the summary and the rematch in Chinese" \
	sh -c 'grep -Eq "^  Bob：[0-9]+ 胜 [0-9]+ 负 [0-9]+ 和；积分 -?[0-9]+；等级分 [0-9]+（[-+][0-9]+）；排名第 [0-9]+$" "$1" &&
	       grep -q "交换黑白，再下一局？" "$1" &&
	       grep -q "胜 +[0-9]* · 和 [−+0-9]* · 负 −[0-9]*$" "$1"' - "$OUT"

# ---- A hot-seat match resigned before both moved is aborted ---------------
before=$(db "SELECT group_concat(games || rating, ' ') FROM players")
play_input "$PB\n$PD\nresign\ny\nn\n" play bob dave
check "hot-seat: a resignation at once says the game was aborted" \
	has "Game aborted before both sides had moved: no rating change."
check "hot-seat: ... stored as aborted" \
	test "$(db "SELECT status FROM matches WHERE id = $(last_match)")" = aborted
check "hot-seat: ... and nobody's games or rating changed" \
	test "$(db "SELECT group_concat(games || rating, ' ') FROM players")" = "$before"
