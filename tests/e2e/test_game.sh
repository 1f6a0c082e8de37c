# End-to-end: guest hot-seat games on scripted input, as players type.
. "$E2E_LIB"

# Black (who always moves first) makes five across row 8.
FIVE='8 8\n1 1\n8 9\n1 2\nj8\n1 3\n8,11\n1 4\n8 12\n'

play_input "${FIVE}n\n" play --seed 1
check "a gomoku game to five ends with the winner" has "wins with 5 in a row"
check "the game exits 0 when the players stop" status_is 0
check "the coin flip is announced" has "Coin flip:"
check "the board has column letters a to o" has " a  b  c  d  e  f  g  h  i  j  k  l  m  n  o"
check "the winning line is marked" has "[●][●][●][●][●]"
check "another game is offered" has "Play another game?"

play_input "${FIVE}n\n" play --seed 1
cp "$OUT" "$E2E_DIR/first"
play_input "${FIVE}n\n" play --seed 1
check "--seed makes the coin flip repeatable" cmp -s "$OUT" "$E2E_DIR/first"
flips=
for s in 1 2 3 4 5 6 7 8; do
	play_input "" play --seed "$s"
	flips="$flips$(grep -o 'Coin flip: Player [12]' "$OUT")"
done
check "different seeds flip both ways" sh -c \
	'echo "$1" | grep -q "Player 1" && echo "$1" | grep -q "Player 2"' - "$flips"

# X O X / O O X / X O X with no line: the tic-tac-toe board fills up.
play_input '1 1\n2 2\n1 2\n1 3\n3 1\n2 1\n2 3\n3 2\n3 3\nn\n' \
	play --variant tictactoe
check "tic-tac-toe can end in a draw" has "The board is full: a draw."
check "tic-tac-toe draws exit 0" status_is 0

play_input '1 1\n2 1\n1 2\n2 2\n1 3\nn\n' play --variant tictactoe
check "tic-tac-toe: three in a row wins" has "wins with 3 in a row"

play_input 'hello\n\n   \n99 99\n8\n1 2 3\nz9\n0 5\n8 8\n8 8\n' play
check "letters are refused with a hint" has "Type a move as h8"
check "row out of range is explained" has "Row must be between 1 and 15."
check "column out of range is explained" has "Column must be between 1 and 15 (a to o)."
check "an occupied point is refused" has "That point is taken."
check "end of input during a game exits 0" status_is 0

long=$(head -c 2000 /dev/zero | tr '\0' 9)
play_input "$long\n\\0377\\0376\n8 8\n" play
check "a very long line is refused" has "That line is too long"
check "bytes that are not UTF-8 are refused" has "characters that cannot be read"

play_input '8 8\n9 9\nundo\ny\n7 7\n' play --ascii
check "undo takes back both moves when agreed" has "were taken back"
check "after undo the same player moves again" sh -c \
	'grep -c "Move 1:" "$1" | grep -qx 2' - "$OUT"

play_input '8 8\n9 9\nundo\nn\n' play
check "undo refused leaves the moves" has "said no: the moves stay."

play_input '8 8\nundo\n' play
check "undo with no own move says so" has "no move to take back"

play_input '8 8\ndraw\ny\nn\n' play
check "an accepted draw ends the game" has "Draw by agreement."

play_input '8 8\ndraw\nn\n' play
check "a refused draw goes on" has "declined the draw"

play_input '8 8\nresign\nmaybe\ny\nn\n' play
check "resign asks for a clear yes" has "Please answer y (yes) or n (no)."
check "resign ends the game" has "resigned."

play_input 'help\n' play
check "help lists the commands" has "resign"
check "help lists every command with its Chinese word" \
	sh -c 'for w in "undo, 悔棋" "draw, 和棋" "resign, 认输" \
		"help, ?, 帮助" "hint, 提示"; do grep -qF "  $w " "$1" || exit 1
		done' - "$OUT"
check "help says full-width moves work" has "８ ８"
play_input '８ ８\nｈ９\n８，１０\n' play
check "full-width moves are played: h8, h9, j8" \
	sh -c 'grep -q "^ 8  ·  ·  ·  ·  ·  ·  ·  ●  · \[●\]" "$1" &&
		grep -q "^ 9  ·  ·  ·  ·  ·  ·  ·  ○" "$1"' - "$OUT"
play_input '?\n' --lang zh play
check "help in Chinese lists the Chinese words first" \
	sh -c 'grep -qF "  提示、hint " "$1" && grep -qF "  帮助、help、? " "$1"' \
	- "$OUT"

play_input '1 1\n1 2\n2 1\n2 2\n3 1\n3 2\n4 1\n4 2\n' \
	play --size 7x9 --k 4 --rule exact
check "a custom 7x9 board with K=4 can be won" has "wins with 4 in a row"
check "the custom board has 9 columns" has " a  b  c  d  e  f  g  h  i"
check "the custom board has no tenth column" hasnt " i  j"

play_input '1 1\n2 1\n1 2\n2 2\n1 3\n2 3\n1 5\n3 5\n1 6\n3 6\n1 4\n' \
	play --variant standard
check "standard: an overline does not win" hasnt "wins with"

play_input '1 1\n2 1\n1 2\n2 2\n1 3\n2 3\n1 5\n3 5\n1 6\n3 6\n1 4\n' play
check "freestyle: an overline wins" has "wins with 5 in a row"
