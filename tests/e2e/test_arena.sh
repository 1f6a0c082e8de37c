# End-to-end: the arena (tests/arena) plays two `gomoku brain` processes,
# prints a line per game and the summary, and writes PSQ files that
# `gomoku import` reads back; broken engines lose, reported as such; at a
# fixed number of nodes the games repeat; the sequential test stops
# when it is decided.
. "$E2E_LIB"

root=$(cd "$(dirname "$E2E_LIB")/../.." && pwd)
arena=$(dirname "$GOMOKU_BIN")/arena/arena
openings=$root/tests/arena/openings.txt
games=$E2E_DIR/games
ms=$((100 * SLOW))
# How late an answer may be before the arena calls it a time-out: for two
# real brains, long enough that only a hung engine reaches it (so no check
# here depends on how busy the machine is); for the engine that never
# answers, a second.
hung_ms=$((1000 * WAIT_S))

# run_arena ARGS...: the arena (under $GOMOKU_VG too) on the shipped
# openings (a later --openings wins), output in $OUT and $ERR.
run_arena() {
	${GOMOKU_VG:-} "$arena" --openings "$openings" "$@" >"$OUT" 2>"$ERR"
	status=$?
	vg_seen "$status"
}
# game_line N BLACK WHITE: game N's line, well formed, with its colours.
game_line() {
	grep -qE "^game $1/2: opening 1 \([a-o][0-9]+( [a-o][0-9]+)*\), black $2, white $3: (1-0|0-1|1/2-1/2), (p[12] wins|draw) \(.*\), [0-9]+ moves, worst move p1 [0-9]+ ms, p2 [0-9]+ ms$" "$OUT"
}
# moves_of N: the number of moves game N's line gives.
moves_of() {
	sed -n "s/^game $1\/2: .*, \([0-9]*\) moves, .*/\1/p" "$OUT"
}

check "the arena program is built" [ -x "$arena" ]

# Two short games between two brains: the first opening, both colours.
run_arena -t "$ms" --tolerance "$hung_ms" -n 2 -o "$games" \
	"$GOMOKU_BIN brain" "$GOMOKU_BIN brain"
check "two brains: the arena exits 0" status_is 0
check "a line for game 1, p1 black" game_line 1 p1 p2
check "a line for game 2, the colours swapped" game_line 2 p2 p1
check "the summary counts the two games" grep -qE \
	'^p1 vs p2: 2 games; p1 won [0-2], lost [0-2], drew [0-2]; score [0-2]\.[05]/2 = [0-9.]+ %$' \
	"$OUT"
check "...which add up to two" sh -c '
	sed -n "s/^p1 vs p2: 2 games; p1 won \([0-9]\), lost \([0-9]\), drew \([0-9]\);.*/\1 \2 \3/p" "$1" |
	awk "{ exit \$1 + \$2 + \$3 != 2 } END { exit NR != 1 }"' - "$OUT"
check "the summary gives the score as black and as white" \
	grep -qE '^p1 as black [01]\.[05]/1 \([0-9.]+ %\), as white [01]\.[05]/1 ' "$OUT"
check "the summary gives the Elo difference" grep -qE '^Elo p1 - p2: ' "$OUT"
check "no brain timed out, crashed or played an illegal move" has \
	'faults: p1: time-outs 0, crashes 0, illegal moves 0; p2: time-outs 0, crashes 0, illegal moves 0'
check "a PSQ file for each game" \
	[ -s "$games/game-001.psq" ] && [ -s "$games/game-002.psq" ]
moves1=$(moves_of 1) moves2=$(moves_of 2)
play_input '' import "$games/game-001.psq"
check "game 1's PSQ file imports with its $moves1 moves" \
	has "Imported $moves1 moves as match"
play_input '' import "$games/game-002.psq"
check "game 2's PSQ file imports with its $moves2 moves" \
	has "Imported $moves2 moves as match"

# At a fixed number of nodes a game is the same game however many are
# played at once and however busy the machine: the same four games one at
# a time and two at a time, their moves compared (the times may differ).
# Seeds come from the game's number: another --seed, other games.
# fixed JOBS SEED NAME: the four games at 3000 nodes a move into
# $E2E_DIR/NAME, and their moves without the times, a line a game, into
# $E2E_DIR/NAME.txt.
fixed() {
	run_arena --nodes 3000 -t "$hung_ms" -n 4 -j "$1" --seed "$2" \
		-o "$E2E_DIR/$3" "$GOMOKU_BIN brain" "$GOMOKU_BIN brain"
	for f in "$E2E_DIR/$3"/game-00[1-4].psq; do
		sed -n 's/^\([0-9]*,[0-9]*\),[0-9]*$/\1/p' "$f" | tr '\n' ' '
		echo
	done >"$E2E_DIR/$3.txt"
}
fixed 1 0 one
check "--nodes: the header says nodes a move, the time a bound" \
	has '3000 nodes a move (at most'
fixed 2 0 two
check "--nodes: four games, the same moves one or two at a time" sh -c '
	[ "$(grep -c , "$1")" -eq 4 ] && cmp -s "$1" "$2"' - \
	"$E2E_DIR/one.txt" "$E2E_DIR/two.txt"
fixed 2 1 other
check "--seed 1: other games" sh -c '! cmp -s "$1" "$2"' - \
	"$E2E_DIR/one.txt" "$E2E_DIR/other.txt"

# A broken engine: it answers garbage to every move, or (slow) nothing.
bad=$E2E_DIR/bad.sh
cat >"$bad" <<'SH'
while read -r line; do
	case $line in
	START*) echo OK ;;
	BEGIN | DONE | TURN*) [ "$1" = slow ] || echo "hello there" ;;
	END) exit 0 ;;
	esac
done
SH
run_arena -t "$ms" --tolerance "$hung_ms" -n 2 -o "$games" \
	"$GOMOKU_BIN brain" "sh $bad"
check "garbage: its side loses both games as a crash" sh -c \
	'[ "$(grep -c "p1 wins (p2 crash: answered \"hello there\")" "$1")" -eq 2 ]' \
	- "$OUT"
check "garbage: counted among p2's crashes" has 'p2: time-outs 0, crashes 2'
# two of two won: the exact bound 0.025^(1/2) = 0.158 is -291 Elo
check "all won: no finite Elo, the exact lower bound" has \
	'Elo p1 - p2: +inf (p1 won every game: no finite estimate), 95 % interval -291 to +inf'
tolerance=1000
run_arena -t "$ms" --tolerance "$tolerance" -n 1 -o "$games" \
	"sh $bad slow" "$GOMOKU_BIN brain"
check "time-out: its side loses, reported as such" \
	has "p2 wins (p1 time-out: no answer within $((ms + tolerance)) ms)"
check "time-out: counted among p1's faults" has 'p1: time-outs 1'
run_arena -n 1 -o "$games" "$GOMOKU_BIN brain" "sh -c 'exit 3'"
check "an engine that dies loses as a crash" \
	has 'p1 wins (p2 crash: exited with status 3)'

# The sequential test, against the engine that answers garbage: p1 wins
# every game, and with H1 at +400 five won pairs decide it (test_arena.c
# has the figures); the other way round, two lost pairs accept H0.
run_arena --sprt --elo1 400 -n 40 -o "$games" "$GOMOKU_BIN brain" "sh $bad"
check "--sprt: a line after each pair with its LLR and the bounds" has \
	'sprt: 4 pairs (LL 0, LD 0, WL/DD 0, WD 0, WW 4): LLR +2.39, bounds -2.94 and +2.94'
check "--sprt: H1 accepted after 5 pairs, no game after them" sh -c '
	grep -q "^sprt: H1 accepted after 5 pairs (Elo p1 - p2 = +400 rather than +0): LLR +2.99, bound +2.94$" "$1" &&
	[ "$(grep -c "^game " "$1")" -eq 10 ]' - "$OUT"
check "--sprt: the summary counts the pairs' games" has \
	'p1 vs p2: 10 games; p1 won 10, lost 0, drew 0'
check "--sprt: the Elo from the pairs" has 'Elo p1 - p2 from the 5 pairs: +inf'
run_arena --sprt --elo1 400 -n 40 -o "$games" "sh $bad" "$GOMOKU_BIN brain"
check "--sprt: two lost pairs accept H0" \
	has 'sprt: H0 accepted after 2 pairs (Elo p1 - p2 = +0 rather than +400): LLR -3.41, bound -2.94'
run_arena --sprt -n 3 "$GOMOKU_BIN brain" "$GOMOKU_BIN brain"
check "--sprt with an odd number of games is a usage error" sh -c \
	'[ "$1" -eq 2 ] && grep -q "an even number" "$2"' - "$status" "$ERR"
run_arena --sprt --elo0 5 --elo1 5 "$GOMOKU_BIN brain" "$GOMOKU_BIN brain"
check "--sprt with elo0 not below elo1 is a usage error" sh -c \
	'[ "$1" -eq 2 ] && grep -q "below --elo1" "$2"' - "$status" "$ERR"

run_arena -t 100 "$GOMOKU_BIN brain"
check "one engine is a usage error" status_is 2

printf 'h8 f7 j6\nh8 h8 # twice\n' >"$E2E_DIR/openings.txt"
run_arena --openings "$E2E_DIR/openings.txt" -o "$games" \
	"$GOMOKU_BIN brain" "$GOMOKU_BIN brain"
check "an illegal opening is refused with its line" \
	err_has "openings.txt:2: not an opening"
check "...as a usage error, before any game" sh -c \
	'[ "$1" -eq 2 ] && ! grep -q "^game" "$2"' - "$status" "$OUT"
