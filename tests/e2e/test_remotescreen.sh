# End-to-end: two terminals full-screen (issue 15 on the screens of
# issue 13), in real terminals (tmux, see tmux.sh), three programs on one
# database. B (bob) logs in from the menus and goes to his match history;
# A (alice) challenges him from "Players online"; the challenge shows on
# B's history page and B answers it there with Tab. Both play the ranked
# match on the game screen with the cursor keys, Enter and a mouse click,
# each only on their own turn (the other side says whom it waits for and
# places nothing); a draw offer is declined on the screen, an undo is
# agreed there (both boards and the watcher's go back). W runs
# `gomoku watch MATCH` full-screen and shows every move as it is
# committed, then the result and the replay. A presses r at the end;
# B's box shows the offer, B presses r: the rematch starts, colours
# swapped; after it B offers one from his menu and A declines. Last,
# a challenge that comes while B replays a match full-screen leaves the
# replay as it is.
# Skipped, saying so, without tmux.
. "$E2E_LIB"

need_tmux
# (the sessions are named alicep, bobp and watcher: a one-letter name
# can also match the start of a window name, such as a shell's)

pw() { echo "screen-pass-$1-ok"; }


# Log $2 in on pane $1, from the main menu.
log_in() {
	wait_for "$1" "  2  Log in" && keys "$1" 2
	wait_for "$1" "Username:" && keys "$1" -l "$2" && keys "$1" Enter
	wait_for "$1" "Password for $2:" && keys "$1" -l "$(pw "$2")" &&
		keys "$1" Enter
	wait_for "$1" "Gomoku Club: $2"
}

for u in alice bob carol; do
	play_input "\n$(pw $u)\n$(pw $u)\n" register "$u"
done
check "remotescreen: alice, bob and carol are registered" status_is 0

# ---- A challenge answered from another page ------------------------------

start_as bobp
check "B: bob logs in from the full-screen menus" log_in bobp bob
keys bobp 5
check "B: bob is on his match history page, at its prompt" \
	wait_for bobp "Match history"
start_as alicep
check "A: alice logs in from the full-screen menus" log_in alicep alice
keys alicep 8
wait_for alicep "Player to challenge" && keys alicep -l bob && keys alicep Enter
wait_for alicep "Send this challenge" && keys alicep Enter # the game as shown
check "A: the challenge is sent; A waits for the answer" \
	wait_for alicep "Waiting for the answer"
pane alicep >"$T/challenge-wait"
check "A: the wait is titled Challenge, no menu's keys under it" sh -c '
	head -n 1 "$1" | grep -q "^Challenge" &&
	! grep -q "Up, Down: move" "$1"' - "$T/challenge-wait"
check "B: the challenge is announced on the history page" \
	wait_for bobp "alice challenges you to a ranked match: press Tab"
check "B: a notice above the prompt says how to answer it" \
	wait_for bobp "A challenge is waiting for you: press Tab to answer it."
keys bobp Tab
check "B: Tab asks about the challenge there" \
	wait_for bobp "Accept the challenge? [y/n]"
keys bobp y Enter
check "B: the match is on bob's game screen" wait_for bobp "Move 1, last: -"
check "A: and on alice's" wait_for alicep "Move 1, last: -"
mid=$(db "SELECT max(id) FROM matches")
check "the match is a ranked one between alice and bob" \
	[ "$(db "SELECT kind FROM matches
		WHERE id = $mid")" = ranked ]
if [ "$(db "SELECT p.username FROM matches m
	JOIN players p ON p.id = m.black_id WHERE m.id = $mid")" = alice ]; then
	bp=alicep wp=bobp black=alice white=bob
else
	bp=bobp wp=alicep black=bob white=alice
fi

# ---- The watcher -------------------------------------------------------------

start_as watcher watch "$mid"
check "W: the watched match is on the game screen" \
	wait_for watcher "Watching match $mid: Black to play."
check "W: read-only, the keys say how to leave" \
	wait_for watcher "q, Esc: stop watching"
keys watcher Enter Right Enter
sleep 0.5
check "W: keys do nothing to the board" \
	[ "$(db "SELECT count(*) FROM match_moves
		WHERE match_id = $mid")" -eq 0 ]

# ---- The match, move by move -------------------------------------------------

check "white's screen waits for black" wait_for "$wp" "Waiting for $black..."
keys "$wp" Enter
check "white cannot place on black's turn: it says whom it waits for" \
	wait_for "$wp" "Waiting for $black: type resign to resign, Esc leaves"
check "and nothing was stored" \
	[ "$(db "SELECT count(*) FROM match_moves
		WHERE match_id = $mid")" -eq 0 ]

# move N WHERE PANE KEYS...: the side on PANE, whose screen shows move
# N to play, types KEYS (or, with "click COL LINE", clicks there twice:
# the first click selects, the second places); its opponent's screen
# ($other) and the watcher's then show move N played at WHERE.
move() {
	_n=$1 _at=$2 _p=$3
	shift 3
	wait_for "$_p" "Move $_n, last:" || return 1
	if [ "$1" = click ]; then
		click "$_p" "$2" "$3"
		wait_for "$_p" "[·]" || return 1
		sleep 0.3
		hides "$_p" "Move $((_n + 1)), last:" || return 1
		click "$_p" "$2" "$3"
	else
		keys "$_p" "$@"
	fi
	wait_for "$_p" "Move $((_n + 1)), last: $_at" &&
		wait_for "$other" "Move $((_n + 1)), last: $_at" &&
		wait_for watcher "Move $((_n + 1)), last: $_at"
}

other=$wp
check "move 1: black places on the centre with Enter; both screens show it" \
	move 1 h8 "$bp" Enter
other=$bp
check "move 2: white moves the cursor up and places (h7)" \
	move 2 h7 "$wp" Up Enter
other=$wp
check "move 3: black, cursor down and right (i8)" \
	move 3 i8 "$bp" Down Right Enter
other=$bp
# i7: column i (the 9th), line 7: the pane's 1-based column 3 + 8 * 3 +
# 2, line 7 + 1 (under the label row)
check "move 4: white clicks i7 to select it, again to place" \
	move 4 i7 "$wp" click 29 8
other=$wp
wait_for "$bp" "Move 5, last: i7"
keys "$bp" -l draw && keys "$bp" Enter
check "black types draw: white's screen asks" \
	wait_for "$wp" "$white, $black offers a draw. Do you accept? (y/n)"
keys "$wp" n
check "white declines; black's screen says so" \
	wait_for "$bp" "$white declined the draw. Play on."
check "move 5: black plays on (j8)" move 5 j8 "$bp" Down Right Enter
other=$bp
check "move 6 (j7)" move 6 j7 "$wp" Up Enter
wait_for "$bp" "Move 7, last: j7"
keys "$bp" -l undo && keys "$bp" Enter
check "black types undo: white's screen asks whether to agree" \
	wait_for "$wp" "$white, $black asks to take back their last move. Do you agree?"
keys "$wp" y
check "agreed: black's screen is back at move 5" \
	wait_for "$bp" "Move 5, last: i7"
back_at_5() {
	wait_for "$wp" "Move 5, last: i7" && wait_for watcher "Move 5, last: i7"
}
check "so are white's screen and the watcher's" back_at_5
check "the two moves are gone from the store" [ "$(db \
	"SELECT count(*) FROM match_moves WHERE match_id = $mid")" -eq 4 ]
other=$wp
check "move 5 again (j8)" move 5 j8 "$bp" Down Right Enter
other=$bp
check "move 6 again (j7)" move 6 j7 "$wp" Up Enter
other=$wp
check "move 7 (k8)" move 7 k8 "$bp" Down Right Enter
other=$bp
check "move 8 (k7)" move 8 k7 "$wp" Up Enter
wait_for "$bp" "Move 9, last: k7"
keys "$bp" Down Right Enter
check "move 9 (l8): five in a row, black wins on black's screen" \
	wait_for "$bp" "$black wins with 5 in a row!"
check "and on white's" wait_for "$wp" "$black wins with 5 in a row!"
check "the watcher shows the five and the result, and offers the replay" \
	wait_for watcher "The match is over: $black wins. Replay it? (y/n)"
pane watcher >"$OUT"
check "the watcher's board holds all nine stones, the last one marked" \
	sh -c 'grep -qF " 7  ·  ·  ·  ·  ·  ·  ·  ○  ○  ○  ○  · " "$1" &&
		grep -qF " 8  ·  ·  ·  ·  ·  ·  ·  ●  ●  ●  ● [●] · " "$1"' \
	- "$OUT"
outcome() {
	[ "$(db "SELECT status || result || reason
		FROM matches WHERE id = $mid")" = finishedblackfive ]
}
check "the match is stored: black won with five" wait_until outcome
check "with its nine moves" [ "$(db "SELECT count(*)
	FROM match_moves WHERE match_id = $mid")" -eq 9 ]

keys watcher y
check "W: y replays the match full-screen" wait_for watcher "Move 9 of 9"
keys watcher q
check "W: q leaves; the watch ends with status 0" \
	wait_until test -e "$T/watcher.st"
check "W: status 0" [ "$(cat "$T/watcher.st")" -eq 0 ]

# ---- Play again: r in both end-of-game boxes ----------------------------------
# alice presses r in her box: the rematch is offered, and bob's box,
# still open, says so as it comes; bob presses r in his: both want it,
# it starts at once on both screens, the colours swapped. Black resigns it before a move (aborted); any key then.

check "the end-of-game box offers a rematch" \
	wait_for alicep "r: a rematch, colours swapped"
keys alicep r
check "A: r offers bob the rematch, and waits" \
	wait_for alicep "Rematch offered to bob"
check "B: his open box shows alice's offer as it comes" \
	wait_for bobp "alice offers a rematch: press r to play it."
keys bobp r
both_again() {
	wait_for alicep "Move 1, last: -" && wait_for bobp "Move 1, last: -"
}
check "B: r too: the rematch starts on both screens" both_again
old=$mid
mid=$(db "SELECT max(id) FROM matches")
check "the rematch is a new ranked match, the colours swapped" \
	[ "$(db "SELECT (n.id > o.id) || n.kind ||
		(n.black_id = o.white_id) || (n.white_id = o.black_id)
		FROM matches n, matches o WHERE n.id = $mid AND o.id = $old")" \
	= 1ranked11 ]
keys "$wp" -l resign && keys "$wp" Enter
wait_for "$wp" "$white, do you really want to resign?" && keys "$wp" y
check "resigned before a move: aborted" \
	wait_for "$wp" "Game aborted before both sides had moved"
for p in alicep bobp; do
	wait_for "$p" "Press any key." && keys "$p" n # any key
done
# the page: the game's end at the foot of its text, the menu under it
# (alice's the account menu, bob's his history, where he had answered)
back_on_page() {
	pane alicep >"$T/back"
	grep -q "aborted before both sides had moved" "$T/back" &&
		grep -q "  0  Log out" "$T/back" &&
		pane bobp | grep -q "Match number to replay"
}
check "A and B: back on the page after the match" wait_until back_on_page
# bob goes back to his account menu and offers another (13); alice,
# on hers, answers with Tab and declines: bob is told so. (A declined
# challenger waits before challenging again: bob, who challenges nobody
# below.)
keys bobp Escape
wait_for bobp "13  Rematch alice (colours swapped)" && keys bobp 1 3
check "B: the account menu's 13 offers the rematch" \
	wait_for bobp "Rematch offered to alice"
check "A: the offer is announced on her page" \
	wait_for alicep "bob offers a rematch, colours swapped: press Tab"
keys alicep Tab
wait_for alicep "Accept the rematch? [y/n]"
check "A: the question's page is titled Rematch" titled alicep Rematch
keys alicep n Enter
check "A declines it: B hears so" \
	wait_for bobp "alice declines the rematch."
for p in alicep bobp watcher; do
	tmux -S "$SOCK" kill-session -t "$p"
done

# ---- Swap2 from two terminals, full-screen ----------------------------------
# alice challenges bob with `gomoku challenge bob --opening swap2`; bob,
# on his account menu, answers with Tab. The coin flip's placer puts
# three stones, the other player (the chooser) chooses on their screen
# to place two more (while the placer's screen waits, saying so), then
# the placer chooses black; the chooser, now white, resigns.

start_as bobp
check "swap2: bob logs in again" log_in bobp bob
start_as alicep challenge bob --opening swap2
wait_for alicep "Username:" && keys alicep -l alice && keys alicep Enter
wait_for alicep "Password for alice:" && keys alicep -l "$(pw alice)" &&
	keys alicep Enter
check "swap2: alice's challenge is sent; it waits for bob's answer" \
	wait_for alicep "Challenge sent to bob"
wait_for bobp "press Tab" && keys bobp Tab
wait_for bobp "Accept the challenge? [y/n]" && keys bobp y Enter
both_at_1() {
	wait_for alicep "Move 1, last: -" && wait_for bobp "Move 1, last: -"
}
check "swap2: the match starts on both screens" both_at_1
s2=$(db "SELECT max(id) FROM matches")
check "swap2: the match is ranked, swap2, its colours open" \
	[ "$(db "SELECT kind || opening || colours_final
		FROM matches WHERE id = $s2")" = rankedswap20 ]
# while the colours are open the record's black is the placer
placer=$(db "SELECT p.username FROM matches m
	JOIN players p ON p.id = m.black_id WHERE m.id = $s2")
if [ "$placer" = alice ]; then
	pp=alicep cp=bobp chooser=bob
else
	pp=bobp cp=alicep chooser=alice
fi
wait_for "$pp" "Move 1, last: -" && keys "$pp" Enter
wait_for "$pp" "Move 2, last: h8" && keys "$pp" Up Enter
wait_for "$pp" "Move 3, last: h7" && keys "$pp" Right Enter
check "swap2: the placer's three stones are on the chooser's screen" \
	wait_for "$cp" "Move 4, last: i7"
check "swap2: the chooser is asked on their screen" \
	wait_for "$cp" "Swap2: $chooser, what will you do?"
check "swap2: the placer's screen waits for the choice" \
	wait_for "$pp" "Swap2: waiting for $chooser to choose..."
keys "$cp" 3
check "swap2: two more stones: the placer's screen waits for them" \
	wait_for "$pp" "Waiting for $chooser to place a stone..."
check "swap2: and the store has it before the fourth stone" \
	[ "$(db "SELECT opening_stones || colours_final
		FROM matches WHERE id = $s2")" = 50 ]
wait_for "$cp" "Move 4, last: i7" && keys "$cp" Right Enter
wait_for "$cp" "Move 5, last: j7" && keys "$cp" Down Enter
check "swap2: the chooser's two stones are on the placer's screen" \
	wait_for "$pp" "Move 6, last: j8"
check "swap2: the placer chooses a colour on their screen" \
	wait_for "$pp" "Swap2: $placer, choose your colour."
keys "$pp" 1
check "swap2: the placer took black; the chooser, white, is to move" \
	wait_for "$pp" "Waiting for $chooser..."
check "swap2: the seats are in the store: the placer black, colours final" \
	[ "$(db "SELECT p.username || m.colours_final
		FROM matches m JOIN players p ON p.id = m.black_id
		WHERE m.id = $s2")" = "${placer}1" ]
# (the chooser's process may still be seeing the colour chosen: resign
# is ignored until the opening is over, so it is typed until it asks)
resign_asked() {
	_tries=$((2 * WAIT_S))
	until shows "$cp" "$chooser, do you really want to resign?"; do
		_tries=$((_tries - 1))
		[ "$_tries" -gt 0 ] || gave_up "the resign question" || return 1
		keys "$cp" -l resign && keys "$cp" Enter
		sleep 0.5
	done
}
check "swap2: the chooser, to move, types resign: asked to confirm" resign_asked
keys "$cp" y
swap2_outcome() {
	[ "$(db "SELECT status || result || reason ||
		(SELECT count(*) FROM match_moves WHERE match_id = $s2)
		FROM matches WHERE id = $s2")" = finishedblackresign5 ]
}
check "swap2: white resigned: black (the placer) won, five stones stored" \
	wait_until swap2_outcome
for p in alicep bobp; do
	tmux -S "$SOCK" kill-session -t "$p"
done

# ---- A challenge that comes during a replay --------------------------------
# bob, logged in from the menus, replays match $mid full-screen; carol
# challenges him meanwhile. The replay's idle waits see the challenge
# (its announcement goes to the screen's status line, which a replay
# does not show): the replay stays, and back on the page the notice says
# how to answer it.

start_as bobp
check "replay: bob logs in again" log_in bobp bob
keys bobp 5
wait_for bobp "Match history" && keys bobp -l "$mid" && keys bobp Enter
check "replay: bob replays match $mid full-screen" \
	wait_for bobp "Replay of match $mid"
start_as carolp challenge bob
wait_for carolp "Username:" && keys carolp -l carol && keys carolp Enter
wait_for carolp "Password for carol:" && keys carolp -l "$(pw carol)" &&
	keys carolp Enter
check "replay: carol's challenge is sent" \
	wait_for carolp "Challenge sent to bob"
sleep 2 # a few of the replay's waits for a key, each of which looks
check "replay: the challenge leaves bob's replay running, on the screen" \
	sh -c '[ ! -e "$1" ] && tmux -S "$2" capture-pane -p -t bobp |
		grep -qF "Replay of match $3"' - "$T/bobp.st" "$SOCK" "$mid"
keys bobp q
check "replay: back on the page, the notice says how to answer it" \
	wait_for bobp "A challenge is waiting for you: press Tab to answer it."
for p in bobp carolp; do
	tmux -S "$SOCK" kill-session -t "$p"
done
