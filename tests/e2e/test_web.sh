# End-to-end: `gomoku serve` (issue 27), the club's read-only web site.
# Real processes fill the database as players type (registrations with
# hostile nicknames, a ranked match played to five, one left unfinished,
# an imported game whose names hold markup, bidi and combining
# characters, a player logged in at the menus); then the server runs on
# 127.0.0.1 at a free port (--listen 127.0.0.1:0: the kernel's choice,
# which it prints) and curl fetches its pages: the leaderboard's rows are
# `gomoku leaderboard --format json`'s, the game page's moves are the
# export's, the PSQ download is the export byte for byte, names come out
# escaped, bad paths and parameters get 404 and 400, every response has
# the security headers and no cookie, Chinese comes from Accept-Language
# and ?lang=, and the database is the same byte for byte afterwards. The
# server is stopped with SIGTERM and must exit 0. Skipped, saying so,
# without curl or where nothing can listen on 127.0.0.1.
. "$E2E_LIB"

if ! command -v curl >/dev/null 2>&1; then
	skip_rest "curl is not installed (make deps installs it)"
fi
pw() { echo "web-Pass-$1-1357"; }
# Nicknames with markup, quotes and an ampersand (registration takes them).
NICK_A='Al<b>"'"'"'&amp;'
NICK_C='<script>x</script>'

play_input "$(pw alice)\n$(pw alice)\n" register alice --nickname "$NICK_A"
play_input "$(pw bob)\n$(pw bob)\n" register bob --nickname Bob
play_input "$(pw carol)\n$(pw carol)\n" register carol --nickname "$NICK_C"
check "web: three players registered, two with hostile nicknames" \
	test "$(db 'SELECT count(*) FROM players')" = 3

# A ranked match to five, as typed (whoever the coin flip makes black
# makes the row of five), and one left unfinished by the end of input.
play_input "$(pw alice)\n$(pw bob)\n8 8\n1 1\n8 9\n1 2\n8 10\n1 3\n8 11\n1 4\n8 12\nn\n" \
	play alice bob
# The computer's analysis of match 1, kept (a short search: set-up).
"$GOMOKU_BIN" analyze 1 --time-per-move 0.02 --format tsv \
	>"$E2E_DIR/analysis.tsv" 2>/dev/null
play_input "$(pw bob)\n$(pw carol)\n5 5\n6 6\n5 6\n" play bob carol
check "web: one ranked match finished, one unfinished" test \
	"$(db "SELECT group_concat(status, ' ') FROM (SELECT status FROM
	matches ORDER BY id)")" = "finished unfinished"

# An imported game whose names hold markup, quotes, RLO (U+202E) and a
# combining acute (U+0301).
RLO=$(printf '\342\200\256')
ACUTE=$(printf '\314\201')
HNAME="<script>alert(\"x&y\")</script>${RLO}evil${ACUTE} 'q'"
printf 'Piskvorky 15x15, 0:0, 0\n8,8,100\n1,1,200\n9,8,300\n%s\nWhite\n0\n' \
	"$HNAME" >"$E2E_DIR/hostile.psq"
play_input '' import "$E2E_DIR/hostile.psq"
check "web: the hostile PSQ is imported as match 3" has "as match 3"

snapshot() { sqlite3 "$GOMOKU_DB" .dump | grep -v '^INSERT INTO presence' |
	cksum; }

# alice logs in at the menus (online, idle) and stays there.
mkfifo "$E2E_DIR/menu.fifo"
"$GOMOKU_BIN" <"$E2E_DIR/menu.fifo" >"$E2E_DIR/menu.out" 2>&1 &
menu_pid=$!
exec 4>"$E2E_DIR/menu.fifo"
printf '2\nalice\n%s\n' "$(pw alice)" >&4
i=0
until [ "$(db 'SELECT count(*) FROM presence' 2>/dev/null)" = 1 ]; do
	i=$((i + 1))
	[ $i -lt $((10 * WAIT_S)) ] || { gave_up "alice's presence"; break; }
	sleep 0.1
done
before=$(snapshot)

# The server, at a free port of 127.0.0.1.
serve_start
if [ -z "$URL" ]; then
	wait $serve_pid
	if grep -q "cannot listen" "$E2E_DIR/serve.err"; then
		exec 4>&-
		skip_rest "the server cannot listen on 127.0.0.1 here" \
			"($(cat "$E2E_DIR/serve.err"))"
	fi
	check "web: the server starts and says where it listens" false
	cat "$E2E_DIR/serve.err"
	exit 1
fi
check "web: the server listens on 127.0.0.1 only" \
	grep -q '^The club.s web site is at http://127\.0\.0\.1:[1-9][0-9]*/' \
	"$E2E_DIR/serve.out"

# fetch PATH [CURL OPTIONS...]: the body into $OUT, the headers into
# $E2E_DIR/headers, the status into $code.
fetch() {
	_path=$1
	shift
	code=$(curl -s -g -o "$OUT" -D "$E2E_DIR/headers" -w '%{http_code}' \
		"$@" "$URL$_path")
	cat "$E2E_DIR/headers" >>"$E2E_DIR/all-headers"
}

# ---- The home page: the leaderboard is `gomoku leaderboard`'s ----
fetch /
check "web: the home page is 200 HTML" sh -c '[ "$1" = 200 ] &&
	grep -qi "^content-type: text/html; charset=utf-8" "$2"' - "$code" \
	"$E2E_DIR/headers"
cp "$OUT" "$E2E_DIR/home.html"
# board_rows HTML: the leaderboard's rows of the page HTML into
# html.rows (rank username games wins losses ties score rating, a line
# each) and their nicknames, unescaped, into html.nicks; the json's
# (`gomoku leaderboard --format json`) into json.rows and json.nicks.
board_rows() {
	sed -n 's|^<tr><td class="num rank">\([^<]*\)</td><td class="username"><a class="player" href="/player/\([^"?]*\)"><bdi>[^<]*</bdi></a></td><td class="nickname"><bdi>.*</bdi></td><td class="num">\([0-9]*\)</td><td class="num">\([0-9]*\)</td><td class="num">\([0-9]*\)</td><td class="num">\([0-9]*\)</td><td class="num score">\(-*[0-9]*\)</td><td class="num rating">\([0-9]*\)?*</td>.*|\1 \2 \3 \4 \5 \6 \7 \8|p' \
		"$1" | sed 's/^– /0 /' >"$E2E_DIR/html.rows"
	sed -n 's|^<tr><td class="num rank">.*<td class="nickname"><bdi>\(.*\)</bdi></td><td class="num">.*|\1|p' \
		"$1" | sed 's/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g;
		s/&#39;/'"'"'/g; s/&amp;/\&/g' >"$E2E_DIR/html.nicks"
	play_input '' leaderboard --format json
	sed -n 's|^  {"rank": \([0-9]*\), "username": "\([^"]*\)", "nickname": ".*", "games": \([0-9]*\), "wins": \([0-9]*\), "losses": \([0-9]*\), "ties": \([0-9]*\), "score": \(-*[0-9]*\), "rating": \([0-9.]*\),.*|\1 \2 \3 \4 \5 \6 \7 \8|p' \
		"$OUT" >"$E2E_DIR/json.rows"
	sed -n 's|^  {"rank": [0-9]*, "username": "[^"]*", "nickname": "\(.*\)", "games": .*|\1|p' \
		"$OUT" | sed 's/\\"/"/g; s/\\\\/\\/g' >"$E2E_DIR/json.nicks"
}
# Whether html.rows are json.rows (ratings within rounding) and number
# $1.
same_board() {
	awk -v want="$1" 'NR == FNR { j[FNR] = $0; next }
	{ split(j[FNR], a, " ")
	  for (i = 1; i <= 7; i++) if (a[i] != $i) exit 1
	  d = a[8] - $8; if (d > 0.5 || d < -0.5) exit 1
	  n++ }
	END { exit n != want }' "$E2E_DIR/json.rows" "$E2E_DIR/html.rows"
}
board_rows "$E2E_DIR/home.html"
check "web: the leaderboard has the json's three rows" \
	test "$(wc -l <"$E2E_DIR/html.rows")" = 3
check "web: rank, player, games, W, L, T, score and rating as the json's" \
	same_board 3
check "web: every nickname as the json's, escaped in the page" \
	cmp -s "$E2E_DIR/json.nicks" "$E2E_DIR/html.nicks"
check "web: no markup from a nickname reaches the page" \
	sh -c '! grep -q "<script\|<b>" "$1" &&
	grep -q "&lt;script&gt;x&lt;/script&gt;" "$1" &&
	grep -q "Al&lt;b&gt;&quot;&#39;&amp;amp;" "$1"' - "$E2E_DIR/home.html"
check "web: alice is online, idle, and no more is said of her presence" \
	sh -c 'grep -q "href=\"/player/alice\"><bdi>Al&lt;b&gt;.*<span class=\"state\">online</span>" "$1" &&
	! grep -q "pid\|watching" "$1"' - "$E2E_DIR/home.html"
check "web: the unfinished match 2 is in progress, linked" sh -c '
	grep "<li><a href=\"/game/2\">Match 2</a>: .*, 3 moves</li>" "$1" |
	grep "/player/bob" | grep -q "/player/carol"' - "$E2E_DIR/home.html"

# ---- A result while the server runs: the leaderboard follows it ----
play_input "$(pw carol)\n$(pw alice)\n8 8\n1 1\n8 9\n1 2\n8 10\n1 3\n8 11\n1 4\n8 12\nn\n" \
	play carol alice
fetch /
cp "$OUT" "$E2E_DIR/home2.html"
board_rows "$E2E_DIR/home2.html"
finished=$(db "SELECT count(*) FROM matches WHERE status = 'finished'
	AND kind = 'ranked'")
check "web: carol and alice's match is counted, and the page changed" \
	sh -c '[ "$1" = 2 ] && ! cmp -s "$2" "$3"' - "$finished" \
	"$E2E_DIR/home.html" "$E2E_DIR/home2.html"
check "web: the leaderboard's rows are the json's again" same_board 3
# Debian's chromium, headless, when it is installed and starts here.
CHROMIUM=$(command -v chromium || command -v chromium-browser)
CHROMIUM_OK=
if [ -z "$CHROMIUM" ]; then
	skip "chromium is not installed (make deps): the browser's checks"
elif ! TMPDIR=$E2E_DIR timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
	--disable-dev-shm-usage --user-data-dir="$E2E_DIR/chromium" \
	--dump-dom about:blank >"$E2E_DIR/probe" 2>&1; then
	skip "chromium does not start here, the browser's checks:" \
		"$(tail -n 1 "$E2E_DIR/probe")"
else
	CHROMIUM_OK=1
fi

# ---- A live game: two real processes play, a stream and a browser follow ----
# carol and alice play at one terminal (a FIFO); curl follows the
# match's event stream, and (where chromedriver is) chromium shows its
# page through WebDriver: after each move both must show it. The delay
# from a move's commit (the event's "at") to the browser's board is
# printed (a "#" line), never judged.
mkfifo "$E2E_DIR/live.fifo"
"$GOMOKU_BIN" play carol alice <"$E2E_DIR/live.fifo" >"$E2E_DIR/live.out" \
	2>&1 &
live_pid=$!
exec 5>"$E2E_DIR/live.fifo"
printf '%s\n%s\n' "$(pw carol)" "$(pw alice)" >&5
live_match() { [ "$(db "SELECT count(*) FROM matches WHERE status =
	'unfinished' AND kind = 'ranked'")" = 2 ]; }
poll live_match
mid=$(db "SELECT max(id) FROM matches WHERE kind = 'ranked'")
fetch "/game/$mid"
check "live: the page of a game being played has the live script" \
	sh -c 'grep -q "<p id=\"live\" data-events=\"/game/$2/events\">" "$1" &&
	grep -q "<script src=\"/live.js\" defer></script>" "$1"' - "$OUT" "$mid"
fetch /live.js
check "live: /live.js is served as JavaScript" sh -c '[ "$1" = 200 ] &&
	grep -qi "^content-type: text/javascript" "$2" &&
	grep -q "EventSource" "$3"' - "$code" "$E2E_DIR/headers" "$OUT"
curl -sN "$URL/game/$mid/events" >"$E2E_DIR/events" 2>&1 &
events_pid=$!
has_event() { grep -q "\"moves\": $1," "$E2E_DIR/events"; }
poll has_event 0

# WebDriver (chromedriver) on a free port, chromium behind it.
wd() {
	curl -s -X "$1" -H 'Content-Type: application/json' \
		${3:+-d "$3"} "http://127.0.0.1:$wd_port$2"
}
# wd_exec SCRIPT: what SCRIPT (JavaScript, its quotes escaped for
# JSON) returns in the browser's page, a string.
wd_exec() {
	wd POST "/session/$sid/execute/sync" "{\"script\": \"$1\", \"args\": []}" |
		sed -n 's/.*"value": *"\([^"]*\)".*/\1/p'
}
# The stones on the browser's board, and data-delay-ms ("-": none yet).
stones() {
	wd_exec 'return document.querySelectorAll(\"#board circle.black, #board circle.white\").length + \" \" + (document.documentElement.getAttribute(\"data-delay-ms\") || \"-\")'
}
browser_shows() { [ "$(stones | cut -d' ' -f1)" = "$1" ]; }
sid=
if command -v chromedriver >/dev/null 2>&1 && [ -n "$CHROMIUM_OK" ]; then
	for _try in 1 2 3 4 5; do
		wd_port=$((20000 + $(od -An -N2 -tu2 /dev/urandom) % 40000))
		TMPDIR=$E2E_DIR chromedriver --port="$wd_port" >"$E2E_DIR/chromedriver.log" 2>&1 &
		wd_pid=$!
		poll grep -q "started successfully" "$E2E_DIR/chromedriver.log" &&
			kill -0 $wd_pid 2>/dev/null && break
		kill $wd_pid 2>/dev/null
		wait $wd_pid 2>/dev/null
		wd_pid=
	done
	[ -n "${wd_pid:-}" ] && sid=$(wd POST /session "{\"capabilities\":
		{\"alwaysMatch\": {\"goog:chromeOptions\": {\"binary\":
		\"$CHROMIUM\", \"args\": [\"--headless\", \"--no-sandbox\",
		\"--disable-gpu\", \"--disable-dev-shm-usage\",
		\"--window-size=1280,900\"]}}}}" |
		sed -n 's/.*"sessionId": *"\([^"]*\)".*/\1/p')
	if [ -n "$sid" ]; then
		wd POST "/session/$sid/url" "{\"url\": \"$URL/game/$mid\"}" \
			>/dev/null
		poll browser_shows 0
	else
		skip "chromedriver gave no session, the browser's live" \
			"checks: $(tail -n 1 "$E2E_DIR/chromedriver.log")"
	fi
else
	skip "no chromedriver (or chromium): the browser's live checks"
fi

bad= delays=
n=0
for mv in "8 8" "1 1" "8 9" "1 2" "8 10"; do
	printf '%s\n' "$mv" >&5
	n=$((n + 1))
	poll has_event $n || bad="$bad stream:$n"
	if [ -n "$sid" ]; then
		poll browser_shows $n || bad="$bad browser:$n"
		delays="$delays $(stones | cut -d' ' -f2)"
	fi
done
check "live: the event stream says each of the five moves${bad}" \
	sh -c '[ -z "$1" ] && [ "$(grep -c "^event: move$" "$2")" -ge 6 ]' - \
	"$bad" "$E2E_DIR/events"
[ -z "$sid" ] || {
	check "live: the browser's board shows each move as it is played" \
		test -z "$bad"
	echo "# live: ms from each move's commit to the browser's board:$delays"
}
printf '1 3\n8 11\n1 4\n8 12\nn\n' >&5
exec 5>&-
wait $live_pid
poll grep -q '^event: end$' "$E2E_DIR/events"
i=0
while kill -0 $events_pid 2>/dev/null && [ $i -lt $((10 * WAIT_S)) ]; do
	sleep 0.1
	i=$((i + 1))
done
check "live: the stream ends with the game, saying so" sh -c '
	! kill -0 $1 2>/dev/null &&
	grep -q "^data: {\"moves\": 9, \"status\": \"finished\"" "$2"' - \
	$events_pid "$E2E_DIR/events"
if [ -n "$sid" ]; then
	poll browser_shows 9
	check "live: the browser shows the end, the live paragraph gone" \
		test "$(wd_exec 'return String(document.getElementById(\"live\") === null)')" = true
	# At a phone's width every page fits: nothing wider than the
	# screen, no table scrolled sideways (the leaderboard lost five
	# columns off the right edge).
	wd POST "/session/$sid/window/rect" '{"width": 390, "height": 844}' \
		>/dev/null
	wide=
	for _p in / /player/alice "/game/$mid" "/game/1?ply=5"; do
		wd POST "/session/$sid/url" "{\"url\": \"$URL$_p\"}" >/dev/null
		[ "$(wd_exec 'var d = document.documentElement, bad = d.scrollWidth > d.clientWidth || d.clientWidth > 400; document.querySelectorAll(\".scroll\").forEach(function (e) { bad = bad || e.scrollWidth > e.clientWidth; }); return String(bad)')" = false ] ||
			wide="$wide $_p"
	done
	check "browser: at 390x844 no page is wider than the screen${wide}" \
		test -z "$wide"
	wd DELETE "/session/$sid" >/dev/null
fi
[ -z "${wd_pid:-}" ] || { kill $wd_pid 2>/dev/null; wait $wd_pid 2>/dev/null; }

before=$(snapshot) # the server writes nothing from here on either

# ---- A player's page ----
fetch /player/alice
play_input '' leaderboard --format tsv
rank=$(awk -F'\t' '$2 == "alice" { print $1 }' "$OUT")
games=$(awk -F'\t' '$2 == "alice" { print $4 }' "$OUT")
rating=$(awk -F'\t' '$2 == "alice" { print $9 }' "$OUT")
fetch /player/alice
check "web: alice's page shows her rank and her match" sh -c '
	[ "$1" = 200 ] && grep -q "<dd id=\"rank\">$2</dd>" "$4" &&
	grep -q "href=\"/game/1\">1</a>" "$4" &&
	[ "$(grep -c "^<tr><td><a href=\"/game/" "$4")" = "$3" ]' - \
	"$code" "$rank" "$games" "$OUT"
check "web: alice's rating graph, replayed, ends at her rating, a point a game" \
	sh -c 'grep -q "<svg id=\"rating-graph\" [^>]*data-last=\"$2\"" "$1" &&
	[ "$(sed -n "/id=\"rating-graph\"/,/<\/svg>/p" "$1" |
	grep -o "points=\"[^\"]*\"" | wc -w)" = $(($3 + 1)) ]' - "$OUT" \
	"$rating" "$games"
check "web: alice's results against bob and carol, her opponents" sh -c '
	sed -n "/id=\"opponents\"/,/<\/table>/p" "$1" >"$1.opp" &&
	grep -q "/player/bob" "$1.opp" && grep -q "/player/carol" "$1.opp"' \
	- "$OUT"

# ---- A game's page: the moves are the export's ----
fetch /game/1
cp "$OUT" "$E2E_DIR/game.html"
play_input '' export 1 --format moves
check "web: the game page's moves are the export's, in order" sh -c '
	sed -n "s|.*<a href=\"/game/1?ply=[0-9]*\">[^ ]* \([a-z][0-9]*\)</a>.*|\1|p" "$1" |
	tr "\n" " " | sed "s/ $//" >"$1.moves" &&
	[ "$(cat "$1.moves")" = "$(cat "$2")" ] && [ -s "$2" ]' - \
	"$E2E_DIR/game.html" "$OUT"
check "web: the finished game says who won, by five" \
	grep -q '<p id="result">\(Black\|White\) won. (five)</p>' \
	"$E2E_DIR/game.html"
# Each row's black's chance and mark, as the analysis's tsv says them.
sed -n 's|^<tr[^>]*><td class="num">\([0-9]*\)</td>.*<td class="num">\([0-9]*\)%</td><td class="mark mark[0-9]">\([a-z]*\)</td></tr>$|\1 \2 \3|p' \
	"$E2E_DIR/game.html" >"$E2E_DIR/judged.html"
awk -F'\t' 'NR > 1 && $1 ~ /^[0-9]+$/ { c = $2 == "black" ? $5 : 100 - $5
	print $1, c, ($7 == "" ? "-" : $7) }' "$E2E_DIR/analysis.tsv" \
	>"$E2E_DIR/judged.tsv"
check "web: the game page shows the kept analysis, move by move as analyze's" \
	awk 'NR == FNR { c[$1] = $2; m[$1] = $3; n++; next }
	{ d = c[$1] - $2; if (d > 1 || d < -1) exit 1
	  if (m[$1] != ($3 == "" ? "-" : $3)) exit 1; seen++ }
	END { exit !(n == 9 && seen == 9) }' \
	"$E2E_DIR/judged.tsv" "$E2E_DIR/judged.html"
check "web: and its accuracy and evaluation graph" sh -c '
	grep -q "<p id=\"accuracy\">Accuracy: ● [0-9]*%, ○ [0-9]*%</p>" "$1" &&
	[ "$(grep -o "points=\"[^\"]*\"" "$1" | wc -w)" = 9 ]' - \
	"$E2E_DIR/game.html"
fetch "/game/1?ply=3"
check "web: ?ply=3 shows three stones, the third marked last" sh -c '
	[ "$(grep -c "^<circle class=\"\(black\|white\)\"" "$1")" = 3 ] &&
	[ "$(grep -c "^<circle class=\"last\"" "$1")" = 1 ] &&
	grep -q "<span id=\"ply\">3 / 9</span>" "$1" &&
	grep -q "href=\"/game/1?ply=4\">Next</a>" "$1"' - "$OUT"
fetch /game/1.psq
cp "$OUT" "$E2E_DIR/web.psq"
play_input '' export 1
check "web: the PSQ download is the export, byte for byte" \
	cmp -s "$E2E_DIR/web.psq" "$OUT"

# ---- Hostile names of an imported game ----
fetch /game/3
check "web: the imported names are text: markup escaped, RLO shown as U+FFFD, the acute kept" \
	sh -c 'grep -q "<bdi>&lt;script&gt;alert(&quot;x&amp;y&quot;)&lt;/script&gt;$(printf "\357\277\275")evil$(printf "\314\201") &#39;q&#39;</bdi>" "$1" &&
	! grep -q "<script" "$1" && ! grep -q "$(printf "\342\200\256")" "$1"' \
	- "$OUT"

# ---- Languages ----
fetch / -H 'Accept-Language: zh-CN,zh;q=0.9,en;q=0.5'
check "web: Accept-Language zh gives the Chinese page, a link to English" \
	sh -c 'grep -q "<html lang=\"zh-CN\">" "$1" && grep -q "排行榜" "$1" &&
	grep -q "href=\"/?lang=en\">English</a>" "$1"' - "$OUT"
fetch "/game/1?ply=2&lang=en" -H 'Accept-Language: zh'
check "web: ?lang=en wins, and the page's links keep it" \
	sh -c 'grep -q "<html lang=\"en\">" "$1" &&
	grep -q "href=\"/game/1?ply=3&amp;lang=en\">Next" "$1" &&
	grep -q "href=\"/game/1?ply=2&amp;lang=zh\"" "$1"' - "$OUT"

# ---- Bad paths, bad parameters, other methods ----
bad=
for p in /nope /game/999 /game/abc /game/0 /player/nobody "/player/a%2Fb" \
	/game/1.txt /style.css/x "/../etc/passwd" /index.html; do
	fetch "$p"
	[ "$code" = 404 ] || bad="$bad $p:$code"
done
check "web: unknown paths, players and matches are 404 pages${bad}" \
	test -z "$bad"
for p in "/game/1?ply=x" "/game/1?ply=10000" "/?rule=chess" "/?lang=fr"; do
	fetch "$p"
	[ "$code" = 400 ] || bad="$bad $p:$code"
done
check "web: bad parameters are 400 pages${bad}" test -z "$bad"
code=$(curl -s -o /dev/null -w '%{http_code}' -X POST -d x=1 "$URL/")
check "web: POST is refused (405)" test "$code" = 405
code=$(curl -s -o /dev/null -w '%{http_code}' -X GET -d x=1 "$URL/")
check "web: a GET with a body is refused (400)" test "$code" = 400
curl -sv -o /dev/null -o /dev/null "$URL/style.css" "$URL/" \
	>"$E2E_DIR/keepalive" 2>&1
check "web: two requests on one connection (kept alive)" \
	grep -q "Re-using existing connection" "$E2E_DIR/keepalive"
# exchange TEXT: send TEXT (printf %b, \r\n written out) to the server on
# one connection, and print all it answers until it closes (CRs taken
# out); raw TEXT: the status code of its first response.
exchange() {
	bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$1" && printf "%b" "$2" >&3 &&
		timeout 20 cat <&3' - "${URL##*:}" "$1" 2>/dev/null | tr -d '\r'
}
raw() { exchange "$1" | sed -n '1s/^HTTP\/1\.1 \([0-9]*\).*/\1/p'; }
# Strict framing (issue 44): what could frame a body two ways is refused.
bad=
code=$(raw 'GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\nContent-Length: 5\r\nConnection: close\r\n\r\n')
[ "$code" = 400 ] || bad="$bad two-lengths:$code"
code=$(raw 'GET / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding : chunked\r\nConnection: close\r\n\r\n')
[ "$code" = 400 ] || bad="$bad space-colon:$code"
code=$(raw 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n')
[ "$code" = 400 ] || bad="$bad no-host:$code"
check "web: two lengths, a space before a colon, no Host: 400${bad}" \
	test -z "$bad"
code=$(raw 'GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')
check "web: ... while one Content-Length: 0 is a GET like any" \
	test "$code" = 200
long=$(head -c 40000 /dev/zero | tr '\0' a)
code=$(curl -s -o /dev/null -w '%{http_code}' "$URL/$long")
check "web: a 40 KB request line is refused with a 4xx" \
	sh -c 'case $1 in 4??) ;; *) exit 1 ;; esac' - "$code"
fetch /
check "web: the server still answers after all that" test "$code" = 200

# ---- Headers ----
check "web: every response has the Content-Security-Policy" test \
	"$(grep -ci '^content-security-policy: default-src .self.' \
	"$E2E_DIR/all-headers")" = "$(grep -c '^HTTP/' "$E2E_DIR/all-headers")"
check "web: no response sets a cookie" \
	sh -c '! grep -qi "^set-cookie" "$1"' - "$E2E_DIR/all-headers"

# ---- In a real browser: Debian's chromium, headless ----
# The DOM chromium builds from the pages (--dump-dom) holds the json's
# leaderboard and the export's moves, and no element from a name; each
# page is drawn at a desktop and a phone width (--screenshot). The
# pictures go to build/web-screens; GOMOKU_SCREENS_UPDATE=1 copies them
# to tests/screens/web/, the reference images a reviewer looks at.
# shot NAME WIDTH HEIGHT PATH: PATH drawn at WIDTH x HEIGHT as NAME.png.
shot() {
	TMPDIR=$E2E_DIR timeout 120 nice -n 10 "$CHROMIUM" --headless --no-sandbox \
		--disable-gpu --disable-dev-shm-usage --hide-scrollbars \
		--user-data-dir="$E2E_DIR/chromium" --window-size="$2,$3" \
		--screenshot="$SHOTS/$1.png" "$URL$4" >/dev/null 2>&1
}
# The width and height of the PNG $1, as "W H".
png_size() {
	od -An -tu1 -j16 -N8 "$1" | awk '{
		w = (($1 * 256 + $2) * 256 + $3) * 256 + $4
		h = (($5 * 256 + $6) * 256 + $7) * 256 + $8
		print w, h }'
}
dom() {
	TMPDIR=$E2E_DIR timeout 120 nice -n 10 "$CHROMIUM" --headless --no-sandbox \
		--disable-gpu --disable-dev-shm-usage \
		--user-data-dir="$E2E_DIR/chromium" --dump-dom "$URL$1" \
		>"$OUT" 2>/dev/null
}
if [ -n "$CHROMIUM_OK" ]; then
	SHOTS=$(dirname "$GOMOKU_BIN")/web-screens
	case $SHOTS in build/* | */build/* | */build) ;; *) SHOTS=$E2E_DIR/shots ;; esac
	mkdir -p "$SHOTS"
	dom /
	cp "$OUT" "$E2E_DIR/dom.html"
	board_rows "$E2E_DIR/dom.html"
	check "browser: the DOM's leaderboard rows are the json's" \
		same_board 3
	cp "$E2E_DIR/dom.html" "$OUT"
	check "browser: no element from a nickname in the DOM" sh -c '
		[ "$(grep -c "<script" "$1")" = 0 ] &&
		[ "$(grep -c "<b>" "$1")" = 0 ] &&
		grep -q "&lt;script&gt;x&lt;/script&gt;" "$1"' - "$OUT"
	dom /game/1
	check "browser: the DOM's moves are the export's" sh -c '
		sed -n "s|.*<a href=\"/game/1?ply=[0-9]*\">[^ ]* \([a-z][0-9]*\)</a>.*|\1|p" "$1" |
		tr "\n" " " | sed "s/ $//" >"$1.moves" &&
		[ "$(cat "$1.moves")" = "$(cat "$2")" ]' - "$OUT" \
		"$E2E_DIR/game.html.moves"
	dom /game/3
	check "browser: the imported game's hostile name is one text node" \
		sh -c '[ "$(grep -c "<script" "$1")" = 0 ] &&
		grep -q "&lt;script&gt;alert(\"x&amp;y\")&lt;/script&gt;" "$1"' \
		- "$OUT"
	bad=
	for s in "home-desktop 1280 900 /" "home-phone 390 844 /" \
		"player-desktop 1280 900 /player/alice" \
		"game-desktop 1280 900 /game/1?ply=5" \
		"game-phone 390 844 /game/1?ply=5" \
		"home-zh-desktop 1280 900 /?lang=zh"; do
		# shellcheck disable=SC2086
		set -- $s
		rm -f "$SHOTS/$1.png"
		shot "$@"
		[ "$(png_size "$SHOTS/$1.png" 2>/dev/null)" = "$2 $3" ] ||
			bad="$bad $1"
	done
	check "browser: each page drawn at 1280x900 and 390x844${bad}" \
		test -z "$bad"
	if [ -n "${GOMOKU_SCREENS_UPDATE:-}" ]; then
		mkdir -p "$(dirname "$E2E_LIB")/../screens/web"
		cp "$SHOTS"/*.png "$(dirname "$E2E_LIB")/../screens/web/"
	fi
fi

# ---- HEAD on a live stream (issue 44) ----
# Its headers alone: a HEAD followed on the same connection by a GET gets
# the GET's response right after the HEAD's headers, no byte of a stream
# between them (were a body sent, the next response would start with it).
exchange 'HEAD /game/2/events HTTP/1.1\r\nHost: t\r\n\r\nGET /style.css HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n' \
	>"$E2E_DIR/head"
check "web: HEAD on a live stream: its headers, then the next response at once" \
	awk '/^HTTP\/1\.1 / { n++; if (n == 2) ok = (prev == "" && had) }
		{ had = prev ~ /: /; prev = $0 } END { exit !(n == 2 && ok) }' \
		"$E2E_DIR/head"
check "web: ... the HEAD's type an event stream, the GET's the style" \
	sh -c 'grep -q "^Content-Type: text/event-stream" "$1" &&
		grep -q "^Content-Type: text/css" "$1"' - "$E2E_DIR/head"

# ---- One client's share (issue 44) ----
# Each address of 127.0.0.0/8 is a client of its own. The perl (which
# every Debian has) of the helpers below, given the server's port first:
# conn(FROM, REQUEST) connects from address FROM (any when undef) and
# sends REQUEST, returning the connection or undef (after 5 tries: under
# valgrind a connect to a server busy accepting was seen to fail once,
# with EINVAL, and that is not what these checks are about); code(C) reads C's
# status line: its code, "refused" when C is closed without one, "none"
# when there is no C.
PERL_HTTP='
	use IO::Socket::INET;
	$SIG{PIPE} = "IGNORE";
	$| = 1;
	my $port = shift @ARGV;
	sub conn {
		my ($from, $request) = @_;
		for my $try (1 .. 5) {
			my $c = IO::Socket::INET->new(
				PeerAddr => "127.0.0.1:$port",
				(defined $from ? (LocalAddr => $from) : ()),
				Timeout => 5);
			if ($c) {
				print $c $request;
				return $c;
			}
			select(undef, undef, undef, 0.2);
		}
		return;
	}
	sub code {
		my $c = $_[0] or return "none";
		my $line = <$c>;
		return defined $line && $line =~ m{^HTTP/1\.1 (\d+)} ?
			$1 : "refused";
	}
'
# hold FROM N LINES: open N connections from FROM, each with a request
# line; then try one more from FROM with a whole request ("extra:
# refused" when it is closed unanswered) and one from another address
# ("other: " its status); then send each held connection a header line a
# second, at most LINES, until the server has closed them all ("closed:
# N after N lines").
hold() {
	perl -e "$PERL_HTTP"'
		my ($from, $n, $lines) = @ARGV;
		my $whole = "GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n";
		my @held = map { conn($from, "GET / HTTP/1.1\r\n") or
			die "connect: $!" } 1 .. $n;
		sleep 1;
		print "extra: ", code(conn($from, $whole)), "\n";
		(my $other = $from) =~ s/\.(\d+)$/"." . ($1 + 1)/e;
		print "other: ", code(conn($other, $whole)), "\n";
		my ($sent, %closed) = (0);
		while ($sent < $lines && keys %closed < @held) {
			for my $i (0 .. $#held) {
				next if $closed{$i};
				my $bits = "";
				vec($bits, fileno($held[$i]), 1) = 1;
				if (select($bits, undef, undef, 0) > 0) {
					my $got = sysread($held[$i], my $buf, 4096);
					$closed{$i} = 1 if !$got;
					next if !$got;
				}
				syswrite($held[$i], "X-Slow: $sent\r\n");
			}
			sleep 1;
			$sent++;
		}
		print "closed: ", scalar(keys %closed), " after $sent lines\n";
	' "${URL##*:}" "$@"
}
WEB_ADDRESS_CONNECTIONS=32 WEB_ADDRESS_STREAMS=8 # include/web.h
hold 127.0.0.6 "$WEB_ADDRESS_CONNECTIONS" 60 >"$E2E_DIR/hold"
check "web: an address holding 32 connections: its 33rd is closed unanswered" \
	grep -qx 'extra: refused' "$E2E_DIR/hold"
check "web: ... while another address is answered" \
	grep -qx 'other: 200' "$E2E_DIR/hold"
check "web: headers sent a line a second: each connection is closed" \
	grep -qx "closed: $WEB_ADDRESS_CONNECTIONS after [0-9]* lines" \
	"$E2E_DIR/hold"
code=$(curl -s -o /dev/null -w '%{http_code}' --interface 127.0.0.6 "$URL/")
check "web: ... and that address is answered again" test "$code" = 200

# follow FROM NAME: follow match 2's live stream from address FROM into
# $E2E_DIR/NAME (in the background), until its first event came; when
# none comes, say what came instead (a "#" line).
follow() {
	curl -sN --interface "$1" "$URL/game/2/events" >"$E2E_DIR/$2" 2>&1 &
	followers="$followers $!"
	poll grep -qs "^retry: " "$E2E_DIR/$2" ||
		echo "# $2 got instead: $(sed 's/<[^>]*>//g' "$E2E_DIR/$2" |
			tr -s ' \n' ' ' | cut -c1-200)"
}
# stream_code FROM: the status of one more stream from FROM (3 s of it).
stream_code() {
	curl -s -o /dev/null -w '%{http_code}' --max-time 3 --interface "$1" \
		"$URL/game/2/events"
}
followers=
for i in $(seq "$WEB_ADDRESS_STREAMS"); do follow 127.0.0.8 "follow$i"; done
code=$(stream_code 127.0.0.8)
check "web: an address following 8 live streams: its 9th gets 429" \
	test "$code" = 429
code=$(stream_code 127.0.0.9)
check "web: ... while another address follows the game" test "$code" = 200
# shellcheck disable=SC2086
kill $followers 2>/dev/null

# Behind a reverse proxy (--proxied) every request comes from it: no
# limit per address (the proxy's own count, docs/CLUB.md).
url=$URL pid=$serve_pid
serve_start --proxied
hold 127.0.0.12 "$WEB_ADDRESS_CONNECTIONS" 0 >"$E2E_DIR/hold"
check "web: --proxied: a 33rd connection from one address is answered" \
	grep -qx 'extra: 200' "$E2E_DIR/hold"
followers=
for i in $(seq "$WEB_ADDRESS_STREAMS"); do follow 127.0.0.14 "proxied$i"; done
code=$(stream_code 127.0.0.14)
check "web: --proxied: and a 9th live stream" test "$code" = 200
# Every live stream taken (WEB_WATCHERS_MAX, 8 of them by the followers
# above): one more is 503 and says why; when one browser leaves, its
# place is free again.
WEB_WATCHERS_MAX=300 # include/web.h
perl -e "$PERL_HTTP"'
	my ($n, $wait) = @ARGV;
	my $events = "GET /game/2/events HTTP/1.1\r\nHost: t\r\n\r\n";
	my @held = grep { code($_) eq "200" } map { conn(undef, $events) } 1 .. $n;
	print "held: ", scalar(@held), "\n";
	my $c = conn(undef, $events);
	print "one more: ", code($c), "\n";
	while (my $l = <$c>) { print "page: $l"; last if $l =~ m{</html>} }
	close shift @held;
	my $st = "none";
	for (1 .. 10 * $wait) {
		$c = conn(undef, $events) or next;
		($st = code($c)) eq "200" and last;
		select(undef, undef, undef, 0.1);
	}
	print "after one left: $st\n";
'	"${URL##*:}" $((WEB_WATCHERS_MAX - WEB_ADDRESS_STREAMS)) "$WAIT_S" \
	>"$E2E_DIR/full"
check "web: every live stream taken: one more is 503" \
	grep -qx 'one more: 503' "$E2E_DIR/full"
check "web: ... saying why" grep -q \
	"Too many browsers follow live games just now. Try again in a minute." \
	"$E2E_DIR/full"
check "web: ... and a browser that leaves gives its place back" \
	grep -qx 'after one left: 200' "$E2E_DIR/full"
# shellcheck disable=SC2086
kill $followers 2>/dev/null
serve_stop
vg_seen "$status" "$E2E_DIR/serve.err"
URL=$url serve_pid=$pid

# ---- Stopping; nothing written ----
# A browser still follows match 2 (unfinished) when the server stops.
curl -sN "$URL/game/2/events" >"$E2E_DIR/events2" 2>&1 &
events_pid=$!
poll grep -q '"moves": 3,' "$E2E_DIR/events2"
serve_stop
vg_seen "$status" "$E2E_DIR/serve.err"
check "web: SIGTERM stops the server, exit 0, a stream open" status_is 0
i=0
while kill -0 $events_pid 2>/dev/null && [ $i -lt $((10 * WAIT_S)) ]; do
	sleep 0.1
	i=$((i + 1))
done
check "web: the open stream ends with the server" \
	sh -c '! kill -0 $1 2>/dev/null' - $events_pid
check "web: nothing is listening there any more" \
	sh -c '! curl -s -o /dev/null "$1/"' - "$URL"
check "web: the database is as it was before the server (presence aside)" \
	test "$(snapshot)" = "$before"
printf '0\n0\n' >&4
exec 4>&-
wait $menu_pid
