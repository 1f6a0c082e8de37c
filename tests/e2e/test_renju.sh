# End-to-end: renju's forbidden points and the swap2 opening at the
# terminal, as players type them.
. "$E2E_LIB"

# Black's four stones around i9 make it a double three.
SETUP='8 8\n1 1\n8 10\n1 2\n10 8\n1 3\n10 10\n1 15\n'

play_input "${SETUP}9 9\nhint\n" play --variant renju --seed 1 --ascii
check "renju refuses black's double three" has "Black may not play there: double three (renju)"
check "... and says how to see them all, as typed: hint" \
	has "double three (renju). Type hint to see them all."
check "hint marks the forbidden point on the board" has " .  x  . "
check "hint lists the forbidden points" has "Forbidden for black: i9 (double three)"
check "a refused forbidden point is not played" hasnt "[*]  .  *"

play_input "${SETUP}9 9\n" play --variant renju --forbidden lose --seed 1
check "--forbidden lose ends the game" has "played a forbidden point."
check "and white wins" has "White Player 1 wins."

play_input "${SETUP}" play --variant renju --show-forbidden --seed 1 --ascii
check "--show-forbidden marks them when black is to move" has " .  x  . "

# White may make an overline and black's exact five wins.
play_input '1 1\n2 1\n1 2\n2 2\n1 3\n2 3\n1 4\n2 5\n1 5\n' play --rule renju
check "black wins renju with exactly five" has "wins with 5 in a row"
play_input '15 15\n1 1\n14 15\n1 2\n15 13\n1 3\n13 15\n1 5\n12 15\n1 6\n11 1\n1 4\n' \
	play --rule renju
check "white wins renju with an overline" has "White Player"
check "the overline is white's win" has "wins with 5 in a row"

play_input '' play --rule renju --k 4
check "renju needs five in a row" status_is 2
check "and says so" err_has "renju is five in a row"

# Swap2: the first player places three, the second chooses.
play_input '8 8\nundo\n8 9\n9 9\n2\n7 7\n' play --opening swap2 --seed 2
check "swap2 names who places the opening stones" has "places the three opening stones (swap2)"
check "swap2 asks the second player to choose" has "Swap2: Player 2, what will you do?"
check "no commands but moves during the opening" has "During the opening only moves"
check "taking black swaps the colours" has "The opening is over: Player 2 plays black"
check "then white moves" has "Move 4: ○ White Player 1 to play"

play_input '8 8\n8 9\n9 9\n3\n7 7\n10 10\n2\n' play --opening swap2 --seed 2
check "two more stones, then the first player chooses" has "Swap2: Player 1, choose your colour."
check "choosing white gives the other player black" has "The opening is over: Player 2 plays black"
check "after five stones white moves" has "Move 6: ○ White Player 1 to play"

play_input '' play --opening swap2 --variant tictactoe
check "swap2 is refused for three in a row" status_is 2

play_input '8 8\n8 9\n' play --opening swap2 --ai 3 --first computer --seed 4
check "the computer places the opening stones" has "Computer (level 3) places the three opening stones"
check "and the person then chooses" has "what will you do?"

play_input '8 8\n8 9\n9 9\n' play --opening swap2 --ai 3 --first me --seed 4
check "the computer chooses a colour after three stones" has "The computer takes"

# Three stones in three corners are even: the computer places two more
# (level 4: a fixed depth, so the score does not depend on the clock).
play_input 'a1\no15\no1\n' play --opening swap2 --ai 4 --first me --seed 4
check "an even opening: the computer places two more stones" \
	has "The computer places two more stones."
check "and then the person chooses the colour" has "choose your colour."

# Records carry the rule; the leaderboard can be shown per rule.
play_input 'alice\nAlice\nsecret-pass-1\nsecret-pass-1\n' register
play_input 'bob\nBob\nhunter2-xyz!\nhunter2-xyz!\n' register
# (The secure coin flip is tried until it makes alice white.)
ranked_as Alice white "secret-pass-1\nhunter2-xyz!\n" "${SETUP}9 9\n" \
	play alice bob --variant renju --forbidden lose --seed 1
check "a strict renju match is lost on a forbidden point" has "played a forbidden point."
check "the reason is stored as forbidden" test \
	"$(db "SELECT rule || ' ' || reason || ' ' || result FROM matches")" = "renju forbidden white"
ranked_as Alice white 'secret-pass-1\nhunter2-xyz!\n' \
	'1 1\n2 1\n1 2\n2 2\n1 3\n2 3\n1 4\n2 4\n1 5\n' \
	play alice bob --opening none --seed 3
play_input '' leaderboard --rule renju --format tsv
check "the renju leaderboard counts only renju matches" \
	test "$(sed -n 2p "$OUT" | cut -f 2,4,5,6)" = "$(printf 'alice\t1\t1\t0')"
play_input '' leaderboard --format tsv
check "the overall leaderboard counts both" \
	sh -c 'grep -q "	alice	Alice	2	1	1	0	" "$1"' - "$OUT"
play_input '' history alice --format tsv
check "the history names the rule" has "	renju	won	forbidden	"

# PSQ has no rule field: a renju game's export ends with "renju 5", and
# importing it replays the moves under renju without being told.
id=$(db "SELECT id FROM matches WHERE rule = 'renju' LIMIT 1")
play_input '' export "$id" -o "$E2E_DIR/renju.psq"
check "a renju game's PSQ says so on its last line" \
	test "$(tail -n 1 "$E2E_DIR/renju.psq")" = "renju 5"
play_input '' import "$E2E_DIR/renju.psq"
check "importing it keeps the rule" test \
	"$(db "SELECT variant || ' ' || rule FROM matches WHERE kind = 'imported'")" = "renju renju"
