# End-to-end: hostile input. Random bytes (the same on every machine), a
# 1 MiB line, NUL bytes, invalid UTF-8, terminal escape sequences and SQL
# fragments, end of input at every prompt, and SIGINT/SIGTERM/SIGHUP at
# prompts and during games. The program must never crash (no status of
# 128 or more except the exits a stop signal asks for), never hang (every
# run is under `timeout`), never put a raw ESC on its output when that is
# not a terminal, and leave the database unchanged by anything refused.
. "$E2E_LIB"

LIMIT=$WAIT_S # a run still going then has hung
FIFO=$E2E_DIR/fifo
PWA=hostile-Quartz-5123
PWB=bob-pass-4567
dump() { sqlite3 -batch "$GOMOKU_DB" .dump >"$E2E_DIR/$1"; }
same_dump() { dump after && cmp -s "$E2E_DIR/before" "$E2E_DIR/after"; }
# What a login may change aside, the players and the finished matches;
# same_state: as they were when saved in $E2E_DIR/state-before.
state() {
	db "SELECT username, nickname, password_hash, games, wins, losses,
		ties, score, rating FROM players ORDER BY id;
	    SELECT count(*) FROM matches WHERE status = 'finished';"
}
same_state() { state | cmp -s - "$E2E_DIR/state-before"; }
ESC=$(printf '\033')
touch "$E2E_DIR/all-output"

# A ranked match cut short stays "unfinished", and the next login of its
# players offers to resume it, which would change the prompts the scripts
# below expect: after each run, such matches are abandoned, as a player
# could do (they count for nobody either way). The one test of that
# prompt is under "End of input at every prompt".
abandon() {
	db "UPDATE matches SET status = 'abandoned' WHERE status = 'unfinished'"
}

# Run the binary on input file $1 with the other arguments, under
# `timeout`. Sets $status; keeps every output for the final ESC check.
hostile() {
	_in=$1
	shift
	# shellcheck disable=SC2086
	timeout -k 2 "$LIMIT" ${GOMOKU_VG:-} "$GOMOKU_BIN" "$@" \
		<"$_in" >"$OUT" 2>"$ERR"
	status=$?
	vg_seen "$status"
	cat "$OUT" "$ERR" >>"$E2E_DIR/all-output"
	[ -n "${KEEP_UNFINISHED:-}" ] || abandon
}

# hostile with the text $1 (printf %b) as input.
hostile_text() {
	printf '%b' "$1" >"$E2E_DIR/in"
	shift
	hostile "$E2E_DIR/in" "$@"
}

# The run ended as a refused or finished command does: 0, 1 or 2.
sane() { [ "$status" -le 2 ]; }
no_esc() { ! grep -q "$ESC" "$OUT" "$ERR"; }
# Stdout has each fixed string given; the last run exited $1.
has_all() {
	_want=$1
	shift
	for _s in "$@"; do has "$_s" || return 1; done
	status_is "$_want"
}

play_input "alice\nAlice\n$PWA\n$PWA\n" register
play_input "bob\nBob\n$PWB\n$PWB\n" register
play_input "$PWA\n$PWB\n8 8\n9 9\n8 9\n9 10\n8 10\n9 11\n8 11\n9 12\n8 12\n" \
	play alice bob --seed 1
check "hostile: set-up, two players and a match" \
	test "$(db "SELECT count(*) FROM matches WHERE status = 'finished'")" = 1

# ---- Random bytes ----------------------------------------------------------

# $2 pseudo-random bytes from seed $1: a 32-bit LCG in awk (exact in
# doubles), so every machine and every awk makes the same bytes.
random_bytes() {
	LC_ALL=C awk -v seed="$1" -v n="$2" 'BEGIN {
		x = seed
		for (i = 0; i < n; i++) {
			x = (x * 69069 + 1) % 4294967296
			printf "%c", int(x / 16777216)
		}
	}'
}
RND=$E2E_DIR/random
random_bytes 20240601 100000 >"$RND"
check "hostile: the 100000 random bytes are the same on every machine" \
	test "$(cksum <"$RND")" = "2938622387 100000"

dump before
hostile "$RND"
check "random bytes at the menus: exit 0 or 1" sane
hostile "$RND" play
check "random bytes in a guest game: exit 0 or 1" sane
hostile "$RND" register
check "random bytes at register's prompts: refused, exit 1" status_is 1
hostile "$RND" play --variant tictactoe
check "random bytes in a tic-tac-toe game: exit 0 or 1" sane
check "random bytes changed nothing in the database" same_dump
state >"$E2E_DIR/state-before"
{ printf '%s\n%s\n' "$PWA" "$PWB" && cat "$RND"; } >"$E2E_DIR/ranked"
hostile "$E2E_DIR/ranked" play alice bob
check "random bytes in a ranked game: exit 0 or 1" sane
{ printf '%s\n' "$PWA" && cat "$RND"; } >"$E2E_DIR/passwd"
hostile "$E2E_DIR/passwd" passwd alice
check "random bytes as new passwords: exit 0 or 1" sane
check "random bytes in a game and passwd: no result, no new password" \
	same_state

# ---- A 1 MiB line, NUL bytes, invalid UTF-8 ----------------------------

BIG=$E2E_DIR/big
head -c 1048576 /dev/zero | tr '\0' 7 >"$BIG"
{ cat "$BIG" && printf '\n0\n'; } >"$E2E_DIR/in-big"
hostile "$E2E_DIR/in-big"
check "a 1 MiB line at the menu is refused, then Quit works" \
	has_all 0 "too long"
{ cat "$BIG" && printf '\n8 8\n'; } >"$E2E_DIR/in-big"
hostile "$E2E_DIR/in-big" play
check "a 1 MiB line as a move is refused, the next move is played" \
	has_all 0 "too long" "Move 2"
dump before
{ printf 'huge\n\n' && cat "$BIG" && printf '\n'; } >"$E2E_DIR/in-big"
hostile "$E2E_DIR/in-big" register
check "a 1 MiB password is refused (at most 256 bytes), exit 1" \
	has_all 1 "256"
{ cat "$BIG" && printf '\n'; } >"$E2E_DIR/in-big"
hostile "$E2E_DIR/in-big" play alice bob
check "a 1 MiB login password is refused, exit 1" status_is 1
check "the 1 MiB lines changed nothing in the database" same_dump

hostile_text '1\0\n0\n'
check "a NUL byte in a menu choice is refused" has "cannot be read"
hostile_text '8\0 8\n8 8\n' play
check "a NUL byte in a move is refused, then the move is played" \
	has_all 0 "cannot be read" "Move 2"
dump before
hostile_text 'ali\0ce2\n' register
check "a NUL byte in a username is refused, exit 1" status_is 1
hostile_text 'zed\n\377\376\n' register
check "an invalid UTF-8 nickname is refused, exit 1" status_is 1
for bad in '\300\257' '\355\240\200' '\364\220\200\200' 'ab\303'; do
	hostile_text '' register zed --nickname "$(printf '%b' "$bad")"
	check "the nickname bytes $bad (not UTF-8) are refused" status_is 1
done
check "nothing refused changed the database" same_dump

# ---- Terminal escape sequences -----------------------------------------------

CLEAR=$(printf '\033[2J')
dump before
hostile_text '' register mallory --nickname "a${CLEAR}b"
check "a nickname holding ESC [ 2 J is refused" status_is 1
# typed, the sequence is not text: the line reader drops it whole (the
# nickname is x, and the password is asked next)
hostile_text "mallory\nx${CLEAR}\n" register
check "a typed ESC [ 2 J is dropped from the nickname's line" \
	sh -c 'grep -q "Password: *$" "$1" && ! grep -q "control characters" "$1"' \
	- "$OUT"
hostile_text '' register mallory --nickname "$(printf 'ti\033]0;t\007x')"
check "a nickname holding an OSC title sequence is refused" status_is 1
hostile_text '' register mallory --nickname "$(printf 'a\302\233b')"
check "a nickname holding a C1 control (CSI) is refused" status_is 1
check "the refused nicknames changed nothing" same_dump

# Each run: no raw ESC on standard output or standard error, whatever
# the arguments or input hold, with NO_COLOR set and output not a tty.
export NO_COLOR=1
hostile_text "${CLEAR}\n\033[31m8 8\n" play
check "no raw ESC: escapes typed at the move prompt" no_esc
hostile_text "${CLEAR}\n0\n"
check "no raw ESC: escapes typed at the menu" no_esc
hostile_text "2\n${CLEAR}x\nwhatever-pass\n0\n"
check "no raw ESC: a username with escapes typed at the login" no_esc
hostile_text '' stats "x${CLEAR}"
check "no raw ESC: stats of a name with escapes" no_esc
hostile_text '' "${CLEAR}"
check "no raw ESC: an unknown command with escapes" no_esc
hostile_text '' --lang "$(printf '\033]0;pwned\007')"
check "no raw ESC: an unknown language with escapes" no_esc
hostile_text '' play --variant "x${CLEAR}"
check "no raw ESC: an unknown variant with escapes" no_esc
hostile_text 'whatever-pass\n' play "x${CLEAR}" bob
check "no raw ESC: play with a username holding escapes" no_esc
hostile_text 'whatever-pass\n' passwd "x${CLEAR}"
check "no raw ESC: passwd of a username holding escapes" no_esc
hostile_text '' register "x${CLEAR}"
check "no raw ESC: register of a username holding escapes" no_esc
hostile_text '' leaderboard
check "no raw ESC: the leaderboard" no_esc
unset NO_COLOR

# ---- SQL fragments -----------------------------------------------------------

dump before
for name in "x'; DROP TABLE players;--" "a' OR '1'='1" 'bob"--' \
	"Robert'); DELETE FROM players; --" 'x;VACUUM'; do
	hostile_text "nick\n$PWA\n$PWA\n" register "$name"
	check "the username \"$name\" is refused" status_is 1
	hostile_text "$PWA\n" play "$name" bob
	check "a login as \"$name\" is refused" has "Invalid username or password."
	hostile_text '' stats "$name"
	check "stats of \"$name\" finds nobody" status_is 1
done
check "the SQL fragments as usernames changed nothing" same_dump
NICK1="x');DROP TABLE p;--"
NICK2="' OR 1=1; --"
NICK3='a"b\c'
hostile_text "$PWA\n$PWA\n" register sqlnick1 --nickname "$NICK1"
check "a nickname of SQL is accepted as text" status_is 0
hostile_text "$PWA\n$PWA\n" register sqlnick2 --nickname "$NICK2"
hostile_text "$PWA\n$PWA\n" register sqlnick3 --nickname "$NICK3"
check "SQL nicknames are stored literally" test \
	"$(db "SELECT nickname FROM players WHERE username LIKE 'sqlnick%'
		ORDER BY username")" = "$(printf '%s\n%s\n%s' \
	"$NICK1" "$NICK2" "$NICK3")"
check "the players table still holds everyone (5 players)" \
	test "$(db 'SELECT count(*) FROM players')" = 5
check "and the other tables are all still there" \
	test "$(db "SELECT count(*) FROM sqlite_schema
		WHERE name IN ('players', 'matches', 'match_moves')")" = 3
hostile_text '' leaderboard --format tsv
check "the leaderboard shows a SQL nickname as it was typed" has "$NICK1"
hostile_text '' leaderboard --format json
check "json escapes quotes and backslashes in nicknames" \
	has '"nickname": "a\"b\\c"'

# ---- Unicode nicknames ---------------------------------------------------------

# u HEX... -- the code points HEX... as UTF-8 (printf in sh has no \u).
u() {
	for _h in "$@"; do
		_c=$((0x$_h))
		if [ "$_c" -lt 128 ]; then
			byte "$_c"
		elif [ "$_c" -lt 2048 ]; then
			byte $((192 + _c / 64)) $((128 + _c % 64))
		elif [ "$_c" -lt 65536 ]; then
			byte $((224 + _c / 4096)) $((128 + _c / 64 % 64)) \
				$((128 + _c % 64))
		else
			byte $((240 + _c / 262144)) $((128 + _c / 4096 % 64)) \
				$((128 + _c / 64 % 64)) $((128 + _c % 64))
		fi
	done
}
byte() { for _b in "$@"; do printf "\\$(printf %o "$_b")"; done; }

# Every format character (category Cf: U+202E, zero-width spaces and
# joiners, bidi isolates, tags...), each between two letters, one
# nickname a line: every one is refused with the reason, and the prompt
# comes again. The lines are the fuzz seed made from Unicode's list.
CF=$(dirname "$E2E_LIB")/../fuzz/corpus/fuzz_input/nickname-every-cf
dump before
{ echo zed && cat "$CF"; } >"$E2E_DIR/in-cf"
hostile "$E2E_DIR/in-cf" register
check "every Cf character in a nickname is refused ($(wc -l <"$CF") of them)" \
	test "$(grep -c "cannot hold invisible" "$OUT")" -eq "$(wc -l <"$CF")"
check "and input ending there refuses the registration (exit 1)" status_is 1
for nick in "61 202E 62" "61 202D 62" "61 200B 62" "61 200C 62" \
	"61 200D 62" "61 2060 62" "FEFF 61" "61 061C 62" "2066 61 2069" \
	"61 00AD" "115F" "1160 1160" "3164" "FFA0 61" "2800" "61 E0041" \
	"FE0F 61" "0301 61" "61 2028 62" "3000" "20 20"; do
	hostile_text '' register zed --nickname "$(u $nick)"
	check "the nickname U+$nick is refused, exit 1" \
		sh -c '[ "$1" -eq 1 ] && grep -q "cannot hold invisible" "$2"' \
		- "$status" "$OUT"
done
check "no refused nickname changed the database" same_dump

# NFC/NFD twins: a decomposed nickname is stored composed (NFC); a
# variation selector after a character is part of it.
hostile_text "$PWA\n$PWA\n" register rene1 --nickname "$(u 52 65 6E 65 301)"
check "a nickname in NFD is accepted" status_is 0
check "and stored in NFC (U+00E9, not e + U+0301)" \
	test "$(db "SELECT hex(nickname) FROM players WHERE username = 'rene1'")" = 52656EC3A9
hostile_text "$PWA\n$PWA\n" register rene2 --nickname "$(u 52 65 6E E9)"
check "its NFC twin is the same nickname: refused as rene1's" \
	has_all 1 "looks like another player's name"
check "and not stored" \
	test "$(db "SELECT count(*) FROM players WHERE username LIKE 'rene_'")" = 1
hostile_text "$PWA\n$PWA\n" register hearts --nickname "$(u 2764 FE0F)"
check "a variation selector after a character is accepted" status_is 0

# A nickname that looks like another player's username is refused:
# another case, full-width letters, a roman numeral for i, a blank at
# the end, all-Cyrillic аlісе, one Cyrillic letter among Latin ones, 1
# for l (UTS #39 skeletons); bob's Bob with a zero or a Greek omicron.
# One that looks like the player's own username is fine.
dump before
for nick in "41 4C 49 43 45" "FF41 FF4C FF49 FF43 FF45" "61 6C 2170 63 65" \
	"61 6C 69 63 65 A0" "430 6C 456 441 435" "61 6C 69 441 65" \
	"61 31 69 63 65" "42 30 62" "62 3BF 62"; do
	hostile_text "$PWA\n$PWA\n" register mimic --nickname "$(u $nick)"
	check "the nickname U+$nick (alice's or bob's name) is refused" \
		sh -c '[ "$1" -eq 1 ] && grep -q "looks like another" "$2"' \
		- "$status" "$OUT"
done
check "the look-alike nicknames changed nothing" same_dump
hostile_text "mimic\nALICE\nMIMIC\n$PWA\n$PWA\n" register
check "typed, the look-alike is explained and asked again; one's own name is fine" \
	has_all 0 "looks like another player's name" "Welcome, MIMIC!"
hostile_text "$PWA\n$PWA\n" register mimic2 --nickname rnirnic
check "rn for m: rnirnic looks like mimic, refused" \
	has_all 1 "looks like another player's name"
AILISI=$(u 7231 4E3D 4E1D)
hostile_text "$PWA\n$PWA\n" register ailisi --nickname "$AILISI"
check "a Chinese nickname is accepted" status_is 0
hostile_text "$PWA\n$PWA\n" register ailisi2 --nickname "$AILISI"
check "the same nickname for another player is refused (another's nickname)" \
	has_all 1 "looks like another player's name"
hostile_text "$PWA\n$PWA\n" register ailisi3 --nickname "$(u 7231 4E3D)"
check "a different Chinese nickname is accepted" status_is 0

# A 20-character Chinese nickname (40 columns) stays in its column.
ZH20=$(u 5C0F 5C0F 5C0F 5C0F 5C0F 5C0F 5C0F 5C0F 5C0F 5C0F 5C0F 5C0F 5C0F \
	5C0F 5C0F 5C0F 5C0F 5C0F 5C0F 5C0F)
hostile_text "$PWA\n$PWA\n" register wide --nickname "$ZH20"
check "a 20-character Chinese nickname is accepted" status_is 0
hostile_text '' leaderboard --top 100
grep -E '^[ >] +([0-9]+|–)  ' "$OUT" | while IFS= read -r row; do
	printf '%s\n' "$row" | wc -L
done | sort -u >"$E2E_DIR/widths"
check "every leaderboard row takes the same columns (the long name cut)" \
	test "$(wc -l <"$E2E_DIR/widths")" -eq 1
hostile_text '' leaderboard --top 100 --format tsv
check "scripts still get the whole nickname" has "$ZH20"

# ---- End of input at every prompt ---------------------------------------

# Feed the first 0, 1, ... lines of the script $1 to the command that
# follows; each run must exit $2 (or 0 or 1 when $2 is "0|1") in time.
# Prints the line counts that went wrong, if any.
every_prefix() {
	_script=$1 _want=$2
	shift 2
	_n=0 _total=$(printf '%b' "$_script" | wc -l)
	while [ "$_n" -lt "$_total" ]; do
		printf '%b' "$_script" | head -n "$_n" >"$E2E_DIR/in"
		hostile "$E2E_DIR/in" "$@"
		case "$_want:$status" in
		0\|1:0 | 0\|1:1 | 0:0 | 1:1) ;;
		*) printf '(%s lines: status %s) ' "$_n" "$status" ;;
		esac
		_n=$((_n + 1))
	done
}

dump before
bad=$(every_prefix "newbie\nNewbie\nnewbie-pass-1\nnewbie-pass-1\n" 1 register)
check "end of input at each of register's 4 prompts: exit 1 ${bad}" \
	test -z "$bad"
check "and nothing was registered" same_dump
state >"$E2E_DIR/state-before"
bad=$(every_prefix "$PWA\nnew-pass-0001\nnew-pass-0001\n" 1 passwd alice)
check "end of input at each of passwd's 3 prompts: exit 1 ${bad}" \
	test -z "$bad"
bad=$(every_prefix "$PWA\n$PWB\n8 8\n9 9\nresign\ny\n" '0|1' play alice bob)
check "end of input at each prompt of a ranked match: exit 0 or 1 ${bad}" \
	test -z "$bad"
bad=$(every_prefix "1\nnewbie\n\nnewbie-pass-1\nnewbie-pass-2\n" '0|1')
check "end of input at each prompt of the register menu: exit 0 or 1 ${bad}" \
	test -z "$bad"
bad=$(every_prefix "2\nalice\n$PWA\n3\n4\n6\n$PWA\nnew-pass-0001\nx\n0\n0\n" \
	'0|1')
check "end of input at each prompt of the account menu: exit 0 or 1 ${bad}" \
	test -z "$bad"
bad=$(every_prefix \
	"2\nalice\n$PWA\n1\nbob\n$PWB\n8 8\n9 9\nundo\nn\ndraw\nn\n" '0|1')
check "end of input at each prompt of a ranked match from the menus \
${bad}" test -z "$bad"
bad=$(every_prefix '4\n8 8\nundo\ny\n8 8\nresign\ny\nn\n0\n' '0|1')
check "end of input at each prompt of a guest game from the menus ${bad}" \
	test -z "$bad"
printf '%s\n%s\n8 8\n' "$PWA" "$PWB" >"$E2E_DIR/in"
KEEP_UNFINISHED=1
hostile "$E2E_DIR/in" play alice bob
bad=$(every_prefix "2\nalice\n$PWA\n0\n0\n0\n" '0|1')
unset KEEP_UNFINISHED
abandon
check "end of input at each prompt of a login with an unfinished match \
${bad}" test -z "$bad"
check "none of those changed a password, a counter or a result" same_state

# ---- Signals at prompts and during games -------------------------------------

# Start the binary (args after $1) reading from a FIFO that stays open, so
# it waits at its prompt; a Perl parent reports how it ended (exit N as
# N, death by signal S as 200 + S) and undoes the shell's ignoring of
# SIGINT in background jobs, so the binary starts as from a terminal.
# Feed it the text $1, wait for the prompt text $PROMPT, send $SIG, and
# set $status and $ended (1 when it ended after the signal, 0 when it
# was still running $WAIT_S s later, or when the prompt never came and
# no signal was sent).
signal_at() {
	_text=$1
	shift
	rm -f "$FIFO" "$E2E_DIR/pid"
	mkfifo "$FIFO" || exit 2
	exec 3<>"$FIFO"
	# shellcheck disable=SC2086
	PIDFILE=$E2E_DIR/pid perl -e '
		my $pid = fork() // die "fork: $!";
		if ($pid == 0) {
			$SIG{INT} = $SIG{QUIT} = "DEFAULT";
			exec(@ARGV) or die "exec: $!";
		}
		open(my $f, ">", $ENV{PIDFILE}) or die; print $f "$pid\n";
		close($f);
		waitpid($pid, 0);
		exit(($? & 127) ? 200 + ($? & 127) : $? >> 8);
	' ${GOMOKU_VG:-} "$GOMOKU_BIN" "$@" <"$FIFO" >"$OUT" 2>"$ERR" 3>&- &
	_parent=$!
	printf '%b' "$_text" >&3
	_i=0 ended=0
	until [ -s "$E2E_DIR/pid" ] && grep -qF -- "$PROMPT" "$OUT"; do
		_i=$((_i + 1))
		[ "$_i" -gt $((20 * WAIT_S)) ] && break
		sleep 0.05
	done
	if [ "$_i" -le $((20 * WAIT_S)) ]; then
		kill "-$SIG" "$(cat "$E2E_DIR/pid")" 2>/dev/null
		_i=0
		while [ "$_i" -lt $((20 * WAIT_S)) ]; do
			if ! kill -0 "$_parent" 2>/dev/null; then
				ended=1
				break
			fi
			_i=$((_i + 1))
			sleep 0.05
		done
	fi
	exec 3>&-
	kill -KILL "$(cat "$E2E_DIR/pid")" 2>/dev/null
	wait "$_parent"
	status=$?
	vg_seen "$status"
	cat "$OUT" "$ERR" >>"$E2E_DIR/all-output"
	abandon
}

# The last run ended on its signal, with status $1.
ended() { [ "$ended" -eq 1 ] && [ "$status" -eq "$1" ]; }

state >"$E2E_DIR/state-before"
for sig in INT:130 TERM:143 HUP:129; do
	SIG=${sig%:*} code=${sig#*:}
	PROMPT="Choose:"
	signal_at ''
	check "SIG$SIG at the main menu: exit $code" ended "$code"
	PROMPT="Username:"
	signal_at '' register
	check "SIG$SIG at register's username prompt: exit $code" ended "$code"
	PROMPT="Password:"
	signal_at 'sigtest\n\n' register
	check "SIG$SIG at register's password prompt: exit $code" ended "$code"
	PROMPT="Password for alice"
	signal_at '' play alice bob
	check "SIG$SIG at a login's password prompt: exit $code" ended "$code"
	PROMPT="Move 2"
	signal_at '8 8\n' play
	check "SIG$SIG during a guest game: exit $code" ended "$code"
	PROMPT="resign?"
	signal_at '8 8\nresign\n' play
	check "SIG$SIG at a yes/no question: exit $code" ended "$code"
	PROMPT="Move 4"
	signal_at "$PWA\n$PWB\n8 8\n9 9\n7 7\n" play alice bob
	check "SIG$SIG during a ranked match: exit $code" ended "$code"
	check "SIG$SIG during a ranked match: it counts for nobody" \
		has "counts for nobody"
done
SIG=INT PROMPT="New password again:"
signal_at "$PWA\nnew-pass-0001\n" passwd alice
check "SIGINT at passwd's second new password: exit 130" ended 130
check "no signal changed a password, a counter or a result" same_state
check "the database is intact after it all" \
	test "$(db 'PRAGMA integrity_check')" = ok
grep -a "$ESC" "$E2E_DIR/all-output" | head -n 5 | tr "$ESC" '^' >"$ERR"
check "no raw ESC in any output of these tests, without a terminal" \
	test ! -s "$ERR"
