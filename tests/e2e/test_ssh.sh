# End-to-end: the club over SSH, set up the way docs/CLUB.md says. A
# real sshd (Debian's openssh-server) runs in the foreground on
# 127.0.0.1 at a free port with its own host key, with the "Match User"
# block of docs/CLUB.md taken from the file itself (for the account
# running this test, the built program and a throwaway --db). Through
# `ssh -tt` in a tmux pane a player registers, logs in and reads the
# leaderboard; asking for a shell, another command, a subsystem, a
# forwarding or an environment variable still lands in the program (or
# is refused); `club` (the settings) never runs there. Two members in
# two sessions: one chooses renju, swap2 and a 5+3 clock from the menus
# for a challenge, the other reads the whole proposal and accepts; the
# store has the match and each move's clock; a resignation ends it.
# Preferences (* # stones, Chinese) set in one session apply at the
# next session's login. Skips (counted
# neither passed nor failed) where ssh, sshd or tmux are missing or sshd
# cannot run: it needs root to switch users. Under valgrind the program runs under it inside the sessions
# too: ssh hands back its exit status, so errors are seen as elsewhere.
. "$E2E_LIB"

T=$E2E_DIR/ssh
SOCK=$T/tmux.sock
DB=$T/club/gomoku.db
PW=ssh-club-Pass-6143
ME=$(id -un)
SSHD=$(command -v sshd || echo /usr/sbin/sshd)
DOC=$(dirname "$E2E_LIB")/../../docs/CLUB.md
FORCED="${GOMOKU_VG:+$GOMOKU_VG }$GOMOKU_BIN --db $DB"
TO=$ME@127.0.0.1
sshd_pid=

# At exit: stop tmux (and the ssh clients in it) and sshd.
ssh_stop() {
	tmux -S "$SOCK" kill-server 2>/dev/null
	if [ -n "$sshd_pid" ]; then
		kill "$sshd_pid" 2>/dev/null
		wait "$sshd_pid" 2>/dev/null
	fi
}
unset TMUX # a tmux of our own, also when the tests run inside one
trap 'ssh_stop; vg_final; reap; rm -rf "$E2E_DIR"' EXIT

for tool in ssh ssh-keygen tmux; do
	command -v "$tool" >/dev/null 2>&1 ||
		skip_rest "$tool is not installed (make deps installs it)"
done
[ -x "$SSHD" ] || skip_rest "no sshd (make deps installs openssh-server)"
[ "$(id -u)" -eq 0 ] || skip_rest "sshd needs root to switch users; run as root"
# Its privilege separation folder, as the sshd package makes it at boot.
# Left in place: another run of this test (make test in another copy)
# may have its sshd running, which refuses every connection once the
# folder is gone; two runs may also make it at once (-p).
mkdir -p -m 755 /run/sshd || skip_rest "cannot make /run/sshd"
mkdir -p "$T"
: >"$OUT"
ssh-keygen -q -t ed25519 -N '' -C test-host -f "$T/host_key" &&
	ssh-keygen -q -t ed25519 -N '' -C test-player -f "$T/player_key" ||
	skip_rest "ssh-keygen failed"
cp "$T/player_key.pub" "$T/authorized_keys"

# The Match block of docs/CLUB.md for this account, program and folder.
sed -n '/<!-- sshd:begin -->/,/<!-- sshd:end -->/p' "$DOC" |
	grep -v -e '^<!--' -e '^```' |
	sed -e "s|^Match User gomoku\$|Match User $ME|" \
		-e "s|/etc/ssh/gomoku_authorized_keys|$T/authorized_keys|" \
		-e "s|/usr/local/bin/gomoku --db /var/lib/gomoku/gomoku.db|$FORCED|" \
		>"$T/match"
check "ssh: docs/CLUB.md has the Match block, with its user, keys file \
and ForceCommand" \
	sh -c 'grep -q "^Match User $1\$" "$2" &&
		grep -q "AuthorizedKeysFile $3/authorized_keys\$" "$2" &&
		grep -qF "ForceCommand $4" "$2"' - "$ME" "$T/match" "$T" "$FORCED"

# Write the test's sshd_config for port $1: this machine's part (with
# the sftp subsystem Debian's sshd_config has), then the documented
# block (Match must come last). DEBUG2 logs the refused variables.
write_config() {
	cat >"$T/sshd_config" <<EOF
Port $1
ListenAddress 127.0.0.1
HostKey $T/host_key
PidFile none
UsePAM no
StrictModes no
AuthorizedKeysFile none
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
AllowUsers $ME
Subsystem sftp internal-sftp
LogLevel DEBUG2
EOF
	cat "$T/match" >>"$T/sshd_config"
}

write_config 22
"$SSHD" -t -f "$T/sshd_config" >"$T/sshd-t.log" 2>&1
st=$?
cp "$T/sshd-t.log" "$ERR"
check "ssh: sshd accepts that configuration (sshd -t)" test "$st" -eq 0
[ "$st" -eq 0 ] || exit 0

# Start sshd in the foreground at a random free port (five tries).
# Return 0 once it listens; skip when it cannot start.
start_sshd() {
	for _try in 1 2 3 4 5; do
		port=$((20000 + $(od -An -N2 -tu2 /dev/urandom) % 40000))
		write_config "$port"
		"$SSHD" -D -e -f "$T/sshd_config" 2>"$T/sshd.log" &
		sshd_pid=$!
		i=0
		while [ $i -lt $((10 * WAIT_S)) ] && kill -0 "$sshd_pid" 2>/dev/null; do
			grep -qs "Server listening on 127.0.0.1 port $port" \
				"$T/sshd.log" && return 0
			sleep 0.1
			i=$((i + 1))
		done
		kill "$sshd_pid" 2>/dev/null
		wait "$sshd_pid" 2>/dev/null
		sshd_pid=
		grep -q "Address already in use" "$T/sshd.log" || break
	done
	skip_rest "sshd did not start: $(tail -n 3 "$T/sshd.log" | tr '\n' ' ')"
}
start_sshd
printf '[127.0.0.1]:%s %s\n' "$port" "$(cut -d' ' -f1,2 "$T/host_key.pub")" \
	>"$T/known_hosts"

# The player's client: only the test's key and known host, no user or
# system ssh_config, never a question.
cat >"$T/client" <<EOF
#!/bin/sh
exec ssh -F /dev/null -p $port -i $T/player_key -o IdentitiesOnly=yes \
	-o BatchMode=yes -o UserKnownHostsFile=$T/known_hosts \
	-o GlobalKnownHostsFile=/dev/null -o StrictHostKeyChecking=yes \
	-o LogLevel=ERROR "\$@"
EOF
chmod +x "$T/client"

# Run the client ARGS... (options, $TO, a command) without a terminal, stdin TEXT (printf %b);
# sets $status, output in $OUT and $ERR.
over_ssh() {
	_in=$1
	shift
	printf '%b' "$_in" | timeout "$WAIT_S" "$T/client" "$@" \
		>"$OUT" 2>"$ERR"
	status=$?
	vg_seen "$status"
}

over_ssh '0\n' -T "$TO"
if ! has "Gomoku Club"; then
	grep -q "account is locked" "$T/sshd.log" &&
		skip_rest "sshd refuses $ME: its password is locked (\"!\" in shadow)"
fi
check "ssh: a connection without a terminal lands in the menu" \
	has "1  Register"

# ---- A player at a terminal: tmux runs `ssh -tt` in a 100x40 pane ----------

# Start pane $1 running the client -tt $CLIENT_OPTS $TO COMMAND...; its
# exit status goes to $T/$1.st (written whole, then renamed).
CLIENT_OPTS=
pane_start() {
	_name=$1
	shift
	tmux_session "$SOCK" "$_name" "$T/client -tt $CLIENT_OPTS $TO $*; \
echo \$? >$T/$_name.new; mv $T/$_name.new $T/$_name.st; exec sleep 86400" \
		100 40
}
screen() { tmux -S "$SOCK" capture-pane -p -J -S - -t "$1"; }
# Poll CMD... until it succeeds, at most $WAIT_S s (lib.sh's poll).
wait_until() { poll "$@"; }
# Pane $1 shows the fixed text $2 at least ${3:-1} times.
shows() { [ "$(screen "$1" | grep -cF -- "$2")" -ge "${3:-1}" ]; }
# Wait until it does.
wait_for() { wait_until shows "$1" "$2" "${3:-1}"; }
# Pane $1 shows the fixed text $2 on its screen now, not only in its
# history (where the first challenge's notice and question stay).
shows_now() { tmux -S "$SOCK" capture-pane -p -J -t "$1" | grep -qF -- "$2"; }
# Pane $1 shows the text $2, maybe wrapped over lines (at spaces).
shows_text() { screen "$1" | tr '\n' ' ' | grep -qF -- "$2"; }
# Type line $2 into pane $1 once it shows $3 (${4:-1} times).
answer() {
	wait_for "$1" "$3" "${4:-1}" &&
		tmux -S "$SOCK" send-keys -t "$1" -l -- "$2" &&
		tmux -S "$SOCK" send-keys -t "$1" Enter
}
# Wait for pane $1's ssh to end; set $status to its exit status and put
# the screen in $OUT.
pane_end() {
	_i=0
	while [ ! -s "$T/$1.st" ]; do
		[ $_i -lt $((10 * WAIT_S)) ] || { gave_up "pane $1's ssh to end"; break; }
		sleep 0.1
		_i=$((_i + 1))
	done
	status=$(cat "$T/$1.st" 2>/dev/null || echo 255)
	screen "$1" >"$OUT"
	: >"$ERR"
	vg_seen "$status" "$OUT"
}

# Press key $2 in pane $1 once it shows $3: full-screen, a menu item's
# number chooses it at once.
choose() {
	wait_for "$1" "$3" && tmux -S "$SOCK" send-keys -t "$1" "$2"
}
# Keep what pane $1 shows now for the checks: pages are redrawn in place.
keep() { screen "$1" >>"$T/$1.seen"; }

: >"$T/club.seen"
# The leaderboard's row of sshplayer, marked as theirs (no rank, "–",
# or "-" in this session without a UTF-8 locale, and a provisional
# rating before a ranked game), in file $1 or on the club pane (waited
# for, not its header: over ssh a page can be half drawn when read).
marked_row() {
	grep -q '^>  *[–-]  *sshplayer  *sshplayer  *0  *0  *0  *0  *0  *1500?' "$@"
}
club_row() { screen club | marked_row; }
pane_start club
choose club 1 "1  Register" &&
	answer club sshplayer "Username:" &&
	answer club "" "Nickname (Enter for sshplayer)" &&
	answer club "$PW" "Password:" &&
	answer club "$PW" "Password again:" &&
	wait_for club "is ready." && keep club &&
	wait_for club "Logged in: sshplayer" && keep club &&
	choose club 4 "4  Leaderboard" &&
	wait_until club_row && keep club &&
	choose club 0 "0  Log out" &&
	choose club 0 "1  Register"
pane_end club
cat "$T/club.seen" >>"$OUT"
check "ssh -tt: a player registers" \
	has "Welcome, sshplayer! Your account sshplayer is ready."
check "ssh -tt: the account is in the --db of the ForceCommand" \
	test "$(sqlite3 "$DB" "SELECT count(*) FROM players
		WHERE username = 'sshplayer'")" = 1
check "ssh -tt: the passwords were not echoed" hasnt "$PW"
check "ssh -tt: registering logs the player in" has "Logged in: sshplayer (sshplayer)"
board_row() { marked_row "$OUT"; }
check "ssh -tt: and reads the leaderboard, their row marked" board_row
check "ssh -tt: Quit ends the program and the session with status 0" \
	test "$status" -eq 0
check "ssh -tt: the database is private (file 0600, folder 0700)" \
	test "$(stat -c %a "$DB")" = 600 -a \
	"$(stat -c %a "$(dirname "$DB")")" = 700

: >"$T/shell.seen"
pane_start shell /bin/sh -c id
wait_for shell "1  Register" && keep shell && choose shell 0 "1  Register"
pane_end shell
cat "$T/shell.seen" >>"$OUT"
check "ssh -tt: asking for /bin/sh -c id lands in the program" \
	sh -c 'grep -q "1  Register" "$1" && ! grep -q "uid=" "$1"' - "$OUT"
check "ssh -tt: and Quit ends that session with status 0" test "$status" -eq 0

# ---- Other requests ----------------------------------------------------------

over_ssh '3\n0\n' -T "$TO" cat /etc/passwd
check "ssh: asking for cat /etc/passwd lands in the program instead" \
	sh -c 'grep -q "sshplayer" "$1" && ! grep -q "^root:" "$1"' - "$OUT"
over_ssh '0\n' -T -s "$TO" sftp
check "ssh: asking for the sftp subsystem lands in the program instead" \
	has "1  Register"
over_ssh '0\n' -T "$TO" gomoku club set ranked-hotseat off
check "ssh: asking for gomoku club set lands in the menus instead" \
	sh -c 'grep -q "1  Register" "$1" &&
		[ "$(sqlite3 "$2" "SELECT ranked_hotseat FROM club_settings")" = 1 ]' \
	- "$OUT" "$DB"
# The ForceCommand's own command line, with club after it: --no-admin.
forced=$(sed -n 's/^[[:space:]]*ForceCommand //p' "$T/match")
sh -c "$forced club set ranked-hotseat off" </dev/null >"$OUT" 2>"$ERR"
status=$?
vg_seen "$status"
check "ssh: the ForceCommand's program refuses club, saying why" \
	sh -c '[ "$1" -eq 1 ] &&
		grep -q "club is refused in this session (--no-admin)" "$2" &&
		[ "$(sqlite3 "$3" "SELECT ranked_hotseat FROM club_settings")" = 1 ]' \
	- "$status" "$ERR" "$DB"
over_ssh '' -W 127.0.0.1:"$port" "$TO"
check "ssh: a tunnel (ssh -W) is refused" \
	sh -c '[ "$1" -ne 0 ] && grep -q "forwarding failed" "$2"' - "$status" "$ERR"
over_ssh '' -N -o ExitOnForwardFailure=yes -R 0:127.0.0.1:"$port" "$TO"
check "ssh: a remote port forwarding (ssh -R) is refused" \
	sh -c '[ "$1" -eq 255 ] && grep -q "forwarding failed" "$2"' - \
	"$status" "$ERR"
LANG=zh_CN.UTF-8 GOMOKU_DB=$T/player.db XDG_DATA_HOME=$T/xdg \
	over_ssh '1\nintruder\n\nintruder-Pass-1\nintruder-Pass-1\n0\n' -T \
	-o SendEnv=LANG -o SendEnv=GOMOKU_DB -o SendEnv=XDG_DATA_HOME \
	-o SetEnv=NO_COLOR=1 "$TO" /bin/sh
check "ssh: the LANG the client sends chooses the language" has "五子棋俱乐部"
check "ssh: GOMOKU_DB and XDG_DATA_HOME from the client are dropped: \
the account went to the ForceCommand's --db" \
	sh -c '[ ! -e "$1/player.db" ] && [ ! -e "$1/xdg" ] &&
		[ "$(sqlite3 "$2" "SELECT count(*) FROM players
			WHERE username = '\''intruder'\''")" = 1 ]' - "$T" "$DB"
check "ssh: sshd logged that it refused those variables" \
	sh -c 'grep -q "Ignoring env request GOMOKU_DB" "$1" &&
		grep -q "Ignoring env request NO_COLOR" "$1"' - "$T/sshd.log"
check "ssh: sshd never listened beyond 127.0.0.1" \
	sh -c '! grep "Server listening on" "$1" | grep -qv "127.0.0.1"' - \
	"$T/sshd.log"

# ---- A challenge chosen from the menus: renju, swap2, 5+3 -------------------
# sshplayer (pane ch) chooses the game for a challenge to sshrival (pane
# rv), each in an SSH session of their own; sshrival reads the whole
# proposal and accepts. The coin's placer puts swap2's three stones, the
# chooser plays white and resigns. These players' ssh sends LANG (a
# UTF-8 one), as a player's usually does: ● ○ stones, but for a choice.

RIVAL_PW=ssh-rival-Pass-8352
over_ssh "1\nsshrival\n\n$RIVAL_PW\n$RIVAL_PW\n0\n0\n" -T "$TO"
check "ssh: a second member registers" has "Your account sshrival is ready."
press() { tmux -S "$SOCK" send-keys -t "$@"; }
# choose(), waiting for $3 on the screen now, not in the history (where
# an earlier page's "Press any key" or menu stays).
choose_now() {
	wait_until shows_now "$1" "$3" && tmux -S "$SOCK" send-keys -t "$1" "$2"
}
# Pane $1 asks $2 now: its prompt line, above the keys' line, says so.
# (The page's text above keeps the words of the first challenge's
# question and notice: waited for there, they are seen at once, and
# the keys typed then reached the account menu, where Enter opened
# Ranked match.)
asks() {
	tmux -S "$SOCK" capture-pane -p -t "$1" | tail -n 2 | head -n 1 |
		grep -qF -- "$2"
}
# Log $2 (password $3) in on pane $1 from the main menu.
log_in() {
	choose "$1" 2 "  2  Log in" &&
		answer "$1" "$2" "Username:" &&
		answer "$1" "$3" "Password for $2:"
}
CLIENT_OPTS="-o SendEnv=LANG"
pane_start rv
log_in rv sshrival "$RIVAL_PW" && wait_for rv "Gomoku Club: sshrival"
pane_start ch
log_in ch sshplayer "$PW" &&
	choose ch 8 "  8  Players online" &&
	answer ch sshrival "Player to challenge" &&
	choose ch 2 "  1  Send this challenge" &&
	choose ch 5 "  6  Custom board" &&
	choose ch 3 "  2  Variant: renju" &&
	choose ch 2 "  2  Swap2: three stones" &&
	choose ch 4 "  3  Opening: swap2" &&
	choose ch 3 "  3  A game clock" &&
	answer ch 5+3 "Game clock, minutes+seconds"
PROPOSAL="Renju, swap2 opening, forbidden points refused, 5+3 game clock, rated"
check "ssh -tt: the game chosen from the menus, shown in one line" \
	wait_for ch "$PROPOSAL"
choose ch 1 "  4  Time control: 5+3 game clock"
check "ssh -tt: the challenge is sent" wait_for ch "Waiting for the answer"
choose rv Tab "press Tab"
check "ssh -tt: the challenged member reads the whole proposal" \
	wait_until shows_text rv \
	"sshplayer challenges you to a ranked match: $PROPOSAL."
answer rv y "Accept the challenge? [y/n]"
both_at_1() {
	wait_for ch "Move 1, last: -" && wait_for rv "Move 1, last: -"
}
check "ssh -tt: accepted, the match starts on both screens" both_at_1
mid=$(sqlite3 "$DB" "SELECT max(id) FROM matches WHERE kind = 'ranked'")
q() { sqlite3 "$DB" "$1 FROM matches WHERE id = $mid"; }
check "ssh: the match is renju with swap2 and a 300 s + 3 s clock" \
	test "$(q "SELECT variant || ' ' || rule || ' ' || opening || ' ' ||
		clock_base || '+' || clock_increment")" = "renju renju swap2 300+3"
# while the colours are open the record's black is the placer
placer=$(q "SELECT (SELECT username FROM players WHERE id = black_id)")
if [ "$placer" = sshplayer ]; then
	pp=ch cp=rv chooser=sshrival
else
	pp=rv cp=ch chooser=sshplayer
fi
choose "$pp" Enter "Move 1, last: -" &&
	wait_for "$pp" "Move 2, last: h8" && press "$pp" Up Enter &&
	wait_for "$pp" "Move 3, last: h7" && press "$pp" Right Enter
check "ssh -tt: the placer's three stones reach the chooser, who is asked" \
	wait_for "$cp" "Swap2: $chooser, what will you do?"
clocks_ok() {
	[ "$(sqlite3 "$DB" "SELECT count(*) FROM match_moves
		WHERE match_id = $mid AND left_ms > 0
		AND left_ms <= 300000 + 3000 * ply")" -eq 3 ] &&
		[ "$(sqlite3 "$DB" "SELECT count(*) FROM match_moves
			WHERE match_id = $mid")" -eq 3 ]
}
check "ssh: each stone of swap2's placement has its clock stored \
(0 < time left <= 300 s + the increments so far)" clocks_ok
choose "$cp" 1 "1. Play white" &&
	wait_for "$cp" "The opening is over" &&
	answer "$cp" resign "Type a move" &&
	choose "$cp" y "$chooser, do you really want to resign?"
resigned() {
	[ "$(q "SELECT status || ' ' || result || ' ' || reason || ' ' ||
		(SELECT username FROM players WHERE id = black_id)")" = \
		"finished black resign $placer" ]
}
check "ssh: white (the chooser) resigned: the placer, black, won" \
	wait_until resigned
# The winner's process learns of it from the store: its screen ends the
# game as the loser's does, the colours as the chooser chose them.
winner_end() {
	shows_now "$pp" "$chooser resigned. $placer wins." &&
		shows_now "$pp" "○ White  $chooser (" &&
		shows_now "$pp" "r: a rematch, colours swapped"
}
check "ssh -tt: the winner's screen: who resigned, the colours, a rematch" \
	wait_until winner_end

# ---- A game clock runs out, before a watcher --------------------------------
# sshplayer challenges sshrival again, gomoku at 1+0; a third member
# watches it from the menus. Black plays h8 and i8, white h9, then white
# lets the clock run: after a minute the store gives black the game on
# time, each move stored with its time left, and the watcher's panel
# shows white's clock at 0:00.0 and black's as the store has it.

WATCH_PW=ssh-watch-Pass-6180
over_ssh "1\nsshwatch\n\n$WATCH_PW\n$WATCH_PW\n0\n0\n" -T "$TO"
pane_start wt
log_in wt sshwatch "$WATCH_PW" && wait_for wt "Gomoku Club: sshwatch"
choose_now ch x "Press any key" && choose_now rv x "Press any key" &&
	wait_until shows_now rv "  12  Find a game" &&
	choose_now ch 8 "  8  Players online" &&
	answer ch sshrival "Player to challenge" &&
	choose ch 4 "  1  Send this challenge" &&
	choose ch 3 "  3  A game clock" &&
	answer ch 1+0 "Game clock, minutes+seconds" &&
	wait_for ch "Gomoku, no opening, 1+0 game clock, rated" &&
	choose ch 1 "  4  Time control: 1+0 game clock" &&
	wait_until shows_now rv "A challenge is waiting for you: press Tab" &&
	press rv Tab && wait_until asks rv "Accept the challenge? [y/n]" &&
	press rv -l y && press rv Enter
check "ssh -tt: a second challenge, at 1+0, starts on both screens" both_at_1
mid=$(sqlite3 "$DB" "SELECT max(id) FROM matches WHERE kind = 'ranked'")
black=$(q "SELECT (SELECT username FROM players WHERE id = black_id)")
if [ "$black" = sshplayer ]; then bp=ch wp=rv; else bp=rv wp=ch; fi
choose wt 7 "  7  Watch a game" && answer wt "$mid" "Match to watch"
check "ssh -tt: the third member watches it from the menus" \
	wait_for wt "Watching match $mid"
answer "$bp" h8 "Move 1, last: -" && answer "$wp" h9 "Move 2, last: h8" &&
	answer "$bp" i8 "Move 3, last: h9"
flagged() { [ "$(q "SELECT status || ' ' || result || ' ' || reason")" = \
	"finished black timeout" ]; }
check "ssh: white let the clock run out: black wins on time" \
	wait_until flagged
in_time() {
	[ "$(sqlite3 "$DB" "SELECT count(*) FROM match_moves
		WHERE match_id = $mid AND left_ms > 0 AND left_ms <= 60000")" \
		-eq 3 ]
}
check "ssh: its three moves are stored with their time left (0 to 60 s)" \
	in_time
# black's clock, m:ss, from the time left after black's last move
left=$(sqlite3 "$DB" "SELECT left_ms / 1000 FROM match_moves
	WHERE match_id = $mid ORDER BY ply DESC LIMIT 1")
black_clock=$(printf '%d:%02d' $((left / 60)) $((left % 60)))
watched_clocks() {
	screen wt | grep -Eq "○ White  [a-z]+ \([0-9]+\) +0:00\.0" &&
		screen wt | grep -Eq "● Black  $black \([0-9]+\) +$black_clock"
}
check "ssh -tt: the watcher's panel: white at 0:00.0, black at $black_clock" \
	wait_until watched_clocks
check "ssh -tt: and the watcher is told how it ended" \
	wait_for wt "The match is over: $black wins."
screen wt >>"$OUT"
choose wt n "Replay it?" && choose wt 0 "   0  Log out" &&
	choose wt 0 "  1  Register"
pane_end wt

# ---- Preferences follow the member to the next session -----------------------
# sshplayer sets * # stones and Chinese in Preferences and quits; the
# next SSH session's login shows the Chinese menus and * # stones.

: >"$T/ch.seen"
# (the end of the game on both players' screens takes a key)
choose_now ch x "Press any key" && choose_now rv x "Press any key" &&
	choose_now ch 11 "  11  Preferences" &&
	choose ch 2 "  2  Stones: ● ○" &&
	choose ch 1 "  2  Stones: * #" &&
	wait_for ch "  1  语言：中文" && keep ch &&
	choose ch 0 "  2  棋子：* #" &&
	choose ch 0 "   0  退出登录" &&
	choose ch 0 "  1  Register"
pane_end ch
cat "$T/ch.seen" >>"$OUT"
check "ssh -tt: Preferences switched the language at once and saved" \
	sh -c 'grep -q "^  2  棋子：\* #" "$1" &&
		[ "$(sqlite3 "$2" "SELECT lang || ascii FROM player_prefs
			JOIN players ON players.id = player_prefs.player_id
			WHERE username = '\''sshplayer'\''")" = zh1 ]' - "$OUT" "$DB"
check "ssh -tt: the session ends with status 0" test "$status" -eq 0
choose rv 0 "   0  Log out" && choose rv 0 "  1  Register"
pane_end rv

pane_start zh
log_in zh sshplayer "$PW"
check "ssh -tt: in a new session the login gives the Chinese menus" \
	wait_for zh "  2  人机对战"
# (who opens against the computer is a coin flip: either stone may be
# the member's)
choose zh 2 "  2  人机对战" && choose zh Enter "开始这局" &&
	choose zh 1 "  1  入门"
ascii_panel() { wait_for zh "* 黑方" && wait_for zh "# 白方"; }
check "ssh -tt: the game's panel has the * and # stones" ascii_panel
# The board's points as drawn now, row by row (the cursor's [ ] made
# spaces first: on column a its [ takes one of the two spaces after the
# row's number).
board() {
	tmux -S "$SOCK" capture-pane -p -t zh | tr '[]' '  ' |
		grep -E '^ ?[0-9]+  ' |
		awk '{ for (i = 2; i <= 16; i++) printf "%s", $i
			print "" }'
}
# The screen as it is now, without the pane's history.
visible() { tmux -S "$SOCK" capture-pane -p -t zh; }
# on the member's turn (their line marked in the panel now), the first
# empty point typed (not a fixed one: the computer may have taken it)
my_turn() { visible | grep -qE '> [*#] [^ ]+ +sshplayer'; }
empty_point() {
	board | awk '{ i = index($0, ".") }
		i > 0 { printf "%c%d\n", 96 + i, NR; exit }'
}
wait_until my_turn && press zh -l "$(empty_point)" && press zh Enter
both_stones() { board | grep -q '\*' && board | grep -q '#'; }
# (the screen as it is kept for the check's report, its blank lines
# left out)
stones_seen() {
	wait_until both_stones
	_st=$?
	visible | grep -v '^ *$' >"$OUT"
	return $_st
}
check "ssh -tt: the stones played are a * and a # on the board" stones_seen
no_dots() { ! screen zh | grep -q '[●○]'; }
check "ssh -tt: and no ● or ○ anywhere" no_dots
press zh Escape && choose zh y "离开这局棋吗" &&
	choose zh 0 "   0  退出登录" && choose zh 0 "  1  Register"
pane_end zh
check "ssh -tt: that session ends with status 0 too" test "$status" -eq 0
