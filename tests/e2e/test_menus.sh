# End-to-end: the menu pages in windows from 80x24 down to 20x10 (tmux,
# issue 23). The leaderboard's table fits 80 columns, its header on one
# line; in a window too low for the text and the whole menu, the text
# keeps its share (up to half) and the menu shows the part around the
# chosen item, which follows the highlight; PgUp goes back by the text's
# own height less the line kept in view, not by a whole window. A menu's
# keys are right-aligned (10 under 9), on the page and in the line
# interface, and 1 then 0 typed chooses 10. A prompt too long for its line goes on above it, broken
# between words. Skipped, saying so, when tmux is missing.
. "$E2E_LIB"

need_tmux
DATA_WORDS="alice bob carol dave"
. "$(dirname "$E2E_LIB")/screens.sh"

for u in alice bob carol dave; do
	play_input "\nmenus-pass-$u-ok\nmenus-pass-$u-ok\n" register "$u"
done
check "menus: four players registered" status_is 0
play_input "2\nalice\nmenus-pass-alice-ok\n0\n0\n" --plain
check "line menus: the keys right-aligned too" \
	sh -c 'grep -q "^   9  Answer a challenge" "$1" &&
		grep -q "^  10  Refuse challenges" "$1"' - "$OUT"
: >"$OUT" # the checks below read captures of their own
: >"$ERR"

# The text's lines in capture $1: from the third line to the blank line
# before the menu's first item.
text_lines() {
	sed -n '3,$p' "$1" | sed '/^  [0-9]  /,$d' | sed '$d'
}

# Resize pane $1 to $2 x $3 and wait until the program drew it there
# (its prompt on the line above the foot) into $4. Not screens.sh's
# resized(): tmux's reset there would undo the keypad mode the program
# set, and with it the arrow keys' codes.
small() {
	tmux -S "$SOCK" resize-window -t "$1" -x "$2" -y "$3"
	wait_until sh -c 'tmux -S "$1" capture-pane -p -t "$2" >"$3" &&
		[ "$(sed -n "$4p" "$3")" = "Choose:" ]' - "$SOCK" "$1" "$4" \
		$(($3 - 1))
}

session m "$RUN; $AFTER" 80 24
wait_for m "Choose:"
keys m 3
wait_for m "Win%"
pane m >"$T/80.txt"
check "80x24: the leaderboard's header is one line, whole" \
	grep -Eq '^ Rank +Player +Nickname +Games +W +L +T +Score +Rating +Win%$' \
	"$T/80.txt"
check "80x24: no column of it goes to a second line" \
	sh -c '! grep -Eq "^ *(Rating|Win%)" "$1" &&
		grep -Eq "^ +–  dave +dave +0 +0 +0 +0 +0 +1500\? +–$" "$1"' \
	- "$T/80.txt"
check "80x24: the whole menu under it" \
	sh -c 'grep -q "^  3  Leaderboard" "$1" && grep -q "^  0  Quit" "$1"' \
	- "$T/80.txt"

small m 100 13 "$T/13.txt"
text_lines "$T/13.txt" >"$T/13.text"
check "100x13: the text keeps lines of its own beside the menu" \
	sh -c '[ "$(wc -l <"$1")" -ge 3 ] && grep -q "dave" "$1"' \
	- "$T/13.text"
check "100x13: the menu shows the chosen item (the first, as it opens)" \
	grep -q "^  1  Register" "$T/13.txt"
first=$(head -n 1 "$T/13.text")
keys m PPage
wait_until sh -c 'tmux -S "$1" capture-pane -p -t m >"$2" &&
	! cmp -s "$2" "$3"' - "$SOCK" "$T/13up.txt" "$T/13.txt"
text_lines "$T/13up.txt" >"$T/13up.text"
check "100x13: PgUp goes back by the text's height, keeping one line" \
	[ "$(tail -n 1 "$T/13up.text")" = "$first" ]

small m 20 10 "$T/10.txt"
text_lines "$T/10.txt" | tr -d ' \n' >"$T/10.text"
check "20x10: some of the leaderboard is shown" test -s "$T/10.text"
check "20x10: the chosen item is shown" grep -q "^  1  Register" "$T/10.txt"
keys m Down Down Down Down
wait_for m "5  Watch"
pane m >"$T/10down.txt"
text_lines "$T/10down.txt" | tr -d ' \n' >"$T/10down.text"
check "20x10: the menu follows the highlight, the text stays" \
	sh -c '! grep -q "^  1  Register" "$1" && test -s "$2"' - \
	"$T/10down.txt" "$T/10down.text"
# the account menu's eleven items: keys right-aligned, labels in line
small m 80 24 "$T/back.txt"
keys m 2
wait_for m "Username:" && keys m -l alice && keys m Enter
wait_for m "Password for alice:" && keys m -l menus-pass-alice-ok &&
	keys m Enter
wait_for m "Refuse challenges"
pane m >"$T/account.txt"
check "account menu: 1 to 10 right-aligned, every label in one column" \
	sh -c 'grep -q "^   1  Ranked match" "$1" &&
		grep -q "^  10  Refuse challenges" "$1" &&
		grep -q "^   0  Log out" "$1"' - "$T/account.txt"
# 1 then 0 is item 10: the 1 only highlights "1  Ranked match" and waits
keys m 1
keys m 0
check "account menu: typing 1 then 0 chooses item 10" \
	wait_for m "You refuse challenges until you log out"
check "account menu: ... and not item 1, then Log out" \
	sh -c '! tmux -S "$1" capture-pane -p -t m | grep -q "second player"' \
	- "$SOCK"
# a prompt longer than the line goes on above it, broken between words
keys m 5
wait_for m "Enter to go back:"
pane m >"$T/history.txt"
check "history at 80x24: its long prompt whole, naming a12 and q" \
	sh -c 'tail -n 4 "$1" | tr "\n" " " | tr -s " " |
		grep -qF "Match number to replay, a and the number to analyse it, n or p for the next or previous page, i for the imported games, q or Enter to go back:"' \
	- "$T/history.txt"
check "history at 80x24: no word cut" words_whole "$T/history.txt"
keys m q Enter
check "history: q goes back to the menu" wait_for m "  0  Log out"
keys m 0
wait_for m "Quit"
keys m 0
wait_end
check "menus: log out and Quit end with status 0" \
	[ "$status" -eq 0 ]
