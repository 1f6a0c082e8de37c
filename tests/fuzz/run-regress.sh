#!/bin/sh
# run-regress.sh DIR -- replay every fuzz harness's seed corpus
# (tests/fuzz/corpus/NAME) and saved crashes (tests/fuzz/regress/NAME)
# through its plain driver DIR/NAME, under $GOMOKU_VG when set; one
# "ok - NAME" or "not ok - NAME" line each, then
# "fuzz: N passed, N failed".
dir=$1
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp) || exit 2
trap 'rm -f "$log"' EXIT
pass=0 fail=0

for src in "$here"/fuzz_*.c; do
	name=$(basename "$src" .c)
	corpus=$here/corpus/$name regress=$here/regress/$name
	seeds=$(find "$corpus" -type f ! -name '.*' 2>/dev/null | wc -l)
	saved=$(find "$regress" -type f ! -name '.*' 2>/dev/null | wc -l)
	mkdir -p "$regress"
	# shellcheck disable=SC2086
	timeout 600 ${GOMOKU_VG:-} "$dir/$name" "$corpus" "$regress" \
		>"$log" 2>&1
	rc=$?
	what="$name: $seeds seed and $saved regression inputs replay cleanly"
	if [ "$rc" -eq 0 ] && [ "$seeds" -gt 0 ]; then
		echo "ok - $what"
		pass=$((pass + 1))
	else
		echo "not ok - $what"
		echo "  # status $rc; the last input run is the last 'driver:' line"
		tail -n 20 "$log" | sed 's/^/  # /'
		fail=$((fail + 1))
	fi
done
echo "fuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
