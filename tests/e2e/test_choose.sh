# End-to-end: the game chosen from the menus (issue 24, part 1). Before
# a game starts from the menus, the defaults are shown in one line and
# Enter plays them; the variant, the opening and the time control (in
# every kind of game) can be changed; bad input is said and asked again; Esc goes
# back. A game clock (M+S) is one of the time controls. A player's Preferences give the defaults, the command line wins
# over them. A challenge shows its whole proposal to the challenged
# terminal. The line interface (pipes, FIFOs), then full-screen (tmux).
. "$E2E_LIB"

pw() { echo "choose-pass-$1-ok"; }
ESC='\0033' # Esc, then Enter: the line interface's Esc
for u in alice bob; do
	play_input "\n$(pw $u)\n$(pw $u)\n" register "$u"
done
check "choose: alice and bob are registered" status_is 0

# ---- Enter keeps the defaults; bad input; Esc ------------------------------

play_input "4\n1\n\n"
check "Enter: the defaults in one line" \
	has "Gomoku, no opening, no clock, not recorded"
check "Enter: the guest game starts with them" \
	has "Guest game (not recorded): gomoku, 15x15, 5 in a row."
play_input "4\n2\n\n0\n0\n"
check "a guest against the computer: not recorded, said so" \
	sh -c 'grep -q "^Gomoku, no opening, no clock, not recorded$" "$1" &&
		grep -q "^The computer.s level$" "$1"' - "$OUT"

play_input "4\n1\nx\n2\n6\n3x3\n19x19 5 sideways\n9x9 4\n$ESC\n0\n"
check "bad input: a menu's own words" \
	has "Please type one of the numbers shown."
check "bad input: a board too small for five, said" \
	has "A 3x3 board cannot hold 5 in a row."
check "bad input: an unknown rule, said" \
	has "The rule after the win length is freestyle, exact or renju."
check "bad input: the same prompt each time (three times in all)" \
	test "$(grep -c "^Board size, stones in a row to win" "$OUT")" -eq 3
check "bad input: the board typed at last is the game" \
	has "Custom 9x9, 4 in a row, no clock, not recorded"
check "Esc: back to the menus, no game started" \
	sh -c '! grep -q "Guest game" "$1" &&
		test "$(grep -c "^Gomoku Club$" "$1")" -eq 2 &&
		test "$(grep -c "Please type one of the numbers" "$1")" -eq 1' \
	- "$OUT"

# ---- Renju and swap2 for a ranked match, from the menus ---------------------

play_input "2\nalice\n$(pw alice)\n1\n2\n5\n3\n2\n4\n2\n30\n\nbob\n$(pw bob)\n\
resign\ny\n"
check "ranked: the game chosen, in one line, before bob logs in" \
	sh -c 'grep -n "Renju, swap2 opening, forbidden points refused, 30 s a move, rated" "$1" |
		tail -n 1 | cut -d: -f1 >"$1.a" &&
		grep -n "^Username:" "$1" | tail -n 1 | cut -d: -f1 >"$1.b" &&
		test "$(cat "$1.a")" -lt "$(cat "$1.b")"' - "$OUT"
check "ranked: the match is renju with swap2, 30 s a move" \
	test "$(db "SELECT variant, rule, opening, time_per_move
		FROM matches WHERE kind = 'ranked'")" = "renju|renju|swap2|30"
check "ranked: the swap2 opening is played" \
	has "places the three opening stones (swap2)"
play_input "2\nalice\n$(pw alice)\n3\ny\n0\n0\n"
check "ranked: alice resigns it before a move: aborted" \
	test "$(db "SELECT status FROM matches")" = aborted

# ---- A preference gives the default; the command line wins -----------------

play_input "2\nbob\n$(pw bob)\n11\n7\n2\n3\n\n0\n2\n\n1\nresign\ny\nn\n0\n0\n"
check "preference: saved as text" \
	test "$(db "SELECT variant, opening, time_control FROM player_prefs")" \
	= "gomoku10|none|none"
check "preference: shown on the Preferences page" \
	has "  7  Default game: Gomoku10, no opening, no clock"
check "preference: the default of the next game" \
	has "Gomoku10, no opening, no clock, recorded, not rated"
check "preference: the game is played on 10x10" \
	test "$(db "SELECT rows, cols FROM matches WHERE kind = 'computer'")" \
	= "10|10"

play_input "2\nbob\n$(pw bob)\n2\n$ESC\n0\n0\n" --variant tictactoe
check "the command line wins over the preference for its run" \
	has "Tictactoe, no clock, recorded, not rated"

# ---- A challenge shows its whole proposal -----------------------------------

. "$(dirname "$E2E_LIB")/procs.sh"
start_proc b 7
type_to 7 "2\nbob\n$(pw bob)\n"
wait_out b "Gomoku Club: bob"
start_proc a 6
type_to 6 "2\nalice\n$(pw alice)\n8\nbob\n2\n5\n3\n2\n4\n3\n181+0\n5+3\n\n"
check "challenge: alice's proposal is sent" \
	wait_out a "Challenge sent to bob: a ranked match, Renju, swap2 opening"
type_to 7 "9\n"
check "challenge: bob sees all of it before he answers" \
	wait_out b "alice challenges you to a ranked match: Renju, swap2 opening, forbidden points refused, 5+3 game clock, rated."
type_to 7 "n\n"
check "challenge: alice hears the answer" wait_out a "bob declines"
out_of a
check "challenge: a game clock out of range was said and asked again" \
	has "Type a game clock as minutes+seconds: 1 to 180 minutes a side"
close_proc b 7
close_proc a 6

# ---- Every kind of game has a clock ----------------------------------------
# A guest game at 1 s a move: nobody types, the player to move runs out
# of time. Then a game clock of 1 minute + 30 s (kept by the program, as
# nothing is recorded): after black's first move, black's clock has the
# increment added (over 1:00). Then alice against the computer at 1+0:
# the store keeps the clock and each move's time left, the computer's
# within it.

start_proc g 8 --seed 4
type_to 8 "4\n1\n4\n2\nx\n1\n\n"
check "guest clock: a bad number of seconds is said and asked again" \
	wait_out g "Type the seconds a move as a number from 1 to"
check "guest clock: chosen from the menus, in the game's line" \
	wait_out g "Gomoku, no opening, 1 s a move, not recorded"
check "guest clock: nobody moves, the player to move runs out of time" \
	wait_out g "ran out of time."
# (each prompt waited for by the mover's stone, counted from here: on a
# slow machine white's first prompt may already read 0:59)
seen_b=$(grep -cF "● (" "$E2E_DIR/g.out")
seen_w=$(grep -cF "○ (" "$E2E_DIR/g.out")
type_to 8 "n\n4\n1\n4\n3\n1+30\n\n"
wait_out g "Gomoku, no opening, 1+30 game clock, not recorded" &&
	wait_out g "● (" $((seen_b + 1)) && type_to 8 "h8\n" &&
	wait_out g "○ (" $((seen_w + 1)) &&
	type_to 8 "h9\nresign\ny\nn\n0\n"
close_proc g 8
check "guest clock: the program ends cleanly" status_is 0
out_of g
check "guest clock: the mover's game clock gains its increment" \
	grep -Eq "^Player [12] ● \(1:[12][0-9]\)> " "$OUT"
check "guest clock: nothing recorded" \
	test "$(db "SELECT count(*) FROM matches WHERE kind <> 'ranked'
		AND clock_base + time_per_move > 0")" -eq 0

start_proc c 8 --first me
type_to 8 "2\nalice\n$(pw alice)\n2\n4\n3\n1+0\n\n5\nh8\n"
check "computer clock: alice's game against the computer starts" \
	wait_out c "It plays"
type_to 8 "resign\ny\nn\n0\n0\n"
close_proc c 8
cmid=$(db "SELECT max(id) FROM matches WHERE kind = 'computer'")
check "computer clock: the store has the game clock of 60 s + 0 s" \
	test "$(db "SELECT clock_base || '+' || clock_increment || ' ' ||
		reason FROM matches WHERE id = $cmid")" = "60+0 resign"
check "computer clock: both moves stored with their clocks, in time" \
	test "$(db "SELECT count(*) FROM match_moves WHERE match_id = $cmid
		AND left_ms > 0 AND left_ms <= 60000")" -eq 2

# ---- Full-screen -------------------------------------------------------------

need_tmux

start p
wait_for p "  4  Quick game (guests)" && keys p 4
wait_for p "  1  Two players at this terminal" && keys p 1
check "full-screen: the defaults in one line" \
	wait_for p "Gomoku, no opening, no clock, not recorded"
keys p 2
wait_for p "Custom board" && keys p 6
wait_for p "Board size, stones in a row" && keys p -l 3x3 && keys p Enter
check "full-screen: bad input is said, the prompt stays" \
	wait_until sh -c 'tmux -S "$1" capture-pane -p -t p |
		grep -q "A 3x3 board cannot hold 5 in a row." &&
		tmux -S "$1" capture-pane -p -t p |
		grep -q "^Board size, stones in a row"' - "$SOCK"
keys p Escape
wait_for p "  2  Variant: gomoku" && keys p 2
wait_for p "Custom board" && keys p 5
wait_for p "  2  Variant: renju" && keys p 3
wait_for p "Swap2: three stones" && keys p 2
check "full-screen: renju with swap2, chosen" \
	wait_for p "Renju, swap2 opening, forbidden points refused, no clock"
keys p Enter
check "full-screen: the game is renju" wait_for p "renju 15x15, 5 in a row"
check "full-screen: with swap2 (the panel: who places, who chooses next)" \
	sh -c 'tmux -S "$1" capture-pane -p -t p >"$2" &&
		grep -q "places the three opening stones" "$2" &&
		grep -q "chooses next" "$2"' - "$SOCK" "$T/swap2"
keys p C-c
wait_end
check "full-screen: Ctrl-C ends it" status_is 130

start k
wait_for k "  4  Quick game (guests)" && keys k 4
wait_for k "  1  Two players at this terminal" && keys k 1
wait_for k "  4  Time control: no clock" && keys k 4
wait_for k "  3  A game clock" && keys k 3
wait_for k "Game clock, minutes+seconds" && keys k -l 5+3 && keys k Enter
check "full-screen: a guest game's clock chosen" \
	wait_for k "Gomoku, no opening, 5+3 game clock, not recorded"
keys k Enter
wait_for k "Move 1, last: -" && keys k -l h8 && keys k Enter
both_clocks() {
	pane k | grep -Eq "● Black  Player [12] +[0-9]:[0-9][0-9]$" &&
		pane k | grep -Eq "○ White  Player [12] +[0-9]:[0-9][0-9]$"
}
check "full-screen: the panel shows both players' clocks" \
	wait_until both_clocks
keys k C-c
wait_end
check "full-screen: Ctrl-C ends the timed guest game" status_is 130

start b
wait_for b "  2  Log in" && keys b 2
wait_for b "Username:" && keys b -l bob && keys b Enter
wait_for b "Password for bob:" && keys b -l "$(pw bob)" && keys b Enter
wait_for b "Gomoku Club: bob" && keys b 2
check "full-screen: bob's preference is the default shown" \
	wait_for b "Gomoku10, no opening, no clock, recorded, not rated"
keys b Enter
check "full-screen: Enter keeps it: the computer's level is next" \
	wait_for b "The computer's level"
keys b C-c
wait_end
check "full-screen: Ctrl-C ends it (bob)" status_is 130

start q
wait_for q "  4  Quick game (guests)" && keys q 4
wait_for q "  1  Two players at this terminal" && keys q 1
wait_for q "  1  Play this game" && keys q Escape
check "full-screen: Esc goes back to the menus" \
	wait_for q "  1  Register"
keys q 0
wait_end
check "full-screen: Quit" status_is 0
vg_final
