# End-to-end: games against the computer, as a guest and logged in.
. "$E2E_LIB"

play_input '8 8\n' play --ai 1 --first me --seed 5
check "the guest game against the computer starts" has "Guest against the computer, level 1 (not recorded)"
check "--first me gives the person black" has "Guest moves first with black"
check "the computer announces its move in notation" sh -c \
	'grep -Eq "It plays [a-o]([1-9]|1[0-5])\." "$1"' - "$OUT"

play_input '' play --ai 2 --first computer --seed 5
check "--first computer lets the computer open" has "Computer (level 2) moves first with black"
play_input '' play --ai 2 --first computer --seed 5
cp "$OUT" "$E2E_DIR/first"
play_input '' play --ai 2 --first computer --seed 5
check "--seed makes the computer's moves repeatable" cmp -s "$OUT" "$E2E_DIR/first"

play_input '8 8\nundo\n' play --ai 3 --first me --seed 1
check "undo against the computer needs no question" hasnt "Do you agree?"
check "undo takes back your move and its reply" has "were taken back"

play_input '8 8\ndraw\n' play --ai 3 --first me --seed 1
check "the computer declines a draw" has "The computer plays on."
check "a declined draw is said once" \
	test "$(grep -c 'plays on\|declined the draw' "$OUT")" -eq 1

play_input '8 8\nresign\ny\nn\n' play --ai 3 --first me --seed 1
check "a guest can resign to the computer" has "resigned."

play_input '' play --ai 9
check "a level outside 1-5 is a usage error" status_is 2
play_input '' play alice bob --ai 3
check "--ai with two players is a usage error" status_is 2

# The computer finds a win in one: give it four in a row to finish.
play_input '1 1\n1 15\n15 1\n15 15\n' play --ai 2 --first me --seed 2 \
	--size 15x15 --k 3
check "the computer completes a line when it can" has "Computer (level 2) wins"

# Logged in: recorded as a game against "computer level N", shown in
# My record and the history, never in the leaderboard.
play_input 'alice\nAlice\nsecret-pass-1\nsecret-pass-1\n' register
play_input 'secret-pass-1\n8 8\nresign\ny\nn\n' play alice --ai 2 --first me --seed 3
check "a logged-in game against the computer is saved" has "saved."
check "it is recorded as a computer game" \
	test "$(db "SELECT kind || ' ' || ai_level || ' ' || status FROM matches")" = "computer 2 finished"
check "it changes no score or rating" \
	test "$(db "SELECT games || ' ' || score || ' ' || rating FROM players")" = "0 0 1500.0"
check "the summary gives the record against that level" \
	has "Your record against Easy: 0 wins, 1 loss, 0 draws"
play_input '' stats alice
check "My record shows the record per level" has "Against the computer, level 2: 0 won, 1 lost, 0 drawn"
play_input '' history alice --format tsv
check "the history names the computer" has "computer-2"
play_input 'secret-pass-1\n8 8\nresign\ny\nn\n' play alice --ai 2 --first me --seed 3
check "the record against the level counts every game" \
	has "Your record against Easy: 0 wins, 2 losses, 0 draws"
play_input 'secret-pass-1\n8 8\nresign\ny\nn\n' --lang zh play alice --ai 2 \
	--first me --seed 3
check "the summary in Chinese" has "你对阵电脑（简单）的战绩：0 胜，3 负，0 和"

# Leaving mid-game keeps it for later; logging in offers to resume.
play_input 'secret-pass-1\n8 8\n' play alice --ai 2 --first me --seed 3
play_input 'secret-pass-1\n1\n' play alice --ai 2 --seed 3
check "an unfinished computer game is offered" has "against Computer (level 2)"
check "and resumes with the moves in place" has "Move 3:"
