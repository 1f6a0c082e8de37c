# End-to-end: a lobby that holds many seeks (issue 44), real processes on
# one database, each as a player at a terminal; the players who only post
# a seek and wait are fed their keys and held open (start_fed), each as
# an SSH client at its own address.
#
# alice, whose overall rating is high and renju rating the start, posts a
# renju seek "within 100 of mine": the store centres it on her renju
# rating, and it is shown with its range. Then nine players from nine
# addresses post casual seeks, and two more are refused: one from the
# address of one of them, one from the same IPv6 /64 as another. bob,
# whose rating is in alice's range, finds her seek first; carol, whose
# renju rating is not, finds it last, on the second page, marked. The
# lobby pages and filters (rated only). A second session of alice posts a
# seek: the first, waiting, is told its seek was replaced.
. "$E2E_LIB"
. "$(dirname "$E2E_LIB")/procs.sh"

pw() { echo "seeks-Pass-$1-1357"; }
fillers="fill1 fill2 fill3 fill4 fill5 fill6 fill7 fill8 fill9 fill10 fill11"
for u in alice bob carol $fillers; do
	play_input "\n$(pw $u)\n$(pw $u)\n" register "$u"
	[ "$status" -eq 0 ] || break
done
check "seeks: fourteen players are registered" status_is 0

# alice has won much, in other rules: her overall rating 1709, her renju
# one the start (1500); carol is 1800 at renju.
db "UPDATE players SET rating = 1709 WHERE username = 'alice'"
db "INSERT INTO rule_records (player_id, rule, games, wins, losses, ties,
	score, rating) SELECT id, 'renju', 10, 10, 0, 0, 10, 1800
	FROM players WHERE username = 'carol'"

# log process FD in as USER, into the account menu
log_in() { type_to "$1" "2\n$2\n$(pw "$2")\n"; }
# The keys that log USER in, open "Find a game" and post a casual seek of
# the default game at N seconds a move (each its own game: two seeks of
# one game pair), any rating.
casual_seek() {
	printf "%s" "2\\n$1\\n$(pw "$1")\\n12\\np\\n2\\n4\\n2\\n$2\\n\\n1\\n"
}
open_seeks() { db "SELECT count(*) FROM seeks WHERE state = 'open'"; }
# wait until N seeks are open
seeks_open() {
	_tries=$((10 * WAIT_S))
	until [ "$(open_seeks)" -eq "$1" ]; do
		_tries=$((_tries - 1))
		[ "$_tries" -gt 0 ] || gave_up "$1 open seeks" || return 1
		sleep 0.1
	done
}

# ---- A range on the rule's rating, shown --------------------------------------

start_proc a 6
log_in 6 alice
type_to 6 "12\np\n1\n2\n5\n\n2\n"
check "range: alice's renju seek is posted, its range said" \
	wait_out a "Seek posted: Renju, no opening, forbidden points refused, no clock, rated. Opponents rated 1400 to 1600."
check "range: ... centred on her renju rating (1500), not her overall 1709" \
	test "$(db "SELECT min_rating || '-' || max_rating FROM seeks
		WHERE state = 'open'")" = "1400-1600"

# ---- Many seeks; one open seek a connection ---------------------------------

i=0
for u in $fillers; do
	i=$((i + 1))
	case $u in
	fill9) at=2001:db8:1:2::5 ;;
	fill10) at=203.0.113.1 ;;             # fill1's address
	fill11) at=2001:db8:1:2:ffff::9 ;;    # fill9's /64
	*) at=203.0.113.$i ;;
	esac
	start_fed "$u" "$at" "$(casual_seek "$u" $((10 * i)))"
	case $u in fill10 | fill11) ;; *) seeks_open $((i + 1)) ;; esac
done
check "flood: alice's seek and nine casual ones are open" seeks_open 10
check "origin: a second account from fill1's address is refused" \
	wait_out fill10 "Another account from your connection has a seek open: one open seek a connection."
check "origin: ... and one from fill9's IPv6 network (/64)" \
	wait_out fill11 "Another account from your connection has a seek open: one open seek a connection."
check "origin: neither posted anything" \
	test "$(db "SELECT count(*) FROM seeks AS s JOIN players AS p
		ON p.id = s.player_id WHERE p.username IN ('fill10', 'fill11')")" = 0

# ---- The seeks one may take first; pages ------------------------------------

start_proc b 7
log_in 7 bob
type_to 7 "12\n"
check "pages: bob's lobby says how many seeks there are" \
	wait_out b "Open seeks 1 to 9 of 10 (n: next page):"
check "first: alice's seek, which bob may take, comes first, with its range" \
	wait_out b "  1  alice 1500  Renju, no opening, forbidden points refused, no clock, rated, 1400 to 1600"
check "ranges: a casual seek of any rating says so" \
	wait_out b "  2  fill1 1500  Gomoku, no opening, 10 s a move, casual, not rated, any rating"
start_proc c 8
log_in 8 carol
type_to 8 "12\n"
check "last: carol, out of alice's range, sees the others first" \
	wait_out c "  1  fill1 1500  Gomoku, no opening, 10 s a move, casual, not rated, any rating"
type_to 8 "n\n"
check "pages: n shows the next page" \
	wait_out c "Open seeks 10 to 10 of 10 (b: previous page):"
check "last: alice's seek is there, marked as not for carol's rating" \
	wait_out c "  10  alice 1500  Renju, no opening, forbidden points refused, no clock, rated, 1400 to 1600 (not for your rating)"
type_to 8 "10\n"
check "last: taking it anyway is refused with the range" \
	wait_out c "Your rating is outside the range that seek asks for (1400 to 1600)."
type_to 8 "3\n"
check "pages: a number not on the page is refused" \
	wait_out c "Type a seek's number shown, p, n, b, f, or Enter to go back."
type_to 8 "b\n"
check "pages: b shows the previous page" \
	wait_out c "Open seeks 1 to 9 of 10 (n: next page):" 2

# ---- Filters -----------------------------------------------------------------

type_to 8 "f\n4\n1\n"
check "filter: rated only, one seek" \
	wait_out c "Open seeks 1 to 1 of 1, rated only:"
type_to 8 "f\n4\n1\n"
check "filter: casual only, nine" \
	wait_out c "Open seeks 1 to 9 of 9, casual only:"
type_to 8 "f\n2\n2\n2\n2\n2\n1\n"
check "filter: renju and casual, none" \
	wait_out c "No open seeks match: renju, casual only."
type_to 8 "f\n0\n"
check "filter: cleared, all ten again" \
	wait_out c "Open seeks 1 to 9 of 10 (n: next page):" 3

# ---- A seek replaced by another session of its poster -----------------------

start_proc a2 5
log_in 5 alice
type_to 5 "12\np\n1\n\n1\n"
check "replaced: alice's second session posts a rated gomoku seek" \
	wait_out a2 "Seek posted: Gomoku, no opening, no clock, rated. Opponents of any rating."
check "replaced: the first session's wait is told, not left waiting" \
	wait_out a "Your seek was replaced by the one you posted from another session."
check "replaced: ... and it is back in the lobby" \
	wait_out a "A seek's number to play it, p to post your own, Enter to go back: " 2
check "replaced: one seek of alice's is open, the new one" \
	test "$(db "SELECT s.variant FROM seeks AS s JOIN players AS p
		ON p.id = s.player_id WHERE p.username = 'alice'
		AND s.state = 'open'")" = gomoku

# ---- Everyone leaves ---------------------------------------------------------

type_to 5 "\n"
wait_out a2 "Seek withdrawn."
type_to 5 "\n0\n0\n"
close_proc a2 5
type_to 6 "\n0\n0\n"
close_proc a 6
type_to 7 "\n0\n0\n"
close_proc b 7
type_to 8 "\n0\n0\n"
close_proc c 8
check "the players at terminals end cleanly" status_is 0
for u in $fillers; do
	end_fed "$u"
	[ "$status" -eq 0 ] || break
done
check "the fed ones end cleanly, their seeks withdrawn" \
	sh -c '[ "$1" -eq 0 ] && [ "$2" -eq 0 ]' - "$status" "$(open_seeks)"
vg_final
