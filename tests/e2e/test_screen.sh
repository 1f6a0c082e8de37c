# End-to-end: games full-screen, in a real terminal. tmux runs the
# program in a 100x40 pane; the keys (arrows, Enter, typed moves and
# commands, an SGR mouse click) are sent as a player types them, and the
# pane is read back.
# Skipped, saying so, when tmux is missing.
. "$E2E_LIB"

need_tmux
# The board's frame: the letters and the row numbers, as shown.
frame() { pane "$1" | head -n 16 | cut -c1-3; pane "$1" | head -n 1; }

# ---- Placing by cursor and by mouse ---------------------------------------

start g play --seed 1
wait_for g "last: -"
check "a guest game on a terminal runs full-screen: board and panel" \
	sh -c 'pane() { tmux -S "$1" capture-pane -p -t g; }
		pane "$1" | head -n 1 | grep -q "^    a  b  c  d .* o    gomoku 15x15" &&
		pane "$1" | grep -q "> ● Black  Player 2"' - "$SOCK"
frame g >"$T/frame1"
keys g Right Right Enter
wait_for g "last: j8"
pane g >"$OUT"
check "Enter places the stone where the cursor was (two right of h8)" \
	has " 8  ·  ·  ·  ·  ·  ·  ·  ·  · [●] ·"
check "the panel shows the move in notation and whose turn it is" \
	sh -c 'grep -q "1. j8" "$1" && grep -q "> ○ White  Player 1" "$1"' \
	- "$OUT"
frame g >"$T/frame2"
check "the board does not move between moves" cmp -s "$T/frame1" "$T/frame2"

click g 11 4 # c3: column 3 + 2 * 3 + 1, 1-based; line 1 + 3
# Pane g shows the cursor on the empty c3, and still only j8 played.
selected_c3() {
	pane g >"$OUT"
	grep -q " 3  ·  · \[·\]" "$OUT" && grep -q "Move 2, last: j8" "$OUT"
}
check "a first click selects a point without placing" wait_until selected_c3
click g 11 4
wait_for g "last: c3"
pane g >"$OUT"
check "a second click on it places the stone there" has " 3  ·  · [○]"

keys g Down Right Space # down to c4, right to d4
wait_for g "last: d4"
pane g >"$OUT"
check "the arrow keys move the cursor; Space places" has " 4  ·  ·  · [●]"
keys g j
check "j (once a cursor key) opens the move line" wait_for g "Move: j"
check "and the cursor stays on d4" shows g " 4  ·  ·  · [●]"
keys g Escape
wait_gone g "Move: j"
keys g Down Left Left Enter # down to d5, left twice to b5
wait_for g "last: b5"
check "Down, Left, Left: b5" wait_for g " 5  · [○]"
keys g : o 1 5 Enter
wait_for g "last: o15"
check "a move typed on the move line (: o15) is played" \
	wait_for g "15  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  · [●]"
keys g Up 9 9 Enter # the cursor on the empty b4
check "a move line that is no move says why" wait_for g "Type a move as h8"
# The line stays to be mended: a second Enter places no stone at the
# cursor (b4), Esc closes it; then h8 typed without ':' is h8 (h once
# moved the cursor), and g9 too.
keys g Enter Escape h 8 Enter
wait_for g "last: h8"
h8_after_o15() { pane g | grep -Eq "3\. o15 +h8"; }
check "a refused move line stays: the next Enter places nothing" \
	wait_until h8_after_o15
check "a move typed without ':' (h8) lands on h8" \
	wait_for g " 8  ·  ·  ·  ·  ·  ·  · [○] ·  ●"
keys g g 9 Enter
check "any column letter opens the move line (g9)" \
	wait_for g "4. g9"

# ---- Resizing ------------------------------------------------------------

tmux -S "$SOCK" resize-window -t g -x 40 -y 40
check "at 40 columns the compact board, one column per point" \
	wait_for g "   abcdefghijklmno"
pane g >"$OUT"
check "the compact board keeps the stones" has " 3 ··○"
tmux -S "$SOCK" resize-window -t g -x 14 -y 40
check "narrower still: make the window wider, never a wrapped board" \
	wait_for g "Make the"
tmux -S "$SOCK" resize-window -t g -x 100 -y 40
check "wide again: the full board is back" wait_for g "    a  b  c  d"

# ---- Leaving ---------------------------------------------------------------

leave_game g
check "after Esc the terminal is restored (icanon, echo)" restored
tmux -S "$SOCK" kill-session -t g

start c play --seed 1
wait_for c "last: -"
keys c C-c
wait_end
check "Ctrl-C ends the program with status 130" status_is 130
check "after Ctrl-C the terminal is restored (icanon, echo)" restored
tmux -S "$SOCK" kill-session -t c

# ---- Ctrl-Z and fg, from a shell with job control ----------------------------

if job_start z play --seed 1; then
	wait_for z "last: -"
	keys z Right Enter
	wait_for z "last: i8"
	job_stop_fg z "last: i8" "a game"
	keys z Escape
	wait_for z "Leave this game? (y/n)" && keys z y
	keys z -l "echo \$? >$T/st.new; mv $T/st.new $T/st"
	keys z Enter
	wait_end
	tmux -S "$SOCK" kill-session -t z
fi

# ---- A whole game to its end -----------------------------------------------

start w play --seed 1
wait_for w "last: -"
for m in h8 h9 i8 i9 j8 j9 k8 k9 l8; do
	keys w -l ":$m"
	keys w Enter
done
check "five in a row wins, said on the status line" \
	wait_for w "Player 2 wins with 5 in a row!"
check "the end box asks whether to play again" \
	wait_for w "Play another game? (y/n)"
keys w n
wait_end
check "and the program ends with status 0" status_is 0
pane w >"$OUT"
check "the final board and the result stay on the terminal" \
	sh -c 'grep -q " 8  ·  ·  ·  ·  ·  ·  ·  ●  ●  ●  ●  ●" "$1" &&
		grep -q "● Black Player 2 wins with 5 in a row!" "$1"' - "$OUT"
tmux -S "$SOCK" kill-session -t w

# ---- A ranked match: ratings and a live clock -------------------------------

play_input 'alice\nAlice\nsecret-pass-1\nsecret-pass-1\n' register
play_input 'bob\nBob\nsecret-pass-2\nsecret-pass-2\n' register
start r play alice bob --seed 1 --time-per-move 30
wait_for r "Password for alice:" && keys r -l secret-pass-1 && keys r Enter
wait_for r "Password for bob:" && keys r -l secret-pass-2 && keys r Enter
wait_for r "last: -"
pane r >"$OUT"
check "a ranked match shows both players' ratings" \
	sh -c 'grep -q "Alice (1500)" "$1" && grep -q "Bob (1500)" "$1"' - "$OUT"
# a move each, so that the match settled below is one both sides played
keys r -l "8 8" && keys r Enter
wait_for r "last: h8"
keys r -l "1 1" && keys r Enter
wait_for r "last: a1"
# The clock of the side to move in pane $1.
clock() { pane "$1" | grep '^.*> [●○]' | grep -o '0:[0-9][0-9]' | tail -n 1; }
# The clock in pane $1 shows at most 0:$2.
clock_at_most() { _c=$(clock "$1") && [ -n "$_c" ] && [ "${_c#0:}" -le "$2" ]; }
t1=$(clock r)
check "the clock of the side to move counts down (from $t1)" \
	wait_until clock_at_most r $((${t1#0:} - 1))
# the move has used 5 s or more when it is left
wait_until clock_at_most r 24
keys r Escape
wait_for r "Leave this game? (y/n)"
check "a question on the status line: the foot offers no move meanwhile" \
	wait_gone r "Type a move"
keys r y
wait_end
pane r >"$OUT"
check "a ranked match left with Esc stays unfinished, to be resumed" \
	has "The match is saved unfinished"
rm_id=$(db "SELECT max(id) FROM matches")
used=$(db "SELECT clock_used_ms FROM matches WHERE \
id = $rm_id")
tmux -S "$SOCK" kill-session -t r

# ---- Resumed: the clock goes on; settled elsewhere: it stops, saying so ------

start r2 play alice bob
wait_for r2 "Password for alice:" && keys r2 -l secret-pass-1 && keys r2 Enter
wait_for r2 "Password for bob:" && keys r2 -l secret-pass-2 && keys r2 Enter
wait_for r2 "What would you like to do?" && keys r2 1
wait_for r2 "last: a1"
t3=$(clock r2)
check "resumed: the move's clock goes on ($used ms used, then $t3 left)" \
	sh -c '[ "$1" -ge 5000 ] && [ -n "$2" ] &&
		[ "${2#0:}" -le $((30 - $1 / 1000)) ]' - "$used" "$t3"
play_input "2\nbob\nsecret-pass-2\n3\ny\n0\n0\n"
check "resigned from another process: the screen says so on its status line" \
	wait_for r2 "Match $rm_id was ended in another session"
# the end box of a game ended elsewhere: the records, a rating up
box_with_changes() {
	shows r2 "Press any key." && pane r2 | grep -Eq "\(\+[0-9]+\); rank"
}
check "and shows it as any end: the box with both records and the changes" \
	wait_until box_with_changes
check "and waits for a key, the game stopped" \
	wait_for r2 "Press any key."
pane r2 >"$OUT"
check "nothing is printed beneath the screen (the board is whole)" \
	sh -c 'grep -q "^    a  b  c  d" "$1" && [ "$(grep -c "another session" \
		"$1")" -eq 1 ]' - "$OUT"
keys r2 x
wait_end
pane r2 >"$OUT"
check "then it ends cleanly (exit 0), the message kept on the terminal" \
	sh -c '[ "$1" -eq 0 ] && grep -q "Match $2 was ended in another session" \
		"$3"' - "$status" "$rm_id" "$OUT"
check "and the terminal is restored" restored
tmux -S "$SOCK" kill-session -t r2

# ---- A ranked match to its end: the stakes, the summary, a rematch ---------

start e play alice bob
wait_for e "Password for alice:" && keys e -l secret-pass-1 && keys e Enter
wait_for e "Password for bob:" && keys e -l secret-pass-2 && keys e Enter
wait_for e "last: -"
check "ranked: the panel shows what a win, draw and loss would change" \
	sh -c 'tmux -S "$1" capture-pane -p -t e >"$2"
		[ "$(grep -c "  win +[0-9]* · draw [−+0-9]* · loss −[0-9]*" "$2")" \
			-eq 2 ]' - "$SOCK" "$T/stakes"
black=$(pane e | grep -o '> ● Black  [A-Za-z]*' | sed 's/.* //')
for m in "8 8" "1 1" "8 9" "1 2" "8 10" "1 3" "8 11" "1 4" "8 12"; do
	keys e -l "$m" && keys e Enter
done
check "ranked: the end-of-game box asks for a rematch" \
	wait_for e "Rematch (colours swapped)? (y/n)"
pane e >"$OUT"
check "ranked: the box gives the result and both new records" \
	sh -c 'grep -q "$2 wins with 5 in a row!" "$1" &&
		grep -Eq "Alice: [0-9]+ won, [0-9]+ lost, [0-9]+ tied; score -?[0-9]+; rating [0-9]+ \([-+][0-9]+\)" "$1" &&
		grep -Eq "Bob: [0-9]+ won, [0-9]+ lost, [0-9]+ tied; score -?[0-9]+; rating [0-9]+ \([-+][0-9]+\)" "$1"' \
	- "$OUT" "$black"
keys e x
sleep 0.3
check "ranked: other keys leave the question open" \
	wait_for e "Rematch (colours swapped)? (y/n)"
keys e y
# Pane e shows a game in which black is not $black.
swapped() {
	pane e >"$T/swapped"
	grep -q "> ● Black  " "$T/swapped" &&
		! grep -q "> ● Black  $black" "$T/swapped"
}
check "ranked: y starts the rematch, the colours swapped" wait_until swapped
keys e -l resign && keys e Enter
wait_for e "resign?" && keys e y
check "ranked: the rematch ends with its own box" \
	wait_for e "Rematch (colours swapped)? (y/n)"
check "ranked: resigned before any move, the box says it was aborted" \
	wait_for e "Game aborted before both sides had moved: no rating change."
keys e n
wait_end
pane e >"$OUT"
check "ranked: n ends the series (exit 0), the summary kept on the terminal" \
	sh -c '[ "$1" -eq 0 ] && grep -q "^Rematch: .* colours swapped\.$" "$2" &&
		grep -Eq "^  (Alice|Bob): .*rank [0-9]+$" "$2"' - "$status" "$OUT"
check "ranked: both matches are recorded, the rematch with colours swapped" \
	test "$(db "SELECT a.black_id = b.white_id AND \
a.white_id = b.black_id FROM matches a, matches b WHERE b.id = a.id + 1 AND \
b.id = (SELECT max(id) FROM matches)")" = 1
check "ranked: and the terminal is restored" restored
tmux -S "$SOCK" kill-session -t e

# ---- Full-width moves and the whole help -----------------------------------

start fw play --variant renju
wait_for fw "last: -"
keys fw -l "８　９" && keys fw Enter
check "a full-width digit opens the move line and plays (i8)" \
	wait_for fw "last: i8"
keys fw -l ":ｊ１０" && keys fw Enter
check "full-width letters on the move line play too (j10)" \
	wait_for fw "last: j10"
keys fw "?"
check "? shows the help with every key and command" \
	wait_for fw "Ctrl-C leaves the program"
pane fw >"$OUT"
check "the help names the arrow keys, the commands and their Chinese words" \
	sh -c 'grep -q "Arrow keys move the cursor" "$1" &&
		grep -q "undo 悔棋" "$1" && grep -q "draw 和棋" "$1" &&
		grep -q "resign 认输" "$1" && grep -q "help 帮助" "$1" &&
		grep -q "hint 提示  renju: show black" "$1"' - "$OUT"
keys fw x
wait_gone fw "Ctrl-C leaves the program"
keys fw Escape
wait_for fw "Leave this game? (y/n)" && keys fw y
wait_end
tmux -S "$SOCK" kill-session -t fw

# ---- Alone: my move, then the match waits for the opponent ----------------

for u in dave erin; do
	play_input "$u\n$u\nsecret-pass-4\nsecret-pass-4\n" register
done
play_input 'secret-pass-4\nsecret-pass-4\n' play dave erin
alone=$(db "SELECT max(id) FROM matches")
black=$(db "SELECT username FROM players WHERE id = \
(SELECT black_id FROM matches WHERE id = $alone)")
start a
wait_for a "Choose:" && keys a 2
wait_for a "Username:" && keys a -l "$black" && keys a Enter
wait_for a "Password for" && keys a -l secret-pass-4 && keys a Enter
wait_for a "Play your move now" && keys a 2
wait_for a "last: -"
keys a -l undo && keys a Enter
check "alone: undo waits for both players, said on the status line" \
	wait_for a "Your opponent is not here: undo and draw offers wait"
keys a Enter
check "alone: after my move the game stops and the match waits" \
	wait_for a "Your move is saved. Match $alone waits for"
check "alone: my move is in the record, and only mine" \
	test "$(db "SELECT count(*) FROM match_moves WHERE \
match_id = $alone")" = 1
keys a 0
wait_for a "Gomoku Club" && keys a 0
wait_end
check "alone: the session ends with status 0" status_is 0
tmux -S "$SOCK" kill-session -t a

# ---- In Chinese ------------------------------------------------------------

start zh --lang zh play --seed 1
wait_for zh "第 1 手"
pane zh >"$OUT"
check "--lang zh: the panel and the keys are in Chinese" \
	sh -c 'grep -q "第 1 手" "$1" && grep -q "? 帮助" "$1"' - "$OUT"
keys zh Left Enter
check "--lang zh: the cursor places the stone (g8)" \
	wait_for zh " 8  ·  ·  ·  ·  ·  · [●]"
keys zh Escape
check "--lang zh: questions are asked in Chinese" wait_for zh "离开这局棋吗？"
keys zh y
wait_end
check "--lang zh: the terminal is restored" restored
