# End-to-end: `gomoku brain`, the Gomocup protocol on stdin and stdout.
. "$E2E_LIB"

# line_is REGEX: some whole line of stdout matches the extended regex.
line_is() { grep -qxE -- "$1" "$OUT"; }
# lines N: stdout has exactly N lines besides MESSAGE lines.
lines() { [ "$(grep -vc '^MESSAGE ' "$OUT")" -eq "$1" ]; }
# moves_legal: every "x,y" answer names a cell of a 15x15 board.
moves_legal() {
	! grep -E '^[0-9]+,[0-9]+$' "$OUT" |
		awk -F, '$1 > 14 || $2 > 14 { bad = 1 } END { exit !bad }'
}

play_input 'ABOUT\nEND\n' brain
check "ABOUT names the brain" has 'name="gomoku-club"'
check "ABOUT gives the version" has 'version="'
check "END exits 0" status_is 0

play_input 'START 15\nEND\n' brain
check "START 15 answers OK" line_is 'OK'

play_input 'START 30\nSTART 4\nSTART x\nRECTSTART 20\nEND\n' brain
check "unsupported sizes are refused" line_is 'ERROR unsupported size.*'
check "each bad START gets its own ERROR" lines 4

play_input 'START 15\nBEGIN\nEND\n' brain
check "BEGIN opens in the centre" line_is '7,7'
check "a MESSAGE line tells what the search did" \
	line_is 'MESSAGE depth [0-9]+ score -?[0-9]+ nodes [0-9]+ time [0-9]+ ms'

play_input 'RECTSTART 20,10\nBEGIN\nEND\n' brain
check "RECTSTART is width,height" line_is '10,5'

play_input 'START 15\nTURN 7,7\nEND\n' brain
check "TURN gets a move in reply" line_is '[0-9]+,[0-9]+'
check "the reply is not the opponent's cell" hasnt '7,7'
check "the reply is on the board" moves_legal

play_input 'START 15\nTURN 7,7\nTURN 7,7\nTURN 15,3\nTURN 1\nEND\n' brain
check "TURN on an occupied cell is refused" has 'ERROR move 7,7 on an occupied'
check "TURN off the board is refused" has 'ERROR move 15,3 outside'
check "TURN without y is refused" has 'ERROR TURN wants x,y'

play_input 'TURN 7,7\nBEGIN\nEND\n' brain
check "moves before START are refused" line_is 'ERROR no board.*'

play_input 'FROBNICATE now\nEND\n' brain
check "an unknown command gets UNKNOWN" line_is 'UNKNOWN .*FROBNICATE'

play_input 'START 15\r\nBEGIN\r\nEND\r\n' brain
check "CR LF line ends are understood" line_is '7,7'

play_input 'START 15\nBEGIN\n' brain
check "the end of input ends the session" status_is 0

# Our four on row 7 (x 5..8), the opponent's stones scattered.
play_input 'START 15\nBOARD\n5,7,1\n6,7,1\n7,7,1\n8,7,1\n0,0,2\n1,0,2\n2,5,2\n3,9,2\nDONE\nEND\n' brain
check "BOARD: we complete our five" line_is '(4|9),7'

# The opponent's four in column 3 (y 4..7) with y 3 taken by us.
play_input 'START 15\nBOARD\n3,3,1\n10,10,1\n12,1,1\n1,12,1\n3,4,2\n3,5,2\n3,6,2\n3,7,2\nDONE\nEND\n' brain
check "BOARD: we block the opponent's four" line_is '3,8'

# Exactly five (INFO rule 1): x 3 would make six with 4..8, x 9 makes five.
play_input 'START 15\nINFO rule 1\nBOARD\n2,5,1\n4,5,1\n5,5,1\n6,5,1\n7,5,1\n0,14,2\n14,14,2\n14,0,2\n9,12,2\n12,9,2\nDONE\nEND\n' brain
check "INFO rule 1: no win with six" line_is '8,5'
play_input 'START 15\nBOARD\n2,5,1\n4,5,1\n5,5,1\n6,5,1\n7,5,1\n0,14,2\n14,14,2\n14,0,2\n9,12,2\n12,9,2\nDONE\nEND\n' brain
check "freestyle: the first winning cell is fine" line_is '(3|8),5'

play_input 'START 15\nBOARD\n1,1,1\n1,2,1\n1,3,1\nDONE\nEND\n' brain
check "BOARD with counts that cannot alternate is refused" has 'ERROR BOARD'

play_input 'START 15\nBOARD\n1,1,7\nDONE\nEND\n' brain
check "BOARD with a bad field is refused" has 'ERROR BOARD wants'

play_input 'START 15\nBEGIN\nTAKEBACK 7,7\nTAKEBACK 7,7\nBEGIN\nEND\n' brain
check "TAKEBACK of the last move answers OK" line_is 'OK'
check "TAKEBACK with nothing to take back is refused" has 'ERROR TAKEBACK'
check "after TAKEBACK the centre is free again" \
	sh -c '[ "$(grep -c "^7,7$" "$1")" -eq 2 ]' - "$OUT"

play_input 'START 15\nBEGIN\nRESTART\nBEGIN\nEND\n' brain
check "RESTART empties the board" \
	sh -c '[ "$(grep -c "^7,7$" "$1")" -eq 2 ]' - "$OUT"

play_input 'START 15\nINFO max_memory 8388608\nINFO game_type 1\nINFO folder /tmp\nBEGIN\nEND\n' brain
check "INFO lines get no answer" lines 2
check "a small max_memory still plays" line_is '7,7'

# A whole game against an opponent who only plays far corners: the brain
# makes five in a row, and the game is over for the TURNs after that.
game='START 15\nINFO timeout_turn 200\nINFO rule 1\n'
game="${game}TURN 7,7\nTURN 0,0\nTURN 14,14\nTURN 0,14\nTURN 14,0\n"
game="${game}TURN 1,1\nTURN 13,13\nTURN 1,13\nTURN 13,1\nEND\n"
start=$(date +%s)
play_input "$game" brain
took=$(($(date +%s) - start))
check "the brain wins against corner moves" \
	has 'ERROR move 13,1 after the end of the game'
check "it needs at most eight moves" \
	sh -c '[ "$(grep -cE "^[0-9]+,[0-9]+$" "$1")" -le 8 ]' - "$OUT"
check "every reply is on the board" moves_legal
check "timeout_turn 200 keeps the game within a few seconds" \
	[ "$took" -le $((3 * SLOW)) ]

# Renju (INFO rule 4): black (us, the stones level) has x 4..7 and 9 on
# row 7; x 8 would make six, an overline, forbidden to black; x 3 wins.
renju_board='BOARD\n4,7,1\n5,7,1\n6,7,1\n7,7,1\n9,7,1\n0,0,2\n14,0,2\n0,14,2\n14,14,2\n12,3,2\nDONE\n'
play_input "START 15\nINFO rule 4\n${renju_board}END\n" brain
check "INFO rule 4: black never plays the overline point" line_is '3,7'
check "INFO rule 4: black's winning move is not refused" hasnt 'ERROR'

# Swap2 (SWAP2BOARD ... DONE).
play_input 'START 15\nSWAP2BOARD\nDONE\nEND\n' brain
check "SWAP2BOARD with no stones: three stones" \
	line_is '[0-9]+,[0-9]+ [0-9]+,[0-9]+ [0-9]+,[0-9]+'
check "the three stones are distinct cells near the centre" sh -c '
	grep -E "^[0-9]+,[0-9]+ " "$1" | tr " " "\n" | awk -F, "
		\$1 < 5 || \$1 > 9 || \$2 < 5 || \$2 > 9 { bad = 1 }
		seen[\$0]++ { bad = 1 } END { exit bad || NR != 3 }"' - "$OUT"
# Repeatable means the same seed and the same node limit: with time to
# spare (30 s a turn), each opening's 10 000-node search ends on its node
# limit however loaded the machine is, never on the clock.
slow_swap2='START 15\nINFO timeout_turn 30000\nSWAP2BOARD\nDONE\nEND\n'
play_input "$slow_swap2" --seed 9 brain
first=$(grep -E '^[0-9]+,[0-9]+ ' "$OUT")
play_input "$slow_swap2" --seed 9 brain
check "the proposed opening is repeatable with --seed" has "$first"

# Black two in the centre against a white corner stone: we take black.
play_input 'START 15\nSWAP2BOARD\n7,7\n0,0\n8,7\nDONE\nEND\n' brain
check "SWAP2BOARD with 3 stones: SWAP when black is better" line_is 'SWAP'
# White in the centre, black in the corners: we stay white and play.
play_input 'START 15\nSWAP2BOARD\n0,0\n7,7\n14,14\nDONE\nEND\n' brain
check "SWAP2BOARD with 3 stones: a move when white is better" \
	line_is '[0-9]+,[0-9]+'
check "...and no SWAP" hasnt 'SWAP'
# Five stones: black's open three (we take black) or white's two.
play_input 'START 15\nSWAP2BOARD\n7,7\n0,0\n8,7\n14,0\n9,7\nDONE\nEND\n' brain
check "SWAP2BOARD with 5 stones: SWAP facing black's open three" \
	line_is 'SWAP'
play_input 'START 15\nSWAP2BOARD\n0,0\n7,7\n14,14\n7,8\n0,14\nDONE\nEND\n' brain
check "SWAP2BOARD with 5 stones: white plays on with its open two" \
	line_is '[0-9]+,[0-9]+'
check "...and no SWAP" hasnt 'SWAP'
check "...the reply is on the board" moves_legal
play_input 'START 15\nSWAP2BOARD\n1,1\nDONE\nSWAP2BOARD\n1,1\n1,1\n2,2\nDONE\nEND\n' brain
check "SWAP2BOARD with a wrong number of stones is refused" \
	has 'ERROR SWAP2BOARD wants'
check "SWAP2BOARD with stones on one cell is refused" \
	has 'ERROR SWAP2BOARD: these stones'
