# End-to-end: a terminal whose character set is not UTF-8. Inside, the
# program is UTF-8 (messages, the database); at the terminal, output is
# converted to the locale's character set (GBK for LANG=zh_CN.GBK, '?'
# for what it lacks) and typed lines from it. The board's stones are ● ○
# where the set has them (GBK), ASCII * # where it has not (ISO-8859-1).
# Passwords are hashed as the bytes typed, unconverted. The locales are
# generated with localedef into a temporary folder (LOCPATH); without
# localedef or the locale sources the script says so and checks nothing.
. "$E2E_LIB"

LOC=$E2E_DIR/locales
mkdir -p "$LOC"
if ! command -v localedef >/dev/null 2>&1 ||
	! localedef -i zh_CN -f GBK "$LOC/zh_CN.GBK" >/dev/null 2>&1 ||
	! localedef -i en_US -f ISO-8859-1 "$LOC/en_US.ISO-8859-1" \
		>/dev/null 2>&1; then
	skip_rest "localedef cannot make zh_CN.GBK and en_US.ISO-8859-1" \
		"here (Debian: apt-get install locales)"
fi

# The file $1 is not valid UTF-8.
not_utf8() { ! iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1; }

play_env "LOCPATH=$LOC LANG=zh_CN.GBK" '' --help
check "charset: zh_CN.GBK gets --help in Chinese, in GBK" \
	sh -c 'iconv -f GBK -t UTF-8 "$1" | grep -q "用法"' - "$OUT"
check "charset: and not in UTF-8" not_utf8 "$OUT"

play_env "LOCPATH=$LOC LANG=zh_CN.GBK" '8 8\n' play --seed 1
check "charset: a GBK board is GBK throughout" \
	sh -c 'iconv -f GBK -t UTF-8 "$1" >"$2"' - "$OUT" "$E2E_DIR/board"
check "charset: with its stones (● in GBK)" grep -q "●" "$E2E_DIR/board"
check "charset: and its empty points (·)" grep -q "·  ·" "$E2E_DIR/board"
check "charset: no UTF-8 bytes reach the GBK terminal" not_utf8 "$OUT"

play_env "LOCPATH=$LOC LANG=en_US.ISO-8859-1" '8 8\n' play --seed 1
check "charset: ISO-8859-1 has no ●: ASCII stones" \
	sh -c 'grep -q "^ 8  \.  .*\*" "$1" && ! grep -q "$(printf "\342\227")" "$1"' \
	- "$OUT"

play_env "LANG=C.UTF-8" '8 8\n' play --seed 1
check "charset: UTF-8 keeps ● ○" has "●"

# ---- Names typed in GBK, stored in UTF-8, shown in each terminal's set ----
GBK="LOCPATH=$LOC LANG=zh_CN.GBK"
LATIN1="LOCPATH=$LOC LANG=en_US.ISO-8859-1"
AILISI_GBK='\260\256\300\366\313\277' # 爱丽丝 in GBK
PW_GBK='\303\334\302\353\303\334\302\353\303\334\302\353\303\334\302\353' # 密码 x4

# The file $1, read as GBK, converts and its UTF-8 (in $2) holds $3.
gbk_has() { iconv -f GBK -t UTF-8 "$1" >"$2" && grep -qF -- "$3" "$2"; }
# The file $1 has no byte above 127 (so no raw UTF-8 either).
all_ascii() { ! LC_ALL=C grep -q "$(printf '[\200-\377]')" "$1"; }
# The nickname of player $1 as stored, in hex.
stored_nick() {
	db "SELECT hex(nickname) FROM players
		WHERE username = '$1'"
}

play_env "$GBK" "alice\n$AILISI_GBK\n$PW_GBK\n$PW_GBK\n" register
check "charset: a GBK terminal registers a nickname typed in GBK" status_is 0
check "charset: it is stored in UTF-8 (爱丽丝: E788B1 E4B8BD E4B89D)" \
	[ "$(stored_nick alice)" = E788B1E4B8BDE4B89D ]
check "charset: the welcome message is GBK, with the nickname" \
	gbk_has "$OUT" "$E2E_DIR/utf8" "欢迎，爱丽丝！"
check "charset: and has no UTF-8 in it" not_utf8 "$OUT"

play_env "LANG=C.UTF-8" 'bob\nBob\nCorrectHorse9!x\nCorrectHorse9!x\n' \
	register
play_env "$GBK" '' leaderboard
check "charset: the GBK leaderboard is GBK and shows 爱丽丝" \
	gbk_has "$OUT" "$E2E_DIR/utf8" "爱丽丝"
check "charset: and has no UTF-8 in it" not_utf8 "$OUT"
play_env "LANG=C.UTF-8" '' leaderboard
check "charset: a UTF-8 terminal shows the same nickname in UTF-8" has "爱丽丝"

play_env "$LATIN1" '' leaderboard
check "charset: ISO-8859-1 lacks 爱丽丝: ??? and no UTF-8 bytes" \
	sh -c 'grep -q "alice  *??? " "$1"' - "$OUT"
check "charset: nothing but ASCII reaches that terminal" all_ascii "$OUT"
check "charset: ??? takes its own 3 columns: the rows stay aligned" \
	[ "$(grep ' alice ' "$OUT" | wc -c)" -eq "$(grep ' bob ' "$OUT" | wc -c)" ]

play_env "$LATIN1" 'carol\nZo\351\nCorrectHorse9!x\nCorrectHorse9!x\n' register
check "charset: a nickname typed in Latin-1 is stored as UTF-8 Zoé" \
	[ "$(stored_nick carol)" = 5A6FC3A9 ]
check "charset: and greeted in Latin-1" \
	sh -c 'iconv -f ISO-8859-1 -t UTF-8 "$1" | grep -q "Welcome, Zoé!"' \
	- "$OUT"

play_env "$GBK" "dave\n\260\nD\n$PW_GBK\n$PW_GBK\n" register
check "charset: half a GBK character: a message and the prompt again" \
	gbk_has "$OUT" "$E2E_DIR/utf8" "输入中含有无法识别的字符，请重新输入。"
check "charset: then the next line is taken" \
	[ "$(stored_nick dave)" = 44 ]

play_env "$GBK" "$PW_GBK\n$PW_GBK\n" register erin --nickname \
	"$(printf "$AILISI_GBK")2"
check "charset: --nickname typed in GBK is stored in UTF-8" \
	[ "$(stored_nick erin)" = E788B1E4B8BDE4B89D32 ]

play_env "$GBK" '' --bogus
check "charset: errors on standard error are GBK too" \
	gbk_has "$ERR" "$E2E_DIR/utf8" "未知选项 '--bogus'"

# JSON stays valid JSON whatever the terminal: outside UTF-8 every
# non-ASCII character is \uXXXX (a surrogate pair beyond U+FFFF), so the
# output is plain ASCII; a UTF-8 terminal gets the characters.
play_env "LANG=C.UTF-8" "emma\nEm$(printf '\360\237\230\200')\nCorrectHorse9!x\nCorrectHorse9!x\n" \
	register
play_env "$GBK" '' leaderboard --format json
check "charset: GBK json is plain ASCII" all_ascii "$OUT"
check "charset: with 爱丽丝 as \\u7231\\u4e3d\\u4e1d" has '"\u7231\u4e3d\u4e1d"'
check "charset: and U+1F600 as a surrogate pair" has '"Em\ud83d\ude00"'
if command -v python3 >/dev/null 2>&1; then
	check "charset: which a JSON parser reads back as the names" \
		python3 -c 'import json, sys
rows = json.load(open(sys.argv[1], encoding="ascii"))
assert {"\u7231\u4e3d\u4e1d", "Em\U0001F600"} <= {r["nickname"] for r in rows}' \
		"$OUT"
fi
play_env "$LATIN1" '' stats alice --format json
check "charset: ISO-8859-1 stats json is plain ASCII too" \
	sh -c '! LC_ALL=C grep -q "[$(printf "\200-\377")]" "$1" &&
		grep -qF "\u7231" "$1"' - "$OUT"
play_env "LANG=C.UTF-8" '' leaderboard --format json
check "charset: UTF-8 json keeps the characters" \
	sh -c 'grep -qF "\"爱丽丝\"" "$1" && grep -qF "Em$(printf "\360\237\230\200")" "$1"' \
	- "$OUT"

# A password is hashed as the bytes the terminal sends: the same
# characters typed in UTF-8 are other bytes, so another password.
play_env "LANG=C.UTF-8" '密码密码密码密码\n' passwd alice
check "charset: a GBK password typed in UTF-8 is another password" \
	has "Wrong current password."
play_env "$GBK" "$PW_GBK\nnew-password-7\nnew-password-7\n" passwd alice
check "charset: typed again in GBK it is the same password" \
	gbk_has "$OUT" "$E2E_DIR/utf8" "密码已修改"

# A file is UTF-8 whatever the terminal: export to standard output is
# not converted, so import reads it back.
printf 'Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n爱丽丝\nbob\n' >"$E2E_DIR/in.psq"
play_env "$GBK" '' import "$E2E_DIR/in.psq"
play_env "$GBK" '' export 1
check "charset: export on a GBK terminal writes the file's UTF-8" has "爱丽丝"
cp "$OUT" "$E2E_DIR/again.psq"
play_env "$GBK" '' import "$E2E_DIR/again.psq"
check "charset: and import takes it back" status_is 0

# At a terminal (script(1) gives the run one, 100x40) a game goes
# full-screen in any character set: the screen decodes the program's
# UTF-8 itself and curses writes the terminal's set.
ALT_SCREEN=$(printf '\033[?1049h')
ALT_SCREEN_END=$(printf '\033[?1049l')
# Wait until the file $1 holds the bytes $2 (at most $WAIT_S s).
file_has() {
	_i=0
	until grep -qF -- "$2" "$1" 2>/dev/null; do
		[ $_i -lt $((10 * WAIT_S)) ] || gave_up "$1 to hold '$2'" >&2 || return
		sleep 0.1
		_i=$((_i + 1))
	done
}
# Run a guest game at a terminal with the environment $1, placing a
# stone at the cursor (h8) with Space once the screen is up, then
# ending the input (Ctrl-D) once the move is shown, which closes the
# screen; the terminal's bytes into the
# file $2 (written as it comes: -f). The input stays open until the
# screen is closed.
at_terminal() {
	rm -f "$2"
	{
		file_has "$2" "$ALT_SCREEN" && printf ' '
		file_has "$2" "1. h8" && printf '\004'
		file_has "$2" "$ALT_SCREEN_END"
	} | timeout "$WAIT_S" script -q -e -f -c "stty cols 100 rows 40;
		env $1 TERM=xterm ${GOMOKU_VG:-} $GOMOKU_BIN play --seed 1" \
		"$2" >/dev/null 2>&1
}
# The terminal's bytes in $1, read as GBK, have $2 (escapes or not).
tty_gbk_has() { iconv -c -f GBK -t UTF-8 "$1" | grep -qF -- "$2"; }
if command -v script >/dev/null 2>&1 && command -v timeout >/dev/null 2>&1; then
	at_terminal "$GBK" "$E2E_DIR/tty"
	check "charset: at a GBK terminal a game goes full-screen" \
		grep -qF "$ALT_SCREEN" "$E2E_DIR/tty"
	check "charset: its panel is Chinese in GBK (黑方)" \
		tty_gbk_has "$E2E_DIR/tty" "黑方"
	check "charset: and Space placed a stone (1. h8 in the panel)" \
		tty_gbk_has "$E2E_DIR/tty" "1. h8"
	check "charset: and the end of input closed the screen" \
		grep -qF "$ALT_SCREEN_END" "$E2E_DIR/tty"
	check "charset: no UTF-8 panel text reaches that terminal" \
		sh -c '! grep -qF "黑方" "$1"' - "$E2E_DIR/tty"
	at_terminal "$LATIN1" "$E2E_DIR/tty"
	check "charset: ISO-8859-1 full-screen: ASCII stones, the move made" \
		sh -c 'grep -qF "* Black" "$1" && grep -qF "1. h8" "$1"' \
		- "$E2E_DIR/tty"
	check "charset: and nothing but ASCII reaches that terminal" \
		all_ascii "$E2E_DIR/tty"
	at_terminal "LANG=C.UTF-8" "$E2E_DIR/tty"
	check "charset: at a UTF-8 terminal too, in UTF-8" \
		sh -c 'grep -qF "$2" "$1" && grep -qF "1. h8" "$1"' \
		- "$E2E_DIR/tty" "$ALT_SCREEN"
else
	skip "script(1) or timeout(1) missing: the terminal's checks"
fi
