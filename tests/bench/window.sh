#!/bin/sh
# window.sh BIN -- `make bench`'s figures of the memory the full-screen
# program takes in windows of every size a client may ask for: the peak
# resident set (VmHWM) of `gomoku play --ai 1` drawn in a terminal whose
# size is set with stty (the kernel's pty takes any size up to 65535 x
# 65535, as sshd passes on whatever its client asks), at 80x24, 200x60,
# 5000x5000 and 65535x65535. Printed, never judged. Needs tmux.
bin=${1:?usage: window.sh BIN}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
command -v tmux >/dev/null 2>&1 || {
	echo "window: tmux is not installed (make deps): no figures"
	exit 0
}
T=$(mktemp -d) || exit 2
SOCK=$T/tmux.sock
trap 'tmux -S "$SOCK" kill-server 2>/dev/null; rm -rf "$T"' EXIT
unset TMUX

# The peak RSS in kB of the program drawn at $1 lines x $2 columns, read
# 3 s after it started (its first screen drawn, the computer's move made).
peak_kb() {
	rm -f "$T/hwm"
	tmux -S "$SOCK" new-session -d -x 100 -y 30 "stty rows $1 cols $2;
		GOMOKU_DB=$T/gomoku.db TERM=xterm-256color LANG=C.UTF-8 \
		$bin play --ai 1 --first computer --seed 1 </dev/tty & p=\$!; sleep 3;
		grep VmHWM /proc/\$p/status | tr -dc 0-9 >$T/hwm.new;
		mv $T/hwm.new $T/hwm; kill \$p; wait \$p"
	_i=0
	while [ ! -e "$T/hwm" ] && [ "$_i" -lt 300 ]; do
		sleep 0.1
		_i=$((_i + 1))
	done
	cat "$T/hwm" 2>/dev/null || echo "?"
	tmux -S "$SOCK" kill-server 2>/dev/null
}

for size in 24x80 60x200 5000x5000 65535x65535; do
	kb=$(peak_kb "${size%x*}" "${size#*x}")
	echo "window: ${size#*x}x${size%x*} cells: peak RSS $kb kB"
done
