# End-to-end: menus, prompts, passwords, listings and replay full-screen,
# in a real terminal (tmux, see tmux.sh): registering and logging in on
# the prompt line, menu items chosen by arrows, by number and by a mouse
# click, the leaderboard page, a replay stepped with the arrow keys, a
# resize, and the terminal given back after q, Ctrl-C and the end of
# input; in English and in Chinese. Skipped, saying so, without tmux.
. "$E2E_LIB"

need_tmux
PW=page-secret-77
# Everything pane $1 has shown so far, kept for the checks at the end.
seen() { pane "$1" >>"$T/seen"; }
# The 1-based screen line on which pane $1 shows the fixed text $2.
line_of() { pane "$1" | grep -nF -- "$2" | head -n 1 | cut -d: -f1; }
# Once pane $1's program ends: it ended with status $2 and gave the
# terminal back; $3 says after what. The pane's session is closed.
ended() {
	wait_end
	check "$3: status $2" status_is "$2"
	check "$3: the terminal is restored (icanon, echo)" restored
	tmux -S "$SOCK" kill-session -t "$1"
}

# ---- Register and log in --------------------------------------------------

start p
check "the menu is full-screen: title, items, the prompt line at the bottom" \
	wait_for p "  4  Quick game (guests)"
pane p >"$OUT"
check "Choose: is on the prompt line, the keys beneath it" \
	sh -c '[ "$(sed -n 39p "$1")" = "Choose:" ] &&
		sed -n 40p "$1" | grep -q "Up, Down: move"' - "$OUT"
keys p 1 # a number key chooses at once
check "the number 1 chooses Register: its page asks for the username" \
	wait_for p "Username:"
keys p -l "lice"
keys p Home
keys p -l "a"
keys p End
keys p -l "x"
keys p BSpace Enter
check "the prompt line edits: Home, End, Backspace (lice -> alice)" \
	wait_for p "Username: alice"
wait_for p "Nickname" && keys p Enter
wait_for p "Password:" && keys p -l "$PW"
sleep 0.3
seen p
check "nothing is shown as the password is typed (not even stars)" \
	sh -c '[ "$(grep "^Password:" "$1")" = "Password:" ] &&
		! grep -q "\*" "$1"' - "$T/seen"
keys p Enter
wait_for p "Password again:" && keys p -l "$PW" && keys p Enter
check "the account is made, said on the page" wait_for p "Welcome, alice!"
seen p
check "registering logs alice in: the account menu" \
	wait_for p "Gomoku Club: alice"
seen p
keys p 0
wait_for p "  1  Register" && keys p Down Enter # from Register down to Log in
wait_for p "Username:" && keys p -l alice && keys p Enter
wait_for p "Password for alice:" && keys p -l "$PW" && keys p Enter
check "Down and Enter chose Log in; alice is logged in" \
	wait_for p "Gomoku Club: alice"
seen p

# ---- A click, the leaderboard page, a resize --------------------------------

y=$(line_of p "  4  Leaderboard")
click p 6 "$y"
check "a click on Leaderboard chooses it: the table on the page" \
	wait_for p "Rank  Player"
pane p >"$OUT"
check "the leaderboard shows alice's row, marked as hers (no rank yet)" \
	grep -q "^> *–  *alice  *alice" "$OUT"
check "and the menu is back beneath it" has "  4  Leaderboard"
seen p
tmux -S "$SOCK" resize-window -t p -x 50 -y 20
# Pane $1 shows the page drawn for 50x20: the prompt line on line 19,
# the menu above it (the items around the highlighted Leaderboard: the
# 13 items do not all fit).
redrawn_small() {
	pane "$1" >"$OUT"
	[ "$(sed -n 19p "$OUT")" = "Choose:" ] &&
		grep -q "^   4  Leaderboard" "$OUT"
}
check "a resize redraws the page: the prompt line on the new last lines" \
	wait_until redrawn_small p
tmux -S "$SOCK" resize-window -t p -x 100 -y 40
keys p 0
wait_for p "  1  Register" && keys p 0
wait_end
check "Log out, then Quit: the program ends with status 0" status_is 0
check "and the terminal is restored (icanon, echo)" restored
tmux -S "$SOCK" capture-pane -p -S - -t p >>"$T/seen"
check "the password never reached the screen or the scrollback" \
	sh -c '! grep -qF -- "$2" "$1"' - "$T/seen" "$PW"
tmux -S "$SOCK" kill-session -t p

# ---- Replay --------------------------------------------------------------------

printf 'h8 i9 h9 i10 h10 i11 h11 i12\n' >"$T/moves.txt"
play_input '' import "$T/moves.txt"
id=$(db "SELECT max(id) FROM matches")
start r replay "$id"
check "replay is full-screen: the board and the move list" \
	wait_for r "Move 8 of 8"
pane r >"$OUT"
check "the last move is on the board, the moves listed beside it" \
	sh -c 'grep -q "^12  ·  ·  ·  ·  ·  ·  ·  ·  ○" "$1" &&
		grep -q "4. h11  i12" "$1"' - "$OUT"
keys r Left
check "Left steps back a move" wait_for r "Move 7 of 8"
check "and i12 is off the board" \
	sh -c 'tmux -S "$1" capture-pane -p -t r | grep -q "^12  ·  ·  ·  ·  ·  ·  ·  ·  · "' \
	- "$SOCK"
keys r p p
check "p steps back too" wait_for r "Move 5 of 8"
keys r Home
check "Home goes to the empty board" wait_for r "Move 0 of 8"
keys r Right n
check "Right and n step forward" wait_for r "Move 2 of 8"
keys r 6 Enter
check "a number and Enter jump to that move" wait_for r "Move 6 of 8"
keys r End
check "End goes to the last move" wait_for r "Move 8 of 8"
check "the computer's view is off until a is pressed" \
	sh -c '! tmux -S "$1" capture-pane -p -t r | grep -q "Black [0-9]*%"' \
	- "$SOCK"
keys r a
check "a: the computer's view, black's open four proven a win" \
	wait_for r "Black wins by force"
check "with both chances beside the board" wait_for r "Black 100%, White 0%"
keys r Left
check "it follows the move shown" wait_for r "Move 7 of 8"
check "white to move there, still lost" wait_for r "Black wins by force"
keys r Home
check "on the empty board: no forced win, the move it would play" \
	wait_for r "The computer would play"
keys r a
check "a again turns it off" wait_gone r "would play"
# the match's line under the board, at 100 columns one line: at 50 it
# is broken between words onto the next lines, whole
pane r | grep "^Match $id: " | sed 's/ *$//' >"$T/describe"
tmux -S "$SOCK" resize-window -t r -x 50 -y 40
joined() {
	pane r | sed -n '/^15 /,$p' | sed -n '2,4p' | grep . >"$T/rows"
	tr '\n' ' ' <"$T/rows" | tr -s ' ' | sed 's/^ *//; s/ *$//' >"$T/joined"
	echo >>"$T/joined"
	[ -s "$T/describe" ] && [ "$(wc -l <"$T/rows")" -ge 2 ] &&
		cmp -s "$T/joined" "$T/describe"
}
check "replay at 50 columns: the match's line broken between words, whole" \
	wait_until joined
keys r q
ended r 0 "q leaves the replay"

# ---- Ctrl-C, the end of input, Esc ----------------------------------------

start c
wait_for c "Choose:" && keys c 2
wait_for c "Username:" && keys c -l ali
keys c C-c
ended c 130 "Ctrl-C at a prompt ends the program"

start e
wait_for e "Choose:" && keys e C-d
ended e 0 "Ctrl-D at a menu is the end of input"

if job_start z; then
	wait_for z "  4  Quick game"
	job_stop_fg z "  4  Quick game" "a menu"
	keys z 0
	tmux -S "$SOCK" kill-session -t z
fi
# Ctrl-Z at the password prompt: after fg the page is drawn again, over
# what the shell wrote, and the password is still read without echo.
if job_start y; then
	wait_for y "  4  Quick game" && keys y 2
	wait_for y "Username:" && keys y -l alice && keys y Enter
	wait_for y "Password for alice:"
	job_stop_fg y "Password for alice:" "the password prompt"
	check "the password prompt: the whole page is drawn again" \
		wait_gone y "Stopped"
	keys y -l "$PW" && keys y Enter
	check "the password prompt: the password then logs in" \
		wait_for y "Logged in"
	tmux -S "$SOCK" kill-session -t y
fi

start h
wait_for h "Choose:" && keys h 2
wait_for h "Username:" && keys h -l alice && keys h Enter
wait_for h "Password for alice:" && keys h -l "$PW" && keys h Enter
wait_for h "Gomoku Club: alice" && keys h 5
wait_for h "Match number to replay" && keys h -l "junk"
typed_shown() {
	pane h >"$T/typed"
	sed -n 38p "$T/typed" | grep -q "^Match number to replay, " &&
		sed -n 38,39p "$T/typed" | tr '\n' ' ' | tr -s ' ' |
		grep -q "Enter to go back: junk $"
}
check "a prompt longer than the line goes on above it, broken between words; what is typed shown after it" \
	wait_until typed_shown
keys h Escape
check "Esc leaves a prompt with an empty line (Match history: back)" \
	wait_for h "  5  Match history"
pane h >"$OUT"
check "what was typed before Esc was not taken" \
	sh -c '! grep -q junk "$1" && head -n 1 "$1" |
		grep -q "^Gomoku Club: alice"' - "$OUT"
keys h 0
wait_for h "  1  Register" && keys h 0
wait_end
tmux -S "$SOCK" kill-session -t h

# ---- In Chinese ------------------------------------------------------------

start zh --lang zh
check "--lang zh: the menu is in Chinese" wait_for zh "五子棋俱乐部"
keys zh 3
check "--lang zh: the number 3 chooses the leaderboard" wait_for zh "alice"
pane zh >"$OUT"
check "--lang zh: the keys beneath are in Chinese too" \
	sh -c '! sed -n 40p "$1" | grep -q "Up, Down"' - "$OUT"
keys zh 0
ended zh 0 "--lang zh: Quit"

# ---- Esc, a paste and unreadable bytes at a prompt ---------------------------

start e
wait_for e "Choose:" && keys e 1
wait_for e "Username:"
keys e -H 66 72 ff fe 61 6e 6b # fr, two bytes that are no UTF-8, ank
check "unreadable bytes at a prompt: left out, and the page says so" \
	wait_for e "A character that cannot be read was left out"
check "unreadable bytes: what was typed after them is kept (frank)" \
	wait_for e "Username: frank"
keys e Enter
wait_for e "Nickname (Enter for frank):"
keys e -H 1b 5b 32 30 30 7e 78 # a pasted escape sequence, then x
check "an escape sequence in typed text: left out, and said" \
	wait_for e "An escape sequence was left out of what you typed."
check "an escape sequence: the prompt stays, with what came after it" \
	wait_for e "Nickname (Enter for frank): x"
keys e BSpace -l "$(printf 'n%.0s' $(seq 1 25))"
keys e Enter
check "a nickname refused: said, and asked again" \
	wait_for e "A nickname has 1 to 20"
keys e Escape
check "Esc at the nickname prompt after a refusal cancels (no loop)" \
	wait_for e "Cancelled."
pane e >"$OUT"
check "Esc cancelled before the password: none was asked" \
	sh -c '! grep -q "Password" "$1"' - "$OUT"
keys e 0
ended e 0 "Esc at a prompt: back at the menu, Quit"
