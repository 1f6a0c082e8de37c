# End-to-end: the README's example board is the one the program prints,
# and its full-screen screens are their reviewed captures in
# tests/screens (test_screens.sh checks those against the program).
. "$E2E_LIB"

readme=$(dirname "$E2E_LIB")/../../README.md
# The fenced block after the board:begin marker, without the fences.
sed -n '/<!-- board:begin/,/<!-- board:end/p' "$readme" |
	sed '1,2d;$d' | sed '$d' | sed 's/ *$//' >"$E2E_DIR/want"

play_input 'h8\ni7\nh9\nj6\n' play --seed 1
tail -n "$(wc -l <"$E2E_DIR/want")" "$OUT" | sed 's/ *$//' >"$E2E_DIR/got"
check "the README has an example board" test -s "$E2E_DIR/want"
check "the README's board is what gomoku play prints" \
	cmp -s "$E2E_DIR/want" "$E2E_DIR/got"
check "the README's screens are their captures (make readme-screens)" \
	sh -c '"$1" "$2" | diff -u "$2" - >&2' - \
	"$(dirname "$E2E_LIB")/../screens/readme.sh" "$readme"
