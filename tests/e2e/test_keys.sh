# End-to-end: what a player types in the full-screen game means one
# thing. A typed move lands where it was typed (h8, H8, h 8, 8 8, 8,8,
# full-width), letters never move the cursor (the arrow keys do), a
# refused line changes nothing and the next Enter completes nothing,
# commands are typed words that agree with the key help, Esc leaves, and
# the mouse is read in SGR mode (1006) also where the terminal's terminfo
# does not offer it (tmux-256color). tmux; skipped, saying so, without.
. "$E2E_LIB"

need_tmux

# The board of pane $1 (its first 16 lines, the letters and 15 rows),
# cursor included.
board() { pane "$1" | head -n 16 | cut -c1-48; }
# The move counter of pane $1 ("Move 7").
counter() { pane "$1" | grep -o 'Move [0-9]*' | head -n 1; }
# Pane $1's board and move counter are the ones kept in $T/before.
unchanged() { { board "$1"; counter "$1"; } | cmp -s - "$T/before"; }
keep() { { board "$1"; counter "$1"; } >"$T/before"; }
# Type the text $2 in pane $1, then Enter.
typed() {
	keys "$1" -l "$2"
	keys "$1" Enter
}

# ---- Every column letter of a 15x15 board, typed, is that column --------

start k play --seed 1
wait_for k "last: -"
keep k
keys k h
check "a column letter that was a cursor key (h) opens the move line" \
	wait_for k "Move: h"
check "and the cursor has not moved" unchanged k
keys k Escape
wait_gone k "Move: h"
check "Esc closes the line, the board and the cursor as they were" \
	unchanged k
for m in h8 a1 d4 j9 k2 l7; do
	typed k "$m"
	check "typed $m then Enter plays $m" wait_for k "last: $m"
done
typed k H10
check "upper case (H10) is h10" wait_for k "last: h10"
typed k "e 5"
check "a letter and the row apart (e 5) is e5" wait_for k "last: e5"
typed k "6,6"
check "row,column (6,6) is f6" wait_for k "last: f6"
typed k "3 7"
check "row column (3 7) is g3" wait_for k "last: g3"
typed k "ｂ２"
check "full-width letters and digits (ｂ２) are b2" wait_for k "last: b2"
typed k "１２，１"
check "a full-width comma (１２，１) is a12" wait_for k "last: a12"
typed k "$(printf 'c\033[31m3')"
check "a colour pasted into a move is dropped whole: c3, the c kept" \
	wait_for k "last: c3"
keys k -l "："
check "a full-width colon opens the move line" wait_for k "Move:"
check "empty (the colon is not typed in it)" hides k "Move: ："
typed k "ｍ１２"
check "and a move typed on it plays (m12)" wait_for k "last: m12"

# ---- Refused lines ------------------------------------------------------

keep k
typed k z99
check "z99 on 15x15: the column is off the board" \
	wait_for k "Column must be between 1 and 15 (a to o)."
check "the board and the cursor unchanged" unchanged k
keys k Enter
check "a second Enter completes nothing: still refused" \
	wait_for k "Column must be between 1 and 15 (a to o)."
check "and still nothing played" unchanged k
keys k Escape
for m in s3 w5; do
	typed k "$m"
	check "$m (past o) is refused as a column" \
		wait_for k "Column must be between 1 and 15 (a to o)."
	check "$m: nothing changed" unchanged k
	keys k Escape
done
typed k "8 8 8"
check "a line that is no move says how to type one" \
	wait_for k "Type a move as h8"
keys k BSpace BSpace BSpace BSpace BSpace Enter
check "an emptied line is refused too, nothing placed" unchanged k
keys k Escape
typed k i8
check "after Esc a typed move plays as typed (i8)" wait_for k "last: i8"
keys k Left Up Enter
check "the arrow keys move the cursor from the last move: i8, Left, Up is h7" \
	wait_for k "last: h7"
typed k undo
check "undo typed asks the opponent" wait_for k "(y/n)"
keys k y
check "and, agreed, takes back white's i8 and black's reply h7" \
	wait_for k "last: m12"

# ---- Commands are typed words; ? is help --------------------------------

keys k -l "？"
check "a full-width question mark opens the help" \
	wait_for k "Ctrl-C leaves the program"
pane k >"$OUT"
check "the help says which keys move the cursor, and no letter does" \
	sh -c 'grep -q "Arrow keys move the cursor" "$1" &&
		! grep -q "hjkl" "$1"' - "$OUT"
keys k x
wait_gone k "Ctrl-C leaves the program"
pane k >"$OUT"
check "the key help names typed commands, no hint in a freestyle game" \
	sh -c 'grep -q "undo draw resign" "$1" && ! grep -q "hint" "$1"' \
	- "$OUT"
typed k resign
check "resign typed asks to confirm" wait_for k "resign?"
keys k y
check "y resigns: the end box asks the one question, play again" \
	wait_for k "Play another game? (y/n)"
check "and nothing else asks for a key" hides k "Press any key"
keys k n
wait_end
check "n ends it (exit 0)" status_is 0
tmux -S "$SOCK" kill-session -t k

# ---- Against the computer, Esc leaves --------------------------------------

start c play --ai 1 --seed 1
wait_for c "The computer plays"
leave_game c
tmux -S "$SOCK" kill-session -t c

# ---- In Chinese: the key help and the typed words agree -------------------

start zh --lang zh play --variant renju --seed 1
wait_for zh "第 1 手"
pane zh >"$OUT"
check "--lang zh: the keys name the commands as typed (和棋), renju's hint" \
	sh -c 'grep -q "和棋" "$1" && ! grep -q "提和" "$1" &&
		grep -q "提示" "$1"' - "$OUT"
typed zh "ｈ８"
check "--lang zh: a full-width move plays" wait_for zh "1. h8"
keys zh -l "？"
check "--lang zh: a full-width ？ opens the help" wait_for zh "Ctrl-C"
keys zh x
wait_gone zh "Ctrl-C"
keys zh Escape
wait_for zh "离开这局棋吗？" && keys zh y
wait_end
tmux -S "$SOCK" kill-session -t zh

# ---- The mouse in SGR mode where terminfo has no XM (tmux-256color) -------

session m "env TERM=tmux-256color LANG=C.UTF-8 GOMOKU_DB=$GOMOKU_DB \
${GOMOKU_VG:-} $GOMOKU_BIN play --seed 1; $AFTER" 260 40
wait_for m "last: -"
keep m
click m 250 5 # far right of the board, past column 223
click m 11 4  # c3: column 3 + 2 * 3 + 1, 1-based; line 1 + 3
check "TERM=tmux-256color: an SGR click selects a point" \
	wait_for m " 3  ·  · [·]"
pane m >"$OUT"
check "a click past column 223, off the board, typed nothing" \
	sh -c '! grep -q "Move:" "$1" && grep -q "Move 1, last: -" "$1"' \
	- "$OUT"
click m 11 4
check "TERM=tmux-256color: a second SGR click places there" \
	wait_for m "last: c3"
keys m Escape
wait_for m "Leave this game? (y/n)" && keys m y
wait_end
check "the terminal is restored after the mouse (icanon, echo)" restored
tmux -S "$SOCK" kill-session -t m

# ---- A password reads through the same rules: keys that edit are not it ----

start pw register
wait_for pw "Username:" && typed pw zed
wait_for pw "Nickname (Enter for zed):" && keys pw Enter
check "the password's footer says which keys do nothing there" \
	wait_for pw "The arrow keys do nothing."
keys pw -l "green cactus" && keys pw Left Right
keys pw -l "$(printf ' \033[31mbowl')" && keys pw Enter
wait_for pw "Password again:" && typed pw "green cactus bowl"
check "arrow keys and a pasted colour are never part of a password" \
	wait_for pw "Welcome, zed! Your account zed is ready."
wait_end
