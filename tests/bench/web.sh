#!/bin/sh
# web.sh BIN [PLAYERS] -- `make bench`'s figures of the web site
# (`gomoku serve`): requests per second and latency percentiles for the
# home page (the leaderboard, players online, games in progress), a
# player's page and a game's page, with wrk (Debian's) on 127.0.0.1, at
# a club of PLAYERS players (default 1,000,000: two registered and
# playing a ranked match as typed, the rest written straight into the
# database with sqlite3) and GOMOKU_BENCH_WEB_MATCHES rated results
# (300,000) among 1,000 of them, written so too: the pages of those
# 1,000 in turn, and the home page's latency meanwhile (the server's
# threads, web.h). The server is started at a free port
# (--listen 127.0.0.1:0) and stopped at the end. Then the live delay: a
# ranked match played by a real process on a FIFO while
# GOMOKU_BENCH_WEB_WATCHERS (200) event streams follow it (curl), from
# each move's commit (the event's "at", the store's clock) to one more
# stream's reading it. The server runs with --proxied, as behind nginx
# (docs/CLUB.md): wrk's connections all come from one address, as
# nginx's do. Then one hostile client without a proxy: a second server
# (no --proxied) while 127.0.0.2 holds 300 event streams and 500 sockets
# sending a header line every 4 s (reopening those closed), the home
# page's latency for wrk from 127.0.0.1 (20 connections, under the 32
# of one address) and whether a stream from 127.0.0.3 is served. Each
# figure is printed, none is judged: the machine may be busy.
bin=${1:?usage: web.sh BIN [PLAYERS]}
players=${2:-${GOMOKU_BENCH_WEB_PLAYERS:-1000000}}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
echo
echo "== The web site (tests/bench/web.sh) =="
for c in wrk curl sqlite3; do
	command -v $c >/dev/null 2>&1 || {
		echo "web: $c is not installed (make deps): skipped"
		exit 0
	}
done
T=$(mktemp -d) || exit 2
pid=
watchers=
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null
	for w in $watchers; do kill "$w" 2>/dev/null; done; rm -rf "$T"' EXIT
export GOMOKU_DB=$T/gomoku.db LANG=C.UTF-8

printf 'alice\nAlice\nweb-bench-Pass-1\nweb-bench-Pass-1\n' |
	"$bin" register >/dev/null 2>&1
printf 'bob\nBob\nweb-bench-Pass-2\nweb-bench-Pass-2\n' |
	"$bin" register >/dev/null 2>&1
printf 'web-bench-Pass-1\nweb-bench-Pass-2\n8 8\n1 1\n8 9\n1 2\n8 10\n1 3\n8 11\n1 4\n8 12\nn\n' |
	"$bin" play alice bob >/dev/null 2>&1
t0=$(date +%s)
sqlite3 "$GOMOKU_DB" "WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL
	SELECT i + 1 FROM n WHERE i < $players - 1)
	INSERT INTO players (username, nickname, password_hash, wins, losses,
	ties, score, games, rating, created_at)
	SELECT 'player' || i, 'Player ' || i, 'not-a-hash', i % 37, i % 23,
	i % 5, i % 37 - i % 23, i % 37 + i % 23 + i % 5,
	1300.0 + (i * 7919) % 400, 1700000000 + i FROM n" || exit 1
echo "web: $players players in the database ($(($(date +%s) - t0)) s to" \
	"write them)"
# $matches rated results (default 300,000) among the first 1,000 of
# them (player2 .. player1001, ids 3 .. 1002), as match 1 was played,
# each with the two ratings after it as the store keeps them.
matches=${GOMOKU_BENCH_WEB_MATCHES:-300000}
t0=$(date +%s)
cols=$(sqlite3 "$GOMOKU_DB" "SELECT group_concat(name, ', ')
	FROM pragma_table_info('matches') WHERE name NOT IN ('id',
	'black_id', 'white_id', 'started_at', 'ended_at', 'last_active_at',
	'black_after', 'white_after')")
sqlite3 "$GOMOKU_DB" "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL
	SELECT i + 1 FROM n WHERE i < $matches)
	INSERT INTO matches (black_id, white_id, started_at, ended_at,
	last_active_at, black_after, white_after, $cols)
	SELECT 3 + i % 1000, 3 + (i * 7 + 1 + i / 1000) % 1000,
	1700000000 + i * 60, 1700000000 + i * 60 + 30,
	1700000000 + i * 60 + 30, 1500.0 + i % 97, 1500.0 - i % 89, $cols
	FROM n, matches WHERE matches.id = 1
	AND i % 1000 <> (i * 7 + 1 + i / 1000) % 1000" || exit 1
echo "web: $(sqlite3 "$GOMOKU_DB" "SELECT count(*) - 1 FROM matches")" \
	"rated results among 1,000 of them ($(($(date +%s) - t0)) s)"

# serve [ARGS]: start `gomoku serve ARGS` at a free port; $pid, $url.
serve() {
	"$bin" serve --listen 127.0.0.1:0 "$@" >"$T/serve.out" 2>&1 &
	pid=$!
	i=0
	until grep -q 'http://' "$T/serve.out" || [ $i -ge 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	url=$(sed -n 's|.*\(http://127\.0\.0\.1:[0-9]*\)/.*|\1|p' \
		"$T/serve.out")
	[ -n "$url" ] || { cat "$T/serve.out"; exit 1; }
	echo "web: the server started in $((i / 10)).$((i % 10)) s"
}
serve --proxied

# One wrk run: 2 threads, 50 connections, 5 seconds, on PATH.
run() {
	code=$(curl -s -o /dev/null -w '%{http_code}' "$url$1")
	wrk -t2 -c50 -d5s --latency "$url$1" >"$T/wrk" 2>&1
	rps=$(awk '/^Requests\/sec:/ { print $2 }' "$T/wrk")
	p50=$(awk '$1 == "50%" { print $2 }' "$T/wrk")
	p99=$(awk '$1 == "99%" { print $2 }' "$T/wrk")
	errors=$(awk '/Non-2xx|Socket errors/ { $1 = $1; print }' "$T/wrk")
	printf '  %-22s %4s %10s req/s   p50 %8s   p99 %8s %s\n' "$1" \
		"$code" "$rps" "$p50" "$p99" "$errors"
}
echo "web: wrk, 2 threads, 50 connections, 5 s each:"
run /
run /player/alice
run /player/player2
run /game/1
run /style.css
# The pages of 1,000 players in turn (each about 600 rated results),
# then the home page while they are asked for from 50 connections.
cat >"$T/players.lua" <<'LUA'
n = 0
request = function()
	n = n + 1
	return wrk.format(nil, "/player/player" .. (2 + n % 1000))
end
LUA
wrk -t2 -c50 -d5s --latency -s "$T/players.lua" "$url" >"$T/wrk" 2>&1
echo "web: 1,000 players' pages in turn: $(awk '/^Requests\/sec:/ {
	print $2 }' "$T/wrk") req/s, p99 $(awk '$1 == "99%" { print $2 }' \
	"$T/wrk") $(awk '/Non-2xx|Socket errors/ { $1 = $1; print }' "$T/wrk")"
wrk -t1 -c50 -d8s -s "$T/players.lua" "$url" >/dev/null 2>&1 &
busy=$!
sleep 1
wrk -t1 -c5 -d5s --latency "$url/" >"$T/wrk" 2>&1
wait $busy
echo "web: the home page meanwhile (5 connections): $(awk \
	'/^Requests\/sec:/ { print $2 }' "$T/wrk") req/s, p50 $(awk \
	'$1 == "50%" { print $2 }' "$T/wrk"), p99 $(awk '$1 == "99%" {
	print $2 }' "$T/wrk")"

# ---- The live delay, with many streams open ----
nwatch=${GOMOKU_BENCH_WEB_WATCHERS:-200}
# start_match: alice and bob start a ranked match, its moves to come on
# descriptor 3 (a FIFO); $play its process, $mid the match.
start_match() {
	rm -f "$T/play"
	mkfifo "$T/play" || exit 2
	"$bin" play alice bob <"$T/play" >"$T/play.out" 2>&1 &
	play=$!
	exec 3>"$T/play"
	printf 'web-bench-Pass-1\nweb-bench-Pass-2\n' >&3
	i=0
	until [ "$(sqlite3 "$GOMOKU_DB" "SELECT count(*) FROM matches WHERE
		status = 'unfinished'")" = 1 ] || [ $i -ge 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	mid=$(sqlite3 "$GOMOKU_DB" "SELECT max(id) FROM matches")
}
start_match
n=0
while [ $n -lt "$nwatch" ]; do
	curl -sN "$url/game/$mid/events" >/dev/null 2>&1 &
	watchers="$watchers $!"
	n=$((n + 1))
done
# The measuring stream: each line with the ms it was read at.
curl -sN "$url/game/$mid/events" 2>/dev/null | while IFS= read -r line; do
	echo "$(date +%s%3N) $line"
done >"$T/events" &
sleep 2
moves="8 8|1 1|8 9|1 2|8 10|1 3|8 11|1 4"
n=0
IFS='|'
for mv in $moves; do
	printf '%s\n' "$mv" >&3
	n=$((n + 1))
	i=0
	until grep -q "\"moves\": $n," "$T/events" || [ $i -ge 600 ]; do
		sleep 0.05
		i=$((i + 1))
	done
done
unset IFS
printf '8 12\nn\n' >&3
exec 3>&-
wait $play
delays=$(awk '$2 == "data:" { at = $NF; sub(/}$/, "", at)
	if (at > 0) printf " %d", $1 - at }' "$T/events")
echo "web: live delay, ms from each move's commit to a stream's reading" \
	"it, with $nwatch other streams open:$delays"
for w in $watchers; do kill "$w" 2>/dev/null; done
watchers=
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null

# ---- One hostile client, no proxy ----
serve
start_match
n=0
while [ $n -lt 300 ]; do
	curl -sN --interface 127.0.0.2 "$url/game/$mid/events" \
		>"$T/hostile$n" 2>&1 3>&- &
	watchers="$watchers $!"
	n=$((n + 1))
done
# 500 sockets from 127.0.0.2, a header line on each every 4 s, those
# closed opened again, for 20 s; then how many were open.
perl -MIO::Socket::INET -e '
	my ($port, $n, $secs) = @ARGV;
	$SIG{PIPE} = "IGNORE";
	my @s;
	my $end = time + $secs;
	while (time < $end) {
		for my $i (0 .. $n - 1) {
			if (!$s[$i] || !defined syswrite($s[$i], "X-Slow: 1\r\n")) {
				$s[$i] = IO::Socket::INET->new(
					PeerAddr => "127.0.0.1:$port",
					LocalAddr => "127.0.0.2", Timeout => 1);
				syswrite($s[$i], "GET / HTTP/1.1\r\n") if $s[$i];
			}
		}
		sleep 4;
	}
	my $open = grep { $_ && defined syswrite($_, "X-Slow: 1\r\n") } @s;
	print "$open\n";
' "${url##*:}" 500 20 >"$T/slow" 3>&- &
slow=$!
sleep 5
wrk -t2 -c20 -d5s --latency "$url/" >"$T/wrk" 2>&1
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 3 \
	--interface 127.0.0.3 "$url/game/$mid/events")
wait $slow
served=$(grep -l '^retry: ' "$T"/hostile* 2>/dev/null | wc -l)
echo "web: one client (127.0.0.2) with 300 streams and 500 slow sockets:" \
	"$served streams served, $(cat "$T/slow") sockets open at the end;"
echo "  home page for another (wrk, 20 connections, 5 s):" \
	"$(awk '/^Requests\/sec:/ { print $2 }' "$T/wrk") req/s," \
	"p99 $(awk '$1 == "99%" { print $2 }' "$T/wrk")," \
	"$(awk '/Non-2xx|Socket errors/ { $1 = $1; print }' "$T/wrk")" \
	"a stream from a third address: $code"
exec 3>&- # the end of input ends the player's process (no other
# process holds the FIFO open: 3>&- for each), the match left unfinished:
# its status is 1 (README's exit statuses), not a figure of the site's
wait $play || :
