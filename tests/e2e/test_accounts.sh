# End-to-end: accounts, logins, a ranked match and the leaderboard, on a
# real SQLite database, as players would type them.
. "$E2E_LIB"

FIVE='8 8\n1 1\n8 9\n1 2\n8 10\n1 3\n8 11\n1 4\n8 12\n'

play_input 'alice\nAlice\nsecret-pass-1\nsecret-pass-1\n' register
check "register asks username, nickname, password twice" status_is 0
check "register welcomes the player" has "Welcome, Alice! Your account alice is ready."

play_input '\nhunter2-xyz!\nhunter2-xyz!\n' register bob
check "register USERNAME skips the username prompt" status_is 0
check "an empty nickname means the username" has "Welcome, bob!"

play_input 'Ann\nsecret-pass-9\nsecret-pass-9\n' register ALICE
check "a taken username in another case is refused" status_is 1
check "the refusal says the name is taken" has "That username is taken."

play_input '' register 'x;DROP TABLE players'
check "a username with symbols is refused" status_is 1
check "the username rules are explained" has "only letters"

play_input 'carolyn1\n\nshort\nPassword1\nCAROLYN1\n' register
check "a short password is refused" has "at least 8"
check "a common password is refused in any case" has "too common"
check "the username as password is refused" has "cannot be the username"
check "input ending before a password is accepted refuses (exit 1)" \
	status_is 1
check "nothing is created for a refused registration" \
	test "$(db 'SELECT count(*) FROM players')" = 2

play_input 'dave\n\nlong-enough-1\nlong-enough-2\nlong-enough-1\nlong-enough-1\n' register
check "mismatched passwords are asked again" has "The passwords do not match."
check "the second try registers" status_is 0

# The coin flip is the system's secure one, whatever --seed says: the
# run is repeated until it makes bob black.
ranked_as bob black "secret-pass-1\nhunter2-xyz!\n" "${FIVE}" \
	play alice bob --seed 3
check "a ranked match is played to five" has "wins with 5 in a row"
check "the coin flip names the black player" has "Coin flip: bob plays black"
check "the match is saved" has "Match 1 saved."
check "the new records are shown" has "bob: 1 won, 0 lost, 0 tied; score 1; rating 1520 (+20); rank 1"

play_input '' leaderboard --format tsv
printf 'rank\tusername\tnickname\tgames\twins\tlosses\tties\tscore\trating\twin_rate\n1\tbob\tbob\t1\t1\t0\t0\t1\t1520.0\t1.000\n2\talice\tAlice\t1\t0\t1\t0\t-1\t1480.0\t0.000\n0\tdave\tdave\t0\t0\t0\t0\t0\t1500.0\t0.000\n' >"$E2E_DIR/want.tsv"
check "the leaderboard survives a restart, exact TSV" cmp -s "$OUT" "$E2E_DIR/want.tsv"

play_input '' leaderboard --format json --top 1
check "json has the same keys" has '{"rank": 1, "username": "bob", "nickname": "bob", "games": 1, "wins": 1, "losses": 0, "ties": 0, "score": 1, "rating": 1520.0, "win_rate": 1.000}'
check "--top 1 lists one player" hasnt '"alice"'

play_input '' leaderboard --by rating
check "the table leaderboard has a header" has "Rank"
check "the table shows the leader first" sh -c \
	'grep -A1 "Rank" "$1" | tail -n 1 | grep -q bob' - "$OUT"

check "the match and its moves are in the database" \
	test "$(db 'SELECT count(*) FROM match_moves')" = 9
check "the match names black and white" \
	test "$(db "SELECT p.username FROM matches m JOIN players p ON p.id = m.black_id")" = bob

play_input 'wrong-password\n' play alice bob
check "a wrong password is refused with exit 1" status_is 1
check "the refusal does not say which part was wrong" has "Invalid username or password."
check "nothing is recorded after a refused login" \
	test "$(db 'SELECT count(*) FROM matches')" = 1

play_input 'whatever-pass\n' play nobody bob
check "an unknown user gets the same message" has "Invalid username or password."
check "an unknown user exits 1" status_is 1

play_input 'secret-pass-1\n' play alice alice
check "an account cannot play itself" has "already playing"
check "playing yourself exits 1" status_is 1

play_input "secret-pass-1\nhunter2-xyz!\n8 8\n" play alice bob
check "end of input mid-match exits cleanly" has "saved unfinished"
check "an unfinished match counts for nobody" \
	test "$(db 'SELECT sum(games) FROM players')" = 2
check "the unfinished match keeps its move" \
	test "$(db "SELECT count(*) FROM match_moves JOIN matches ON id = match_id WHERE status = 'unfinished'")" = 1

for i in 1 2 3 4 5; do play_input 'bad-guess-xx\n' passwd dave; done
play_input 'long-enough-1\n' passwd dave
check "five failures lock the account" has "locked"
check "the lock is stored in the database" \
	test "$(db "SELECT locked_until > 0 FROM login_failures WHERE name = 'dave'")" = 1

play_input 'hunter2-xyz!\nnew-password-7\nnew-password-7\n' passwd bob
check "passwd asks the old password, then the new twice" has "Password changed."
play_input 'hunter2-xyz!\n' passwd bob
check "the old password no longer works" status_is 1
check "passwd says the current password is wrong" \
	has "Wrong current password."
check "not the login's answer" hasnt "Invalid username or password."
play_input 'new-password-7\nnew-password-7\n' passwd bob
check "passwd names the current and the new password" \
	sh -c 'grep -q "^Current password: " "$1" &&
	       grep -q "^New password: " "$1"' - "$OUT"
check "the new password must differ from the current one" \
	has "The new password must differ from the current one."
check "and then nothing is changed (exit 1)" status_is 1
play_input 'new-password-7\nnewer-password-8\nnewer-password-8\n' passwd bob
check "the second new password is asked again" has "New password again: "
play_input 'newer-password-8\nnew-password-7\nnew-password-7\n' passwd bob
check "and the password can be changed back" has "Password changed."

check "no password appears in the database" sh -c \
	'! sqlite3 "$1" .dump | grep -qE "secret-pass|hunter2|new-password|long-enough"' \
	- "$GOMOKU_DB"
check "the hashes are Argon2id" \
	test "$(db "SELECT count(*) FROM players WHERE password_hash LIKE '\$argon2id\$%'")" = 3

play_input '' stats alice
check "stats shows the record" has "Games 1: 0 won, 1 lost, 0 tied"
play_input '' stats nobody
check "stats of an unknown player exits 1" status_is 1

# The menus: log in (the unfinished match is offered: not now), ask for
# a ranked match (bob logs in: the same match is offered again, and both
# agree to abandon it), play a new one (no rematch), see my record, log
# out, quit.
play_input "2\nalice\nsecret-pass-1\n0\n1\n\nbob\nnew-password-7\n4\ny\ny\n${FIVE}n\n3\n4\n0\n0\n" --seed 3
check "logging in offers the unfinished match" has "You have an unfinished match"
check "at one move, resigning it is offered as an abort, not a loss" \
	sh -c 'grep -q "Resign it (too early to be rated: it is aborted)" "$1" &&
	       ! grep -q "counts as your loss" "$1"' - "$OUT"
check "the menu's ranked match offers it again, not a second match" \
	test "$(grep -c 'You have an unfinished match' "$OUT")" -eq 2
check "abandoning it needs both players to agree" \
	sh -c 'grep -q "Alice, do you agree that match 2 counts for nobody" "$1" &&
	       grep -q "bob, do you agree that match 2 counts for nobody" "$1"' \
	- "$OUT"
check "the menus run a whole ranked match" has "wins with 5 in a row"
check "the menu match is recorded" \
	test "$(db "SELECT count(*) FROM matches WHERE result IS NOT NULL")" = 2
check "My record from the account menu" has "Games 2:"
check "logging out and quitting exits 0" status_is 0

play_input '1\neve\nEve\nsecret-pass-2\nsecret-pass-2\n0\n0\n'
check "register from the main menu" has "Welcome, Eve!"
check "registering from the main menu logs the player in" \
	sh -c 'grep -q "Logged in: Eve (eve)" "$1" &&
		grep -q "^Gomoku Club: eve$" "$1"' - "$OUT"
check "then Log out and Quit (exit 0)" status_is 0

# Leaving Register and Log in: an empty line or Esc (a line that is just
# ESC) at a prompt goes back to the menu, passwords included.
ESC='\0033'
play_input "1\n\n2\n${ESC}\n2\neve\n\n1\nfrank\n${ESC}\n1\nfrank\nFrank\n\n1\nfrank\nFrank\nsecret-pass-4\n${ESC}\n0\n"
check "leaving: each empty line or Esc cancels its prompt" \
	test "$(grep -c '^Cancelled\.$' "$OUT")" -eq 6
check "leaving: back to the main menu each time, then quit (exit 0)" \
	sh -c 'test "$(grep -c "^  1  Register" "$1")" -eq 7' - "$OUT"
check "leaving: quitting exits 0" status_is 0
check "leaving: no account for a registration left" \
	test "$(db "SELECT count(*) FROM players WHERE username = 'frank'")" = 0
check "leaving: a login left is no failed login" \
	test "$(db "SELECT count(*) FROM login_failures WHERE name = 'eve'")" = 0
play_input "2\neve\nsecret-pass-2\n1\n\n\n1\n\nalice\n${ESC}\n1\n\n${ESC}\n0\n0\n"
check "leaving: the second player's log-in goes back to the account menu" \
	test "$(grep -c '^Cancelled\.$' "$OUT")" -eq 3
check "leaving: no match is started" hasnt "Coin flip"
check "leaving: then log out and quit (exit 0)" status_is 0
play_input '\n' register
check "leaving: register at the command line exits 1" status_is 1
check "leaving: and says it was cancelled" has "Cancelled."
play_input '2\neve\nsecret-pass-2\n6\nnot-my-pass-2\n0\n0\n'
check "the menu's change password says the current one is wrong" \
	has "Wrong current password."
check "and goes back to the menu" status_is 0

# Each rule has its own Elo: erin and frank play freestyle, then their
# first match under the exact rule, which starts both at 1500 again
# (1520 and 1480 after it, whoever won), unlike their overall ratings.
play_input 'erin\nErin\nsecret-pass-4\nsecret-pass-4\n' register
play_input 'frank\nFrank\nsecret-pass-5\nsecret-pass-5\n' register
play_input "secret-pass-4\nsecret-pass-5\n${FIVE}" play erin frank
play_input "secret-pass-4\nsecret-pass-5\n${FIVE}" play erin frank \
	--variant standard
check "a match under the exact rule is played" has "wins with 5 in a row"
play_input '' leaderboard --rule exact --format tsv
check "leaderboard --rule shows the rule's own rating" \
	test "$(cut -f 4,9 "$OUT" | sed 1d | sort | tr '\n' ' ')" \
	= "$(printf '1\t1480.0 1\t1520.0 ')"
play_input '' leaderboard --format tsv
check "the overall ratings count both rules" \
	sh -c '! grep -qE "	(erin|frank)	.*	(1480|1520)\.0	" "$1"' - "$OUT"
play_input '' stats erin
check "stats shows the record under each rule" \
	sh -c 'grep -q "^Under freestyle gomoku: 1 game, " "$1" &&
	       grep -qE "^Under standard gomoku: 1 game, .*rating 1(48|52)0$" "$1"' \
	- "$OUT"

play_input '' --db /proc/nope/x.db leaderboard
check "an unusable database path fails with exit 1" status_is 1
check "and says why" err_has "cannot open the database"

printf 'not a database' >"$E2E_DIR/text.db"
play_input '' --db "$E2E_DIR/text.db" leaderboard
check "a file that is not ours is refused" err_has "not a Gomoku Club database"

# The program has no test switch: GOMOKU_TEST_FAST_HASH=1 (once the
# tests' way to cheapen hashing) changes nothing; every hash it writes
# costs Argon2id's interactive m=64 MiB, t=2.
REAL='$argon2id$v=19$m=65536,t=2,p=1$'
hash_of() { db "SELECT password_hash FROM players WHERE username = '$1'"; }
play_env 'GOMOKU_TEST_FAST_HASH=1' '\nfast-env-pass-1\nfast-env-pass-1\n' \
	register frank
check "GOMOKU_TEST_FAST_HASH=1 is ignored: the new hash costs m=64 MiB, t=2" \
	sh -c 'case $1 in "$2"*) exit 0 ;; esac; exit 1' - "$(hash_of frank)" "$REAL"
play_env 'GOMOKU_TEST_FAST_HASH=1' \
	'fast-env-pass-1\nfast-env-pass-2\nfast-env-pass-2\n' passwd frank
check "and passwd under it writes a real-cost hash too" \
	sh -c 'case $1 in "$2"*) exit 0 ;; esac; exit 1' - "$(hash_of frank)" "$REAL"

# A login replaces a weaker hash (m=8 KiB, t=1) with one at the real
# cost, and never replaces a stronger one (t=3) with a cheaper one.
WEAK='$argon2id$v=19$m=8,t=1,p=1$BLD0hzvxRyeZevIWWw6Uug$f5jZR0ntYho5lcOKy2ETfOq1/mviXp9H8DPuInbMbRI'
STRONG='$argon2id$v=19$m=65536,t=3,p=1$LvlJZ1+jLhqXVS5PuzDWsw$5ogdzPsmZS1AJ0LAIFzebFh3xb0FeBQKrepWR5xn7Rg'
db "UPDATE players SET password_hash = '$WEAK' WHERE username = 'frank'"
play_input '2\nfrank\nstronger-pass-1\n0\n0\n'
check "a login with a weak stored hash succeeds" has "Logged in:"
check "a weak hash is raised to the real cost at login" \
	sh -c 'case $1 in "$2"*) exit 0 ;; esac; exit 1' - "$(hash_of frank)" "$REAL"
db "UPDATE players SET password_hash = '$STRONG' WHERE username = 'frank'"
play_input '2\nfrank\nstronger-pass-1\n0\n0\n'
check "a login with a stronger stored hash succeeds" has "Logged in:"
check "a stronger hash (t=3) is kept, never lowered" \
	test "$(hash_of frank)" = "$STRONG"

# The lock-out tells nobody which accounts exist: five wrong passwords
# for a real account (grace) and for a name nobody has (ghost, typed in
# two cases: one name) get the same answers, byte for byte, and both
# names are then locked in the database; only grace's right password
# learns that her account is locked.
play_input '\ngrace-pass-77\ngrace-pass-77\n' register grace
for i in 1 2 3 4 5 6; do
	play_input 'wrong-guess-1\n' play grace bob
	sed 's/grace/NAME/g' "$OUT" >"$E2E_DIR/known.$i"
	cp "$ERR" "$E2E_DIR/known-err.$i"
	k_status=$status
	[ "$i" -le 3 ] && ghost=ghost || ghost=GHOST
	play_input 'wrong-guess-1\n' play $ghost bob
	sed "s/$ghost/NAME/g" "$OUT" >"$E2E_DIR/unknown.$i"
	check "lock-out: wrong password $i, a real and an unknown name get the same answer" \
		cmp -s "$E2E_DIR/known.$i" "$E2E_DIR/unknown.$i"
	check "lock-out: wrong password $i, the same errors and status" \
		sh -c 'cmp -s "$1" "$2" && [ "$3" -eq "$4" ]' - \
		"$E2E_DIR/known-err.$i" "$ERR" "$k_status" "$status"
done
check "lock-out: the sixth answer is still 'Invalid username or password.'" \
	grep -q "Invalid username or password." "$E2E_DIR/unknown.6"
check "lock-out: and never mentions a lock" \
	sh -c '! grep -qi locked "$1" "$2"' - "$E2E_DIR/known.6" "$E2E_DIR/unknown.6"
check "lock-out: the real account is locked in the database" \
	test "$(db "SELECT locked_until > 0 FROM login_failures WHERE name = 'grace'")" = 1
check "lock-out: the unknown name is locked too, one entry for both cases" \
	test "$(db "SELECT group_concat(name || ':' || failed_logins || ':' || (locked_until > 0)) FROM login_failures WHERE name LIKE 'ghost'")" = "ghost:5:1"
play_input 'grace-pass-77\n' play grace bob
check "lock-out: the right password learns that the account is locked" \
	has "This account is locked after too many failed logins."
check "lock-out: and is refused (exit 1)" status_is 1

# A lock-out hurts the guesser, not the owner (issue 44): failures count
# where they come from. grace is locked out here, at the machine; over
# SSH from another address her right password logs her in. Guesses from
# one address lock that address out, and her login from another leaves
# that lock as it is.
SSH_CONNECTION="203.0.113.7 50022 127.0.0.1 22"
export SSH_CONNECTION
for i in 1 2 3 4 5 6; do play_input 'wrong-guess-1\n' play grace bob; done
play_input 'grace-pass-77\n' play grace bob
check "origin: guesses from one address lock that address out" \
	has "This account is locked after too many failed logins."
SSH_CONNECTION="198.51.100.2 50022 127.0.0.1 22"
play_input 'grace-pass-77\n' play grace bob
check "origin: the owner from another address is not refused" \
	sh -c '! grep -qi locked "$1" && grep -q "Password for bob" "$1"' - "$OUT"
SSH_CONNECTION="203.0.113.7 50022 127.0.0.1 22"
play_input 'grace-pass-77\n' play grace bob
check "origin: ... and the guessers' address is still locked out" \
	has "This account is locked after too many failed logins."
check "origin: the database keeps a lock for each address and the machine" \
	test "$(db "SELECT group_concat(origin || ':' || (locked_until > 0), ',')
		FROM (SELECT * FROM login_failures WHERE name = 'grace'
		ORDER BY origin)")" = ":1,203.0.113.7:1"

# New accounts a day from one connection (issue 44; the club's
# joins-per-day, 5 by default): the sixth from one address is refused
# before anything is typed, another address and the machine are not.
SSH_CONNECTION="192.0.2.44 50022 127.0.0.1 22"
for i in 1 2 3 4 5; do
	play_input "farm$i\nFarm $i\nfarm-pass-$i-xyz\nfarm-pass-$i-xyz\n" register
done
check "joins: five accounts from one address are made" \
	test "$(db "SELECT count(*) FROM players WHERE joined_from = '192.0.2.44'")" = 5
play_input "farm6\nFarm 6\nfarm-pass-6-xyz\nfarm-pass-6-xyz\n" register
check "joins: the sixth from that address is refused at once" \
	sh -c '[ "$1" -ne 0 ] && grep -q "Enough accounts were made from your connection today" "$2" &&
		! grep -q "Username" "$2"' - "$status" "$OUT"
check "joins: ... and not made" \
	test "$(db "SELECT count(*) FROM players WHERE username = 'farm6'")" = 0
SSH_CONNECTION="192.0.2.45 50022 127.0.0.1 22"
play_input "farm6\nFarm 6\nfarm-pass-6-xyz\nfarm-pass-6-xyz\n" register
check "joins: another address makes one" status_is 0
unset SSH_CONNECTION
play_input "farm7\nFarm 7\nfarm-pass-7-xyz\nfarm-pass-7-xyz\n" register
check "joins: at the machine itself no limit applies" status_is 0

# Without the list of common passwords (missing, or a folder where the
# file should be), registration and password changes are refused with a
# clear message, fail closed; logging in still works. The binary is run
# from a copy of the source tree's layout whose data/ lacks the list.
TREE=$E2E_DIR/tree
mkdir -p "$TREE/src" "$TREE/build" "$TREE/data"
: >"$TREE/src/main.c"
: >"$TREE/Makefile"
cp "$GOMOKU_BIN" "$TREE/build/gomoku"
for how in missing unreadable; do
	[ "$how" = unreadable ] && mkdir "$TREE/data/common-passwords.txt"
	GOMOKU_BIN=$TREE/build/gomoku play_input '\npassword\npassword\n' \
		register henry
	check "no list ($how): registration is refused (exit 1)" status_is 1
	check "no list ($how): and says why" \
		err_has "cannot read the list of common passwords"
	check "no list ($how): no account was made" \
		test "$(db "SELECT count(*) FROM players WHERE username = 'henry'")" = 0
	GOMOKU_BIN=$TREE/build/gomoku play_input \
		'grace-pass-77\nnew-pass-9999\nnew-pass-9999\n' passwd bob
	check "no list ($how): a password change is refused (exit 1)" \
		status_is 1
	check "no list ($how): before any password is asked" hasnt "Password"
	GOMOKU_BIN=$TREE/build/gomoku play_input '2\nalice\nsecret-pass-1\n0\n0\n'
	check "no list ($how): logging in still works" has "Logged in:"
done
