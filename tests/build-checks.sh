#!/bin/sh
# build-checks.sh [headers|format|layers|includes|all] -- checks on the
# source itself, one "ok - NAME" or "not ok - NAME" line each, then
# "build: N passed, N failed".
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
#   includes the headers point the way the calls do (the order is the
#            layers check's: a file is above the files it calls, even
#            through others): no src/*.c includes, directly or through
#            other headers, a header of a file above it, and no header
#            includes a header of a file above its own files (see
#            check_includes for what "a header of" means); and the
#            curses layer (ui_screen.c, ui_board.c) sees no struct ui,
#            game, store or player list, not even declared
#
# $CC and $CHECK_CFLAGS (the Makefile passes its warning flags) may be set.
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
what=${1:-all}
cc=${CC:-cc}
flags=${CHECK_CFLAGS:-"-std=c11 -Wall -Wextra -pedantic -Wshadow \
-Wstrict-prototypes -Wmissing-prototypes"}
log=$(mktemp) || exit 2
objs= # the compiled objects, once compile_objects has run
trap 'rm -f "$log"; [ -z "$objs" ] || rm -rf "$objs"' EXIT
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

# Compile the objects and list their calls into $objs/edges, once for
# both checks that read them; return whether every file compiled (the
# compiler's words in $log).
need_objects() {
	if [ -z "$objs" ]; then
		: >"$log"
		compile_objects
		objs_status=$?
		call_edges >"$objs/edges"
	fi
	return "$objs_status"
}

check_layers() {
	need_objects
	report "layers: every src/*.c compiles on its own" $?
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
	# The web is a front end of its own: it calls nothing of the
	# terminal's (the words and the export both use are below both).
	: >"$log"
	for u in "$objs"/web*.use; do
		grep -Ex 'ui_.*' "$u" |
			sed "s/^/$(basename "$u" .use).c uses /" >>"$log"
	done
	[ ! -s "$log" ]
	report "layers: the web calls nothing of the terminal's ui" $?
}

# The identifiers of the C file $1 outside its comments, one a line.
identifiers() {
	awk '{
		line = $0
		out = ""
		while (line != "") {
			if (incomment) {
				i = index(line, "*/")
				if (i == 0)
					break
				line = substr(line, i + 2)
				incomment = 0
			} else {
				i = index(line, "/*")
				if (i == 0) {
					out = out line
					break
				}
				out = out substr(line, 1, i - 1) " "
				line = substr(line, i + 2)
				incomment = 1
			}
		}
		print out
	}' "$1" | tr -cs 'A-Za-z0-9_' '\n' | sort -u
}

# Print "HEADER FILE" for every header under include/ and src/ and each
# src file that defines one of the names it declares (its identifiers
# matched against $objs/NAME.def): the files the header is "of". A
# header that declares nothing any file defines (board_types.h: data
# only) is of none, and belongs to no layer.
header_owners() {
	for d in "$objs"/*.def; do
		sed "s|\$| $(basename "$d" .def)|" "$d"
	done >"$objs/defined"
	for h in "$root"/include/*.h "$root"/src/*.h; do
		identifiers "$h" |
			awk -v h="$(basename "$h")" '
			NR == FNR { by[$1] = by[$1] " " $2; next }
			$1 in by {
				n = split(by[$1], f, " ")
				for (i = 1; i <= n; i++)
					if (!(f[i] in said)) {
						said[f[i]] = 1
						print h, f[i]
					}
			}' "$objs/defined" -
	done
}

# Print "FILE HEADER" for every #include "HEADER" in src/*.c, src/*.h
# and include/*.h (FILE as src/NAME.c, src/NAME.h or include/NAME.h).
include_lines() (
	cd "$root" || exit 2
	for f in src/*.c src/*.h include/*.h; do
		sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' \
			"$f" | sed "s|^|$f |"
	done
)

# The headers point the way the calls do. A header is "of" the files
# that define what it declares (header_owners); a file is above another
# when it calls it, even through others ($objs/edges). Then:
# - a src/*.c never includes (itself, or through the headers it
#   includes) a header of a file above it, unless the header is also
#   its own (a header shared by a module's files, as ai_internal.h);
# - a header never includes a header of a file above one of its own
#   files (unless that file shares it);
# - except that the contract of the modules that have one, include/NAME.h
#   for NAME in $CONTRACTS, may be seen by every file of the module,
#   src/NAME.c and src/NAME_*.c: store.h by store_*.c, ai.h by ai_*.c.
#   The ui has none: struct ui and its parts are data (include/ui_types.h
#   declares no function, so it is of no file), ui.h is ui.c's prompts,
#   and each ui file's commands are in its own header (src/ui_menu.h,
#   ...), so ui.h and every ui header point the way the calls do.
CONTRACTS="ai store"
check_includes() {
	if ! need_objects; then
		report "includes: every src/*.c compiles on its own" 1
		return
	fi
	header_owners | sort >"$objs/owners"
	include_lines >"$objs/includes"
	(cd "$root" && ls include/*.h) >"$objs/public"
	awk -v edges="$objs/edges" -v owners="$objs/owners" \
		-v public="$objs/public" -v contracts="$CONTRACTS" '
	# Whether file a calls file b, even through others.
	function above(a, b,   n, v, i, k, next_, stack) {
		if ((a, b) in memo)
			return memo[a, b]
		gen++
		n = 0
		stack[++n] = a
		while (n > 0) {
			v = stack[n--]
			if (seen[v] == gen)
				continue
			seen[v] = gen
			k = split(calls[v], next_, " ")
			for (i = 1; i <= k; i++) {
				if (next_[i] == b)
					return memo[a, b] = 1
				stack[++n] = next_[i]
			}
		}
		return memo[a, b] = 0
	}
	# Whether file f may see header h whatever the order: h is its own,
	# or h is the contract of the module f belongs to.
	function allowed(f, h,   m) {
		if ((h, f) in owns)
			return 1
		m = h
		sub(/\.h$/, "", m)
		return (("include/" h) in contract) && (m in modules) &&
			(f == m || index(f, m "_") == 1)
	}
	# The file of h above f ("" for none): a reason f may not see h.
	function higher(f, h,   k, o, i) {
		if (allowed(f, h))
			return ""
		k = split(of[h], o, " ")
		for (i = 1; i <= k; i++)
			if (above(o[i], f))
				return o[i]
		return ""
	}
	# Check src/F.c against the headers X includes (its own includes,
	# then those of each header), `via` naming the first header.
	function check_file(f, x, via,   k, hs, i, h, o) {
		k = split(incl[x], hs, " ")
		for (i = 1; i <= k; i++) {
			h = hs[i]
			if ((f, h) in done)
				continue
			done[f, h] = 1
			o = higher(f, h)
			if (o != "")
				printf "src/%s.c includes %s%s, a header of %s.c, " \
					"which is above it\n", f, path[h], via, o
			check_file(f, h, via != "" ? via : " (through " path[h] ")")
		}
	}
	BEGIN {
		while ((getline line <edges) > 0) {
			split(line, w, " ")
			calls[w[1]] = calls[w[1]] " " w[2]
		}
		while ((getline line <owners) > 0) {
			split(line, w, " ")
			of[w[1]] = of[w[1]] " " w[2]
			owns[w[1], w[2]] = 1
		}
		while ((getline line <public) > 0)
			contract[line] = 1
		k = split(contracts, w, " ")
		for (i = 1; i <= k; i++)
			modules[w[i]] = 1
	}
	{
		name = $1
		sub(/^.*\//, "", name)
		path[name] = $1
		incl[name] = incl[name] " " $2
		files[name] = 1
	}
	END {
		for (x in files) {
			if (x ~ /\.c$/) {
				f = x
				sub(/\.c$/, "", f)
				check_file(f, x, "")
				continue
			}
			k = split(of[x], mine, " ")
			n = split(incl[x], hs, " ")
			for (i = 1; i <= k; i++)
				for (j = 1; j <= n; j++) {
					o = higher(mine[i], hs[j])
					if (o != "")
						printf "%s, a header of %s.c, includes " \
							"%s, a header of %s.c, which is " \
							"above %s.c\n", path[x], mine[i],
							path[hs[j]], o, mine[i]
				}
		}
	}' "$objs/includes" | sort >"$log"
	[ ! -s "$log" ]
	report "includes: no file includes a header of a file above it" $?
}

# The curses layer draws what it is given: preprocessed, ui_screen.c and
# ui_board.c name no struct ui (its options, club, presence), struct
# game, struct store or player list, so they cannot reach any of them.
check_curses() {
	: >"$log"
	for f in ui_screen.c ui_board.c; do
		# shellcheck disable=SC2086
		$cc $flags -I"$root/include" -I"$root/src" -D_POSIX_C_SOURCE=200809L \
			-D_XOPEN_SOURCE=700 -E "$root/src/$f" 2>&1 |
			grep -nE '\bstruct (ui|game|store|plist|player)\b' |
			sed "s|^|src/$f: |" >>"$log"
	done
	[ ! -s "$log" ]
	report "includes: the curses layer sees no struct ui, game or store" $?
}

case $what in
headers) check_headers ;;
format) check_format ;;
layers) check_layers ;;
includes)
	check_includes
	check_curses
	;;
all)
	check_headers
	check_format
	check_layers
	check_includes
	check_curses
	;;
*)
	echo "usage: build-checks.sh [headers|format|layers|includes|all]" >&2
	exit 2
	;;
esac
echo "build: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
