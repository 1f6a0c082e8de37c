#!/bin/sh
# build-checks.sh [headers|format|all] -- checks on the source itself, one
# "ok - NAME" or "not ok - NAME" line each, then "build: N passed, N failed".
#
#   headers  every include/*.h compiles on its own, with the project's
#            warning flags as errors (a header includes what it uses)
#   format   every .c and .h file under src/, include/ and tests/ is as
#            clang-format (the repository's .clang-format) would write it
#   layers   the layering of docs/ARCHITECTURE.md, read from the symbols
#            each src/*.c defines and uses (each compiled on its own): no
#            two files call each other, even through others; only store_*
#            speaks SQL; only auth hashes passwords; the pure modules do
#            no I/O; only ui*, main, brain and i18n (the terminal's
#            converting stream) print
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
		tests/bench/*.c tests/bench/*.h tests/fuzz/*.c tests/fuzz/*.h \
		tests/arena/*.c tests/arena/*.h; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		clang-format --dry-run --Werror "$f" >/dev/null 2>&1 ||
			echo "$f: run clang-format -i $f" >>"$log"
	done
	[ ! -s "$log" ]
	report "clang-format: all $n C files under src, include, tests conform" $?
}

# Compile every src/*.c on its own (no LTO, so calls to the C library
# show) into $objs; then $objs/NAME.def and NAME.use list the symbols
# NAME.o defines and uses.
compile_objects() {
	objs=$(mktemp -d) || exit 2
	# shellcheck disable=SC2046
	set -- -std=c11 -O0 -fno-lto -I"$root/include" \
		-D_POSIX_C_SOURCE=200809L -DGOMOKU_VERSION='"x"' \
		-DGOMOKU_LOCALEDIR='"x"' -DGOMOKU_DATADIR='"x"' \
		$(pkg-config --cflags sqlite3 libsodium 2>/dev/null)
	for f in "$root"/src/*.c; do
		n=$(basename "$f" .c)
		$cc "$@" -c -o "$objs/$n.o" "$f" >>"$log" 2>&1 || return 1
		nm "$objs/$n.o" | awk '$1 == "U" { print $2 }' |
			sort -u >"$objs/$n.use"
		nm "$objs/$n.o" | awk 'NF == 3 && $2 ~ /[TDBRC]/ { print $3 }' |
			sort -u >"$objs/$n.def"
	done
}

# Print "FILE DEP" for every src file that calls a function of another.
call_edges() {
	for d in "$objs"/*.def; do
		dep=$(basename "$d" .def)
		for u in "$objs"/*.use; do
			n=$(basename "$u" .use)
			[ "$n" = "$dep" ] && continue
			[ -n "$(comm -12 "$u" "$d")" ] && echo "$n $dep"
		done
	done
}

# Print one cycle of the edges on standard input ("a -> b -> a"), if any.
find_cycle() {
	awk '{ nout[$1]++; out[$1, nout[$1]] = $2; node[$1]; node[$2] }
	function visit(v,   i, w) {
		state[v] = 1; path[++depth] = v
		for (i = 1; i <= nout[v]; i++) {
			w = out[v, i]
			if (state[w] == 1) { cycle = w; return 1 }
			if (state[w] == 0 && visit(w)) return 1
		}
		state[v] = 2; depth--
		return 0
	}
	END {
		for (v in node)
			if (state[v] == 0 && visit(v)) {
				for (i = 1; path[i] != cycle; i++) ;
				for (; i <= depth; i++) printf "%s -> ", path[i]
				print cycle
				exit
			}
	}'
}

# Report the files (other than those matching ALLOWED, an ERE) whose
# used symbols match the ERE PATTERN, as check NAME.
only_in() {
	_name=$1 _allowed=$2 _pattern=$3
	: >"$log"
	for u in "$objs"/*.use; do
		n=$(basename "$u" .use)
		echo "$n" | grep -Eqx "$_allowed" && continue
		grep -Ex "$_pattern" "$u" | sed "s/^/$n.c uses /" >>"$log"
	done
	[ ! -s "$log" ]
	report "$_name" $?
}

check_layers() {
	: >"$log"
	compile_objects
	report "layers: every src/*.c compiles on its own" $?
	call_edges >"$objs/edges"
	find_cycle <"$objs/edges" >"$log"
	[ ! -s "$log" ]
	report "layers: no source files call each other (no cycle)" $?
	only_in "layers: only the store speaks SQL" 'store_.*' 'sqlite3_.*'
	only_in "layers: only auth hashes passwords" 'auth' 'crypto_pwhash.*'
	io='(f|v|vf|d)?printf|f?puts|f?putc|putchar|fwrite|write|read|open|fopen|fgets|f?getc|getchar|getenv|fflush|std(in|out|err)|isatty|tc[sg]etattr|sqlite3_.*'
	only_in "layers: the pure modules do no I/O" \
		'ui.*|main|brain|term|auth|i18n|paths|store_.*' "$io"
	# i18n: the converting stream at the terminal's edge writes the
	# bytes ui* printed, in the terminal's character set.
	only_in "layers: only ui*, main, brain and i18n print" \
		'ui.*|main|brain|i18n' '(f|v|vf|d)?printf|f?puts|f?putc|putchar|fwrite'
	rm -rf "$objs"
}

case $what in
headers) check_headers ;;
format) check_format ;;
layers) check_layers ;;
all)
	check_headers
	check_format
	check_layers
	;;
*)
	echo "usage: build-checks.sh [headers|format|layers|all]" >&2
	exit 2
	;;
esac
echo "build: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
