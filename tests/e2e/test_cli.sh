# End-to-end: the command line, languages, symbols and end of input.
. "$E2E_LIB"

play_input '' --help
check "--help prints the usage" has "Usage: gomoku"
check "--help lists play" has "play USER1 USER2"
check "--help exits 0" status_is 0
check "--help says --opt=value and --" has "--db=PATH;"
check "--help says what -- does" has "after -- every word"

# --help lists every option of the README's table of options, in
# English and in Chinese; -h is --help.
readme=$(dirname "$E2E_LIB")/../../README.md
sed -n '/^### Options/,/^Exit status/p' "$readme" |
	grep -o '^| `[^|]*' | grep -o -- '-[-a-z]*' | sort -u >"$E2E_DIR/options"
# All the options listed in $E2E_DIR/options are in $OUT.
all_options() {
	while read -r _o; do
		grep -qe "$_o[ ,=|]" "$OUT" || { echo "missing: $_o"; return 1; }
	done <"$E2E_DIR/options"
}
check "the README lists options" test "$(wc -l <"$E2E_DIR/options")" -ge 25
check "--help lists every option in the README" all_options
play_input '' -h --lang zh
check "-h is --help, in Chinese too" has "用法"
check "the Chinese help lists every option too" all_options

play_input '' --version
check "--version prints the version" has "gomoku (Gomoku Club)"
play_input '' --db "$E2E_DIR/version.db" leaderboard
play_input '' --version
check "--version names the schema a new database gets" has \
	"database schema $(sqlite3 "$E2E_DIR/version.db" 'PRAGMA user_version')"

play_input '' --db "$E2E_DIR/a/b/c/x.db" leaderboard
check "--db makes every missing folder" status_is 0
check "every folder --db made is 0700" \
	test "$(stat -c %a "$E2E_DIR/a" "$E2E_DIR/a/b" "$E2E_DIR/a/b/c" |
		sort -u)" = 700

play_input '' --frobnicate
check "an unknown option exits 2" status_is 2
check "an unknown option is named" err_has "unknown option '--frobnicate'"
check "an unknown option gives the hint" err_has "gomoku --help"

play_input '' fly
check "an unknown command exits 2" status_is 2
check "an unknown command is named" err_has "unknown command 'fly'"

play_input '' play --variant chess
check "an unknown variant exits 2" status_is 2

play_input '' play --size 3x3 --k 5
check "an impossible K exits 2" status_is 2

play_input '' play --seed -4
check "a negative seed exits 2" status_is 2

play_input '' --lang fr
check "an unknown language exits 2" status_is 2

play_input ''
check "Ctrl-D at the main menu exits 0" status_is 0
check "the main menu is shown" has "Quick game"

play_input '7\n0\n'
check "a wrong menu choice gets the prompt again" has "Please type one of the numbers shown."
check "Quit exits 0" status_is 0

play_input '8 8\n' play
check "Ctrl-D at a move prompt exits 0" status_is 0
play_input '8 8\nresign\n' play
check "Ctrl-D at a yes/no prompt exits 0" status_is 0

play_input '8 8\n' play --ascii
check "--ascii draws black stones as *" has "[*]"
check "--ascii uses no UTF-8 stones" hasnt "●"
check "--ascii empty points are dots" has " .  .  . "

play_input '8 8\n' play
check "UTF-8 stones by default" has "[●]"
check "no colours when output is not a terminal" sh -c \
	'! grep -q "$(printf "\033")" "$1"' - "$OUT"

play_env 'LANG=C' '8 8\n' play
check "a non-UTF-8 locale gets ASCII stones" has "[*]"

play_input '8 8\n' --lang zh play
check "--lang zh speaks Chinese" has "黑"
check "--lang zh keeps the labels" has " a  b  c  d  e  f  g  h  i  j  k  l  m  n  o"

play_env 'LANG=zh_CN.UTF-8' '' --help
check "LANG=zh_CN.UTF-8 gives Chinese help" has "用法"

play_env 'LC_ALL=zh_CN.UTF-8 LANG=en_US.UTF-8' '' --help
check "LC_ALL wins over LANG" has "用法"

play_env 'LANG=zh_CN.UTF-8' '' --lang en --help
check "--lang en wins over the environment" has "Usage: gomoku"

play_input '' --lang zh --frobnicate
check "usage errors are translated" err_has "未知选项"
