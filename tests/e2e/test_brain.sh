# End-to-end: `gomoku brain`, the Gomocup protocol on stdin and stdout.
#
# While the brain thinks it reads what follows, and END stops the
# search: scripts whose answers after a search matter end with the end
# of input, not END.
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
check "ABOUT gives the level, 5 by default" has 'level="5"'
check "ABOUT claims no author, country, e-mail or web site" sh -c '
	! grep -qE "(author|country|email|www)=" "$1"' - "$OUT"
check "END exits 0" status_is 0
play_input 'ABOUT\nEND\n' brain --ai 2
check "brain --ai 2 plays at level 2" has 'level="2"'
play_input 'ABOUT\nEND\n' brain --ai 6
check "brain --ai 6 is a usage error" status_is 2
check "and says the levels" err_has "the computer's level is 1 to 5"

# The link gomoku managers look for: pbrain-gomoku acts as gomoku brain.
pbrain=$(dirname "$GOMOKU_BIN")/pbrain-gomoku
check "make builds pbrain-gomoku, a link to gomoku" \
	test -L "$pbrain" -a "$(readlink "$pbrain")" = gomoku
printf 'START 15\nBEGIN\nEND\n' |
	${GOMOKU_VG:-} "$pbrain" >"$OUT" 2>"$ERR"
status=$?
vg_seen "$status"
check "pbrain-gomoku answers START, BEGIN and END" \
	sh -c '[ "$(grep -v "^MESSAGE " "$1" | tr "\n" " ")" = "OK 7,7 " ]' \
	- "$OUT"
check "...and exits 0" status_is 0
ln -s "$GOMOKU_BIN" "$E2E_DIR/pbrain-other"
printf 'START 15\nBEGIN\n' |
	${GOMOKU_VG:-} "$E2E_DIR/pbrain-other" --seed 3 >"$OUT" 2>"$ERR"
vg_seen $?
check "any pbrain-* name is the brain, options allowed" line_is '7,7'
${GOMOKU_VG:-} "$pbrain" play </dev/null >"$OUT" 2>"$ERR"
status=$?
vg_seen "$status"
check "pbrain-gomoku refuses a command word" status_is 2

play_input 'START 15\nEND\n' brain
check "START 15 answers OK" line_is 'OK'

play_input 'START 30\nSTART 4\nSTART x\nRECTSTART 20\nEND\n' brain
check "unsupported sizes are refused" line_is 'ERROR unsupported size.*'
check "each bad START gets its own ERROR" lines 4

play_input 'START 15\nBEGIN\nEND\n' brain
check "BEGIN opens in the centre" line_is '7,7'
check "a MESSAGE line tells what the search did" \
	line_is 'MESSAGE depth [0-9]+ score -?[0-9]+ nodes [0-9]+ time [0-9]+ ms of [0-9]+ ms'

play_input 'RECTSTART 20,10\nBEGIN\nEND\n' brain
check "RECTSTART is width,height" line_is '10,5'

play_input 'START 15\nTURN 7,7\nEND\n' brain
check "TURN gets a move in reply" line_is '[0-9]+,[0-9]+'
check "the reply is not the opponent's cell" hasnt '7,7'
check "the reply is on the board" moves_legal

play_input 'START 15\nTURN 7,7\nTURN 7,7\nTURN 15,3\nTURN 1\n' brain
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

# BOARD takes any position, whatever the counts: we are to move.
play_input 'START 15\nBOARD\n5,7,1\n6,7,1\n7,7,1\n8,7,1\nDONE\nEND\n' brain
check "BOARD with our stones only: we complete our five" line_is '(4|9),7'
check "...and no ERROR" hasnt 'ERROR'
play_input 'START 15\nBOARD\n3,3,1\n3,4,2\n3,5,2\n3,6,2\n3,7,2\nDONE\nEND\n' brain
check "BOARD with one stone against four: we block the four" line_is '3,8'
# Renju: black is whoever has more stones (us when level). Five of ours
# against one: we are black, so x 6 (six in a row) is forbidden to us
# and x 11 wins; as white x 6 would win first.
play_input 'START 15\nINFO rule 4\nBOARD\n5,7,1\n7,7,1\n8,7,1\n9,7,1\n10,7,1\n0,0,2\nDONE\nEND\n' brain
check "BOARD, renju, 5 stones to 1: we are black, kept off the overline" \
	line_is '11,7'

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
game="${game}TURN 1,1\nTURN 13,13\nTURN 1,13\nTURN 13,1\n"
play_input "$game" brain
check "the brain wins against corner moves" \
	has 'ERROR move 13,1 after the end of the game'
check "it needs at most eight moves" \
	sh -c '[ "$(grep -cE "^[0-9]+,[0-9]+$" "$1")" -le 8 ]' - "$OUT"
check "every reply is on the board" moves_legal
# What the brain allows itself (how long it took is make bench's figure):
# timeout_turn less 10 % and a margin of 30 ms.
check "timeout_turn 200: every move allows itself 150 ms" sh -c '
	[ "$(sed -n "s/^MESSAGE .* of \([0-9]*\) ms$/\1/p" "$1" | sort -u)" = 150 ]
' - "$OUT"

# Renju (INFO rule 4): black (us, the stones level) has x 4..7 and 9 on
# row 7; x 8 would make six, an overline, forbidden to black; x 3 wins.
renju_board='BOARD\n4,7,1\n5,7,1\n6,7,1\n7,7,1\n9,7,1\n0,0,2\n14,0,2\n0,14,2\n14,14,2\n12,3,2\nDONE\n'
play_input "START 15\nINFO rule 4\n${renju_board}END\n" brain
check "INFO rule 4: black never plays the overline point" line_is '3,7'
check "INFO rule 4: black's winning move is not refused" hasnt 'ERROR'

# Swap2 (SWAP2BOARD ... DONE).
play_input 'START 15\nSWAP2BOARD\nDONE\n' brain
check "SWAP2BOARD with no stones: three stones" \
	line_is '[0-9]+,[0-9]+ [0-9]+,[0-9]+ [0-9]+,[0-9]+'
check "the three stones are distinct cells near the centre" sh -c '
	grep -E "^[0-9]+,[0-9]+ " "$1" | tr " " "\n" | awk -F, "
		\$1 < 5 || \$1 > 9 || \$2 < 5 || \$2 > 9 { bad = 1 }
		seen[\$0]++ { bad = 1 } END { exit bad || NR != 3 }"' - "$OUT"
# Repeatable means the same seed and the same node limit: with time to
# spare (ten minutes a turn: the turn is shared by the 8 openings,
# and under valgrind one opening's search can take over 3 s), each
# opening's 10 000-node search ends on its node limit however loaded the
# machine is, never on the clock.
slow_swap2="START 15\nINFO timeout_turn 600000\nSWAP2BOARD\nDONE\n"
play_input "$slow_swap2" --seed 9 brain
first=$(grep -E '^[0-9]+,[0-9]+ ' "$OUT")
play_input "$slow_swap2" --seed 9 brain
check "the proposed opening is repeatable with --seed" has "$first"

# Black two in the centre against a white corner stone: we take black.
play_input 'START 15\nSWAP2BOARD\n7,7\n0,0\n8,7\nDONE\n' brain
check "SWAP2BOARD with 3 stones: SWAP when black is better" line_is 'SWAP'
# White in the centre, black in the corners: we stay white and play.
play_input 'START 15\nSWAP2BOARD\n0,0\n7,7\n14,14\nDONE\n' brain
check "SWAP2BOARD with 3 stones: a move when white is better" \
	line_is '[0-9]+,[0-9]+'
check "...and no SWAP" hasnt 'SWAP'
# Three stones in three corners leave neither side better: we place two
# more (white's, then black's) and the opponent chooses. 30 s a turn, so
# the search ends on its node limit, not on a loaded machine's clock.
play_input 'START 15\nINFO timeout_turn 600000\nSWAP2BOARD\n0,0\n14,0\n0,14\nDONE\n' brain
check "SWAP2BOARD with 3 even stones: two more stones" \
	line_is '[0-9]+,[0-9]+ [0-9]+,[0-9]+'
check "...and no SWAP" hasnt 'SWAP'
# Five stones: black's open three (we take black) or white's two.
play_input 'START 15\nSWAP2BOARD\n7,7\n0,0\n8,7\n14,0\n9,7\nDONE\n' brain
check "SWAP2BOARD with 5 stones: SWAP facing black's open three" \
	line_is 'SWAP'
play_input 'START 15\nSWAP2BOARD\n0,0\n7,7\n14,14\n7,8\n0,14\nDONE\n' brain
check "SWAP2BOARD with 5 stones: white plays on with its open two" \
	line_is '[0-9]+,[0-9]+'
check "...and no SWAP" hasnt 'SWAP'
check "...the reply is on the board" moves_legal
play_input 'START 15\nSWAP2BOARD\n1,1\nDONE\nSWAP2BOARD\n1,1\n1,1\n2,2\nDONE\nEND\n' brain
check "SWAP2BOARD with a wrong number of stones is refused" \
	has 'ERROR SWAP2BOARD wants'
check "SWAP2BOARD with stones on one cell is refused" \
	has 'ERROR SWAP2BOARD: these stones'

# ---- Yixin-Board's extensions and the limits managers send ----------------

# A quiet middle game, three stones each, us (black) to move: no forced
# win for anyone, so the search runs to whatever limit it is given.
POS='BOARD\n7,7,2\n8,8,1\n6,8,2\n8,6,1\n9,9,2\n5,5,1\nDONE\n'
# what MESSAGE and move lines say, without the time taken
# (what the search allowed itself stays: it is the same on every machine)
answers() { grep -vE '^(OK|name=)' "$OUT" | sed 's/ time [0-9]* ms of / of /'; }
# the largest figure after WORD in the MESSAGE lines
most() { sed -n "s/^MESSAGE.* $1 \([0-9]*\).*/\1/p" "$OUT" | sort -n | tail -1; }

play_input 'START 15\nYXSTOP\nYXHASHCLEAR\nYXBOARD\n7,7,1\nDONE\nYXSHOWINFO\nEND\n' brain
check "YXSTOP with nothing to stop, YXHASHCLEAR and YXBOARD: no answer" \
	sh -c '[ "$(grep -v "^UNKNOWN" "$1")" = OK ]' - "$OUT"
check "other extensions get UNKNOWN" line_is 'UNKNOWN .*YXSHOWINFO'

# YXBOARD sets the position without thinking; TURN then plays on it: our
# three on row 7, the opponent blocks one end, we still win.
play_input 'START 15\nYXBOARD\n5,7,1\n6,7,1\n7,7,1\n0,0,2\nDONE\nTURN 8,7\n' brain
check "YXBOARD answers nothing, TURN then plays on its position" \
	sh -c '[ "$(grep -cE "^[0-9]+,[0-9]+$" "$1")" -eq 1 ]' - "$OUT"
check "...a move off the stones" sh -c '! grep -qxE "(5|6|7|8),7|0,0" "$1"' \
	- "$OUT"

# YXSHOWFORBID: black's forbidden points, black to move under renju, as
# "FORBID xxyy...." Black's two twos (x 7-8 on row 7, rows 8-9 on x 6)
# make 6,7 a double three; black is whoever has more stones, we when
# the counts are level, whoever's stone comes first.
shape='7,7,@\n8,7,@\n6,8,@\n6,9,@\n'
ours=$(printf '%s' "$shape" | sed 's/@/1/g')
theirs=$(printf '%s' "$shape" | sed 's/@/2/g')
forbid() { # N: the Nth FORBID line is the expected $2
	sh -c '[ "$(grep "^FORBID" "$1" | sed -n "$2p")" = "$3" ]' - "$OUT" "$@"
}
play_input "START 15\nINFO rule 4\nYXBOARD\n${ours}0,0,2\n14,14,2\nDONE
YXSHOWFORBID\nYXBOARD\n${theirs}0,0,1\n14,14,1\nDONE\nYXSHOWFORBID
YXBOARD\n0,0,2\n14,14,2\n1,3,2\n3,1,2\n${ours}DONE\nYXSHOWFORBID
YXBOARD\n0,0,1\n14,14,1\n1,3,1\n3,1,1\n${theirs}DONE\nYXSHOWFORBID
INFO rule 1\nRESTART\nYXBOARD\n${ours}0,0,2\n14,14,2\nDONE\nYXSHOWFORBID\n" brain
check "YXSHOWFORBID: black's double three, in Yixin's format" \
	forbid 1 'FORBID 0607.'
check "YXSHOWFORBID: none when the opponent (more stones) is black" \
	forbid 2 'FORBID .'
check "YXSHOWFORBID: counts level, opponent's stones first: we are black" \
	forbid 3 'FORBID 0607.'
check "...and the opponent's double three is not ours" forbid 4 'FORBID .'
check "YXSHOWFORBID: none outside renju" forbid 5 'FORBID .'

# INFO max_node and max_depth bound the search; with the same seed and
# node limit (and time to spare) the answers repeat exactly.
limits='START 15\nINFO timeout_turn 600000\nINFO max_node 30000\n'
play_input "${limits}${POS}TURN 10,10\n" --seed 4 brain
first=$(answers)
check "INFO max_node: no search goes beyond it" \
	[ "$(most nodes)" -le 30000 ]
play_input "${limits}${POS}TURN 10,10\n" --seed 4 brain
check "same seed and node limit: the same moves and figures" \
	[ "$(answers)" = "$first" ]
play_input "${limits}INFO max_depth 3\n${POS}INFO max_depth 0\n${POS}" brain
check "INFO max_depth: no deeper than 3 plies" sh -c '
	[ "$(sed -n "s/^MESSAGE depth \([0-9]*\).*/\1/p" "$1" | head -1)" -le 3 ]
' - "$OUT"
check "...where the same search goes deeper without it" [ "$(most depth)" -gt 3 ]

# INFO seed: the random choices are the manager's, whatever --seed says.
# Level 2 picks at random among its near-best cells: two seeds, two games.
# seeded SEED LINES: the answers to a short game after START and LINES.
seeded() {
	play_input "START 15\n$2BOARD\n7,7,2\n8,8,1\nDONE\nTURN 0,0\nTURN 14,14\nEND\n" \
		--seed "$1" brain --ai 2
	grep -E '^[0-9]+,[0-9]+$' "$OUT" | tail -3 | tr '\n' ' '
}
check "without INFO seed, --seed 1 and --seed 2 play differently" \
	[ "$(seeded 1 '')" != "$(seeded 2 '')" ]
seven=$(seeded 1 'INFO seed 7\n')
check "INFO seed 7: the same moves whatever --seed" \
	[ "$(seeded 2 'INFO seed 7\n')" = "$seven" ]
check "...and after a move played with --seed's (the next game)" [ "$(seeded 2 \
	'BOARD\n7,7,2\nDONE\nRESTART\nINFO seed 7\n')" = "$seven" ]

# A manager's clock: 5 s a move, 180 s a match. With 2 s of the match
# left the move takes a share of that, not the 5 s.
clock='INFO timeout_turn 5000\nINFO timeout_match 180000\n'
play_input "START 15\n${clock}INFO max_memory 83886080\nINFO time_left 2000\n$POS" brain
check "INFO time_left 2000 of 180000: a quick move (a 20th of it less 30 ms)" \
	[ "$(most of)" -eq 70 ]
check "...a move all the same" line_is '[0-9]+,[0-9]+'
play_input "START 15\n${clock}INFO max_memory 0\nINFO time_left 0\n$POS" brain
check "INFO time_left 0, max_memory 0 (no limit): still a move" \
	line_is '[0-9]+,[0-9]+'

# Other lines wait until the move is answered; the search goes on. It
# is bounded by nodes (a second or more here; time to spare), so it ends
# on exactly that many nodes unless the line stopped it. Three quiet
# stones: no win to prove that would end it sooner (as $POS has).
think=$((2000000 / SLOW))
quiet='BOARD\n7,7,2\n8,8,1\n6,8,2\nDONE\n'
{
	printf "START 15\nINFO timeout_turn 600000\nINFO max_node $think\n$quiet"
	sleep 0.3
	printf 'ABOUT\n'
} | ${GOMOKU_VG:-} "$GOMOKU_BIN" brain >"$OUT" 2>"$ERR"
vg_seen $?
check "a line sent during a think is answered after the move" sh -c '
	grep -v "^MESSAGE" "$1" | tr "\n" " " |
		grep -qE "^OK [0-9]+,[0-9]+ name="' - "$OUT"
check "...and does not stop the search (all $think nodes searched)" \
	[ "$(most nodes)" -eq "$think" ]

# A brain in the background reading a fifo, for tests that look at it
# while it runs: bg_start ARGS (its process is $pid), bg_send TEXT
# (printf %b), bg_wait N REGEX (N lines of stdout match, waiting as
# poll does), bg_stop (end its input, wait as wait_exit does, set
# $status).
bg_start() {
	rm -f "$E2E_DIR/in" && mkfifo "$E2E_DIR/in" || exit 2
	${GOMOKU_VG:-} "$GOMOKU_BIN" "$@" brain <"$E2E_DIR/in" >"$OUT" \
		2>"$ERR" &
	pid=$!
	exec 3>"$E2E_DIR/in"
}
bg_send() { printf '%b' "$1" >&3; }
matching() { [ "$(grep -cxE -- "$2" "$OUT")" -ge "$1" ]; }
bg_wait() { poll matching "$@"; }
bg_stop() {
	exec 3>&-
	wait_exit "$pid"
	vg_seen "$status"
}

# A think that would last ten minutes (and a billion nodes) on a quiet
# position, so that only the line sent stops it; the test waits for the
# answer at most $WAIT_S s, which counts as a hang, not as slowness.
long_think="START 15\nINFO timeout_turn 600000\nINFO max_node 1000000000\n$quiet"

# YXSTOP while the brain thinks: the best move so far, at once. YXSTOP
# with nothing to stop is ignored (above), so it is sent until the move
# comes, however late the search started.
stopped() { bg_send 'YXSTOP\n' && line_is '[0-9]+,[0-9]+'; }
bg_start
bg_send "$long_think"
sleep 1
poll stopped
answered=$?
bg_stop
check "YXSTOP during a ten-minute think: the move comes" [ "$answered" -eq 0 ]
check "...from a search that YXSTOP cut short (fewer nodes than its limit)" \
	[ "$(most nodes)" -lt 1000000000 ]

# END while the brain thinks: it answers and exits, input still open.
gone() { ! kill -0 "$pid" 2>/dev/null; }
bg_start
bg_send "$long_think"
sleep 1
bg_send 'END\n'
poll gone
running=$?
bg_stop
check "END during a ten-minute think: the brain exits" [ "$running" -eq 0 ]
check "...with status 0, after its move" \
	sh -c '[ "$2" -eq 0 ] && grep -qxE "[0-9]+,[0-9]+" "$1"' - "$OUT" "$status"

# INFO max_memory bounds the tables: 10 MB keeps the whole program under
# 10 MB after a 1 s search; 0 (no limit) gets the larger default tables,
# which YXHASHCLEAR gives back. Linux's /proc, without a sanitizer.
rss() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status"; }
if [ -r /proc/self/status ] && [ "$SLOW" -eq 1 ]; then
	bg_start
	bg_send "START 15\nINFO timeout_turn 1000\nINFO max_memory 10485760\n$POS"
	bg_wait 1 '[0-9]+,[0-9]+'
	small=$(rss)
	bg_send "INFO max_memory 0\n$POS"
	bg_wait 2 '[0-9]+,[0-9]+'
	large=$(rss)
	bg_send 'YXHASHCLEAR\nABOUT\n'
	bg_wait 1 'name=.*'
	cleared=$(rss)
	bg_stop
	check "INFO max_memory 10485760: under 10 MB ($small kB)" \
		[ "${small:-99999}" -lt 10240 ]
	check "INFO max_memory 0: the default tables ($large kB)" \
		[ "${large:-0}" -gt 10240 ]
	check "YXHASHCLEAR gives their memory back ($cleared kB)" \
		[ "${cleared:-99999}" -lt 10240 ]
fi
