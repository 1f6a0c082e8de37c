# End-to-end: a terminal whose character set is not UTF-8. Messages come
# in the locale's character set (GBK for LANG=zh_CN.GBK), the board's
# stones too where it has them (GBK has ● ○), and ASCII * # where it has
# not (ISO-8859-1). The locales are generated with localedef into a
# temporary folder (LOCPATH); without localedef or the locale sources the
# script says so and checks nothing.
. "$E2E_LIB"

LOC=$E2E_DIR/locales
mkdir -p "$LOC"
if ! command -v localedef >/dev/null 2>&1 ||
	! localedef -i zh_CN -f GBK "$LOC/zh_CN.GBK" >/dev/null 2>&1 ||
	! localedef -i en_US -f ISO-8859-1 "$LOC/en_US.ISO-8859-1" \
		>/dev/null 2>&1; then
	echo "# charset: skipped: localedef cannot make zh_CN.GBK and" \
		"en_US.ISO-8859-1 here (Debian: apt-get install locales)"
	exit 0
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
