# load.sh -- many processes on one database file: ranked matches played
# through `gomoku play` and readers running at the same time, and the
# counters they must leave. Sourced after lib.sh by test_concurrency.sh
# and tests/soak.sh (run.sh runs only test_*.sh). Set first:
#   W        a work folder
#   PER      ranked matches per worker
#   WORKERS  how many workers: worker I plays userI against user(I+1),
#            the last one against user1, so every player is in two
#   PLAYERS  how many players the leaderboard must list
#
#   load_worker I     PER matches of worker I (every fifth drawn, the
#                     others won by black); one line per match in
#                     $W/results.I: status, ms, black, white, result
#                     ("five" or "draw"); errors to $W/errors, and
#                     every output line that says the database was
#                     locked or busy to $W/locked
#   load_reader I     leaderboards until $W/done: "ok" or what was wrong
#                     per read in $W/reads.I
#   load_history I    userI's history until $W/done, the same way in
#                     $W/reads.hI
#   load_run R H      R leaderboard readers, H history readers and the
#                     workers at once; sets $took (seconds), fills $W/all
#   load_expected     "username wins losses ties" per player from the
#                     outputs, sorted
#   load_counters     the same from the players table
#   load_from_matches the same counted in the matches table

FIVE='8 8\n1 1\n8 9\n1 2\n8 10\n1 3\n8 11\n1 4\n8 12\n'
DRAW='8 8\n9 9\ndraw\ny\n'
mkdir -p "$W"
pw() { echo "conc-pass-$1-ok"; }
now_ms() { date +%s%3N; }

load_worker() {
	a=user$1 b=user$(($1 % WORKERS + 1)) i=0
	while [ "$i" -lt "$PER" ]; do
		i=$((i + 1))
		game=$FIVE result=five
		[ $((i % 5)) -eq 0 ] && game=$DRAW result=draw
		t0=$(now_ms)
		# shellcheck disable=SC2086
		printf "%s\n%s\n$game" "$(pw $a)" "$(pw $b)" |
			${GOMOKU_VG:-} "$GOMOKU_BIN" play "$a" "$b" \
				--seed "$1$i" >"$W/out.$1" 2>"$W/err.$1"
		st=$?
		t1=$(now_ms)
		black=$(sed -n 's/^Coin flip: \([a-z0-9]*\) plays black.*/\1/p' \
			"$W/out.$1")
		white=$a
		[ "$black" = "$a" ] && white=$b
		grep -q '^Match [0-9]* saved\.$' "$W/out.$1" || st="$st-unsaved"
		grep -ihE 'database is locked|busy' "$W/out.$1" "$W/err.$1" \
			>>"$W/locked"
		echo "$st $((t1 - t0)) $black $white $result" >>"$W/results.$1"
		if [ "$st" != 0 ] || [ -s "$W/err.$1" ]; then
			cat "$W/err.$1" >>"$W/errors"
			tail -n 3 "$W/out.$1" >>"$W/errors"
		fi
	done
}

# Each leaderboard must exit 0 with nothing on stderr, the header,
# $PLAYERS players, and each row's games and score consistent.
load_reader() {
	want_head=$(printf '%s\t' rank username nickname games wins losses \
		ties score rating win_rate | sed 's/\t$//')
	while [ ! -f "$W/done" ]; do
		${GOMOKU_VG:-} "$GOMOKU_BIN" leaderboard --format tsv --top 100 \
			>"$W/lb.$1" 2>"$W/lberr.$1"
		st=$?
		bad=$(awk -F'\t' -v head="$want_head" -v n="$PLAYERS" '
			NR == 1 && $0 != head { print "header: " $0 }
			NR > 1 && NF != 10 { print "fields: " $0 }
			NR > 1 && $4 != $5 + $6 + $7 { print "games: " $0 }
			NR > 1 && $8 != $5 - $6 { print "score: " $0 }
			END { if (NR != n + 1) print NR - 1 " players" }' "$W/lb.$1")
		if [ "$st" -ne 0 ] || [ -s "$W/lberr.$1" ] || [ -n "$bad" ]; then
			echo "status $st: $bad $(cat "$W/lberr.$1")" >>"$W/reads.$1"
		else
			echo ok >>"$W/reads.$1"
		fi
	done
}

# Each history page must exit 0 with nothing on stderr, its header, and
# rows that are either won, lost or drawn in 2 to 9 moves, or the match
# being played at that moment (unfinished, 0 to 9 moves).
load_history() {
	while [ ! -f "$W/done" ]; do
		${GOMOKU_VG:-} "$GOMOKU_BIN" history "user$1" --format tsv \
			>"$W/h.$1" 2>"$W/herr.$1"
		st=$?
		bad=$(awk -F'\t' '
			NR == 1 && $1 != "id" { print "header: " $0 }
			NR > 1 && $7 !~ /^(won|lost|draw|unfinished)$/ {
				print "result: " $0 }
			NR > 1 && $7 != "unfinished" && $9 < 2 { print "moves: " $0 }
			NR > 1 && $9 > 9 { print "moves: " $0 }
			END { if (NR < 1) print "empty" }' "$W/h.$1")
		if [ "$st" -ne 0 ] || [ -s "$W/herr.$1" ] || [ -n "$bad" ]; then
			echo "status $st: $bad $(cat "$W/herr.$1")" >>"$W/reads.h$1"
		else
			echo ok >>"$W/reads.h$1"
		fi
	done
}

load_run() {
	start=$(date +%s)
	pids= wpids= n=0
	while [ "$n" -lt "$1" ]; do
		n=$((n + 1))
		load_reader "$n" &
		pids="$pids $!"
	done
	n=0
	while [ "$n" -lt "$2" ]; do
		n=$((n + 1))
		load_history "$n" &
		pids="$pids $!"
	done
	n=0
	while [ "$n" -lt "$WORKERS" ]; do
		n=$((n + 1))
		load_worker "$n" &
		wpids="$wpids $!"
	done
	# shellcheck disable=SC2086
	wait $wpids
	touch "$W/done"
	# shellcheck disable=SC2086
	wait $pids
	took=$(($(date +%s) - start))
	cat "$W"/results.* >"$W/all"
	touch "$W/errors" "$W/locked"
}

load_expected() {
	awk '{ if ($5 == "draw") { t[$3]++; t[$4]++ } else { w[$3]++; l[$4]++ }
		u[$3]; u[$4] }
		END { for (p in u) print p, w[p] + 0, l[p] + 0, t[p] + 0 }' \
		"$W/all" | sort
}

load_counters() {
	db "SELECT username, wins, losses, ties FROM players
		WHERE username LIKE 'user%' ORDER BY username" | tr '|' ' '
}

load_from_matches() {
	db "SELECT p.username,
		(SELECT count(*) FROM matches m WHERE m.status = 'finished' AND
		 ((m.result = 'black' AND m.black_id = p.id) OR
		  (m.result = 'white' AND m.white_id = p.id))),
		(SELECT count(*) FROM matches m WHERE m.status = 'finished' AND
		 ((m.result = 'white' AND m.black_id = p.id) OR
		  (m.result = 'black' AND m.white_id = p.id))),
		(SELECT count(*) FROM matches m WHERE m.status = 'finished' AND
		 m.result = 'draw' AND p.id IN (m.black_id, m.white_id))
		FROM players p WHERE p.username LIKE 'user%'
		ORDER BY p.username" | tr '|' ' '
}
