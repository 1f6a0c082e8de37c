# End-to-end: every screen of the full-screen program but the game's
# own (test_layout.sh has that), as a player reaches it, at 80x24,
# 100x30, 120x40 and 44x18, in English and Chinese (LANG zh_CN.UTF-8),
# in tmux: the main menu, register, log in, the account menu, the
# leaderboard, My record, Match history, a replay, its analysis, the
# whole game analysed (the graph), watching a match, a guest game, its
# help box, Preferences, the end-of-game box and a ranked match's (its
# rematch question). Each
# capture is checked mechanically (nothing cut at the right edge, no
# word cut, the screen's own lines whole, a box showing nothing of the
# page beneath) and compared with its reviewed capture in tests/screens/
# (GOMOKU_SCREENS_UPDATE=1 writes them); a table's rows ($ROWS) are
# each on one line at every size. One session per screen and language,
# resized through the sizes. Then the tables on the line interface, in
# a terminal 44 columns wide. The README's screens are made
# from these captures (tests/screens/readme.sh; test_readme.sh checks
# them). Skipped, saying so, when tmux is missing.
. "$E2E_LIB"

need_tmux
# (the names, the date written for today, the board's column letters)
DATA_WORDS="alice bob yyyy mm dd a b c d e f g h i j k l m n o"
. "$(dirname "$E2E_LIB")/screens.sh"

# ---- The club: two players, a ranked match, one against the computer ------

play_input 'screens-pass-alice\nscreens-pass-alice\n' register alice \
	--nickname Alice
play_input 'screens-pass-bob-1\nscreens-pass-bob-1\n' register bob \
	--nickname Bob
# match 1: Bob (black) wins a tic-tac-toe match against Alice
ranked_as Bob black 'screens-pass-alice\nscreens-pass-bob-1\n' \
	'a1\nb1\na2\nb2\na3\nn\n' play alice bob --variant tictactoe --plain
check "the club: Bob beat Alice in a ranked match" has "Bob wins"
# match 2: Bob plays the computer, which opens; left unfinished (to
# watch)
play_input 'screens-pass-bob-1\nh8\nh9\nq\n' play bob --ai 1 --seed 7 \
	--first computer --plain
check "the club: Bob's match against the computer is unfinished" \
	has "saved unfinished"
# the dates shown are the stored ones, whatever the day the test runs
# (2026-01-02 10:00 UTC); a login's own date is written YYYY-MM-DD in
# the captures (see today())
db "UPDATE players SET created_at = 1767348000,
	last_login_at = 1767348000"
check "the club: the players' dates set" test $? -eq 0
: >"$OUT" # the checks below read captures of their own
: >"$ERR"

# ---- Helpers -----------------------------------------------------------------

# The words of each msgid ($1...) in the language $LANG_NOW (en or zh,
# from po/zh_CN.po), one a line; each up to its first conversion (%s...),
# so a prefix to wait for or to find whole.
texts() {
	if [ "$LANG_NOW" = zh ]; then
		printf '%s\n' "$@" | awk '
			NR == FNR { want[NR] = $0; n = NR; next }
			/^msgid "/ { id = substr($0, 8, length($0) - 8); next }
			/^msgstr "/ { for (i = 1; i <= n; i++) if (want[i] == id)
				got[i] = substr($0, 9, length($0) - 9) }
			END { for (i = 1; i <= n; i++) print got[i] }' - \
			"$PO/zh_CN.po"
	else
		printf '%s\n' "$@"
	fi | sed 's/%.*//; s/ *$//'
}

# Wait until pane $1 shows msgid $2 in the language $LANG_NOW.
wait_tx() { wait_for "$1" "$(texts "$2")"; }

# Type the line $2 and Enter in pane $1.
line() { keys "$1" -l "$2" && keys "$1" Enter; }

# No text in capture $1 is cut at the right edge (its $2 columns): a
# line that reaches the last column ends there with a closing ")", a
# Chinese character (which may end a line anywhere) or a box's edge.
edge_clear() {
	perl -CSD -e "$CELLS_PL"'
		my $w = shift;
		while (my $l = <STDIN>) {
			chomp $l;
			my @c = cells($l);
			next if @c < $w || $c[$w - 1] eq " ";
			my $end = $c[$w - 1] eq "" ? $c[$w - 2] : $c[$w - 1];
			if (@c > $w || $end !~ /^[)─]$|$wide/) {
				print "# line $. reaches the right edge: $l\n";
				exit 1;
			}
		}' "$2" <"$1"
}

# Today's date in capture $1 (a login's, shown in My record) written
# YYYY-MM-DD, the same width: the capture is the same on any day.
today() {
	sed "s/$(date -u +%F)/YYYY-MM-DD/g" "$1" >"$1.day" && mv "$1.day" "$1"
}

# Each line of $T/want is in capture $1, whole, or as the program
# abbreviates a menu item too wide for the window: its first words, then
# "...".
whole_lines() {
	perl -CSD -e '
		local $/; open my $w, "<", $ARGV[1] or die; my @want = split /\n/, <$w>;
		open my $f, "<", $ARGV[0] or die; my $c = <$f>;
		my @cut = map { /^ *\d+  (.*)\.\.\.$/ ? $1 : () } split /\n/, $c;
		for my $t (@want) {
			next if index($c, $t) >= 0;
			next if grep { index($t, "$_ ") == 0 } @cut;
			print "# not shown whole: $t\n";
			exit 1;
		}' "$1" "$T/want"
}

# Each line of $ROWS (extended regular expressions: a table's rows)
# matches a line of capture $1: the row is whole on its line, not
# wrapped onto the next.
rows_whole() {
	printf '%s\n' "$ROWS" | while IFS= read -r _r; do
		[ -z "$_r" ] || grep -Eq -- "$_r" "$1" || {
			echo "# no line is the row: $_r"
			return 1
		}
	done
}

# Check capture $T/$1.txt and compare it with the reviewed one: nothing
# cut at the right edge ($2 columns), no word cut, each line of
# $T/want shown whole (or, for a board too big for the window, the
# message saying so), each row of $ROWS on one line, with $3 = box the
# box hiding the page beneath.
screen_checks() {
	_n=$1 _f=$T/$1.txt
	check "$_n: nothing goes past the right edge" edge_clear "$_f" "$2"
	check "$_n: no word cut" words_whole "$_f"
	[ -n "$ROWS" ] && check "$_n: the table's rows each on one line" \
		rows_whole "$_f"
	[ "${3:-}" = box ] &&
		check "$_n: its box shows nothing of the page beneath" \
			box_clear "$_f" "$2"
	if grep -qF -e "Make the window" -e "窗口" "$_f"; then
		check "$_n: too small for the board, and it says so whole" \
			grep -q -e "the board\.\$" -e "棋盘。\$" "$_f"
	elif [ -s "$T/want" ]; then
		check "$_n: its own lines shown whole" whole_lines "$_f"
	fi
	reviewed "$_n"
}

# Screen $1, in pane s, already at 80x24: capture it, then resize the
# pane to each other size and capture it again; check each (with "box"
# as $2, its box; the msgids after it shown whole).
sizes() {
	_s=$1 _box=
	shift
	[ "${1:-}" = box ] && _box=box && shift
	: >"$T/want"
	if [ $# -gt 0 ]; then
		texts "$@" >"$T/want"
		check "$_s-$LANG_NOW: its msgids are in the catalog" \
			sh -c '! grep -qx "" "$1"' - "$T/want"
	fi
	: >"$T/drawn.prev"
	for _sz in 80x24 100x30 120x40 44x18; do
		_c=$_s-$_sz-$LANG_NOW
		if [ "$_sz" = 80x24 ]; then
			wait_until drawn s "$T/$_c.txt"
		else
			resized s "${_sz%x*}" "${_sz#*x}" "$T/$_c.txt"
		fi
		today "$T/$_c.txt"
		screen_checks "$_c" "${_sz%x*}" "$_box"
	done
	tmux -S "$SOCK" kill-session -t s
}

# A session s at 80x24 running `gomoku ARGS...` in language $LANG_NOW.
open() {
	if [ "$LANG_NOW" = zh ]; then _l=zh_CN.UTF-8; else _l=C.UTF-8; fi
	rm -f "$T/st"
	session s "env TERM=xterm-256color LANG=$_l TZ=UTC \
		GOMOKU_DB=$GOMOKU_DB ${GOMOKU_VG:-} $GOMOKU_BIN $*; $AFTER" 80 24
}

# Log alice in from the main menu of pane s: the account menu.
login_alice() {
	wait_tx s "Choose: " && keys s 2
	wait_tx s "Username: " && line s alice
	wait_tx s "Password for %s: " && line s screens-pass-alice
	wait_tx s "Refuse challenges"
}

# A ranked hot-seat match of tic-tac-toe, alice against bob, in a
# session s at 80x24 running on a club of their own ($T/rematch.db,
# made anew), once the secure coin flip gave alice black (a run that
# gave her white is left before any move, its empty match deleted, and
# tried again): alice wins it and the end box asks the rematch.
rematch() {
	_db=$GOMOKU_DB _try=0
	GOMOKU_DB=$T/rematch.db
	rm -f "$GOMOKU_DB"*
	play_input 'screens-pass-alice\nscreens-pass-alice\n' register alice \
		--nickname Alice
	play_input 'screens-pass-bob-1\nscreens-pass-bob-1\n' register bob \
		--nickname Bob
	while [ $_try -lt 40 ]; do
		_try=$((_try + 1))
		open play alice bob --variant tictactoe
		wait_tx s "Password for %s: " && line s screens-pass-alice
		wait_for s "bob" && line s screens-pass-bob-1
		wait_tx s "Type a move (%s) or a command; ? helps"
		# (no stone on the board yet: the ● is the panel's black)
		pane s | grep -q "●.*Alice" && break
		keys s Escape
		wait_tx s "Leave this game?" && keys s y
		wait_until test -e "$T/st"
		tmux -S "$SOCK" kill-session -t s
		db "DELETE FROM matches WHERE status =
			'unfinished' AND NOT EXISTS (SELECT 1 FROM match_moves
			WHERE match_id = id)"
	done
	for m in a1 b1 a2 b2 a3; do line s "$m"; done
	GOMOKU_DB=$_db
	wait_tx s "Rematch (colours swapped)?"
}

# ---- The screens ---------------------------------------------------------------
ROWS=

for LANG_NOW in en zh; do
	open
	wait_tx s "Choose: "
	sizes menu "Register" "Log in" "Leaderboard" "Quick game (guests)" \
		"Watch a game" "Quit"

	open
	wait_tx s "Choose: " && keys s 1
	wait_tx s "Username: "
	sizes register "Username: "

	open
	wait_tx s "Choose: " && keys s 2
	wait_tx s "Username: " && line s alice
	wait_tx s "Password for %s: "
	sizes login "Log in"

	open
	login_alice
	# (at 44x18 the menu shows the items around the highlighted first)
	sizes account "Ranked match" "Play the computer" "My record" \
		"Change password" "Players online" "Answer a challenge"

	open
	wait_tx s "Choose: " && keys s 3
	wait_for s "1520"
	# (at 44x18 it wrapped in mid-table, the ratings on lines of their own)
	ROWS='^ +1  bob .*1520\? +100%$
^ +2  alice .*1480\? +0%$'
	sizes leaderboard "Leaderboard" "Quick game (guests)"
	ROWS=

	open
	login_alice && keys s 3
	wait_for s "1480"
	sizes record "My record"

	# the lobby, no seek open: its prompt up while it waits for seeks
	open
	login_alice && keys s 1 2
	wait_tx s "A seek's number to play it, p to post your own, Enter to go back: "
	sizes lobby "Find a game" "No open seeks now."

	open
	login_alice && keys s 5
	# alice's one match, lost to bob (its opponent only in the table)
	wait_for s "bob"
	# the row's number, opponent and result on one line
	ROWS="^1  .*bob .*$(texts "lost")"
	sizes history "Match history"
	ROWS=

	open
	login_alice && keys s 1 1
	wait_tx s "Move confirmation (a second key press): %s"
	sizes prefs "Language: %s" "Stones: %s" "Colours: %s" \
		"Level against the computer: %s" \
		"Move confirmation (a second key press): %s" \
		"Challenges at login: %s" "Back"

	open replay 1
	wait_for s " 3  ●"
	sizes replay

	open replay 1
	wait_for s " 3  ●" && keys s Left Left a
	# the computer's view of the position, under the keys: "Black wins
	# by force; best a3"
	wait_until sh -c 'tmux -S "$1" capture-pane -p -t s | sed -n 5p |
		grep -q a3' - "$SOCK"
	sizes analysis

	# the whole game analysed (kept after the first language's, so the
	# second reads it from the store), at move 3: its judgement, the
	# computer's move marked, the graph, the moves
	open replay 1
	wait_for s " 3  ●" && keys s A
	wait_tx s "A: the replay  q: back" && keys s Left Left
	wait_until sh -c 'tmux -S "$1" capture-pane -p -t s | sed -n 2p |
		grep -q "  3\. "' - "$SOCK"
	sizes game-analysis "Analysis of match %lld" "A: the replay  q: back"

	open watch 2
	wait_tx s "Watching (read-only): q or Esc stops."
	sizes watch "Watching (read-only): q or Esc stops."

	open play --seed 1
	wait_tx s "Type a move (%s) or a command; ? helps"
	for m in h8 i7 h9 j6; do line s "$m"; done
	keys s Left
	wait_for s "[·] ○"
	sizes game "Type a move (%s) or a command; ? helps"

	open play --seed 1
	wait_tx s "Type a move (%s) or a command; ? helps" && keys s '?'
	wait_tx s "Press any key."
	sizes help box "Help"

	open play --variant tictactoe --seed 1
	wait_tx s "Type a move (%s) or a command; ? helps"
	for m in a1 b1 a2 b2 a3; do line s "$m"; done
	# the one question of the end box
	wait_tx s "Play another game?"
	sizes end box "Play another game?"

	rematch
	sizes rematch box "Rematch (colours swapped)?"
done

# ---- The tables on the line interface, in a terminal 44 columns wide ----

# `gomoku ARGS...` run in a 44x18 terminal (no full-screen: a listing),
# its output captured into $T/$1.txt once it has ended.
line_table() {
	_n=$1
	shift
	rm -f "$T/st"
	session s "env TERM=xterm-256color LANG=C.UTF-8 TZ=UTC \
		GOMOKU_DB=$GOMOKU_DB ${GOMOKU_VG:-} $GOMOKU_BIN $*; $AFTER" 44 18
	wait_until test -e "$T/st"
	pane s >"$T/$_n.txt"
	today "$T/$_n.txt"
	tmux -S "$SOCK" kill-session -t s
}
# (before, the terminal wrapped the rows of 79 columns; the line
# interface's prose, such as the leaderboard's legend, is the terminal's
# to wrap)
line_table history-lines-44x18-en history alice
ROWS='^1  bob +white +lost \(row of 3\)$'
check "history in 44 columns: its row on one line" \
	rows_whole "$T/history-lines-44x18-en.txt"
reviewed history-lines-44x18-en
line_table leaderboard-lines-44x18-en leaderboard
ROWS='^ +1  bob .*1520\? +100%$
^ +2  alice .*1480\? +0%$'
check "the leaderboard in 44 columns: its rows each on one line" \
	rows_whole "$T/leaderboard-lines-44x18-en.txt"
reviewed leaderboard-lines-44x18-en
ROWS=
