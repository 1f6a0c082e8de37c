# End-to-end: every session sees the club as it is now. Process A logs
# in as alice and stays in the account menu (its standard input is a
# FIFO that stays open between steps). Meanwhile process B, another run
# on the same file, registers carol and plays a ranked match of carol
# against alice (`gomoku play carol alice`). A's leaderboard then lists
# carol with her game, and A's My record shows alice's game and her new
# rank among three players, without logging out or restarting.
. "$E2E_LIB"

FIVE='8 8\n1 1\n8 9\n1 2\n8 10\n1 3\n8 11\n1 4\n8 12\n'
A_IN=$E2E_DIR/a.in
A_OUT=$E2E_DIR/a.out
TITLE='Gomoku Club: alice' # the account menu's title, once a showing
pw() { echo "live-pass-$1-ok"; }

# Wait until A's output holds TEXT at least $2 times; return 1 when it
# does not within $WAIT_S seconds.
wait_for() {
	_tries=$((10 * WAIT_S))
	while [ "$(grep -cF -- "$1" "$A_OUT")" -lt "$2" ]; do
		_tries=$((_tries - 1))
		[ "$_tries" -gt 0 ] || gave_up "A to show '$1' $2 times" || return 1
		sleep 0.1
	done
}

# What A printed after its first $1 bytes, into $OUT for has/hasnt.
a_since() { tail -c +"$(($1 + 1))" "$A_OUT" >"$OUT"; }

for u in alice bob; do
	play_input "\n$(pw $u)\n$(pw $u)\n" register "$u"
done
check "live: alice and bob are registered" status_is 0

mkfifo "$A_IN" || exit 2
# shellcheck disable=SC2086
${GOMOKU_VG:-} "$GOMOKU_BIN" <"$A_IN" >"$A_OUT" 2>"$E2E_DIR/a.err" &
a_pid=$!
exec 3>"$A_IN" # A's input stays open until fd 3 is closed
printf '2\nalice\n%s\n4\n' "$(pw alice)" >&3
wait_for "$TITLE" 2
wait_for " bob " 1 # (the leaderboard's row, whole in the file)
mark=$(wc -c <"$A_OUT")
a_since 0
check "live: A's first leaderboard has alice and bob, not carol" \
	sh -c "grep -q ' alice ' '$OUT' && grep -q ' bob ' '$OUT' &&
		! grep -q ' carol ' '$OUT'"

# B: a new player and a ranked match against alice, while A waits.
play_input "$(pw carol)\n$(pw carol)\n" register carol --nickname Carol
check "live: B registers carol" status_is 0
play_input "$(pw carol)\n$(pw alice)\n$FIVE" play carol alice
check "live: B records carol against alice" has "saved."
black=$(sed -n 's/^Coin flip: \([a-z]*\) plays black.*/\1/p' "$OUT")
if [ "$black" = alice ]; then
	games='Games 1: 1 won, 0 lost, 0 tied' rank='Rank 1 of 2 by score'
else # bob, without a ranked game, is not ranked: 2 of 2, not 3 of 3
	games='Games 1: 0 won, 1 lost, 0 tied' rank='Rank 2 of 2 by score'
fi

printf '4\n' >&3
wait_for "$TITLE" 3
a_since "$mark"
mark=$(wc -c <"$A_OUT")
check "live: A's leaderboard now lists carol with one game" \
	grep -qE '^ +[0-9]+  carol +Carol +1 ' "$OUT"
check "live: A's leaderboard shows alice's game" \
	grep -qE '^> +[0-9]+  alice +alice +1 ' "$OUT"

printf '3\n' >&3
wait_for "$TITLE" 4
a_since "$mark"
check "live: A's My record shows alice's game" has "$games"
check "live: A's My record ranks alice among the two ranked" has "$rank"

printf '0\n0\n' >&3
exec 3>&-
wait "$a_pid"
status=$?
vg_seen "$status" "$E2E_DIR/a.err"
check "live: A logs out and quits cleanly" \
	sh -c "[ $status -eq 0 ] && [ ! -s '$E2E_DIR/a.err' ]"
