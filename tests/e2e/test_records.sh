# End-to-end: matches kept move by move, a match killed and resumed,
# abandoned, the history, replay, export and import.
. "$E2E_LIB"

moves_of() { db "SELECT count(*) FROM match_moves WHERE match_id = $1"; }

play_input 'alice\nAlice\nsecret-pass-1\nsecret-pass-1\n' register
play_input 'bob\nBob\nhunter2-xyz!\nhunter2-xyz!\n' register
play_input 'carol\nCarol\nsecret-pass-3\nsecret-pass-3\n' register

# No games yet: no win rate to show people; scripts keep a number.
play_input '' stats carol
check "a record without games shows – for the win rate" \
	has "win rate –"
check "a record without games does not claim 0%" hasnt "0%"
play_input '' leaderboard
check "the leaderboard table shows – for no games" \
	sh -c 'grep "carol" "$1" | grep -q " –$"' - "$OUT"
play_input '' stats carol --format tsv
check "tsv keeps the machine value for no games" \
	sh -c 'tail -n 1 "$1" | grep -q "	0.000$"' - "$OUT"

# A ranked match killed with SIGKILL after 5 accepted moves: the player
# types through a pipe that stays open, as at a terminal (a run whose
# secure coin flip makes alice black is ended and tried again).
ranked_start Bob black 'secret-pass-1\nhunter2-xyz!\n' play alice bob
printf '8 8\n1 1\n8 9\n1 2\n8 10\n' >&3
i=0
while [ "$(moves_of 1 2>/dev/null)" != 5 ] && [ $i -lt $((10 * WAIT_S)) ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -KILL "$pid"
wait "$pid" 2>/dev/null
exec 3>&-
check "every accepted move is on disk before the kill" test "$(moves_of 1)" = 5
check "the killed match stays unfinished" \
	test "$(db 'SELECT status FROM matches WHERE id = 1')" = unfinished
check "nothing is counted for a killed match" \
	test "$(db 'SELECT sum(games) FROM players')" = 0
check "the database is intact after the kill" \
	test "$(db 'PRAGMA integrity_check')" = ok

# bob logs in first this time; alice is already there to resume it.
play_input 'hunter2-xyz!\nsecret-pass-1\n1\n1 3\n8 11\n1 4\n8 12\n' \
	play bob alice
check "the unfinished match is offered" has "You have an unfinished match (number 1"
check "it resumes with the moves in place" has "Move 6:"
check "the resumed match is won and saved" has "Match 1 saved."
check "all nine moves are kept" test "$(moves_of 1)" = 9
play_input '' leaderboard --format tsv
check "the leaderboard counts the resumed match once" \
	sh -c 'grep -q "^1	bob	Bob	1	1	0	0	1	1520.0" "$1" &&
	       grep -q "alice	Alice	1	0	1	0	-1	1480.0" "$1"' - "$OUT"
check "scripts get rank 0 for a player without ranked games" \
	grep -q "^0	carol	Carol	0	" "$OUT"
play_input '' leaderboard
check "carol, with no ranked game, is listed last without a rank" \
	sh -c 'tail -n 3 "$1" | head -n 1 | grep -q "^    –  carol "' - "$OUT"
check "alice, 1480 after a loss, still ranks above her: 2nd" \
	grep -q "^    2  alice .* 1480? " "$OUT"
check "one game makes a provisional rating, marked and explained" \
	sh -c 'grep -q "^    1  bob .* 1520? " "$1" &&
	       grep -q "^? a provisional rating: fewer than 10 ranked games$" "$1" &&
	       grep -q "^– no rank: no ranked game yet$" "$1"' - "$OUT"
play_input '' stats carol
check "stats says carol is not ranked yet" \
	has "Not ranked yet: no ranked games"
play_input '' stats alice
check "stats ranks alice among the ranked players only, rating provisional" \
	sh -c 'grep -q "Rank 2 of 2 by score" "$1" &&
	       grep -q "rating 1480 (provisional)" "$1"' - "$OUT"

# Abandoned: counts for nobody, and is not offered again. With one move
# played (white never moved) the store marks it aborted.
play_input 'secret-pass-1\nsecret-pass-3\n8 8\n' play alice carol
# Abandon it (both agree), then resign the new match that follows.
play_input 'secret-pass-3\nsecret-pass-1\n4\ny\ny\n8 8\n9 9\nresign\ny\n' \
	play carol alice
check "one move is counted as one move" has "): 1 move, you play"
check "an unfinished match can be abandoned (aborted: one move)" \
	has "Match 2 was aborted before both sides had moved: no rating change."
check "the abandoned match is marked aborted" \
	test "$(db 'SELECT status FROM matches WHERE id = 2')" = aborted
check "after abandoning, a new match is played" has "resigned."
check "an abandoned match counts for nobody" \
	test "$(db "SELECT games FROM players WHERE username = 'carol'")" = 1
play_input 'secret-pass-3\n' play carol --ai 1
check "an abandoned match is not offered again" hasnt "unfinished match"

# Feed the play command $@ the lines $1 through a pipe that stays open
# until its output has $2 (or the wait is over), as a player who types
# them and then waits.
play_until() {
	_lines=$1 _until=$2
	shift 2
	: >"$OUT"
	{
		printf "$_lines"
		i=0
		until grep -q "$_until" "$OUT" || [ $i -ge $((10 * WAIT_S)) ]; do
			sleep 0.1
			i=$((i + 1))
		done
	} | ${GOMOKU_VG:-} "$GOMOKU_BIN" "$@" >"$OUT" 2>"$ERR"
	status=$?
	vg_seen "$status"
}

# One second a move, and no move made: the match ends aborted when
# black's time is up (bob and carol: alice's history below counts her
# matches). The words of the clock are test_words.c's: a help typed
# here may come after the second is up on a busy machine.
play_until 'hunter2-xyz!\nsecret-pass-3\n' 'aborted' \
	play bob carol --seed 3 --time-per-move 1
check "a first move not made in time aborts the match" \
	has "Game aborted before both sides had moved: no rating change."

# A timed move that runs out loses the game: two moves made, then black
# waits. Four seconds a move, so that a move typed at once is in time
# on a busy machine too (the logins before it may take seconds).
play_until 'secret-pass-1\nhunter2-xyz!\nhelp\n8 8\n9 9\n' \
	'ran out of time' play alice bob --seed 3 --time-per-move 4
check "the help tells the time a move has" has "within 4 seconds, or"
check "running out of time loses the game" has "ran out of time"
check "a timeout is recorded as the reason" \
	test "$(db "SELECT reason FROM matches ORDER BY id DESC LIMIT 1")" = timeout

# History with paging: 11 more quick tic-tac-toe matches for alice.
i=0
while [ $i -lt 11 ]; do
	play_input 'secret-pass-1\nhunter2-xyz!\n1 1\n2 1\n1 2\n2 2\n1 3\n' \
		play alice bob --variant tictactoe --seed 3
	i=$((i + 1))
done
play_input '' history alice
check "history shows the first page of matches" has "page 1 of 2 (15 in all)"
check "the newest match comes first" sh -c \
	'grep -A1 "#  Date" "$1" | tail -n 1 | grep -q tictactoe' - "$OUT"
# Every row's Game and Result cells start under their titles.
columns_line_up() {
	awk -v t="$1" '/#  Date/ { at = index($0, t); next }
		at && /^ *[0-9]+  / {
			if (substr($0, at - 2, 3) !~ /^  [^ ]/) bad = 1; n++ }
		END { exit !(at && n && !bad) }' "$OUT"
}
check "the Game column lines up under its title" columns_line_up Game
check "the Result column lines up under its title" columns_line_up Result
play_input '' history alice --page 2 --format tsv
check "page 2 holds the oldest matches" test "$(wc -l <"$OUT")" = 6
check "history TSV has the fixed header" \
	test "$(head -n 1 "$OUT")" = "$(printf 'id\tdate\topponent\tcolour\tvariant\trule\tresult\treason\tmoves\tseconds\trated\tunrated')"
check "the killed and resumed match is listed, won by bob" \
	grep -q "^1	.*	bob	white	gomoku	freestyle	lost	five	9	" "$OUT"
play_input '' history alice --page 2
check "the last page points to no next page" hasnt "More:"
play_input '' history alice --page 3
check "a page past the last one is an error, exit 1" status_is 1
check "and says how many pages there are" \
	err_has "there is no page 3: alice has 2 pages of matches"
check "and lists nothing" test ! -s "$OUT"

# The account menu's pager: n to the last page, n again says so, p back;
# it never tells a person to type a command-line option.
play_input '2\nalice\nsecret-pass-1\n5\nn\nn\np\np\n\n0\n0\n'
check "the pager goes to the next page" has "page 2 of 2 (15 in all)"
check "n on the last page says so" has "This is the last page."
check "p on the first page says so" has "This is the first page."
check "the pager stays within the pages" hasnt "page 3 of 2"
check "the pager names no command-line option" hasnt "--page"
check "the pager returns to the menu" status_is 0

# Replay: the last position with the winning five marked, then stepping.
play_input 'first\nn\n3\nlast\nbogus\nq\n' replay 1
check "replay starts at the last move" has "Move 9 of 9."
check "replay marks the five" has "[●][●][●][●][●]"
check "replay steps to the start and forward" has "Move 1 of 9."
check "replay jumps to a move number" has "Move 3 of 9."
check "replay explains bad commands" has "Type n (next)"
play_input '' replay 999
check "replay of no such match exits 1" status_is 1

# Export: the real match as PSQ (times vary; the rest is exact).
play_input '' export 1
sed 's/^\([0-9]*,[0-9]*\),[0-9]*$/\1,T/' "$OUT" >"$E2E_DIR/got.psq"
printf 'Piskvorky 15x15, 0:0, 0\n8,8,T\n1,1,T\n9,8,T\n2,1,T\n10,8,T\n3,1,T\n11,8,T\n4,1,T\n12,8,T\nbob\nalice\n0\n' >"$E2E_DIR/want.psq"
check "export writes the match as PSQ" cmp -s "$E2E_DIR/got.psq" "$E2E_DIR/want.psq"
play_input '' export 1 --format moves
check "export --format moves writes the move list" \
	test "$(cat "$OUT")" = "h8 a1 i8 b1 j8 c1 k8 d1 l8"

# Import a hand-checked PSQ, export it again byte for byte, replay it.
here=$(dirname "$E2E_LIB")
printf 'Piskvorky 15x15, 0:0, 0\n8,8,1500\n9,9,2250\n9,8,900\n10,10,3000\n10,8,1200\n11,11,800\n11,8,4100\n7,7,650\n12,8,2000\nblackstone\nwhitestone\n0\n' >"$E2E_DIR/game.psq"
play_input '' import "$E2E_DIR/game.psq"
check "import stores the game" has "Imported 9 moves as match"
id=$(db "SELECT max(id) FROM matches WHERE kind = 'imported'")
play_input '' export "$id" -o "$E2E_DIR/again.psq"
check "export of an imported game gives back the same bytes" \
	cmp -s "$E2E_DIR/game.psq" "$E2E_DIR/again.psq"
# -o FILE: never over the database (by device and inode: a hard link is
# caught too), never through a symbolic link, never half written.
dbsum=$(cksum <"$GOMOKU_DB")
play_input '' export "$id" -o "$GOMOKU_DB"
check "export -o refuses to write over the database it reads (exit 1)" \
	sh -c '[ "$1" -eq 1 ] && [ "$(cksum <"$2")" = "$3" ]' - "$status" \
	"$GOMOKU_DB" "$dbsum"
check "and says why" err_has "is the club's database"
ln "$GOMOKU_DB" "$E2E_DIR/other-name.db"
play_input '' export "$id" -o "$E2E_DIR/other-name.db"
check "export -o refuses another name (hard link) of the database" \
	sh -c '[ "$1" -eq 1 ] && [ "$(cksum <"$2")" = "$3" ]' - "$status" \
	"$GOMOKU_DB" "$dbsum"
rm -f "$E2E_DIR/other-name.db"
printf 'keep me\n' >"$E2E_DIR/target.txt"
ln -s "$E2E_DIR/target.txt" "$E2E_DIR/link.psq"
play_input '' export "$id" -o "$E2E_DIR/link.psq"
check "export -o does not follow a symbolic link (exit 1, target kept)" \
	sh -c '[ "$1" -eq 1 ] && [ "$(cat "$2")" = "keep me" ] &&
	       [ -L "$3" ]' - "$status" "$E2E_DIR/target.txt" "$E2E_DIR/link.psq"
check "and says so" err_has "is a symbolic link"
# A run stopped half-way (here: a file size limit of 0 blocks, which
# kills a writer at its first byte) leaves the old file whole; another
# process holds the database open, so opening it writes nothing.
printf 'old export\n' >"$E2E_DIR/cut.psq"
rm -f "$E2E_DIR/holder.fifo"
mkfifo "$E2E_DIR/holder.fifo"
"$GOMOKU_BIN" <"$E2E_DIR/holder.fifo" >"$E2E_DIR/holder.out" 2>&1 &
holder=$!
exec 9>"$E2E_DIR/holder.fifo"
_w=0
until grep -q 'Quit' "$E2E_DIR/holder.out"; do
	[ "$_w" -lt $((20 * WAIT_S)) ] || gave_up "the holder's menu" || break
	sleep 0.05
	_w=$((_w + 1))
done
(ulimit -f 0 && exec "$GOMOKU_BIN" export "$id" -o "$E2E_DIR/cut.psq") \
	>/dev/null 2>&1
check "an export stopped half-way leaves the old file whole" \
	test "$(cat "$E2E_DIR/cut.psq")" = "old export"
exec 9>&-
wait "$holder"
# (a writer killed so cannot remove its hidden temporary file itself)
rm -f "$E2E_DIR"/.cut.psq.*
play_input '' export "$id" -o "$E2E_DIR/cut.psq"
check "and a whole export replaces it in one step" \
	cmp -s "$E2E_DIR/game.psq" "$E2E_DIR/cut.psq"
check "leaving no temporary file beside it" \
	test "$(find "$E2E_DIR" -name '.cut.psq.*' | wc -l)" -eq 0
play_input 'q\n' replay "$id"
check "an imported game replays to the last move" has "Move 9 of 9."
check "the imported winner is shown" has "Black won (five)"
check "imported games count for nobody" \
	test "$(db 'SELECT sum(games) FROM players')" = \
	"$(db "SELECT 2 * count(*) FROM matches WHERE kind = 'ranked' AND status = 'finished'")"

# From the menus: Match history, i, the imported games, one replayed.
play_input "2\ncarol\nsecret-pass-3\n0\n5\ni\n$id\nq\n\n\n0\n0\n"
check "Match history offers the imported games" \
	has "i for the imported games"
check "i lists the imported games with both names" \
	sh -c 'grep -q "^Imported games: page 1 of 1 (1 in all)$" "$1" &&
		grep -Eq "^ *$2  [0-9-]+  blackstone +whitestone +gomoku +Black won \(five\) +9$" "$1"' \
	- "$OUT" "$id"
# (before, the table took 97 columns and wrapped on an 80-column terminal)
check "the imported games' table fits 79 columns" sh -c \
	'sed -n "/^Imported games: page/,/^Match number/p" "$1" |
		grep -v "^Match number" >"$1.table" &&
	[ "$(wc -l <"$1.table")" -ge 3 ] &&
	[ "$(LC_ALL=C.UTF-8 wc -L <"$1.table")" -le 79 ]' - "$OUT"
check "a number there replays that game" has "Move 9 of 9."
check "Enter goes back to the history, then to the menu (exit 0)" \
	sh -c '[ "$(grep -c "i for the imported games" "$1")" -eq 2 ] &&
		[ "$2" -eq 0 ]' - "$OUT" "$status"
play_input "2\ncarol\nsecret-pass-3\n0\n5\ni\n\n\n0\n0\n" --lang zh
check "the imported games in Chinese" has "导入的对局：第 1 页，共 1 页（共 1 局）"

printf 'h8\n' >"$E2E_DIR/one.txt"
play_input '' import "$E2E_DIR/one.txt"
check "one move is one move, not one moves" has "Imported 1 move as match"
play_input '' import "$E2E_DIR/one.txt" --lang zh
check "and in Chinese, with no plural" has "已导入 1 手"

# A PSQ file cannot say how a game without five in a row ended: its
# result is unknown, never an agreed draw; a timeout end code is kept.
printf 'Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\nann\nben\n0\n' >"$E2E_DIR/open.psq"
play_input '' import "$E2E_DIR/open.psq"
id=$(db "SELECT max(id) FROM matches WHERE kind = 'imported'")
check "an import without five is not stored as a draw" \
	test "$(db "SELECT status || '|' || coalesce(result, '-') || '|' || coalesce(reason, '-') FROM matches WHERE id = $id")" = "unfinished|-|-"
play_input 'q\n' replay "$id"
check "its replay says the result is unknown" has "result unknown"
printf 'Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\nann\nben\n15\n' >"$E2E_DIR/late.psq"
play_input '' import "$E2E_DIR/late.psq"
check "an import's timeout end code is kept (black to move lost)" \
	test "$(db "SELECT result || ' ' || reason FROM matches WHERE id = (SELECT max(id) FROM matches)")" = "white timeout"

printf 'Piskvorky 15x15, 0:0, 0\n8,8,0\n8,8,0\n' >"$E2E_DIR/bad.psq"
before=$(db 'SELECT count(*) FROM matches')
play_input '' import "$E2E_DIR/bad.psq"
check "a repeated point is refused with its line" err_has "line 3"
check "a refused import exits 1" status_is 1
check "a refused import writes nothing" \
	test "$(db 'SELECT count(*) FROM matches')" = "$before"
sed '11s/.*/11;8;1203\r/' "$here/../data/piskvork-crlf.psq" >"$E2E_DIR/crlf.psq"
play_input '' import "$E2E_DIR/crlf.psq"
check "a broken last move in a CRLF file is named by its line" \
	err_has "line 11: this is not a move"
sed '3s/.*/11 9 1625\r/' "$here/../data/piskvork-crlf.psq" >"$E2E_DIR/crlf.psq"
play_input '' import "$E2E_DIR/crlf.psq"
check "a broken line 3 is reported as line 3" \
	err_has "line 3: this is not a move"
printf 'Piskvorky 15x15, 0:0, 0\n8,8,0\n9,' >"$E2E_DIR/cut.psq"
play_input '' import "$E2E_DIR/cut.psq"
check "a truncated file is refused" err_has "stops inside a move"
: "$here"

# Listings for scripts keep their English words in every language.
play_input '' history alice --format tsv --lang zh --page 2
check "history TSV words stay English under --lang zh" \
	grep -q "	bob	white	gomoku	freestyle	lost	five	9	" "$OUT"
# (page 2 holds match 1, which alice lost to bob's five; the colours of
# the later matches come from the secure coin flip, page 1 varies)
play_input '' history alice --lang zh --page 2
check "the history table speaks Chinese" has "负（连五）"

# The history table fits an 80-column terminal in both languages, a
# 20-letter opponent whole where the columns leave room (a window too
# narrow cuts it with an ellipsis: test_screens; TSV always has it).
play_input 'twenty_letters_name1\nTwenty\nsecret-pass-4\nsecret-pass-4\n' \
	register
play_input 'secret-pass-1\nsecret-pass-4\n1 1\n2 1\n1 2\n2 2\n1 3\n' \
	play alice twenty_letters_name1 --variant tictactoe --seed 3
fits_80() { [ "$(LC_ALL=C.UTF-8 wc -L <"$OUT")" -le 80 ]; }
play_input '' history alice
check "the history table fits 80 columns" fits_80
check "a 20-letter opponent is whole at 80 columns" \
	grep -Eq "  twenty_letters_name1  (black|white)  " "$OUT"
play_input '' history alice --lang zh
check "the Chinese history table fits 80 columns" fits_80
play_input '' history alice --format tsv
check "TSV gives the opponent whole" has "	twenty_letters_name1	"
