# End-to-end: a rating farm lifts nobody (issue 44). The red team's
# cheat: throwaway accounts made over SSH each lose a ranked game on
# purpose to one player, who climbs the leaderboard; or one other
# account loses to them over and over. The store decides, as it counts
# each result, whether it moves the ratings (docs/CLUB.md, "Who may
# move a rating"):
#
# - an account made over SSH is not a rated member until the
#   administrator approves it (`club approve`) or, with `join open`, it
#   has played `rated-after` rated games; a win against one is a game
#   and a win, and moves no rating, its stake says so before the game
#   and both players are told why at its end;
# - past `pair-games` rated games between the same two in `pair-hours`,
#   a result moves no rating;
# - `join closed` refuses registration over SSH; `join approval` makes
#   approval the only way in.
#
# SSH is SSH_CONNECTION, as sshd sets it (test_ssh.sh runs the real
# sshd); accounts made without it are the machine's, approved.
. "$E2E_LIB"

pw() { echo "farm-pass-$1-ok"; }
rating() { db "SELECT round(rating, 1) FROM players WHERE username = '$1'"; }
over_ssh() { # ADDRESS: what follows runs as a member connecting from it
	SSH_CONNECTION="$1 50022 127.0.0.1 22"
	export SSH_CONNECTION
}
register() { play_input "$1\n$1\n$(pw "$1")\n$(pw "$1")\n" register; }
# win_against USER: mallory (black) plays two moves, USER one, and USER
# resigns: a ranked game mallory wins.
win_against() {
	_who=$1
	shift
	ranked_as mallory black "$(pw mallory)\n$(pw "$_who")\n" \
		"8 8\n9 9\n7 7\nresign\ny\n" play mallory "$_who" "$@"
}

register mallory
register partner
over_ssh 192.0.2.10
for f in farm1 farm2 farm3; do register "$f"; done
check "accounts made over SSH are not approved; the machine's are" \
	test "$(db "SELECT group_concat(username || approved, ' ') FROM
		(SELECT * FROM players ORDER BY id)")" = \
	"mallory1 partner1 farm10 farm20 farm30"

# ---- Throwaway accounts -----------------------------------------------------
for f in farm1 farm2 farm3; do win_against "$f"; done
check "three wins against throwaway accounts: recorded as wins" \
	test "$(db "SELECT wins FROM players WHERE username = 'mallory'")" = 3
check "... and mallory's rating has not moved" test "$(rating mallory)" = 1500.0
check "... nor the throwaways'" \
	test "$(db "SELECT count(*) FROM players WHERE username LIKE 'farm%'
		AND rating = 1500")" = 3
check "... each result kept as not moving the ratings, and why" \
	test "$(db "SELECT group_concat(unrated, ' ') FROM matches
		WHERE status = 'finished'")" = "new new new"
check "the players are told why at the end" \
	has "The ratings did not move: one of you is not yet a rated member of the club"
check "... and the stake before the game was nothing" \
	has "win 0 · draw 0 · loss 0"
play_input "" history mallory
check "the history stars each result that moved no rating" \
	has "won (resigned)*"
check "... and says what the star means" has "* Moved no rating: a game with a new member"
play_input "" history mallory --format tsv
check "... and so do its tsv rows (unrated: new)" \
	test "$(awk -F'\t' 'NR > 1 { print $7, $11, $12 }' "$OUT" |
		sort -u)" = "won true new"
play_input "q\n" replay 1
check "the replay says so" has "Black won (resigned), rating unchanged"

play_input "" --lang zh --no-admin club approve farm1
check "club approve is the administrator's (refused with --no-admin)" \
	sh -c '[ "$1" -ne 0 ] && ! grep -q . "$2"' - "$status" "$OUT"
unset SSH_CONNECTION
play_input "" club approve farm1
check "club approve farm1" has "farm1 is approved"
play_input "" club approve nobody
check "club approve of nobody: said, refused" \
	sh -c '[ "$1" -ne 0 ] && grep -q "There is no player nobody." "$2"' \
	- "$status" "$OUT"
win_against farm1
check "once approved, a win against it moves both ratings" \
	sh -c '[ "$(echo "$1 > 1500" | bc)" = 1 ] && [ "$(echo "$2 < 1500" | bc)" = 1 ]' \
	- "$(rating mallory)" "$(rating farm1)"
check "... and says nothing of ratings that did not move" \
	hasnt "The ratings did not move"
check "... its stake a real one" has "  win +"

# rated-after: with join open an account is a member after that many
# rated games (5 by default; 1 here): farm2 has played one.
play_input "" club set rated-after 1
check "club set rated-after 1" has "rated-after is now 1"
before=$(rating mallory)
win_against farm2
check "rated-after 1: farm2's second game moves the ratings" \
	sh -c '[ "$(echo "$1 > $2" | bc)" = 1 ]' - "$(rating mallory)" "$before"

# ---- One other account, over and over ---------------------------------------
play_input "" club set pair-games 2
check "club set pair-games 2" has "pair-games is now 2"
ranked_as mallory black "$(pw mallory)\n$(pw partner)\n" \
	"8 8\n9 9\n7 7\nresign\ny\n" play mallory partner
ranked_as mallory black "$(pw mallory)\n$(pw partner)\n" \
	"8 8\n9 9\n7 7\nresign\ny\n" play mallory partner
before=$(rating mallory)
# in Chinese, whoever the coin makes black resigning after two moves
play_input "$(pw mallory)\n$(pw partner)\n8 8\n9 9\nresign\ny\n否\n" \
	--lang zh play mallory partner
check "pair-games 2: the third game between the two moves no rating" \
	test "$(rating mallory)" = "$before"
check "... kept so" \
	test "$(db "SELECT unrated FROM matches WHERE id = (SELECT max(id)
		FROM matches)")" = pair
check "... and said so, in the player's language" has "等级分没有变动"

# ---- Joining ------------------------------------------------------------------
play_input "" club set join closed
check "club set join closed" has "join is now closed"
over_ssh 198.51.100.20
register farm4
check "join closed: registering over SSH is refused before anything is typed" \
	sh -c '[ "$1" -ne 0 ] && grep -q "The club.s accounts are made by its administrator" "$2" &&
		! grep -q "Username" "$2"' - "$status" "$OUT"
unset SSH_CONNECTION
register farm5
check "... and at the machine an account is made" status_is 0
play_input "" club set join approval
over_ssh 198.51.100.21
register farm6
check "join approval: registering over SSH is open" status_is 0
unset SSH_CONNECTION
play_input "" club set pair-games 0
win_against farm6
win_against farm6
check "join approval: past rated-after, an account not approved still moves nothing" \
	test "$(db "SELECT unrated FROM matches WHERE id = (SELECT max(id)
		FROM matches)")" = new
play_input "" club show
check "club show lists the new settings" \
	sh -c 'for s in "join  *approval" "rated-after  *1" "pair-games  *0" "pair-hours  *24"; do
		grep -q "^$s" "$1" || exit 1; done' - "$OUT"
play_input "" club set join maybe
check "a bad value is refused, saying what join takes" \
	err_has "join takes open, approval or closed, not 'maybe'"
