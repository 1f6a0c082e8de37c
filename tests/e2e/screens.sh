# screens.sh -- screens compared with their reviewed captures; sourced
# by tests/e2e/test_layout.sh and test_screens.sh after tmux.sh.
#
#   reviewed CASE          check that $T/CASE.txt is tests/screens/CASE.txt,
#                          showing the difference (GOMOKU_SCREENS_UPDATE=1
#                          writes the capture there instead)
#   resized NAME W H FILE  resize pane NAME to W x H and wait until the
#                          program has drawn it again, whole, into FILE
#   words_whole FILE       no word on the screen is cut: every word of
#                          letters is one of the program's strings (its
#                          catalogs, both languages) or of $DATA_WORDS,
#                          and no line starts with 。，、；：！？ or ）
#   box_clear FILE W       a box (edges of ─ above and below, the
#                          bottom one perhaps with words on it, across
#                          all the W columns: it owns its rows) shows
#                          nothing of the page beneath: its margins are
#                          blank on every line inside it
#   has_whole FILE TEXT... each TEXT is on the screen, whole
REF=$(cd "$(dirname "$E2E_LIB")/../screens" && pwd)
PO=$(cd "$(dirname "$E2E_LIB")/../../po" && pwd)
DATA_WORDS=${DATA_WORDS:-}

reviewed() {
	if [ -n "${GOMOKU_SCREENS_UPDATE:-}" ]; then
		cp "$T/$1.txt" "$REF/$1.txt"
	fi
	check "$1: the screen is as reviewed (tests/screens/$1.txt)" \
		sh -c 'diff -u "$1" "$2" >&2' - "$REF/$1.txt" "$T/$1.txt"
}

# The pane drawn whole into $2: not blank, and the same in two captures
# in a row (a redraw is one write, but tmux may read it in parts).
drawn() {
	pane "$1" >"$2"
	if grep -q '[^ ]' "$2" && cmp -s "$2" "$T/drawn.prev"; then
		return 0
	fi
	cp "$2" "$T/drawn.prev"
	return 1
}

# The pane is cleared (tmux's own reset, the program told nothing) and
# resized in one command: what shows next is the program's redraw.
resized() {
	: >"$T/drawn.prev"
	tmux -S "$SOCK" send-keys -R -t "$1" \; resize-window -t "$1" \
		-x "$2" -y "$3"
	wait_until drawn "$1" "$4"
}

# The words of the catalogs, lower case, one a line (made once).
catalog_words() {
	[ -s "$T/words" ] && return
	{
		cat "$PO"/*.po
		printf '%s\n' $DATA_WORDS
	} | LC_ALL=C tr -cs 'A-Za-z' '\n' | LC_ALL=C tr 'A-Z' 'a-z' |
		LC_ALL=C sort -u >"$T/words"
}

words_whole() {
	catalog_words
	LC_ALL=C tr -cs 'A-Za-z' '\n' <"$1" | LC_ALL=C tr 'A-Z' 'a-z' |
		LC_ALL=C sort -u | LC_ALL=C comm -23 - "$T/words" >"$T/cut"
	if [ -s "$T/cut" ]; then
		echo "# words cut or unknown: $(tr '\n' ' ' <"$T/cut")"
		return 1
	fi
	if grep -Eq '^ *(。|，|、|；|：|！|？|）)' "$1"; then
		echo "# a line starts with a closing mark:" \
			"$(grep -E '^ *(。|，|、|；|：|！|？|）)' "$1")"
		return 1
	fi
}

# Perl: cells(LINE), the line's terminal cells (a wide character is
# itself, then "").
CELLS_PL='
	use utf8;
	my $wide = qr/[\x{1100}-\x{115f}\x{2e80}-\x{a4cf}\x{ac00}-\x{d7a3}\x{f900}-\x{faff}\x{fe30}-\x{fe4f}\x{ff00}-\x{ff60}\x{ffe0}-\x{ffe6}]/;
	sub cells { my @c; for (split //, $_[0]) { push @c, $_; push @c, "" if /$wide/ } @c }
'

box_clear() {
	perl -CSD -e "$CELLS_PL"'
		my @l = <STDIN>; chomp @l;
		my ($top, $x, $w);
		for my $i (0 .. $#l) {
			next unless $l[$i] =~ /^(.*?)((─|-){2,})/;
			my ($at, $n, $e) = (scalar(cells($1)), length $2, $3);
			if (!defined $top) {
				($top, $x, $w) = ($i, $at, $n) if $n >= 6;
				if (defined $top && ($x != 0 || $w != $ARGV[0])) {
					print "# the box does not own its rows: $l[$i]\n";
					exit 1;
				}
				next;
			}
			# the bottom edge: from the same column to the same end
			# (words may stand on it)
			my @b = cells($l[$i]);
			next unless $at == $x && @b >= $x + $w &&
				$b[$x + $w - 1] eq $e;
			for my $j ($top + 1 .. $i - 1) {
				my @c = cells($l[$j]);
				push @c, (" ") x ($x + $w) if @c < $x + $w;
				my $m = join "", map { $_ eq "" ? "" : $_ }
					@c[$x, $x + 1, $x + $w - 2, $x + $w - 1];
				if ($m ne "    ") {
					print "# the box shows the page on line ", $j + 1, ": $l[$j]\n";
					exit 1;
				}
			}
			exit 0;
		}
		print "# no box (an edge above and one below)\n"; exit 1;
	' "$2" <"$1"
}

has_whole() {
	_f=$1
	shift
	for _t in "$@"; do
		grep -qF -- "$_t" "$_f" || {
			echo "# not shown whole: $_t"
			return 1
		}
	done
}
