#!/bin/sh
# make-openings.sh GOMOKU [MS] [N] -- how openings.txt was made: every
# three-stone opening (black in the centre, white and black within two
# points of it) up to the board's eight symmetries, each given to
# `GOMOKU brain` as BOARD ... DONE with white to move and MS ms (1000)
# to think; the N (24) whose scores for white are nearest 0, the engine
# finding them the most balanced, are printed in openings.txt's format,
# the score in a comment.
gomoku=${1:?usage: make-openings.sh GOMOKU [MS] [N]}
ms=${2:-1000}
n=${3:-24}

# Each candidate once as "wx wy bx by": white's and black's second stone,
# offsets from the centre; the smallest of its eight images stands for it.
candidates() {
	awk 'BEGIN {
		for (wx = -2; wx <= 2; wx++) for (wy = -2; wy <= 2; wy++)
		for (bx = -2; bx <= 2; bx++) for (by = -2; by <= 2; by++) {
			if ((wx == 0 && wy == 0) || (bx == 0 && by == 0) ||
			    (wx == bx && wy == by))
				continue
			key = ""
			for (t = 0; t < 8; t++) {
				k = image(t, wx, wy) " " image(t, bx, by)
				if (key == "" || k < key)
					key = k
			}
			if (!(key in seen)) {
				seen[key] = 1
				print key
			}
		}
	}
	# (x, y) under symmetry t: t % 4 quarter turns, then a mirror when
	# t >= 4; offsets are written as x + 2, y + 2 (0..4) to sort.
	function image(t, x, y,   i, s) {
		for (i = 0; i < t % 4; i++) { s = x; x = -y; y = s }
		if (t >= 4)
			x = -x
		return (x + 2) " " (y + 2)
	}'
}

# The engine's score for white to move after black 7,7, white and black.
score() {
	printf 'START 15\nINFO timeout_turn %s\nBOARD\n7,7,2\n%s,%s,1\n%s,%s,2\nDONE\nEND\n' \
		"$ms" $(($1 + 5)) $(($2 + 5)) $(($3 + 5)) $(($4 + 5)) |
		"$gomoku" --seed 1 brain |
		sed -n 's/^MESSAGE depth [0-9]* score \(-*[0-9]*\) .*/\1/p'
}

# A stone at offset (x + 2, y + 2) from the centre in "h8" notation.
cell() {
	printf '%s%d' "$(printf '%s' abcdefghijklmno | cut -c $(($1 + 6)))" \
		$(($2 + 6))
}

candidates | while read -r wx wy bx by; do
	s=$(score "$wx" "$wy" "$bx" "$by")
	a=${s#-}
	printf '%s %s h8 %s %s  # white to move: %s\n' "$a" "$s" \
		"$(cell "$wx" "$wy")" "$(cell "$bx" "$by")" "$s"
done | sort -n | head -n "$n" | cut -d' ' -f3-
