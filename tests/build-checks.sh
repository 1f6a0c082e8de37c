#!/bin/sh
# build-checks.sh [headers|format|all] -- checks on the source itself, one
# "ok - NAME" or "not ok - NAME" line each, then "build: N passed, N failed".
#
#   headers  every include/*.h compiles on its own, with the project's
#            warning flags as errors (a header includes what it uses)
#   format   every .c and .h file under src/, include/ and tests/ is as
#            clang-format (the repository's .clang-format) would write it
#
# $CC and $CHECK_CFLAGS (the Makefile passes its warning flags) may be set.
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
what=${1:-all}
cc=${CC:-cc}
flags=${CHECK_CFLAGS:-"-std=c11 -Wall -Wextra -pedantic -Wshadow \
-Wstrict-prototypes -Wmissing-prototypes"}
log=$(mktemp) || exit 2
trap 'rm -f "$log"' EXIT
pass=0 fail=0

# Count and print one check: NAME, then the status of what it ran.
report() {
	if [ "$2" -eq 0 ]; then
		echo "ok - $1"
		pass=$((pass + 1))
	else
		echo "not ok - $1"
		sed 's/^/  # /' "$log" | head -n 20
		fail=$((fail + 1))
	fi
}

# Each header, included first and alone in an empty file, compiles.
check_headers() {
	for h in "$root"/include/*.h; do
		name=$(basename "$h")
		# shellcheck disable=SC2086
		printf '#include "%s"\n' "$name" |
			$cc $flags -Werror -I"$root/include" -fsyntax-only \
				-x c - >"$log" 2>&1
		report "include/$name compiles on its own" $?
	done
}

# The C files clang-format would change, one per line, into $log.
check_format() {
	if ! command -v clang-format >/dev/null 2>&1; then
		echo "clang-format is not installed (make deps)" >"$log"
		report "clang-format: the sources are formatted" 1
		return
	fi
	cd "$root" || exit 2
	: >"$log"
	n=0
	for f in src/*.c src/*.h include/*.h tests/*.c tests/*.h \
		tests/bench/*.c tests/bench/*.h tests/fuzz/*.c tests/fuzz/*.h; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		clang-format --dry-run --Werror "$f" >/dev/null 2>&1 ||
			echo "$f: run clang-format -i $f" >>"$log"
	done
	[ ! -s "$log" ]
	report "clang-format: all $n C files under src, include, tests conform" $?
}

case $what in
headers) check_headers ;;
format) check_format ;;
all)
	check_headers
	check_format
	;;
*)
	echo "usage: build-checks.sh [headers|format|all]" >&2
	exit 2
	;;
esac
echo "build: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
