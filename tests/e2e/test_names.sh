# End-to-end: names that read as another player's, or that break other
# players' screens (issue 22). Usernames are checked for look-alikes as
# nicknames are, both ways (a username against other players' usernames
# and nicknames, a nickname against their usernames too), by the store
# when the account is written, so two processes registering look-alikes
# at the same moment cannot both succeed. A name stacking more than two
# combining marks on one character, or mixing scripts beyond UTS #39's
# "moderately restrictive" level, is refused with the reason.
. "$E2E_LIB"
. "$(dirname "$E2E_LIB")/procs.sh"

PW='names-pass-1'
players() { db "SELECT count(*) FROM players"; }
# Exit status $1 and every fixed string after it in the output.
has_all() {
	[ "$status" -eq "$1" ] || return 1
	shift
	for _s in "$@"; do has "$_s" || return 1; done
}
register_as() { play_input "$PW\n$PW\n" register "$@"; }

register_as mallory --nickname Mallory
check "mallory registers" status_is 0
register_as alice --nickname Alice
check "alice registers" status_is 0
register_as peggy --nickname victor9
check "peggy registers, nicknamed victor9" status_is 0

# ---- Look-alike usernames -------------------------------------------------
n=0
for name in rnallory MALL0RY mal1ory a1ice aIice victor9; do
	n=$((n + 1))
	register_as "$name" --nickname "Newcomer $n"
	check "the username $name (like mallory, alice or peggy's nickname) is refused" \
		has_all 1 "That username looks like another player's name."
	check "and $name is not stored" \
		test "$(db "SELECT count(*) FROM players WHERE username = '$name'")" = 0
done
check "no look-alike username was stored" test "$(players)" = 3

play_input "rnallory\nmalory\n\n$PW\n$PW\n" register
check "typed, a look-alike username is explained and asked again" \
	has_all 0 "That username looks like another player's name." \
	"Welcome, malory!"
check "the prompt came twice" test "$(grep -o "Username: " "$OUT" | wc -l)" -eq 2

# ---- Look-alike nicknames, both ways ---------------------------------------
register_as zoe --nickname rnallory
check "a nickname like another's username is refused" \
	has_all 1 "That nickname looks like another player's name."
register_as zoe --nickname vict0r9
check "a nickname like another's nickname is refused" \
	has_all 1 "That nickname looks like another player's name."
register_as zoe --nickname Zoe
check "a nickname of one's own is accepted" status_is 0

# ---- Look-alikes UTS #39's data leaves out (issue 44) ------------------------
# vv for w, and small capitals for letters: a reader takes them for the
# same names, so the store does too.
register_as william --nickname Will
check "william registers" status_is 0
register_as vvilliam --nickname Newcomer
check "the username vvilliam (vv for w: like william) is refused" \
	has_all 1 "That username looks like another player's name."
register_as zed --nickname "$(printf '\341\264\200\312\237\311\252\341\264\204\341\264\207')"
check "the nickname ᴀʟɪᴄᴇ (small capitals: like alice) is refused" \
	has_all 1 "That nickname looks like another player's name."
register_as zed --nickname "$(printf '\341\264\215\341\264\200\312\237\312\237\341\264\217\312\200\312\217')"
check "the nickname ᴍᴀʟʟᴏʀʏ (like mallory) is refused" \
	has_all 1 "That nickname looks like another player's name."
check "none of them was stored" \
	test "$(db "SELECT count(*) FROM players WHERE username IN
		('vvilliam', 'zed')")" = 0

# ---- Digits for letters, where the club turns it on (issue 44) -------------
register_as anna --nickname Anna
register_as 4nna --nickname "Newcomer 4"
check "name-digits off (the default): 4nna beside anna is another name" \
	status_is 0
play_input "" club set name-digits on
check "club set name-digits on: said, and every player keyed again" \
	sh -c '[ "$1" -eq 0 ] && grep -q "^name-digits is now on" "$2" &&
		[ "$(sqlite3 "$3" "SELECT count(DISTINCT username_fold_key)
			FROM players WHERE username IN ('"'anna', '4nna'"')")" = 1 ]' \
	- "$status" "$OUT" "$GOMOKU_DB"
register_as 4lice --nickname "Newcomer 5"
check "name-digits on: the username 4lice (like alice) is refused" \
	has_all 1 "That username looks like another player's name."
register_as quinn --nickname "M4LL0RY"
check "name-digits on: the nickname M4LL0RY (like mallory) is refused" \
	has_all 1 "That nickname looks like another player's name."
play_input "2\n4nna\n$PW\n0\n0\n"
check "...while 4nna, there before, still logs in" \
	sh -c '[ "$1" -eq 0 ] && grep -q "Log out" "$2"' - "$status" "$OUT"
play_input "" club set name-digits off

# ---- Names that break screens ------------------------------------------------
MARKS=$(printf 'a\322\210\322\211\342\203\235\342\203\236\342\203\237\342\203\240\322\210\322\211\342\203\235\342\203\236\342\203\237\342\203\240\322\210\322\211\342\203\235\342\203\236\342\203\237\342\203\240\322\210')
register_as tangle --nickname "$MARKS"
check "a letter with 19 enclosing marks is refused, saying why" \
	has_all 1 "combining marks"
check "and not stored" \
	test "$(db "SELECT count(*) FROM players WHERE username = 'tangle'")" = 0
register_as accents --nickname "$(printf 'x\314\201\314\202')"
check "two marks on one letter are fine" status_is 0

register_as paul --nickname "$(printf 'P\320\260ul')" # Cyrillic a
check "Latin mixed with Cyrillic is refused, saying why" \
	has_all 1 "mixes scripts"
register_as ailisi --nickname "$(printf '\347\210\261\344\270\275\344\270\235')"
check "a Chinese nickname (爱丽丝) is accepted" status_is 0
register_as bob --nickname "$(printf 'Bob \351\262\215\345\213\203')"
check "Latin with Chinese (Bob 鲍勃) is accepted" status_is 0
play_input "paul\n$(printf 'P\320\260ul')\nPaul\n$PW\n$PW\n" register
check "typed, a mixed-script nickname is explained and asked again" \
	has_all 0 "mixes scripts" "Welcome, Paul!"

# ---- Two processes at once: the store decides -------------------------------
# Both pass the prompts' check (neither name is stored yet), both wait at
# the password; then both finish: exactly one account is written.
start_proc r1 4 register oscar --nickname Oscar
start_proc r2 5 register 0scar --nickname Zero
wait_out r1 "Password: "
wait_out r2 "Password: "
type_to 4 "$PW\n$PW\n"
type_to 5 "$PW\n$PW\n"
close_proc r1 4
s1=$status
close_proc r2 5
s2=$status
check "two look-alike registrations at once: one succeeds, one is refused" \
	test "$((s1 + s2))" -eq 1
check "and the store holds one of them" \
	test "$(db "SELECT count(*) FROM players WHERE username IN ('oscar', '0scar')")" = 1
cat "$E2E_DIR/r1.out" "$E2E_DIR/r2.out" >"$OUT"
check "the refused one is told why" has "registered a name that looks like yours"

# ---- Full-screen: the same refusals, and the same prompt again ---------------
need_tmux
start reg
wait_for reg "Register" && keys reg 1
wait_for reg "Username:" && keys reg -l a1ice && keys reg Enter
check "full screen: a look-alike username is refused" \
	wait_for reg "That username looks like another player's name."
check "and the username is asked again" \
	wait_until sh -c '[ "$(tmux -S "$1" capture-pane -p -t reg |
		grep -c "^Username:")" -eq 2 ]' - "$SOCK"
keys reg -l paula && keys reg Enter
wait_for reg "Nickname (Enter for paula):" &&
	keys reg -l "$(printf 'P\320\260ula')" && keys reg Enter
check "full screen: a mixed-script nickname is refused, saying why" \
	wait_for reg "mixes scripts"
keys reg -l Paula && keys reg Enter
check "and the nickname is asked again: a fine one goes on to the password" \
	wait_for reg "Password:"
tmux -S "$SOCK" kill-session -t reg
