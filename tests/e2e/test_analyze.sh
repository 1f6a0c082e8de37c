# End-to-end: gomoku analyze on a short known game, its formats, Ctrl-C
# in the middle, the replay's `a`, and what it refuses.
. "$E2E_LIB"

# Black makes an open three (g8 h8 i8) at move 5; white's h9 (move 6)
# ignores it, so black has an open four next and a five after: h9 must
# be a blunder that leaves a forced loss. The threat search proves it
# (a node count, not a time), so the tiny budget changes nothing.
printf 'h8 i9 g8 g9 i8 h9 f8 j8 e8\n' >"$E2E_DIR/game.moves"
play_input '' import "$E2E_DIR/game.moves"
check "the known game is imported as match 1" has "as match 1."

play_input '' analyze 1 --time-per-move 0.05
check "analyze succeeds on an imported game" status_is 0
check "the table has a line per move" \
	test "$(grep -Ec '^ +[0-9]+  (black|white) ' "$OUT")" -eq 9
check "h9 is a blunder that leaves a forced loss" sh -c \
	'grep -Eq "^ +6  white  h9 .*blunder, forced loss from here" "$1"' \
	- "$OUT"
check "the five itself is no mistake" sh -c \
	'grep -E "^ +9  black  e8 " "$1" | grep -Eq "100%  +e8$"' - "$OUT"
# (Only what is proven is checked: the estimates of a 0.05 s search
# may well call other moves mistakes.)
check "the summary counts white's forced loss" sh -c \
	'grep -A1 "^white (white): accuracy [0-9]*% over 4 moves$" "$1" |
	 grep -q "missed wins 0, forced losses 1$"' - "$OUT"
check "the progress goes to standard error" err_has "Analysing move 9 of 9"
check "and not to standard output" hasnt "Analysing"

play_input '' analyze 1 --time-per-move 0.05 --format json
check "json: one object, not partial" has '{"match": 1, "partial": false'
check "json: move 6 is a blunder and a forced loss" sh -c \
	'grep "\"move\": 6," "$1" | grep "\"mark\": \"blunder\"" |
	 grep -q "\"forced_loss\": true"' - "$OUT"
check "json: the summary per player" has '"summary": ['
if command -v python3 >/dev/null 2>&1; then
	check "json: it parses" sh -c \
		'python3 -m json.tool "$1" >/dev/null' - "$OUT"
fi

# A locale that writes 55,3 (German, built here when the system has its
# source) must not reach the numbers for scripts.
mkdir -p "$E2E_DIR/locale"
if command -v localedef >/dev/null 2>&1 &&
	localedef -i de_DE -f UTF-8 "$E2E_DIR/locale/de_DE.UTF-8" \
		>/dev/null 2>&1; then
	play_env "LOCPATH=$E2E_DIR/locale LC_ALL=de_DE.UTF-8" '' analyze 1 \
		--time-per-move 0.05 --format json
	check "json under a German locale: decimal points" test \
		"$(grep -Ec '"before": [0-9]+\.[0-9], "after": [0-9]+\.[0-9],' \
			"$OUT")" -eq 9
	play_env "LOCPATH=$E2E_DIR/locale LC_ALL=de_DE.UTF-8" '' analyze 1 \
		--time-per-move 0.05 --format tsv
	check "tsv under a German locale: decimal points" sh -c \
		'grep -Eq "^6	white	h9	[0-9]+\.[0-9]	0\.0	" "$1"' - "$OUT"
fi

play_input '' analyze 1 --time-per-move 0.05 --format tsv
check "tsv: the header of the moves" \
	test "$(head -n 1 "$OUT")" = "$(printf 'move\tcolour\tplayed\tbefore\tafter\tbest\tmark\tmissed_win\tforced_loss')"
check "tsv: move 6" sh -c \
	'grep -Eq "^6	white	h9	[0-9.]+	0\.0	[a-o][0-9]+	blunder	false	true$" "$1"' \
	- "$OUT"
check "tsv: the summary after a blank line" sh -c \
	'sed -n "12p" "$1" | grep -q "^colour	player	moves	accuracy"' - "$OUT"

# The proven marks (missed win, forced loss) come from node-bounded
# proofs: two runs with different search times give the same marks.
play_input '' analyze 1 --time-per-move 0.05 --format tsv
cut -f 1-3,8,9 "$OUT" >"$E2E_DIR/marks.1"
play_input '' analyze 1 --time-per-move 0.4 --format tsv
cut -f 1-3,8,9 "$OUT" >"$E2E_DIR/marks.2"
check "two runs, other times: the same proven marks" \
	cmp -s "$E2E_DIR/marks.1" "$E2E_DIR/marks.2"

# The Chinese report names the variant in Chinese.
play_input '' --lang zh analyze 1 --time-per-move 0.05
check "zh: the header says 五子棋 15x15" has "，五子棋 15x15"
check "zh: and not gomoku 15x15" hasnt "gomoku 15x15"

# Ctrl-C once the second move is under way: the first is printed, with
# the summary over it, marked partial, and the run exits as interrupted.
rm -f "$OUT" "$ERR" # what the last run printed is no progress
${GOMOKU_VG:-} "$GOMOKU_BIN" analyze 1 --time-per-move 3 >"$OUT" 2>"$ERR" &
pid=$!
i=0
while ! grep -q "Analysing move 2 of 9" "$ERR" 2>/dev/null &&
	[ $i -lt $((10 * WAIT_S)) ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -INT "$pid"
wait "$pid"
status=$?
vg_seen "$status"
check "Ctrl-C exits as interrupted (130)" status_is 130
check "the moves analysed before it are printed" sh -c \
	'grep -Eq "^ +1  black  h8 " "$1"' - "$OUT"
check "the summary is marked partial" has "Interrupted: "
check "and says so on standard error" err_has "interrupted: "

# The replay's a: the side to move, its chance and the computer's move.
play_input 'first\na\n6\na\nq\n' replay 1
check "replay: a on the empty board" \
	has "Black to move: win chance 50%; the computer would play h8."
check "replay: a after move 6 sees the forced win" \
	has "Black to move: win chance 100% (a forced win)"
play_input 'last\n分析\nq\n' replay 1
check "replay: 分析 works too, at the end of the game" \
	has "The game is over in this position."

# A game against the computer, resigned: analysed; one left unfinished:
# refused, so that nobody asks the computer in the middle of a game.
play_input 'alice\nAlice\nsecret-pass-1\nsecret-pass-1\n' register
play_input 'secret-pass-1\n8 8\nresign\ny\nn\n' play alice --ai 2 --first me --seed 3
play_input '' analyze 2 --time-per-move 0.05 --format tsv
check "a finished game against the computer is analysed" status_is 0
check "its computer side is named" has "Computer (level 2)"
play_input 'secret-pass-1\n8 8\n' play alice --ai 2 --first me --seed 3
play_input '' analyze 3
check "an unfinished game is refused" status_is 1
check "with the reason" err_has "match 3 is not finished"

play_input '' analyze 99
check "no such match" err_has "there is no match 99"
play_input '' analyze
check "analyze needs a match number" status_is 2
play_input '' analyze x1
check "a bad match number is a usage error" status_is 2
play_input '' analyze 1 --time-per-move 0
check "a time of 0 is a usage error" status_is 2
play_input '' analyze 1 --time-per-move 1.5s
check "a time that is not seconds is a usage error" status_is 2
