# End-to-end: "Analyse this game" (issue 25). A game against the
# computer, full-screen in tmux, ends; `a` in the end-of-game box
# analyses it and shows the analysis screen; the analysis is kept in
# the store, and a second process shows the kept one from the replay
# (`A`), full-screen and on the line interface (`A`, with the graph as
# text rows), and from Match history (`a1`), without working it out
# again. A game still being played
# is refused, and nothing is kept for it. Skipped, saying so, when tmux
# is missing.
. "$E2E_LIB"

need_tmux

kept() {
	db "SELECT count(*) FROM match_analyses
		WHERE match_id = $1 AND time_ms = 1000"
}

play_input 'analysis-pass-1\nanalysis-pass-1\n' register alice \
	--nickname Alice
check "alice is registered" status_is 0

# ---- The end of a game: a -------------------------------------------------

start a play alice --ai 1 --first me --seed 3
wait_for a "Password for alice"
keys a -l analysis-pass-1 && keys a Enter
wait_for a "Type a move (h8)"
keys a -l h8 && keys a Enter
wait_for a "Move 3, last: "
keys a -l resign && keys a Enter
wait_for a "resign?" && keys a y
check "the end-of-game box offers the analysis" \
	wait_for a "a: analyse this game"
keys a a
check "a shows the analysis screen" wait_for a "Analysis of match 1"
pane a >"$OUT"
check "with the move shown judged and both players' accuracy" sh -c \
	'grep -q "2\. White [a-o][0-9]*: [0-9]*% -> [0-9]*%" "$1" &&
	 grep -q "Accuracy: ● [0-9]*%, ○ [0-9]*%" "$1"' - "$OUT"
check "and the graph of black's chance" has "Black's chance:"
check "the analysis is kept in the store, a row a move" \
	test "$(kept 1)" = 2
keys a Left
check "Left moves the board and the list to move 1" \
	wait_for a "1. Black h8: "
keys a q
check "q goes back to the end's question" wait_for a "Play another game?"
keys a n Enter
wait_end
check "the program then ends" test "$status" -eq 0

# ---- Another process: the kept analysis, from the replay ------------------

# A figure no search gives, so that what is shown is what was kept.
db "UPDATE match_analyses SET before = 77.25
	WHERE match_id = 1 AND ply = 2"
start r replay 1
wait_for r "Replay of match 1"
check "the replay offers the analysis" shows r "A: the whole game"
keys r A
check "A in another process shows the kept analysis" \
	wait_for r "2. White "
check "its figures are the store's" shows r ": 77% -> "
keys r A
check "A again goes back to the replay" wait_for r "Replay of match 1"
keys r q
wait_end

play_input 'A\nq\n' --plain replay 1
check "line interface: A prints the kept analysis" sh -c \
	'grep -Eq "^ +2  white  [a-o][0-9]+ +77%" "$1"' - "$OUT"
check "with the graph as text rows" has "Black's chance to win, move by move:"
check "graph: the top row is labelled" has "100% |"
check "and no progress on standard error" sh -c \
	'! grep -q "Analysing" "$1"' - "$ERR"

# From Match history (line interface): a and the match's number.
play_input '2\nalice\nanalysis-pass-1\n5\na1\nq\n\n0\n0\n' --plain
check "history: a1 prints match 1's kept analysis" sh -c \
	'grep -Eq "^ +2  white  [a-o][0-9]+ +77%" "$1"' - "$OUT"
check "history: then the replay's prompt" \
	has "Replay (n, p, number, first, last, a, A, q): "

# ---- A game still being played: refused -----------------------------------

play_input 'analysis-pass-1\n8 8\n' play alice --ai 1 --first me --seed 3
play_input 'A\nq\n' --plain replay 2
check "line interface: an unfinished game is refused" \
	err_has "match 2 is not finished"
start u replay 2
wait_for u "Replay of match 2"
keys u A
keys u Right # a key after A: A has been read
check "full-screen: refused, said on the screen" \
	wait_for u "No analysis until the match ends."
check "the replay stays, with no analysis screen" \
	hides u "Analysis of match 2"
keys u q
wait_end
check "nothing is kept for it" test "$(kept 2)" = 0
