#!/bin/sh
# readme.sh [README] -- prints README (default: the tree's README.md)
# with each screen block made from its reviewed capture: between a line
# "<!-- screen:begin NAME words... -->" and the next "<!-- screen:end -->"
# go tests/screens/NAME.txt in a ``` fence, without the blanks at the
# ends of its lines and the blank lines at its end. `make readme-screens`
# writes the result to README.md; tests/e2e/test_readme.sh checks that
# README.md is what this prints.
here=$(cd "$(dirname "$0")" && pwd)
readme=${1:-$here/../../README.md}
awk -v dir="$here" '
	function capture(name,   f, line, n, i, keep) {
		f = dir "/" name ".txt"
		n = 0
		while ((getline line < f) > 0) {
			sub(/ +$/, "", line)
			keep[++n] = line
		}
		if (n == 0) {
			print "readme.sh: no capture " f > "/dev/stderr"
			exit 2
		}
		close(f)
		while (n > 0 && keep[n] == "")
			n--
		print "```"
		for (i = 1; i <= n; i++)
			print keep[i]
		print "```"
	}
	/^<!-- screen:begin / { print; capture($3); skip = 1; next }
	/^<!-- screen:end -->$/ { skip = 0 }
	!skip { print }
	END { if (skip) { print "readme.sh: a screen:begin without its end" > "/dev/stderr"; exit 2 } }
' "$readme"
