# End-to-end: the lobby (issue 25, part 1), three real processes on one
# database, each on a FIFO as at its own terminal. alice posts a rated
# seek from "Find a game" and waits; carol's "Players online" says alice
# is seeking a game; bob's lobby lists alice's seek and he takes it by
# its number: the match starts at both terminals at once, the colours
# drawn by the store. Then alice and bob each post the same casual seek:
# the second pairs with the first by itself; they play it to a
# resignation, and the casual match is counted for nobody. A seek not
# taken is withdrawn when its poster leaves; bad input is said. After
# a match, a rematch from the account menu, accepted.
. "$E2E_LIB"
. "$(dirname "$E2E_LIB")/procs.sh"

pw() { echo "lobby-Pass-$1-2468"; }
for u in alice bob carol; do
	play_input "\n$(pw $u)\n$(pw $u)\n" register "$u"
done
check "lobby: alice, bob and carol are registered" status_is 0

# log process FD in as USER, into the account menu
log_in() { type_to "$1" "2\n$2\n$(pw "$2")\n"; }
# How many times process $1 has shown the lobby's prompt.
lobbies() { grep -c "New seeks show here as they come" "$E2E_DIR/$1.out"; }

# The match $mid has started at processes $1 (fd $2, user $3) and $4
# (fd $5, user $6): who plays black is the store's, read from it.
seat_players() {
	if [ "$(db "SELECT black_id = (SELECT id FROM players WHERE
		username = '$3') FROM matches WHERE id = $mid")" = 1 ]; then
		black=$3 white=$6 bp=$1 wp=$4 bfd=$2 wfd=$5
	else
		black=$6 white=$3 bp=$4 wp=$1 bfd=$5 wfd=$2
	fi
	b_base=$(prompts_before "$bp" "$black ●> ")
	w_base=$(prompts_before "$wp" "$white ○> ")
}

# Match $mid, between alice (a) and bob (b), is played from its start:
# black h8, white h9, black resigns. $na and $nb: how many lobbies each
# had shown before it ended.
play_to_resignation() {
	seat_players a 6 alice b 7 bob
	na=$(lobbies a) nb=$(lobbies b)
	play_move 1 h8
	play_move 2 h9
	play_move 3 resign
	type_to "$bfd" "y\n"
}

# ---- A seek posted, seen, taken ---------------------------------------------

start_proc a 6
start_proc b 7
start_proc c 8
log_in 6 alice
type_to 6 "12\np\n1\n\n1\n"
check "seek: alice's seek is posted and waits" \
	wait_out a "Seek posted: Gomoku, no opening, no clock, rated."
log_in 8 carol
type_to 8 "8\n"
wait_out c "Player to challenge"
check "online: carol sees alice seeking a game" \
	grep -Eq "^  alice +alice +seeking a game$" "$E2E_DIR/c.out"
type_to 8 "\n"
log_in 7 bob
type_to 7 "12\nx\n9\n"
check "lobby: bob's list shows alice's seek, her rating and the game" \
	wait_out b "  1  alice 1500  Gomoku, no opening, no clock, rated"
check "lobby: its prompt says what to type" \
	wait_out b "A seek's number to play it, p to post your own, Enter to go back: "
check "lobby: bad input is said and the lobby asked again" \
	wait_out b "Type a seek's number shown, p, n, b, f, or Enter to go back."
type_to 7 "1\n"
check "take: the match starts at bob's terminal" \
	wait_out b "from two terminals."
check "take: ... and at alice's, who waited" \
	wait_out a "from two terminals."
mid=$(grep -o 'Match [0-9]*: you play ' "$E2E_DIR/b.out" | tail -n 1 |
	tr -dc 0-9)
check "take: the seek is taken with that match, rated, alice and bob in it" \
	test "$(db "SELECT s.state || ' ' || m.rated || ' ' ||
		(SELECT group_concat(username, ',') FROM (SELECT username
		FROM players WHERE id IN (m.black_id, m.white_id)
		ORDER BY username)) FROM seeks AS s JOIN matches AS m
		ON m.id = s.match_id WHERE m.id = $mid")" = "taken 1 alice,bob"
play_to_resignation
check "take: the rated match is played and counted" \
	poll outcome_is finishedwhiteresign
check "take: both counted (a game each)" \
	test "$(db "SELECT sum(games) FROM players")" = 2

# ---- Two seeks of one game pair themselves; casual is counted for nobody ----

wait_out a "New seeks show here as they come" $((na + 1))
wait_out b "New seeks show here as they come" $((nb + 1))
type_to 6 "p\n2\n\n1\n"
check "casual: alice's casual seek is posted" \
	wait_out a "Seek posted: Gomoku, no opening, no clock, casual, not rated."
type_to 7 "p\n2\n\n1\n"
check "pairing: bob's same seek pairs with alice's" \
	wait_out b "A seek of the same game was open: paired."
both_started() {
	wait_out a "from two terminals." 2 && wait_out b "from two terminals." 2
}
check "pairing: the match starts at both terminals" both_started
check "pairing: both are told it is casual" \
	sh -c 'grep -q "^A casual match: it counts for nobody" "$1" &&
		grep -q "^A casual match: it counts for nobody" "$2"' - \
	"$E2E_DIR/a.out" "$E2E_DIR/b.out"
mid=$(grep -o 'Match [0-9]*: you play ' "$E2E_DIR/b.out" | tail -n 1 |
	tr -dc 0-9)
check "pairing: the match is casual, from alice's seek" \
	test "$(db "SELECT m.rated || ' ' || p.username FROM seeks AS s
		JOIN matches AS m ON m.id = s.match_id JOIN players AS p
		ON p.id = s.player_id WHERE m.id = $mid")" = "0 alice"
play_to_resignation
check "casual: played to the end" poll outcome_is finishedwhiteresign
play_input '' history alice
check "casual: the history says which match was casual" \
	sh -c 'grep -E "^ *$1 .*lost \(resigned\), casual|^ *$1 .*won \(resigned\), casual" "$2" &&
		! grep -E "^ *$3 .*casual" "$2"' - "$mid" "$OUT" "$((mid - 1))"
play_input '' history alice --format tsv
check "casual: the history's tsv says which match was rated" \
	sh -c 'head -n 1 "$3" | cut -f 11 | grep -qx rated &&
		grep "^$1	" "$3" | cut -f 11 | grep -qx false &&
		grep "^$2	" "$3" | cut -f 11 | grep -qx true' - "$mid" \
	"$((mid - 1))" "$OUT"
check "casual: counted for nobody (still a game each, no rating moved)" \
	test "$(db "SELECT sum(games) || ' ' || count(*) FROM players
		WHERE games = 1 OR username = 'carol'")" = "2 3"

# ---- Play again: a rematch, colours swapped --------------------------------
# alice leaves the lobby and offers bob a rematch of the casual match
# from the account menu (13); bob, back at his, is asked and accepts: the
# store starts it, casual again, the colours swapped, and they play it.

wait_out a "New seeks show here as they come" $((na + 1))
wait_out b "New seeks show here as they come" $((nb + 1))
old=$mid
type_to 6 "\n"
wait_out a "  13  Rematch bob (colours swapped)" && type_to 6 "13\n"
check "rematch: alice offers it from the account menu" \
	wait_out a "Rematch offered to bob: Gomoku, no opening, no clock, casual, not rated, colours swapped."
type_to 7 "\n"
check "rematch: bob reads the offer, the same game" \
	wait_out b "alice offers a rematch of match $old, the colours swapped: Gomoku, no opening, no clock, casual, not rated."
type_to 7 "y\n"
both_again() {
	wait_out a "from two terminals." 3 && wait_out b "from two terminals." 3
}
check "rematch: accepted, it starts at both terminals" both_again
mid=$(grep -o 'Match [0-9]*: you play ' "$E2E_DIR/b.out" | tail -n 1 |
	tr -dc 0-9)
check "rematch: a new match, casual as the first, the colours swapped" \
	test "$(db "SELECT n.rated || ' ' || (n.black_id = o.white_id) ||
		(n.white_id = o.black_id) || ' ' || (n.id > o.id)
		FROM matches AS n, matches AS o
		WHERE n.id = $mid AND o.id = $old")" = "0 11 1"
play_to_resignation
check "rematch: played to the end" poll outcome_is finishedwhiteresign
# (bob back where he was asked: the lobby or his account menu)
type_to 7 "\n"

# ---- Leaving withdraws; Enter withdraws a waiting seek ----------------------

# (alice back at her account menu, which offers the next rematch)
wait_out a "  13  Rematch bob (colours swapped)" 2
type_to 6 "12\np\n1\n\n1\n"
wait_out a "Seek posted: Gomoku, no opening, no clock, rated." 2
type_to 6 "\n"
check "leave: Enter withdraws the waiting seek" wait_out a "Seek withdrawn."
check "leave: nothing open is left" \
	test "$(db "SELECT count(*) FROM seeks WHERE state = 'open'")" = 0
type_to 6 "0\n0\n0\n"
close_proc a 6
check "leave: alice's program ends cleanly" status_is 0
type_to 7 "0\n0\n0\n"
close_proc b 7
type_to 8 "0\n0\n"
close_proc c 8
check "the others end cleanly too" status_is 0
vg_final
