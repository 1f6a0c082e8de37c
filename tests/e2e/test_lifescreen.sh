# End-to-end: a match has one life (issue 41), the full-screen parts, in
# real terminals (tmux, see tmux.sh) beside line-mode processes on FIFOs
# (procs.sh), all on one database.
#
# - Presence follows the store: alice plays bob from two terminals,
#   she full-screen (`gomoku challenge bob`), he in line mode; bob
#   resigns. While alice is still on her end-of-game box, carol's
#   Players online (line mode) does not show her "playing", nor does
#   the web's home page (`gomoku serve`, read-only, curl).
# - A long-running watcher reads the ratings when the match it watches
#   starts: two full-screen watchers, started before that match (one at
#   the main menu, logged out; one logged in as carol), follow it to its
#   end from "Watch a game", then watch alice's next match: their panels
#   show alice's rating as it is now, not the 1500 she started with.
# - The analysis of a tic-tac-toe match says "(row of 3)", never
#   "(five)", at its foot (the replay's line, full-screen).
# Skipped, saying so, without tmux.
. "$E2E_LIB"

need_tmux
pw() { echo "lifescreen-pass-$1-ok"; }
. "$(dirname "$E2E_LIB")/procs.sh"
# (the panes are named alicep, watch1, watch2 and replayp: a one-letter
# name can also match the start of a window name, such as a shell's)

for u in alice bob carol; do
	play_input "\n$(pw $u)\n$(pw $u)\n" register "$u"
done
check "lifescreen: alice, bob and carol are registered" status_is 0

# Type TEXT into pane $1 and Enter.
enter() { keys "$1" -l "$2" && keys "$1" Enter; }

# Log $2 in on pane $1, from the full-screen main menu.
log_in() {
	wait_for "$1" "  2  Log in" && keys "$1" 2
	wait_for "$1" "Username:" && enter "$1" "$2"
	wait_for "$1" "Password for $2:" && enter "$1" "$(pw "$2")"
	wait_for "$1" "Gomoku Club: $2"
}

# alice's rating now, as a panel shows it ("1520").
rating_now() {
	db "SELECT printf('%.0f', rating) FROM players WHERE username = 'alice'"
}

# ---- The watchers, started before the matches --------------------------------

start_as watch1
check "watchers: one at the main menu, logged out" \
	wait_for watch1 "  5  Watch a game"
start_as watch2
check "watchers: one logged in as carol" log_in watch2 carol

# bob, in line mode, at his account menu
log_in_proc() {
	start_proc "$1" "$2"
	type_to "$2" "2\n$3\n$(pw "$3")\n"
	wait_out "$1" "Gomoku Club: $3"
}
log_in_proc b 7 bob

# challenge N: alice, full-screen on pane alicep, challenges bob; bob
# accepts (9, y): the Nth match between them starts. Sets $mid, $black.
challenge() {
	tmux -S "$SOCK" kill-session -t alicep 2>/dev/null
	start_as alicep challenge bob
	wait_for alicep "Username:" && enter alicep alice
	wait_for alicep "Password for alice:" && enter alicep "$(pw alice)"
	wait_for alicep "Challenge sent to bob"
	type_to 7 "9\ny\n"
	wait_out b "from two terminals." "$1"
	mid=$(grep -o 'Match [0-9]*: you play ' "$E2E_DIR/b.out" |
		tail -n 1 | tr -dc 0-9)
	black=$(db "SELECT p.username FROM matches m JOIN players p
		ON p.id = m.black_id WHERE m.id = $mid")
	wait_for alicep "Move 1, last: -"
}

# watch_in PANE ITEM: on PANE, the menu's "Watch a game" (ITEM), match
# $mid.
watch_in() {
	keys "$1" "$2"
	wait_for "$1" "Match to watch" && enter "$1" "$mid"
	wait_for "$1" "Watching match $mid"
}

# ---- A match ends; alice stays on her end-of-game box -----------------------

challenge 1
first=$mid
check "match: alice (full-screen) and bob (line mode) play match $mid" \
	[ "$(db "SELECT kind || status FROM matches WHERE id = $mid")" = \
		rankedunfinished ]
check "watchers: the logged-out one follows it" watch_in watch1 5
check "watchers: carol's follows it" watch_in watch2 7
# two moves (h8, a1), typed at each side's turn, then bob resigns
if [ "$black" = alice ]; then
	enter alicep h8
	wait_out b "bob ○> "
	type_to 7 "a1\n"
	wait_for alicep "Move 3, last: a1"
	wait_out b "Waiting for alice to move" 2
else
	wait_out b "bob ●> "
	type_to 7 "h8\n"
	wait_for alicep "Move 2, last: h8"
	enter alicep a1
	wait_out b "bob ●> " 2
fi
bob_menus=$(grep -c "Gomoku Club: bob" "$E2E_DIR/b.out")
type_to 7 "resign\ny\n"
check "match: bob resigns; alice's end-of-game box says so" \
	wait_for alicep "bob resigned"
check "match: ... and offers the rematch: she is on the box" \
	wait_for alicep "r: a rematch, colours swapped"
check "match: the record says alice won by resignation" \
	[ "$(db "SELECT status || ' ' || reason FROM matches
		WHERE id = $mid")" = "finished resign" ]

# ---- Presence: a finished match is not "playing" ----------------------------
# (Each is read once, after alice's box is up: by then the store holds
# the match finished, and what is said of it comes from the store.)

# carol, in line mode, lists who is online (8; Enter: back)
log_in_proc c 8 carol
type_to 8 "8\n\n"
wait_out c "Gomoku Club: carol" 2
sed -n '/^Players online:/,/^Player to challenge/p' "$E2E_DIR/c.out" \
	>"$OUT"
check "presence: alice is listed online (guard)" \
	grep -Eq '^  alice +alice ' "$OUT"
check "presence: alice, on her end-of-game box, is not shown playing" \
	sh -c '! grep -E "^  alice +alice " "$1" | grep -q playing' - "$OUT"
type_to 8 "0\n0\n"
close_proc c 8

# The web's home page, read-only, at a free port of 127.0.0.1 (as
# test_web.sh's): its Players online list, <ul id="online">...</ul>
# (curl is one of the tests' dependencies, tests/deps.sh). Bob's FIFO is
# closed for the server (serve_start closes them): else it would hold his
# input open.
serve_start
curl -s "$URL/" | sed -n '/<ul id="online">/,/<\/ul>/p' >"$OUT"
check "web: alice is listed online (guard)" \
	grep -q 'href="/player/alice"' "$OUT"
check "web: the home page does not show alice playing a finished match" \
	sh -c '! grep "href=\"/player/alice\"" "$1" | grep -q playing' \
	- "$OUT"

# ---- A long-running watcher: alice's next match, her rating now --------------

for p in watch1 watch2; do
	wait_for "$p" "Replay it? (y/n)" && keys "$p" n
done
check "watchers: back at the main menu" wait_for watch1 "  5  Watch a game"
check "watchers: ... and carol's at her account menu" \
	wait_for watch2 "  7  Watch a game"
keys alicep n # any key: the box goes, the challenge ends
wait_until test -e "$T/alicep.st"
wait_out b "Gomoku Club: bob" $((bob_menus + 1))
now=$(rating_now)
check "alice's rating changed with her win ($now)" [ "$now" != 1500 ]
challenge 2
check "next: alice and bob play another match, $mid" [ "$mid" -gt "$first" ]
# panel PANE: the panel's lines of the two sides, into $OUT
panel() { pane "$1" | grep -oE '(Black|White)  .*' >"$OUT"; }
for p in watch1 watch2; do
	watch_in "$p" "$([ "$p" = watch1 ] && echo 5 || echo 7)"
	wait_for "$p" "alice ("
done
panel watch1
check "watchers: the logged-out watcher shows alice ($now)" \
	has "alice ($now)"
panel watch2
check "watchers: carol's watcher shows alice ($now)" has "alice ($now)"
# Each program ends as a player leaves it: bob's input ends (while
# alice's program still runs: he leaves the match, then his menu);
# alice leaves with Esc, y; the watchers stop (q) and quit (0).
close_proc b 7
keys alicep Escape
wait_for alicep "Leave this game? (y/n)" && keys alicep y
keys watch1 q
wait_for watch1 "  0  Quit" && keys watch1 0
keys watch2 q
wait_for watch2 "  0  Log out" && keys watch2 0
wait_for watch2 "  0  Quit" && keys watch2 0
ended() { test -e "$T/alicep.st" -a -e "$T/watch1.st" -a -e "$T/watch2.st"; }
wait_until ended
for p in alicep watch1 watch2; do
	echo "$p: status $(cat "$T/$p.st" 2>/dev/null)"
done >"$OUT"
check "the watchers end cleanly (status 0)" \
	[ "$(cat "$T/watch1.st" "$T/watch2.st" 2>/dev/null | tr -d '\n')" = 00 ]
for p in watch1 watch2 alicep; do
	tmux -S "$SOCK" kill-session -t "$p"
done

# ---- The analysis of a tic-tac-toe match: three in a row ---------------------

# a ranked hot-seat tic-tac-toe match: black a1 b1 c1, white a2 b2
play_input "$(pw alice)\n$(pw carol)\n1 1\n2 1\n1 2\n2 2\n1 3\nn\n" \
	play alice carol --variant tictactoe --plain
tt=$(db "SELECT max(id) FROM matches")
check "tictactoe: the match is won with three in a row, saved" \
	sh -c 'grep -qF "Match $1 saved." "$2"' - "$tt" "$OUT"
start_as replayp replay "$tt"
wait_for replayp "Replay of match $tt" && keys replayp A
check "tictactoe: A shows the analysis of the match" \
	wait_for replayp "Analysis of match $tt"
pane replayp | grep -F "Match $tt: " >"$OUT"
check "tictactoe: the analysis's foot says (row of 3)" \
	has "Black won (row of 3)"
check "tictactoe: ... never (five)" hasnt "(five)"
# q leaves the analysis, and the replay (q again, if it is back there)
keys replayp q
replay_left() {
	test -e "$T/replayp.st" && return 0
	shows replayp "Replay of match $tt" && keys replayp q
	return 1
}
wait_until replay_left
tmux -S "$SOCK" kill-session -t replayp
serve_stop
vg_seen "$status" "$E2E_DIR/serve.err"

# ---- Swap2: who places and who chooses; Esc in the choice box ----------------

# a guest swap2 game: the panel names the seat placing the three stones
# and the one to choose next, not one player as both colours
start_as swap play --opening swap2 --seed 3
wait_for swap "last: -"
check "swap2: the panel says who places the opening stones" \
	wait_for swap "places the three opening stones"
check "swap2: ... and who chooses next" shows swap "chooses next"
for m in h8 i9 j10; do
	keys swap -l ":$m" && keys swap Enter
done
check "swap2: the choice's box says what Esc does" \
	wait_for swap "Esc: leave the game"
keys swap Escape
check "swap2: Esc in the choice's box asks before leaving" \
	wait_for swap "Leave this game? (y/n)"
keys swap n
check "swap2: n: the choice is asked again" \
	wait_for swap "Esc: leave the game"
keys swap 1
check "swap2: then the colours are given out" \
	wait_for swap "The opening is over"
tmux -S "$SOCK" kill-session -t swap
