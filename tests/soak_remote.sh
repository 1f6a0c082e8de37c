#!/bin/sh
# soak_remote.sh BIN -- the reliability proof for two terminals (issue
# 15; `make soak-remote`, which `make soak` runs too; too long for `make
# test`). 2 x MATCHES (20) players; MATCHES ranked matches from two
# terminals at once, each between two real gomoku processes on FIFOs
# (the helpers of tests/e2e/procs.sh): userJ challenges userK (with
# `gomoku challenge userK` in odd matches, from the account menu's
# players online in even ones), userK accepts from the account menu;
# and MATCHES watchers (`gomoku watch ID`), one per match, following
# them live. The logins hash at their real cost, so the matches are set
# up WAVE (4) at a time; each plays two moves and waits until every
# match and watcher is live, which is checked and printed (the peak),
# then all play on to a known end, whoever wins the coin flip: match I
# (1-based) by I % 5 --
#   1  the challenger makes five      2  the accepter makes five
#   3  the accepter resigns on its turn after four moves
#   4  the challenger resigns while the accepter is to move
#   0  a draw by agreement after four moves (in matches 10, 20, ...
#      the first offer is declined)
# with moves of its own (no two matches alike). In the middle of matches
# 1, 3, 4, 6, 7, ... (after the two moves) the accepter's player goes on
# from a new process: in matches 3, 6, ... (and 1, 4, ... when the
# accepter is black) it takes the seat over from the running process,
# which must be told and go back to its menu; in matches 1, 4, ... with
# the accepter white, the accepter leaves (q while waiting) and rejoins
# from the new process. Then every process must
# have exited 0 with nothing on stderr; every watcher must have shown
# every move of its match as it was played, then its result and moves;
# each match's result, reason and moves, and each player's wins, losses,
# ties, score and rating (and their per-rule record) must be exactly
# what was played; no match left unfinished, no presence row, pending
# challenge or request left; PRAGMA integrity_check ok. Prints "ok -" /
# "not ok -" lines as the end-to-end tests do, then the figures:
#   soak-remote: M matches, M watchers in S s (setup T s), N moves,
#   peak P processes (Q players playing), K seats moved to a new
#   process, slowest move to a watcher X ms, E errors
# GOMOKU_SOAK_REMOTE changes MATCHES (up to 150), GOMOKU_SOAK_WAVE the
# wave.
bin=${1:?usage: soak_remote.sh BIN}
here=$(cd "$(dirname "$0")" && pwd)
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
export GOMOKU_BIN=$bin E2E_LIB=$here/e2e/lib.sh
. "$E2E_LIB"
unset GOMOKU_TEST_FAST_HASH
# many processes share the cores: wait longer, look less often
PROC_WAIT=${PROC_WAIT:-180} PROC_POLL=${PROC_POLL:-0.25}
. "$here/e2e/procs.sh"

MATCHES=${GOMOKU_SOAK_REMOTE:-20}
WAVE=${GOMOKU_SOAK_WAVE:-4}
W=$E2E_DIR/soak
mkdir -p "$W"
: >"$OUT"
db() { sqlite3 -batch "$GOMOKU_DB" "$1"; }
pw() { echo "soak-pass-$1-ok"; }
now_ms() { date +%s%3N; }
soak_check() {
	check "$@" | tee -a "$W/checks"
}

# Wait until file $1 exists; 1 after PROC_WAIT seconds.
wait_file() {
	_t=$(awk -v w="$PROC_WAIT" -v p="$PROC_POLL" \
		'BEGIN { printf "%d", w / p }')
	while [ ! -e "$1" ]; do
		_t=$((_t - 1))
		[ "$_t" -gt 0 ] || return 1
		sleep "$PROC_POLL"
	done
}

# ---- The moves of match I ------------------------------------------------
# The side meant to win (black when none is) plays five down one column,
# the other side a broken line down another: "stones I SIDE K" prints
# the Kth (1-based) stone of SIDE (win or other) in notation.
COLS=abcdefghijklmno
stones() {
	if [ "$2" = win ]; then
		echo "$COLS" | cut -c$((($1 - 1) % 15 + 1)) |
			sed "s/\$/$((($1 - 1) / 15 + $3 + 1))/"
	else
		echo "$COLS" | cut -c$((($1 + 6) % 15 + 1)) |
			sed "s/\$/$(echo 9 11 13 15 1 | cut -d' ' -f"$3")/"
	fi
}

# The Nth move of match I once $black is known: winner is the username
# meant to win ("" for none).
move_of() {
	_side=other
	if [ $(($2 % 2)) -eq 1 ]; then
		[ "$winner" = "$white" ] || _side=win
		stones "$1" $_side $((($2 + 1) / 2))
	else
		[ "$winner" = "$white" ] && _side=win
		stones "$1" $_side $(($2 / 2))
	fi
}

# ---- One match: its two players and its watcher ----------------------------
# Everything that goes wrong is a "fail:" line in $W/log.I (and
# $W/done.I marks the end, as it does when all went well); each
# process's exit status and stderr size go to $W/exits.I; the match as
# played to $W/played.I: "I mid challenger accepter black white result
# reason moves,..."; each move's delay to the watcher (ms) to $W/lag.I.
fail() {
	echo "fail: match $i: $*" >>"$W/log.$i"
	for _p in $a_name $b_name $w_name; do
		eval "kill \${${_p}_pid:-} 2>/dev/null"
	done
	touch "$W/setup.$i" "$W/ready.$i" "$W/done.$i"
	exit 1
}

# Move N, typed once its prompt is shown; the watcher must show it.
soak_move() {
	_m=$(move_of "$i" "$1")
	moves="$moves${moves:+,}$_m"
	play_move "$1" "$_m" || fail "no prompt for move $1"
	_t0=$(now_ms)
	wait_out "$w_name" "Move $1 of $1." || fail "watcher missed move $1"
	echo $(($(now_ms) - _t0)) >>"$W/lag.$i"
}

# Plan 0: after four moves black (to move) offers a draw; in matches 10,
# 20, ... white declines the first offer; then white accepts.
soak_draw() {
	soak_move 3
	soak_move 4
	wait_out "$bp" "$black ●> " $((3 + b_base)) || fail "no prompt"
	_asked=1
	if [ $((i % 10)) -eq 0 ]; then
		type_to "$bfd" "draw\n"
		wait_out "$wp" "$black offers a draw. Do you accept?" ||
			fail "no draw offer"
		type_to "$wfd" "n\n"
		wait_out "$bp" "$white declined the draw. Play on." ||
			fail "no decline"
		_asked=2
	fi
	type_to "$bfd" "draw\n"
	wait_out "$wp" "$black offers a draw. Do you accept?" $_asked ||
		fail "no draw offer"
	type_to "$wfd" "y\n"
	result=draw reason=draw
}

# Plans 3 and 4: once four moves are played and the accepter is to move,
# the accepter resigns (3) or the waiting challenger does (4).
soak_resign() {
	n=2
	while [ $n -lt 4 ] || [ "$(to_move $n)" != "$b_user" ]; do
		n=$((n + 1))
		soak_move $n
	done
	if [ "$b_user" = "$black" ]; then
		wait_out "$bp" "$black ●> " $((n / 2 + 1 + b_base))
	else
		wait_out "$wp" "$white ○> " $(((n + 1) / 2 + w_base))
	fi || fail "no prompt after move $n"
	loser=$b_user
	[ "$plan" = 4 ] && loser=$a_user
	if [ "$loser" = "$black" ]; then
		type_to "$bfd" "resign\ny\n"
		result=white
	else
		type_to "$wfd" "resign\ny\n"
		result=black
	fi
	reason=resign
}

# Who is to move after N moves.
to_move() {
	if [ $(($1 % 2)) -eq 0 ]; then echo "$black"; else echo "$white"; fi
}

# Plans 1 and 2: the winner's five, the ninth move for black, the tenth
# for white.
soak_five() {
	n=2 last=9 result=black
	if [ "$winner" = "$white" ]; then
		last=10 result=white
	fi
	while [ $n -lt $last ]; do
		n=$((n + 1))
		soak_move $n
	done
	reason=five
}

# The watcher's line for the result: "Black won (five)" ...
result_words() {
	case $result$reason in
	draw*) echo 'a draw (agreed)' ;;
	black*) echo "Black won ($(echo "$reason" | sed 's/resign/resigned/'))" ;;
	*) echo "White won ($(echo "$reason" | sed 's/resign/resigned/'))" ;;
	esac
}

# Log a process NAME FD in as USER in the account menu.
menu_login() {
	start_proc "$1" "$2"
	type_to "$2" "2\n$3\n$(pw "$3")\n"
	wait_out "$1" "Gomoku Club: $3" || fail "$3 not logged in"
}

# Log match I's players in and start it: B in the menu; A challenges
# with `gomoku challenge` (odd I) or from the menu's players online.
soak_setup() {
	menu_login "$b_name" "$b_fd" "$b_user"
	if [ "$a_menu" = yes ]; then
		menu_login "$a_name" "$a_fd" "$a_user"
		type_to "$a_fd" "8\n$b_user\n"
		challenge_accepted
	else
		accept_challenge
	fi
	if [ -z "$mid" ] || ! wait_out "$a_name" "from two terminals."; then
		fail "the challenge did not start a match"
	fi
	start_proc "$w_name" "$w_fd" watch "$mid"
	wait_out "$w_name" "Watching match $mid" || fail "no watcher"
	eval "echo \$${a_name}_pid \$${b_name}_pid \$${w_name}_pid" \
		>"$W/pids.$i"
}

# End every process of match I: the watcher declines the replay, the
# players in the menu log out and quit, `gomoku challenge` ends by itself.
soak_finish() {
	wait_out "$w_name" "$(result_words)" || fail "watcher missed the result"
	wait_out "$w_name" 'Replay it?' || fail "watcher offered no replay"
	cp "$E2E_DIR/$w_name.out" "$W/watcher.$i"
	type_to "$w_fd" "n\n"
	menu_quit "$b_name" "$b_fd" "$b_user" "${b_menus:-2}"
	[ "$a_menu" = yes ] && menu_quit "$a_name" "$a_fd" "$a_user"
	for _p in "$w_name:$w_fd" "$b_name:$b_fd" "$a_name:$a_fd"; do
		close_proc "${_p%:*}" "${_p#*:}"
		echo "${_p%:*} $status $(wc -c <"$E2E_DIR/${_p%:*}.err")" \
			>>"$W/exits.$i"
		cat "$E2E_DIR/${_p%:*}.err" >>"$W/errors"
	done
	touch "$W/done.$i"
}

# Process NAME FD, back in USER's account menu (its title shown N times
# in all, 2 unless said: at the login and after the match), logs out and
# quits.
menu_quit() {
	wait_out "$1" "Gomoku Club: $3" "${4:-2}" ||
		fail "$3 not back in the menu"
	type_to "$2" "0\n0\n"
}

# The accepter's seat moves to a new process (see the top): SWITCH is
# takeover or rejoin. The first process quits; its exit goes to
# $W/exits.I, the switch to $W/switched.I.
soak_switch() {
	case $((i % 3)) in
	0) switch=takeover ;;
	1) switch=rejoin ;;
	*) return ;;
	esac
	[ "$b_user" = "$black" ] && switch=takeover
	_old=$b_name _oldfd=$b_fd
	if [ "$switch" = rejoin ]; then
		type_to "$b_fd" "q\n"
		wait_out "$b_name" "Your move is saved. Match $mid waits for" ||
			fail "the accepter could not leave"
	fi
	start_proc "${b_name}n" 7
	type_to 7 "2\n$b_user\n$(pw "$b_user")\n"
	wait_out "${b_name}n" 'Rejoin it from here?' || fail "no rejoin offered"
	type_to 7 "y\n"
	take_seat "${b_name}n" 7 || fail "the new process took no seat"
	if [ "$switch" = takeover ]; then
		wait_out "$b_name" 'This match was continued in another session.' ||
			fail "the taken-over process was not told"
	fi
	menu_quit "$b_name" "$b_fd" "$b_user"
	close_proc "$b_name" "$b_fd"
	echo "$b_name $status $(wc -c <"$E2E_DIR/$b_name.err")" >>"$W/exits.$i"
	cat "$E2E_DIR/$b_name.err" >>"$W/errors"
	echo "$i $switch" >"$W/switched.$i"
	# (the new process rejoined at its login: its menu comes after)
	b_name=${_old}n b_fd=7 b_menus=1
	# the new process's first prompt is for the accepter's next move
	if [ "$b_user" = "$black" ]; then
		bp=$b_name bfd=7 b_base=-1
	else
		wp=$b_name wfd=7 w_base=-1
	fi
}

soak_match() {
	i=$1 plan=$(($1 % 5)) moves=
	a_name=a$i a_fd=4 a_user=user$((2 * $1 - 1))
	b_name=b$i b_fd=5 b_user=user$((2 * $1))
	w_name=w$i w_fd=6 a_menu=no
	[ $((i % 2)) -eq 0 ] && a_menu=yes
	if [ "$i" -gt "$WAVE" ]; then
		wait_file "$W/setup.$((i - WAVE))" || fail "no turn to log in"
	fi
	soak_setup
	touch "$W/setup.$i"
	case $plan in
	1) winner=$a_user ;;
	2) winner=$b_user ;;
	*) winner= ;;
	esac
	soak_move 1
	soak_move 2
	touch "$W/ready.$i"
	wait_file "$W/go" || fail "never told to go on"
	soak_switch
	case $plan in
	1 | 2) soak_five ;;
	3 | 4) soak_resign ;;
	0) soak_draw ;;
	esac
	echo "$i $mid $a_user $b_user $black $white $result $reason $moves" \
		>"$W/played.$i"
	soak_finish
}

# ---- The run --------------------------------------------------------------
n=0
while [ "$n" -lt $((2 * MATCHES)) ]; do
	n=$((n + 1))
	printf 'user%s\n\n%s\n%s\n' "$n" "$(pw "user$n")" "$(pw "user$n")" |
		"$GOMOKU_BIN" register >"$W/reg.$n" 2>>"$W/errors" &
	[ $((n % 2)) -eq 0 ] && wait
done
wait
soak_check "soak-remote: $((2 * MATCHES)) players are registered" \
	test "$(db 'SELECT count(*) FROM players')" = $((2 * MATCHES))

start=$(date +%s)
i=0
while [ "$i" -lt "$MATCHES" ]; do
	i=$((i + 1))
	soak_match "$i" &
done
i=0
while [ "$i" -lt "$MATCHES" ]; do
	i=$((i + 1))
	wait_file "$W/ready.$i"
done
setup=$(($(date +%s) - start))
# the peak: every match and watcher live at once
live=0
for p in $(cat "$W"/pids.* 2>/dev/null); do
	kill -0 "$p" 2>/dev/null && live=$((live + 1))
done
playing=$(db "SELECT count(*) FROM presence WHERE state = 'playing'")
going=$(db "SELECT count(*) FROM matches WHERE status = 'unfinished'")
echo "soak-remote: at the peak $live processes live, $playing players" \
	"playing, $going matches in progress"
soak_check "soak-remote: $MATCHES matches and $MATCHES watchers were live \
at once" test "$live" -eq $((3 * MATCHES)) -a "$playing" -eq \
	$((2 * MATCHES)) -a "$going" -eq "$MATCHES"
touch "$W/go"
# a process that never ends is ended here (and fails the checks)
i=0
while [ "$i" -lt "$MATCHES" ]; do
	i=$((i + 1))
	wait_file "$W/done.$i" && continue
	echo "fail: match $i: still running after $PROC_WAIT s" >>"$W/log.$i"
	for p in $(cat "$W/pids.$i" 2>/dev/null); do
		kill "$p" 2>/dev/null
	done
done
wait
took=$(($(date +%s) - start))
touch "$W/errors"
cat "$W"/log.* >"$W/fails" 2>/dev/null
cat "$W"/played.* 2>/dev/null | sort -n >"$W/played"
cat "$W"/exits.* 2>/dev/null >"$W/exits"
cat "$W"/switched.* 2>/dev/null >"$W/switched"
switched=$(grep -c . "$W/switched")
procs=$((3 * MATCHES + switched))

# ---- The checks -------------------------------------------------------------
cp "$W/fails" "$ERR"
soak_check "soak-remote: every match was set up and played to its end" \
	test ! -s "$W/fails" -a "$(wc -l <"$W/played")" -eq "$MATCHES"
cp "$W/exits" "$OUT"
cp "$W/errors" "$ERR"
soak_check "soak-remote: all $procs processes exited 0 with nothing on \
stderr" test "$(grep -c ' 0 0$' "$W/exits")" -eq "$procs" -a \
	"$(grep -c . "$W/exits")" -eq "$procs" -a ! -s "$W/errors"
cp "$W/switched" "$OUT"
soak_check "soak-remote: $switched matches went on from a new process \
(rejoined, or taken over)" test "$switched" -eq \
	"$(awk -v m="$MATCHES" 'BEGIN { for (i = 1; i <= m; i++)
		n += i % 3 != 2; print n }')"

# What each watcher showed last: the result line and the moves.
watcher_saw() {
	awk '/^Match [0-9]+: / { head = $0 } /^1\./ { list = $0 }
		/^Move [0-9]+ of [0-9]+\.$/ { h = head; l = list }
		END { print h; print l }' "$W/watcher.$1" >"$W/saw.$1"
	sed -n 2p "$W/saw.$1" | tr -s ' ' '\n' | grep -v '\.$' | tr -d '[]' | grep . |
		paste -sd, -
}
: >"$W/watch-bad"
while read -r i mid a b black white result reason moves; do
	n=$(echo "$moves" | tr ',' '\n' | wc -l)
	k=0
	while [ $k -lt "$n" ]; do
		k=$((k + 1))
		grep -qx "Move $k of $k\." "$W/watcher.$i" ||
			echo "match $i: no 'Move $k of $k.'" >>"$W/watch-bad"
	done
	[ "$(watcher_saw "$i")" = "$moves" ] ||
		echo "match $i: watcher's moves $(watcher_saw "$i")" >>"$W/watch-bad"
	grep -qF "$(result_words)" "$W/saw.$i" ||
		echo "match $i: watcher's result $(head -n 1 "$W/saw.$i")" \
			>>"$W/watch-bad"
done <"$W/played"
: >"$OUT"
cp "$W/watch-bad" "$ERR"
soak_check "soak-remote: every watcher showed each move of its match as it \
was played, then its result and moves" test ! -s "$W/watch-bad" -a \
	"$(wc -l <"$W/played")" -eq "$MATCHES"

# The matches as played, and as stored: id, kind, status, black, white,
# result, reason, moves.
awk '{ print $2, "ranked finished", $5, $6, $7, $8, $9 }' "$W/played" |
	sort -n >"$W/expected"
db "SELECT m.id, m.kind, m.status, b.username, w.username, m.result,
	m.reason, (SELECT group_concat(mv, ',') FROM (SELECT char(97 + col)
	|| (row + 1) AS mv FROM match_moves WHERE match_id = m.id ORDER BY ply))
	FROM matches m JOIN players b ON b.id = m.black_id
	JOIN players w ON w.id = m.white_id ORDER BY m.id" |
	tr '|' ' ' >"$W/stored"
cp "$W/stored" "$OUT"
diff "$W/expected" "$W/stored" >"$ERR"
soak_check "soak-remote: each match's players, result, reason and moves are \
stored exactly as played" cmp -s "$W/expected" "$W/stored"

# Each player's record: username wins losses ties games score rating.
# Everyone starts at 1500 with no game, so K is 40 (rating.h) and both
# expect half a point: the winner gains 40 * (1 - 1/2).
awk '{ if ($7 == "draw") { s[$3] = s[$4] = 0.5 }
	else { win = ($7 == "black") ? $5 : $6; s[win] = 1
		s[$3 == win ? $4 : $3] = 0 } }
	END { for (p in s) printf "%s %d %d %d 1 %d %.2f\n", p, s[p] == 1,
		s[p] == 0, s[p] == 0.5, (s[p] == 1) - (s[p] == 0),
		1500 + 40 * (s[p] - 1 / (1 + 10 ^ 0)) }' "$W/played" |
	sort >"$W/records"
db "SELECT username, wins, losses, ties, games, score, printf('%.2f', rating)
	FROM players ORDER BY username" | tr '|' ' ' | sort >"$W/counters"
db "SELECT p.username, r.wins, r.losses, r.ties, r.games, r.score,
	printf('%.2f', r.rating) FROM rule_records r
	JOIN players p ON p.id = r.player_id" | tr '|' ' ' | sort >"$W/rules"
cp "$W/counters" "$OUT"
diff "$W/records" "$W/counters" >"$ERR"
soak_check "soak-remote: each player's wins, losses, ties, score and rating \
are exactly what was played" cmp -s "$W/records" "$W/counters"
cp "$W/rules" "$OUT"
diff "$W/records" "$W/rules" >"$ERR"
soak_check "soak-remote: so is each player's record for the rule" \
	cmp -s "$W/records" "$W/rules"
soak_check "soak-remote: the matches table holds the $MATCHES matches, none \
left in progress" test "$(db "SELECT count(*) FROM matches")" -eq \
	"$MATCHES" -a "$(db "SELECT count(*) FROM matches
		WHERE status <> 'finished'")" -eq 0
soak_check "soak-remote: no presence row, pending challenge or request is \
left" test "$(db "SELECT (SELECT count(*) FROM presence) +
	(SELECT count(*) FROM challenges WHERE state <> 'accepted') +
	(SELECT count(*) FROM match_requests WHERE state = 'pending')")" -eq 0
soak_check "soak-remote: PRAGMA integrity_check is ok" \
	test "$(db 'PRAGMA integrity_check')" = ok
soak_check "soak-remote: PRAGMA foreign_key_check finds nothing" \
	test -z "$(db 'PRAGMA foreign_key_check')"

failed=$(grep -c '^not ok' "$W/checks")
moves=$(cat "$W"/lag.* 2>/dev/null | wc -l)
slowest=$(cat "$W"/lag.* 2>/dev/null | sort -n | tail -n 1)
errors=$(($(grep -c . "$W/fails") + $(grep -vc ' 0 0$' "$W/exits") +
	$(grep -c . "$W/errors")))
echo "soak-remote: $MATCHES matches, $MATCHES watchers in $took s (setup" \
	"$setup s), $moves moves, peak $live processes ($playing players" \
	"playing), $switched seats moved to a new process, slowest move to" \
	"a watcher ${slowest:-?} ms, $errors errors"
[ "$failed" -eq 0 ]
