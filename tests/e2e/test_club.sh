# End-to-end: the club's rules are the club's (issue 22). The settings
# that decide ranked results live in the database; `gomoku club show`
# lists them and `gomoku club set` changes them (bad values refused,
# --no-admin refuses both); each match keeps the rules it started with.
#
# - The cheat: a process started with --claim-after 0 does not get the
#   claim of a match whose stored wait (the club's 7 days) has not run;
#   after `club set claim-after 0`, a new match can be claimed at once
#   while the older one keeps its week.
# - --forbidden refuse cannot soften a club where a forbidden point
#   loses.
# - Ranked hot-seat off: the menu's ranked match says so and asks no
#   second password (line and full-screen); `play USER1 USER2` too.
#
# Time passing is made by moving the match's stored times back (age):
# no check waits for a clock.
. "$E2E_LIB"

pw() { echo "club-pass-$1-ok"; }
settings() {
	db "SELECT claim_after_days || ' ' || forbidden || ' ' ||
		ranked_hotseat || ' ' || disconnect_grace FROM club_settings"
}

# age ID SECONDS: make match ID look as if SECONDS more had passed.
age() {
	db "UPDATE matches SET started_at = started_at - $2,
		last_active_at = last_active_at - $2,
		turn_started_ms = turn_started_ms - $2 * 1000 WHERE id = $1"
}

# The username of the player not to move in match $1 (black after an
# odd number of moves).
not_to_move() {
	db "SELECT username FROM players WHERE id = (SELECT CASE
		(SELECT count(*) FROM match_moves WHERE match_id = $1) % 2
		WHEN 1 THEN black_id ELSE white_id END FROM matches
		WHERE id = $1)"
}

for u in alice bob; do
	play_input "\n$(pw $u)\n$(pw $u)\n" register "$u"
done
check "club: alice and bob are registered" status_is 0

# ---- club show: each setting, its value, what it means ----------------------
play_input "" club show
check "club show: the claim wait, 7 days by default, and its meaning" \
	sh -c 'grep -q "^claim-after  *7  *An unfinished ranked match can be claimed by the player not to move 7 days after its turn began" "$1"' - "$OUT"
check "club show: forbidden points refused by default" \
	sh -c 'grep -q "^forbidden  *refuse  *Renju: " "$1"' - "$OUT"
check "club show: ranked hot-seat on by default" \
	sh -c 'grep -q "^ranked-hotseat  *on  *Ranked matches may be played at one terminal" "$1"' - "$OUT"
check "club show: two minutes of disconnection grace by default" \
	sh -c 'grep -q "^disconnect-grace  *120  *" "$1"' - "$OUT"
play_input "" club show --format tsv
check "club show --format tsv: setting, value, meaning" \
	sh -c '[ "$(sed -n 1p "$1")" = "$(printf "setting\tvalue\tmeaning")" ] &&
		grep -q "^ranked-hotseat	on	" "$1"' - "$OUT"

# ---- Bad values: a clear message, status 2, nothing changed -----------------
bad() {
	play_input "" club set "$1" "$2"
	check "club set $1 $2: refused, saying what it takes" \
		sh -c '[ "$1" -eq 2 ] && grep -qF -- "$2" "$3"' - "$status" \
		"$3" "$ERR"
}
bad claim-after 1.5 "claim-after takes a whole number of days from 0 to 3650, not '1.5'"
bad claim-after 3651 "claim-after takes a whole number of days from 0 to 3650"
bad claim-after soon "not 'soon'"
bad forbidden maybe "forbidden takes refuse or lose, not 'maybe'"
bad ranked-hotseat yes "ranked-hotseat takes on or off, not 'yes'"
bad disconnect-grace 86401 "disconnect-grace takes a whole number of seconds from 0 to 86400"
bad colour red "unknown setting 'colour': the settings are claim-after, forbidden, ranked-hotseat, disconnect-grace, name-digits, joins-per-day, join, rated-after, pair-games, pair-hours and clock-skew"
check "club: the refused values changed nothing" \
	test "$(settings)" = "7 refuse 1 120"
play_input "" --no-admin club set claim-after 0
check "club with --no-admin (the ForceCommand's) is refused, saying why" \
	sh -c '[ "$1" -eq 1 ] && grep -q "club is refused in this session (--no-admin)" "$2"' \
	- "$status" "$ERR"
play_input "" --no-admin club show
check "club show with --no-admin is refused too" status_is 1
check "and nothing changed" test "$(settings)" = "7 refuse 1 120"

# ---- The cheat: --claim-after 0 claims at once ------------------------------
# A ranked hot-seat match of three moves, then input ends: unfinished.
play_input "$(pw alice)\n$(pw bob)\n8 8\n1 1\n8 9\n" play alice bob
old=$(db "SELECT max(id) FROM matches")
check "cheat: the match is left unfinished with three moves" \
	test "$(db "SELECT status || ' ' || (SELECT count(*) FROM match_moves
		WHERE match_id = $old) FROM matches WHERE id = $old")" = \
	"unfinished 3"
claimant=$(not_to_move "$old")
age "$old" 86400 # a day since its turn began
play_input "2\n$claimant\n$(pw "$claimant")\n0\n0\n0\n" --claim-after 0
check "cheat: --claim-after 0 is not offered the claim a day after the turn" \
	hasnt "Claim the win"
check "and is told the match keeps the wait it started with" \
	has "This match can be claimed 7 days after its turn began, the rule it started with: --claim-after cannot shorten it."
check "cheat: the match is still unfinished" \
	test "$(db "SELECT status FROM matches WHERE id = $old")" = unfinished

# ---- The cheat: a clock eight days ahead -------------------------------------
# The same match, a day into its turn: a program whose clock says eight
# days later (faketime: its C library's time, and the files' times) is
# not offered the claim. The club's clock is the kernel's (store_now()).
# Under AddressSanitizer, faketime's library comes before ASan's.
faked() { # TEXT ARGS: gomoku ARGS eight days ahead, TEXT typed
	_in=$1
	shift
	printf '%b' "$_in" | ASAN_OPTIONS=verify_asan_link_order=0 \
		faketime -f +8d ${GOMOKU_VG:-} "$GOMOKU_BIN" "$@" \
		>"$OUT" 2>"$ERR"
	status=$?
	vg_seen "$status"
}
if command -v faketime >/dev/null 2>&1; then
	check "clock: faketime puts a program eight days ahead" \
		[ "$(faketime -f +8d date +%s)" -gt $(($(date +%s) + 7 * 86400)) ]
	faked "2\n$claimant\n$(pw "$claimant")\n0\n0\n0\n"
	check "clock: a program eight days ahead logs in" \
		has "Gomoku Club: $claimant"
	check "clock: ... and is not offered the claim (the club's clock)" \
		hasnt "Claim the win"
	check "clock: the match is still unfinished" \
		test "$(db "SELECT status FROM matches WHERE id = $old")" = unfinished
else
	skip "faketime is not installed (make deps installs it)"
fi

play_input "" club set claim-after 0
check "club set claim-after 0: done, saying what it means for which matches" \
	has "claim-after is now 0: An unfinished ranked match can be claimed at once by the player not to move. Matches that start from now on play by it; those already started keep their own."
check "club show then lists claim-after 0" \
	sh -c '"$@" club show | grep -q "^claim-after  *0 "' - \
	${GOMOKU_VG:-} "$GOMOKU_BIN"
play_input "2\n$claimant\n$(pw "$claimant")\n0\n0\n0\n"
check "the match started before keeps its week: still no claim" \
	hasnt "Claim the win"

# Both agree to abandon the old match; a new one starts and is left
# after three moves. A second later it can be claimed.
play_input "$(pw alice)\n$(pw bob)\n4\ny\ny\n8 8\n1 1\n8 9\n" play alice bob
new=$(db "SELECT max(id) FROM matches")
check "a new match started after the change" \
	test "$new" -gt "$old" -a \
	"$(db "SELECT status FROM matches WHERE id = $old")" = abandoned
check "the new match keeps the club's new wait, 0 days" \
	test "$(db "SELECT claim_after_days FROM matches WHERE id = $new")" = 0
age "$new" 1
claimant=$(not_to_move "$new")
play_input "2\n$claimant\n$(pw "$claimant")\n5\n0\n0\n"
check "club set claim-after 0: the new match can be claimed at once" \
	has "Claim the win"
check "and the claim is the store's: finished, abandoned" \
	test "$(db "SELECT status || ' ' || reason FROM matches
		WHERE id = $new")" = "finished abandoned"
play_input "" club set claim-after 7

# ---- A looser --forbidden gets the club's rule -------------------------------
# Black's four stones around i9 make it a double three (test_renju.sh).
SETUP='8 8\n1 1\n8 10\n1 2\n10 8\n1 3\n10 10\n1 15\n'
play_input "" club set forbidden lose
check "club set forbidden lose" has "forbidden is now lose"
ranked_as alice white "$(pw alice)\n$(pw bob)\n" "${SETUP}9 9\n" \
	play alice bob --variant renju --forbidden refuse
check "--forbidden refuse is told the club's rule wins" \
	has "In this club a forbidden point loses: --forbidden refuse cannot soften that, so this match uses the club's rule."
check "and the forbidden point loses the match" \
	has "played a forbidden point."
check "stored as the match's rule and its reason" \
	test "$(db "SELECT forbidden || ' ' || reason FROM matches
		WHERE id = (SELECT max(id) FROM matches)")" = "lose forbidden"
play_input "" club set forbidden refuse

# ---- Ranked hot-seat off ------------------------------------------------------
play_input "" club set ranked-hotseat off
check "club set ranked-hotseat off" has "ranked-hotseat is now off"
before=$(db "SELECT count(*) FROM matches")
play_input "$(pw alice)\n$(pw bob)\n" play alice bob
check "play USER1 USER2 with ranked hot-seat off: refused (status 1)" \
	status_is 1
check "saying that it is off and to play from two terminals" \
	has "Play ranked from two terminals instead"
check "before anyone typed a password: no match, no login" \
	sh -c '[ "$(sqlite3 "$1" "SELECT count(*) FROM matches")" = "$2" ] &&
		! grep -q "Logged in" "$3"' - "$GOMOKU_DB" "$before" "$OUT"
play_input "2\nalice\n$(pw alice)\n1\n0\n0\n"
check "menu: the ranked match says ranked hot-seat is off in this club" \
	has "Ranked hot-seat is off in this club: the second player would type their password at this terminal."
check "menu: and suggests two terminals" \
	has "each player logs in at their own, and one challenges the other"
check "menu: no second player is asked to log in" \
	hasnt "the second player logs in"

need_tmux
start fs
wait_for fs "Log in" && keys fs 2
wait_for fs "Username:" && keys fs -l alice && keys fs Enter
wait_for fs "Password for alice:" && keys fs -l "$(pw alice)" && keys fs Enter
# 1 then Enter: in the account menu 1 waits for a second digit (10)
wait_for fs "Ranked match" && keys fs 1 Enter
check "full screen: the ranked match says ranked hot-seat is off" \
	wait_for fs "Ranked hot-seat is off in this club"
check "full screen: and suggests two terminals" \
	wait_for fs "Play ranked from two terminals instead"
check "full screen: no second login is asked" hides fs "second player logs in"
keys fs 0
wait_for fs "Quit" && keys fs 0
check "full screen: the program ends cleanly" wait_end
