# End-to-end: the game screen laid out in every common window, on every
# kind of board, in both languages (tmux). Each screen is checked
# mechanically (the board whole, nothing drawn over its points or
# between it and the panel, the players and the move shown whole) and
# compared with its reviewed capture in tests/screens/: a change to a
# screen is a change someone looked at. GOMOKU_SCREENS_UPDATE=1 writes
# the captures instead (then review them with git diff). Skipped, saying
# so, when tmux is missing.
. "$E2E_LIB"

need_tmux
. "$(dirname "$E2E_LIB")/screens.sh"
: >"$OUT" # the checks below read files of their own
: >"$ERR"

# The board's rows as drawn in capture $1 for a board of $2 rows and $3
# columns: each row's number, then its points, full ( · , [●]) or compact
# (·), as the letters on the first line say, and only spaces after them
# up to the panel ($4 columns on). False, saying where, when a point is
# drawn over or the row is not whole.
board_whole() {
	_cap=$1 _rows=$2 _cols=$3
	if head -n 1 "$_cap" | grep -q '^    a  b'; then # full: " · ", "[·]"
		_row="( [·●○×] |\[[·●○×]\]){$((_cols - 1))}"
		_row="$_row( [·●○×]( |\$)|\[[·●○×]\])"
	elif head -n 1 "$_cap" | grep -q '^   ab'; then # compact: "·"
		_row="[·●○×]{$_cols}"
	else
		echo "# no column letters on the first line"
		return 1
	fi
	_r=1
	while [ "$_r" -le "$_rows" ]; do
		sed -n "$((_r + 1))p" "$_cap" >"$T/row"
		if ! grep -Eq "^$(printf '%2d' "$_r") $_row(   |\$)" "$T/row"
		then
			echo "# row $_r is not whole: $(cat "$T/row")"
			return 1
		fi
		_r=$((_r + 1))
	done
}

# Lay out case $1 (the capture's name): `gomoku play ARGS` ($5...) against
# the computer, which moves first, in a $2 x $3 pane, language $4; wait
# for its move, then check the screen and compare it with the reference.
layout_case() {
	_case=$1 _w=$2 _h=$3 _lang=$4
	shift 4
	tmux -S "$SOCK" kill-session -t lay 2>/dev/null
	rm -f "$T/st"
	session lay "env TERM=xterm-256color LANG=C.UTF-8 GOMOKU_DB=$GOMOKU_DB \
		$GOMOKU_BIN play --ai 1 --seed 7 --first computer --lang $_lang \
		$*; $AFTER" "$_w" "$_h"
	if [ "$_lang" = zh ]; then _moved="第 2 手"; else _moved="Move 2"; fi
	wait_until sh -c 'tmux -S "$1" capture-pane -p -t lay |
		grep -qF -e "$2" -e "$3" -e "$4"' - "$SOCK" "$_moved" \
		"Make the window" "窗口"
	pane lay >"$T/$_case.txt"
}

# Check the screen of case $1 for a board of $2 x $3 cells, whole.
layout_checks() {
	_c=$T/$1.txt
	if grep -qF -e "Make the window" -e "窗口" "$_c"; then
		check "$1: too small for the board, and it says so whole" \
			grep -q -e "the board\.\$" -e "棋盘。\$" "$_c"
	else
		check "$1: the board is whole, nothing drawn over its points" \
			board_whole "$_c" "$2" "$3"
		check "$1: both sides and the move are shown whole" \
			grep -Eq -e "Computer \(level 1\)|电脑（难度 1）" "$_c"
		check "$1: the guest's side is shown" \
			grep -Eq -e "[●○] (White  |白方  )?(Guest|游客)" "$_c"
	fi
	reviewed "$1"
}

for board in "tictactoe 3 3 --variant tictactoe" "7x9 7 9 --size 7x9 --k 4" \
	"10x10 10 10 --variant gomoku10" "15x15 15 15" \
	"26x26 26 26 --size 26x26"; do
	set -- $board
	name=$1 rows=$2 cols=$3
	shift 3
	for size in 80x24 100x30 120x40 44x18; do
		for lang in en zh; do
			layout_case "$name-$size-$lang" "${size%x*}" "${size#*x}" \
				"$lang" "$@"
			layout_checks "$name-$size-$lang" "$rows" "$cols"
		done
	done
done

# ---- The end of a ranked match at 80x24 -------------------------------------

play_input 'alice\nAlice\nsecret-pass-1\nsecret-pass-1\n' register
play_input 'bob\nBob\nsecret-pass-2\nsecret-pass-2\n' register
tmux -S "$SOCK" kill-session -t lay 2>/dev/null
rm -f "$T/st"
session lay "$RUN play alice bob --variant tictactoe; $AFTER" 80 24
wait_for lay "Password for alice:" && keys lay -l secret-pass-1 &&
	keys lay Enter
wait_for lay "Password for bob:" && keys lay -l secret-pass-2 &&
	keys lay Enter
wait_for lay "Move 1"
for m in a1 b1 a2 b2 a3; do
	keys lay -l "$m" && keys lay Enter
done
check "the end of a ranked match at 80x24: its box asks the rematch" \
	wait_for lay "Rematch (colours swapped)? (y/n)"
pane lay >"$T/end.txt"
check "the end box: its lines whole (the summary, both records)" \
	sh -c 'grep -q "^ *[A-Za-z]* wins with 3 in a row!\$" "$1" &&
		grep -Eq "^ *Alice: [01] won, [01] lost, 0 tied; score -?1; rating 1[45][28]0 \(.20\); rank [12]\$" "$1" &&
		grep -Eq "^ *Bob: [01] won, [01] lost, 0 tied; score -?1; rating 1[45][28]0 \(.20\); rank [12]\$" "$1"' \
	- "$T/end.txt"
check "the end box asks the one question: no 'Press any key' beneath" \
	sh -c '! grep -q "Press any key" "$1"' - "$T/end.txt"
keys lay n
wait_end
check "no rematch: the match is over, the run ends (status 0)" status_is 0
