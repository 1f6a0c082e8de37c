# End-to-end: `make install` into a temporary PREFIX, then the installed
# program as a new user would meet it. The sources are copied into a
# temporary folder and built there (so build/ is never rebuilt while the
# other tests run); the copy is then moved away, so the installed files
# are all the program has. From another folder, with a fresh HOME (no
# ~/.local/share) and no XDG_DATA_HOME or GOMOKU_DB, it registers,
# lists the leaderboard in English and Chinese (the Chinese from the
# installed catalogue: without it the same run is English), refuses a
# password from the installed common-passwords list; the manual page is
# installed and readable, and `make uninstall` removes everything.
. "$E2E_LIB"

ROOT=$(cd "$(dirname "$E2E_LIB")/../.." && pwd)
T=$E2E_DIR/install
TREE=$T/tree
P=$T/usr
MO=$P/share/locale/zh_CN/LC_MESSAGES/gomoku.mo
MAN=$P/share/man/man6/gomoku.6
WORDS=$P/share/gomoku/common-passwords.txt
mode=
case $GOMOKU_BIN in */asan/*) mode=MODE=asan ;; esac

mkdir -p "$TREE/data" "$T/home" "$T/elsewhere"
cp -R "$ROOT/src" "$ROOT/include" "$ROOT/po" "$ROOT/docs" "$ROOT/Makefile" \
	"$TREE/"
cp "$ROOT/data/common-passwords.txt" "$TREE/data/"
# A make of its own: not the jobs or flags of the make running the tests.
(
	unset MAKEFLAGS MFLAGS MAKELEVEL
	# shellcheck disable=SC2086
	make -C "$TREE" -j2 $mode PREFIX="$P" install
) >"$OUT" 2>"$ERR"
status=$?
check "install: make install PREFIX=\$T/usr builds and installs" \
	test "$status" -eq 0 -a -x "$P/bin/gomoku"
[ "$status" -eq 0 ] || exit 0
check "install: pbrain-gomoku, for gomoku managers, is a link to gomoku" \
	test -L "$P/bin/pbrain-gomoku" -a "$(readlink "$P/bin/pbrain-gomoku")" = gomoku
printf 'START 15\nBEGIN\nEND\n' | "$P/bin/pbrain-gomoku" >"$OUT" 2>"$ERR"
check "install: the installed pbrain-gomoku speaks the protocol" \
	grep -qx '7,7' "$OUT"
mv "$TREE" "$T/moved" # nothing is found through the build tree

GOMOKU_BIN=$P/bin/gomoku
export HOME="$T/home"
unset GOMOKU_DB XDG_DATA_HOME
cd "$T/elsewhere" || exit 2
DB=$HOME/.local/share/gomoku/gomoku.db

play_input 'newbie\nNew Player\ninstall-Pass-2\ninstall-Pass-2\n' register
check "install: the installed program registers a player with a fresh HOME" \
	has "Your account newbie is ready."
check "install: the database is ~/.local/share/gomoku/gomoku.db, 0600" \
	test -f "$DB" -a "$(stat -c %a "$DB" 2>/dev/null)" = 600
check "install: every folder made for it is 0700" \
	test "$(stat -c %a "$HOME/.local" "$HOME/.local/share" \
		"$HOME/.local/share/gomoku" 2>/dev/null | sort -u)" = 700
check "install: nothing was written in the working folder" \
	test -z "$(ls -A "$T/elsewhere")"

play_input '' leaderboard
check "install: the leaderboard lists the player" \
	sh -c 'grep -q "newbie  *New Player" "$1" && grep -q "Leaderboard" "$1"' \
	- "$OUT"
play_input '' --lang zh leaderboard
check "install: --lang zh prints the leaderboard in Chinese" \
	sh -c 'grep -q "排行榜" "$1" && grep -q "newbie" "$1"' - "$OUT"
play_input '' --lang zh stats nobody
check "install: the Chinese error messages come too" \
	err_has "没有名为"
mv "$MO" "$MO.away"
play_input '' --lang zh leaderboard
check "install: the Chinese comes from the installed catalogue (without \
it, English)" has "Leaderboard"
mv "$MO.away" "$MO"

common=$(grep -v '^#' "$WORDS" 2>/dev/null | awk 'length >= 8' | sed -n 7p)
play_input "other\n\n$common\n" register
check "install: the installed common-passwords list refuses '$common'" \
	sh -c '[ -n "$1" ] && grep -q "too common" "$2"' - "$common" "$OUT"

check "install: the manual page is installed" \
	grep -q '^\.TH GOMOKU 6' "$MAN"
if command -v man >/dev/null 2>&1; then
	check "install: man -l reads it" \
		sh -c 'MANWIDTH=80 man -l "$1" 2>/dev/null | grep -q "Gomoku Club"' \
		- "$MAN"
fi

(
	unset MAKEFLAGS MFLAGS MAKELEVEL
	make -C "$T/moved" PREFIX="$P" uninstall
) >"$OUT" 2>"$ERR"
status=$?
check "install: make uninstall removes the program, page, list, catalogue" \
	test "$status" -eq 0 -a ! -e "$P/bin/gomoku" -a ! -e "$MAN" \
	-a ! -e "$WORDS" -a ! -e "$MO" -a ! -L "$P/bin/pbrain-gomoku"
