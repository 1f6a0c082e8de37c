# End-to-end: the web site's threads (issue 44, web.h). A page that is
# slow to read holds one server thread, not the site: while three
# requests for the page of a player with 300,000 rated results are
# being answered (each about 0.3 s), the home page asked for once they
# are sent is answered first
# (with one thread it waited behind them). And each page is wholly in
# its request's language while pages in Chinese and English are asked
# for at once on the threads (gettext's language is the process's: each
# page is rendered after setting its own, one at a time; a page that
# rendered without setting it would come in the last request's). Not
# under valgrind, which runs one thread at a time.
# Skipped, saying so, without curl or where nothing can listen on
# 127.0.0.1.
. "$E2E_LIB"

if ! command -v curl >/dev/null 2>&1; then
	skip_rest "curl is not installed (make deps installs it)"
fi
pw() { echo "pool-Pass-$1-2468"; }

play_input "$(pw alice)\n$(pw alice)\n" register alice --nickname Alice
play_input "$(pw bob)\n$(pw bob)\n" register bob --nickname Bob
play_input "$(pw alice)\n$(pw bob)\n8 8\n1 1\n8 9\n1 2\n8 10\n1 3\n8 11\n1 4\n8 12\nn\n" \
	play alice bob
# 300,000 more results between them, as match 1 was played (written
# straight into the file: set-up), each with the ratings after it.
cols=$(db "SELECT group_concat(name, ', ') FROM pragma_table_info('matches')
	WHERE name NOT IN ('id', 'started_at', 'ended_at', 'last_active_at')")
db "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n
	WHERE i < 300000) INSERT INTO matches (started_at, ended_at,
	last_active_at, $cols) SELECT 1700000000 + i, 1700000000 + i,
	1700000000 + i, $cols FROM n, matches WHERE matches.id = 1"
check "web threads: alice has 300,001 rated results" \
	test "$(db "SELECT count(*) FROM matches WHERE black_after IS NOT NULL")" = 300001

serve_start
if [ -z "$URL" ]; then
	wait $serve_pid
	grep -q "cannot listen" "$E2E_DIR/serve.err" &&
		skip_rest "the server cannot listen on 127.0.0.1 here" \
			"($(cat "$E2E_DIR/serve.err"))"
	check "web threads: the server starts" false
fi

# fetch NAME PATH: GET PATH into $E2E_DIR/NAME (curl's trace of what
# it sent in NAME.trace), then the time it was whole (ns) into NAME.at.
fetch() {
	curl -s -o "$E2E_DIR/$1" --trace-ascii "$E2E_DIR/$1.trace" \
		--max-time 120 "$URL$2"
	date +%s%N >"$E2E_DIR/$1.at"
}
# Whether the three slow requests have all been sent.
slow_sent() {
	for n in 1 2 3; do
		grep -q '^=> Send header' "$E2E_DIR/slow$n.trace" 2>/dev/null ||
			return 1
	done
}
slow=
for n in 1 2 3; do
	fetch "slow$n" /player/alice &
	slow="$slow $!"
done
i=0
until slow_sent || [ $i -ge $((100 * WAIT_S)) ]; do
	sleep 0.01
	i=$((i + 1))
done
fetch home /
# shellcheck disable=SC2086
wait $slow
first_slow=$(sort -n "$E2E_DIR"/slow?.at | head -1)
check "web threads: the player's pages are whole" \
	grep -q 'id="rating-graph"' "$E2E_DIR/slow1" "$E2E_DIR/slow2" \
	"$E2E_DIR/slow3"
check "web threads: the home page asked for after three slow pages is answered before any of them" \
	test "$(cat "$E2E_DIR/home.at")" -lt "$first_slow"

# 60 home pages at once, 8 at a time, in Chinese and English by turns:
# each wholly in its language.
i=0
while [ $i -lt 60 ]; do
	echo "$i zh $((i + 1)) en"
	i=$((i + 2))
done | tr ' ' '\n' |
	E2E_DIR=$E2E_DIR URL=$URL xargs -P 8 -n 2 sh -c \
		'curl -s -o "$E2E_DIR/page$0" "$URL/?lang=$1"'
# in_language FILE LANG: its words are all Chinese (zh) or all English
# (en): the page's text without its tags, the link to the other
# language and the players' names and links, has none of the other's (a CJK
# character; an English word of the page's).
in_language() {
	sed 's|<bdi>[^<]*</bdi>||g; s|<a [^>]*href="/player/[^>]*>[^<]*</a>||g;
		s/<[^>]*>/ /g; s/中文//; s/English//' "$1" >"$1.text"
	if [ "$2" = zh ]; then
		grep -q '排行榜' "$1.text" &&
			! grep -q '[A-Za-z][a-z][a-z]' "$1.text"
	else
		grep -q 'Leaderboard' "$1.text" &&
			! grep -q "$(printf '[\344-\351]')" "$1.text"
	fi
}
mixed=0
i=0
while [ $i -lt 60 ]; do
	in_language "$E2E_DIR/page$i" zh || mixed=$((mixed + 1))
	in_language "$E2E_DIR/page$((i + 1))" en || mixed=$((mixed + 1))
	i=$((i + 2))
done
check "web threads: 60 pages asked for at once, each in its request's language" \
	test "$mixed" -eq 0

serve_stop
check "web threads: the server stops on SIGTERM with status 0" status_is 0
