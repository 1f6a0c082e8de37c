# End-to-end: a match has one life, told as the record says it (issue
# 41), in line mode, with real processes on one database (FIFOs, as
# test_remote.sh: procs.sh). Each part is one of the issue's findings,
# played as the players typed it:
#
# - The winner in line mode: bob resigns a two-terminal match at his
#   terminal; alice, at hers, is told "Match N saved." and both records
#   with the rating change, as the loser is.
# - An aborted match is not a win: the black player ends their program
#   (end of input) before any move of an untimed two-terminal match;
#   after the club's disconnection grace (1 s here) the other, offered
#   the claim, says y and is told the game was aborted, never "you
#   win"; the record says aborted.
# - The lobby offers the unfinished match: alice and carol leave a
#   ranked two-terminal match unfinished (q, each in turn), then pair
#   through a rated seek: no second unfinished match between them is
#   made; the seek is taken with the unfinished match, and both
#   terminals play it.
# - A hot-seat match ended in another session: `gomoku play bob dave` is
#   at a move prompt while dave, logged in from the menus elsewhere,
#   resigns it; the hot-seat process says "Match N was ended in another
#   session.", how (dave resigned, bob wins) and both records with the
#   rating change.
# - Tic-tac-toe is three in a row: a ranked hot-seat tic-tac-toe match
#   won with three in a row reads "(row of 3)" in the history and
#   the replay, "3子连线" in Chinese (never "five", "连五"), and its
#   web page says "3 in a row" (never "freestyle gomoku", "(five)").
#
# The full-screen parts (presence on the end box, a long-running
# watcher's ratings, the analysis footer) are test_lifescreen.sh's.
. "$E2E_LIB"

pw() { echo "life-pass-$1-ok"; }
. "$(dirname "$E2E_LIB")/procs.sh"

for u in alice bob carol dave; do
	play_input "\n$(pw $u)\n$(pw $u)\n" register "$u"
done
check "life: alice, bob, carol and dave are registered" status_is 0

# log_in NAME FD USER: start process NAME on descriptor FD and log USER
# in, into the account menu.
log_in() {
	start_proc "$1" "$2"
	type_to "$2" "2\n$3\n$(pw "$3")\n"
	wait_out "$1" "Gomoku Club: $3" && wait_out "$1" "  0  Log out"
}

# menus NAME USER: how many times process NAME has shown USER's account
# menu.
menus() { grep -c "Gomoku Club: $2" "$E2E_DIR/$1.out"; }

# A ranked match's record line as the summary prints it, for USER:
# "  USER: W won, L lost, T tied; score S; rating R (+NN); rank K".
record_re() {
	echo "^  $1: [0-9]+ won, [0-9]+ lost, [0-9]+ tied; score (-|−)?[0-9]+; rating [0-9]+ \((\+|-|−)[0-9]+\); rank [0-9]+$"
}

# shows_record FILE USER: FILE holds USER's record line.
shows_record() { grep -Eq "$(record_re "$2")" "$1"; }

# item NAME TEXT: the number process NAME last showed for the menu entry
# starting with TEXT ("  12  Find a game": 12).
item() {
	sed -n "s/^ *\([0-9][0-9]*\)  $2.*/\1/p" "$E2E_DIR/$1.out" | tail -n 1
}

# shown NAME: process NAME's output and errors into $OUT and $ERR, which
# a failing check shows, each ended with a newline (an output that ends
# at a prompt would else take the next "ok" line into the last shown)
shown() {
	{ cat "$E2E_DIR/$1.out"; echo; } >"$OUT"
	{ cat "$E2E_DIR/$1.err"; echo; } >"$ERR"
}

# told_after NAME TEXT: the lines process NAME showed from the first
# holding TEXT on (that line and 9 more, boards left out), into $OUT,
# which a failing check shows (NAME's own tail is mostly its menu).
told_after() {
	awk -v t="$2" '/^ *[0-9]+  [^ ]  |^    a  b  c/ { next }
		index($0, t) && !n { n = 1 } n && n++ <= 10' \
		"$E2E_DIR/$1.out" >"$OUT"
}

# ---- The winner in line mode: the save and both records --------------------
# alice and bob at their account menus; alice challenges bob from
# Players online (then 1: send it as shown), bob answers (9). Two
# moves; black, to move, resigns at their prompt.
a_name=a a_fd=6 a_user=alice b_name=b b_fd=7 b_user=bob
log_in a 6 alice
log_in b 7 bob
type_to 6 "$(item a 'Players online')\nbob\n1\n"
challenge_accepted
play_move 1 h8
play_move 2 a1
wait_out "$bp" "$black ●> " $((b_base + 2))
menus_before=$(menus "$wp" "$white")
type_to "$bfd" "resign\ny\n"
# (the state both the program of today and the one to come reach: the
# winner's process is back at its account menu, all of the end said)
check "resigned: the winner's terminal hears of it" \
	wait_out "$wp" "$black resigned."
check "resigned: the winner is back at the account menu" \
	wait_out "$wp" "Gomoku Club: $white" $((menus_before + 1))
check "resigned: the match is recorded, white won by resignation" \
	outcome_is finishedwhiteresign
told_after "$wp" "$black resigned."
check "resigned: the winner is told the match is saved" \
	grep -qF "Match $mid saved." "$E2E_DIR/$wp.out"
check "resigned: the winner is told their own record and rating change" \
	shows_record "$E2E_DIR/$wp.out" "$white"
check "resigned: ... and the loser's" \
	shows_record "$E2E_DIR/$wp.out" "$black"
check "resigned: the loser is told both records too (as today)" sh -c '
	grep -Eq "$1" "$3" && grep -Eq "$2" "$3"' - "$(record_re "$white")" \
	"$(record_re "$black")" "$E2E_DIR/$bp.out"
close_proc a 6
close_proc b 7

# ---- An aborted match is not a win ------------------------------------------
# A grace of 1 s: the claim comes at once once black's program has gone
# (matches keep the club's grace of their start: set before the
# challenge). Black never moves: it ends its program (end of input) at
# its first prompt.
play_input "" club set disconnect-grace 1
check "abort: the club's disconnection grace is 1 second" status_is 0
a_name=a1 a_fd=6 a_user=alice b_name=b1 b_fd=7 b_user=bob
log_in b1 7 bob
accept_challenge
before=$(db "SELECT group_concat(username || games || wins || losses ||
	rating, ' ') FROM players")
wait_out "$bp" "$black ●> " $((b_base + 1))
eval "exec $bfd>&-"
eval "wait_exit \$${bp}_pid"
# Offered the claim, white says yes (a program that says at once that
# the game was aborted needs no claim: then nothing is asked).
asked_or_told() {
	grep -qF -e 'Claim the win?' -e 'Game aborted before both sides' \
		-e 'left the game: you win.' "$E2E_DIR/$wp.out"
}
poll asked_or_told
if grep -qF 'Claim the win?' "$E2E_DIR/$wp.out"; then
	type_to "$wfd" "y\n"
fi
told_end() {
	grep -qF -e 'Game aborted before both sides' \
		-e 'left the game: you win.' "$E2E_DIR/$wp.out"
}
check "abort: white is told how the match ended" poll told_end
told_after "$wp" "from two terminals."
check "abort: white is told the game was aborted, no rating change" \
	grep -qF "Game aborted before both sides had moved: no rating change." \
	"$E2E_DIR/$wp.out"
check "abort: white is not told it is a win" \
	sh -c '! grep -qF "left the game: you win." "$1"' - "$E2E_DIR/$wp.out"
check "abort: the record says aborted (guards the fix: it does today)" \
	[ "$(db "SELECT status FROM matches WHERE id = $mid")" = aborted ]
check "abort: nobody's games, wins, losses or rating changed (guard)" \
	[ "$(db "SELECT group_concat(username || games || wins || losses ||
		rating, ' ') FROM players")" = "$before" ]
close_proc "$wp" "$wfd"

# ---- The lobby offers the unfinished match ----------------------------------
# A long grace: nothing is claimed while each leaves in turn.
play_input "" club set disconnect-grace 3600
a_name=a2 a_fd=6 a_user=alice b_name=c2 b_fd=8 b_user=carol
log_in a2 6 alice
log_in c2 8 carol
type_to 6 "$(item a2 'Players online')\ncarol\n1\n"
challenge_accepted
old=$mid old_white=$white
play_move 1 h8
play_move 2 a1
# white, waiting, leaves (q); black plays alone, then leaves too
wait_out "$wp" "Waiting for $black to move" 2
wmenus=$(menus "$wp" "$white")
type_to "$wfd" "q\n"
wait_out "$wp" "Gomoku Club: $white" $((wmenus + 1))
play_move 3 h9
wait_moves 3
bmenus=$(menus "$bp" "$black")
wait_out "$bp" "Waiting for $white to move" 2
type_to "$bfd" "q\n"
wait_out "$bp" "Gomoku Club: $black" $((bmenus + 1))
unfinished() {
	db "SELECT count(*) FROM matches WHERE status = 'unfinished' AND
		(SELECT id FROM players WHERE username = 'alice')
		IN (black_id, white_id) AND (SELECT id FROM players WHERE
		username = 'carol') IN (black_id, white_id)"
}
check "lobby: alice and carol have one unfinished match, $old" \
	[ "$(unfinished)" -eq 1 ]
# alice posts a rated seek (Find a game; p: post; 1: rated; Enter:
# the game as shown; 1: any rating); carol takes it (its number, 1)
type_to 6 "$(item a2 'Find a game')\np\n1\n\n1\n"
check "lobby: alice's rated seek is posted" \
	wait_out a2 "Seek posted: Gomoku, no opening, no clock, rated."
type_to 8 "$(item c2 'Find a game')\n"
wait_out c2 "  1  alice "
type_to 8 "1\n"
# both terminals start a match (the second header of each)
both_playing() {
	wait_out a2 ": you play " 2 && wait_out c2 ": you play " 2
}
check "lobby: the seek taken, both terminals are at a match" both_playing
played() {
	grep -o 'Match [0-9]*: you play ' "$E2E_DIR/$1.out" | tail -n 1 |
		tr -dc 0-9
}
shown c2
check "lobby: no second unfinished match between alice and carol" \
	[ "$(unfinished)" -eq 1 ]
check "lobby: the seek is taken with the unfinished match $old" \
	[ "$(db "SELECT state || ' ' || coalesce(match_id, '-') FROM seeks
		ORDER BY id DESC LIMIT 1")" = "taken $old" ]
check "lobby: alice's terminal plays match $old" [ "$(played a2)" = "$old" ]
check "lobby: carol's terminal plays match $old" [ "$(played c2)" = "$old" ]
close_proc a2 6
close_proc c2 8

# ---- A hot-seat match ended in another session ------------------------------
# `gomoku play bob dave` (bob black), three moves; dave, at another
# terminal, logs in from the menus, is offered the unfinished match and
# resigns it (taking the seat over if asked); then the hot-seat process
# is typed its next move.
ranked_start bob black "$(pw bob)\n$(pw dave)\n" play bob dave
hs=$(db "SELECT max(id) FROM matches")
(printf '8 8\n9 9\n7 7\n' >&3) 2>/dev/null
mid=$hs
wait_moves 3
mv "$OUT" "$E2E_DIR/hot.out"
mv "$ERR" "$E2E_DIR/hot.err"
# (dave's process holds the hot-seat one's input open too: it ends first)
start_proc d 5
type_to 5 "2\ndave\n$(pw dave)\n"
wait_out d "Resign it (it counts as your loss)"
type_to 5 "$(item d 'Resign it')\n"
resign_asked() {
	grep -qF -e "do you really want to resign" -e "Continue it here?" \
		"$E2E_DIR/d.out"
}
poll resign_asked
if grep -qF "Continue it here?" "$E2E_DIR/d.out"; then
	type_to 5 "y\n"
	wait_out d "do you really want to resign"
fi
type_to 5 "y\n"
wait_out d "Gomoku Club: dave"
check "elsewhere: dave resigns the match from the menus" \
	outcome_is finishedblackresign
type_to 5 "0\n0\n"
close_proc d 5
(printf '6 6\n' >&3) 2>/dev/null
exec 3>&-
wait_exit "$pid"
vg_seen "$status" "$E2E_DIR/hot.err"
shown hot
check "elsewhere: the hot-seat process ends cleanly (exit 0)" \
	sh -c '[ "$1" -eq 0 ] && [ ! -s "$2" ]' - "$status" "$E2E_DIR/hot.err"
check "elsewhere: it says the match was ended in another session" \
	grep -qF "Match $hs was ended in another session." "$E2E_DIR/hot.out"
check "elsewhere: ... and how: dave resigned, bob wins" \
	grep -Eq "dave resigned.*bob wins\." "$E2E_DIR/hot.out"
check "elsewhere: ... and bob's record with the rating change" \
	shows_record "$E2E_DIR/hot.out" bob
check "elsewhere: ... and dave's" shows_record "$E2E_DIR/hot.out" dave

# ---- Tic-tac-toe is three in a row ------------------------------------------
# A ranked hot-seat tic-tac-toe match: black a1 b1 c1, white a2 b2.
play_input "$(pw bob)\n$(pw dave)\n1 1\n2 1\n1 2\n2 2\n1 3\nn\n" \
	play bob dave --variant tictactoe
tt=$(db "SELECT max(id) FROM matches")
mid=$tt
check "tictactoe: the match is won by black, saved" \
	sh -c 'grep -qF "Match $1 saved." "$2"' - "$tt" "$OUT"
check "tictactoe: the game says three in a row (as today)" \
	has "wins with 3 in a row!"
play_input '' history bob
check "tictactoe: the history says the result was three in a row" \
	grep -Eq "^ *$tt .*(won|lost) \(row of 3\)" "$OUT"
check "tictactoe: ... and never five" hasnt "(five)"
play_input '' history bob --lang zh
check "tictactoe: the Chinese history says 3子连线" \
	grep -Eq "^ *$tt .*3子连线" "$OUT"
check "tictactoe: ... and never 连五" hasnt "连五"
play_input 'q\n' replay "$tt"
check "tictactoe: the replay says (row of 3)" \
	has "Black won (row of 3)"
check "tictactoe: ... and never (five)" hasnt "(five)"
play_input 'q\n' replay "$tt" --lang zh
check "tictactoe: the Chinese replay says 3子连线, never 连五" \
	sh -c 'grep -qF "3子连线" "$1" && ! grep -qF "连五" "$1"' - "$OUT"

# The web's game page: the rule is the board's ("3 in a row"); curl is
# one of the tests' dependencies (tests/deps.sh)
serve_start
# (the whole page is checked; a failing check shows its lines of facts
# and result)
page() {
	curl -s "$URL/game/$tt$1" >"$E2E_DIR/game.html"
	grep -e 'class="facts"' -e 'id="result"' "$E2E_DIR/game.html" >"$OUT"
}
on_page() { [ -n "$URL" ] && grep -qF -- "$1" "$E2E_DIR/game.html"; }
page ""
check "tictactoe: the web page says 3 in a row" on_page "3 in a row"
check "tictactoe: ... not freestyle gomoku" \
	sh -c '! grep -qF "freestyle gomoku" "$1"' - "$E2E_DIR/game.html"
check "tictactoe: ... and not (five)" \
	sh -c '! grep -qF "(five)" "$1"' - "$E2E_DIR/game.html"
page "?lang=zh"
check "tictactoe: the Chinese web page has neither 连五 nor 自由五子棋" \
	sh -c '[ -s "$1" ] && ! grep -qF -e "连五" -e "自由五子棋" "$1"' - \
	"$E2E_DIR/game.html"
serve_stop
vg_seen "$status" "$E2E_DIR/serve.err"

# ---- Swap2: either seat may resign during the opening --------------------
# bob places the first stone of a hot-seat swap2 opening, then resigns:
# before the second player's choice the match is aborted, not a win.
ranked_start bob black "$(pw bob)\n$(pw dave)\n" play bob dave \
	--opening swap2
sw=$(db "SELECT max(id) FROM matches")
(printf '8 8\nresign\ny\n' >&3) 2>/dev/null
exec 3>&-
wait_exit "$pid"
vg_seen "$status" "$ERR"
check "swap2: resign is taken during the opening, and asked first" \
	has "bob, do you really want to resign?"
check "swap2: ... before the choice it is aborted, said so" \
	has "Game aborted before both sides had moved: no rating change."
check "swap2: the record says aborted" \
	[ "$(db "SELECT status FROM matches WHERE id = $sw")" = aborted ]

# ---- Back to a game from the menus ---------------------------------------
# alice's match with carol ($old) is still unfinished: at login she says
# "not now"; the account menu then lists it, with whom and whose turn,
# and opens it: the same offer as at login.
start_proc a3 6
type_to 6 "2\nalice\n$(pw alice)\n"
wait_out a3 "What would you like to do?"
type_to 6 "0\n"
check "back: the account menu shows the unfinished matches" \
	wait_out a3 "Unfinished matches (1)"
type_to 6 "$(item a3 'Unfinished matches')\n"
# three moves made: white's turn, and the coin flip chose who is white
[ "$old_white" = carol ] && turn="carol's turn" || turn="your turn"
check "back: the list says which match, with whom and whose turn" \
	wait_out a3 "  1  Match $old with carol, gomoku, 3 moves: $turn"
offers=$(grep -c "What would you like to do?" "$E2E_DIR/a3.out")
type_to 6 "1\n"
check "back: the match chosen is offered, as at login" \
	wait_out a3 "What would you like to do?" $((offers + 1))
type_to 6 "0\n$(item a3 'Players online')\n"
check "back: Players online lists it too" \
	wait_out a3 "Your unfinished matches (open one from the account menu's"
type_to 6 "\n0\n0\n"
close_proc a3 6
