# End-to-end: preferences that stay with the account, and the way in.
# Registering from the menu refuses weak passwords (zxcvbn, with the
# player's names) and lands in the account menu; the Preferences page
# switches the language at once and saves the rest; a second process
# (a second session) applies them at login: Chinese menus, * and #
# stones, the default level, "Play h8?" before each move, challenges
# refused; logging out gives the environment's English back, and --lang
# still wins for its run. Then the same preferences full-screen (tmux):
# the second Enter plays the point the first one marked.
. "$E2E_LIB"

PW=Bob-strong-Pass-73

# ---- Register from the menu ----------------------------------------------

play_input "1\nbob\nBuilder\nzzzzzzzzz\nbobbobbob\nBuilderBuilder\n$PW\n$PW\n\
11\n1\n2\n4\n5\n5\n6\n0\n0\n0\n"
check "registering from the menu exits 0 after Quit" status_is 0
check "zzzzzzzzz is refused: repeats" \
	has "That password is too easy to guess: repeats like"
check "bobbobbob and BuilderBuilder are refused: the player's names" \
	test "$(grep -c "it is made of your username or nickname" "$OUT")" -eq 2
check "the account is made once the password is strong" \
	test "$(db "SELECT nickname FROM players WHERE username = 'bob'")" = \
	Builder
check "registering logs the new player in" has "Logged in: Builder (bob)"
check "and lands in the account menu, with Preferences" \
	sh -c 'grep -q "^Gomoku Club: bob$" "$1" &&
		grep -q "^  11  Preferences$" "$1"' - "$OUT"
check "the Preferences page shows its items" \
	sh -c 'grep -q "^Preferences of bob$" "$1" &&
		grep -q "^  1  Language: English$" "$1" &&
		grep -q "^  2  Stones: ● ○$" "$1"' - "$OUT"
check "the language switches at once: the page again, in Chinese" \
	sh -c 'grep -q "^bob 的偏好设置$" "$1" &&
		grep -q "^  1  语言：中文$" "$1"' - "$OUT"
check "each preference is saved in the store" \
	test "$(db "SELECT lang, ascii, color IS NULL, ai_level, confirm_moves,
		refuse_challenges FROM player_prefs")" = "zh|1|1|5|1|1"
check "logging out gives the environment's English back" \
	sh -c 'tail -n 9 "$1" | grep -q "^  1  Register$"' - "$OUT"

# ---- A second session -----------------------------------------------------

play_input "2\nbob\n$PW\n2\n\n8 8\nn\n8 8\ny\nresign\ny\nn\n0\n0\n" \
	--first me
check "the second session logs in and quits (exit 0)" status_is 0
check "its account menu is in Chinese from the login on" \
	has "  11  偏好设置"
check "challenges are refused from the login on" has "你拒绝所有挑战"
check "the default level is played at once, saying so" \
	has "你对电脑的级别：专家"
check "the stones are * and #" has "Builder *>"
check "each move is asked again before it is played" \
	test "$(grep -c "下在 h8？" "$OUT")" -eq 2
MID=$(db "SELECT max(id) FROM matches")
check "the game is recorded against the expert, h8 once" \
	test "$(db "SELECT ai_level, (SELECT count(*) FROM match_moves
		WHERE match_id = $MID AND row = 7 AND col = 7)
		FROM matches WHERE id = $MID")" = "5|1"
check "logging out gives the English main menu back" \
	sh -c 'tail -n 9 "$1" | grep -q "^  1  Register$"' - "$OUT"

play_input "2\nbob\n$PW\n0\n0\n" --lang en
check "--lang en still wins for its run" \
	sh -c 'grep -q "^  11  Preferences$" "$1" &&
		! grep -q "偏好设置" "$1"' - "$OUT"

# ---- Full-screen ------------------------------------------------------------

need_tmux

start p --first me
wait_for p "  2  Log in" && keys p 2
wait_for p "Username:" && keys p -l bob && keys p Enter
wait_for p "Password for bob:" && keys p -l "$PW" && keys p Enter
check "full-screen: the account menu in Chinese" wait_for p "偏好设置"
keys p 2
wait_for p "开始这局" && keys p Enter # the game chosen: as shown
check "full-screen: the game starts at the default level" \
	wait_for p "电脑（难度 5）"
keys p Enter
check "full-screen: the first Enter marks the point and says so" \
	wait_for p "再按 Enter 下在 h8"
check "full-screen: nothing is played yet" \
	test "$(db "SELECT count(*) FROM match_moves WHERE match_id =
		(SELECT max(id) FROM matches)")" = 0
keys p Enter
check "full-screen: the second Enter plays it" wait_until sh -c \
	'test "$(sqlite3 "$1" "SELECT count(*) FROM match_moves WHERE
		match_id = (SELECT max(id) FROM matches) AND row = 7
		AND col = 7")" = 1' - "$GOMOKU_DB"
keys p C-c
wait_end
check "full-screen: Ctrl-C ends it" status_is 130
vg_final
