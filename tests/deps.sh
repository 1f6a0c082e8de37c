#!/bin/sh
# deps.sh [--check] -- the Debian/Ubuntu packages that building, running
# and testing Gomoku Club need (`make run` and `make test` call it first).
#
# When everything is there it prints nothing and exits 0. Otherwise it
# says in one line what it installs and how, before it does:
#   installing: libsodium-dev libcunit1-dev (sudo apt-get)
# and exits with apt-get's status. On a machine where it cannot install
# (no apt-get, or not root and no sudo) it lists what is missing, with
# the names other package managers use, and exits 1, so that no test
# suite runs half-installed. --check only says whether anything is
# missing (exit 0 or 1), installing nothing.
#
# openssh-server is there for tests/e2e/test_ssh.sh, which starts its own
# sshd on 127.0.0.1. Installing it must not start or enable the system's
# ssh service: a policy-rc.d that refuses every start stands in while apt
# runs (where none exists), and a service newly enabled by the install is
# disabled again. `systemctl enable --now ssh` starts it for a club.
#
# faketime is for tests/e2e/test_club.sh's player whose clock is a week
# ahead.
#
# curl, chromium (Debian's, headless), chromium-driver and a Chinese
# font are for tests/e2e/test_web.sh, which fetches the web site's pages,
# has the browser build and draw them and follow a live game; wrk is for
# make bench's web figures.
set -u

# Debian package: what must then be found (pkg:NAME is a pkg-config
# module, cmd:NAME a command on PATH, file:PATH a file, hdr:NAME a C
# header).
NEEDS='
build-essential		cmd:cc cmd:make
pkg-config		cmd:pkg-config
libsqlite3-dev		pkg:sqlite3
libsodium-dev		pkg:libsodium
libunistring-dev	hdr:uninorm.h
libzxcvbn-dev		hdr:zxcvbn.h
libicu-dev		pkg:icu-uc pkg:icu-i18n
libncurses-dev		pkg:ncursesw
libcunit1-dev		pkg:cunit
libmicrohttpd-dev	pkg:libmicrohttpd
gettext			cmd:msgfmt cmd:xgettext
sqlite3			cmd:sqlite3
clang-format		cmd:clang-format
valgrind		cmd:valgrind
tmux			cmd:tmux
curl			cmd:curl
chromium		cmd:chromium
chromium-driver		cmd:chromedriver
fonts-wqy-microhei	file:/usr/share/fonts/truetype/wqy/wqy-microhei.ttc
wrk			cmd:wrk
openssh-client		cmd:ssh
openssh-server		file:/usr/sbin/sshd
gcovr			cmd:gcovr
faketime		cmd:faketime
clang			cmd:clang
libclang-rt-dev		fuzz
'
# What the same packages are called elsewhere, for the message.
ELSEWHERE='  dnf:      gcc make pkgconf-pkg-config sqlite-devel libsodium-devel libunistring-devel libicu-devel ncurses-devel CUnit-devel libmicrohttpd-devel gettext sqlite clang-tools-extra valgrind tmux curl chromium chromedriver wqy-microhei-fonts wrk openssh-clients openssh-server gcovr clang compiler-rt
  Homebrew: pkg-config sqlite libsodium libunistring icu4c ncurses cunit libmicrohttpd gettext clang-format llvm tmux curl wrk gcovr'
NO_START=/usr/sbin/policy-rc.d

# Succeed when the requirement $1 (pkg:, cmd:, file:, hdr:) is met.
have() {
	case $1 in
	pkg:*) pkg-config --exists "${1#pkg:}" 2>/dev/null ;;
	cmd:*) command -v "${1#cmd:}" >/dev/null 2>&1 ;;
	file:*) [ -e "${1#file:}" ] ;;
	hdr:*) printf '#include <%s>\n' "${1#hdr:}" |
		${CC:-cc} ${CPPFLAGS:-} -E -x c - >/dev/null 2>&1 ;;
	fuzz) fuzz_runtime ;;
	esac
}

# clang can link a libFuzzer program (the runtime is libclang-rt-dev on
# Debian 12 and later; older releases ship it with clang).
fuzz_runtime() {
	_d=$(mktemp -d) || return 1
	printf '%s\n' 'int LLVMFuzzerTestOneInput(const char *d, long n);' \
		'int LLVMFuzzerTestOneInput(const char *d, long n)' \
		'{ (void)d; (void)n; return 0; }' >"$_d/probe.c"
	clang -fsanitize=fuzzer -o "$_d/probe" "$_d/probe.c" >/dev/null 2>&1
	_rc=$?
	rm -rf "$_d"
	return $_rc
}

# The packages whose requirements are not all met, on one line.
missing() {
	printf '%s\n' "$NEEDS" | while read -r _pkg _reqs; do
		[ -n "$_pkg" ] || continue
		for _r in $_reqs; do
			if ! have "$_r"; then
				printf '%s ' "$_pkg"
				break
			fi
		done
	done
}

# Install the packages $@ with apt-get (through $SUDO), keeping the ssh
# service as it was. Return apt-get's status.
apt_install() {
	_had_sshd=
	[ -x /usr/sbin/sshd ] && _had_sshd=1
	if [ ! -e "$NO_START" ]; then
		trap '$SUDO rm -f "$NO_START"' EXIT INT TERM
		printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$NO_START" >/dev/null
		$SUDO chmod 755 "$NO_START"
	fi
	_log=$(mktemp) || return 1
	$SUDO apt-get update -qq >"$_log" 2>&1 &&
		DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
			"$@" >>"$_log" 2>&1
	_rc=$?
	# apt's own words only when it failed
	[ "$_rc" -eq 0 ] || tail -n 20 "$_log" >&2
	rm -f "$_log"
	if [ -z "$_had_sshd" ] && [ -x /usr/sbin/sshd ] &&
		[ -d /run/systemd/system ]; then
		$SUDO systemctl disable --now ssh.service ssh.socket \
			>/dev/null 2>&1 || true
		echo "(openssh-server is for the tests; its service is left" \
			"disabled: systemctl enable --now ssh starts it)"
	fi
	return $_rc
}

# Say why nothing can be installed here, list what is missing, exit 1.
cannot_install() {
	echo "missing packages: $1" >&2
	echo "they cannot be installed here ($2); please install them" \
		"yourself, then run make again:" >&2
	printf '%s\n' "$ELSEWHERE" >&2
	exit 1
}

need=$(missing)
[ -z "$need" ] && exit 0
[ "${1:-}" = --check ] && exit 1
need=${need% }

command -v apt-get >/dev/null 2>&1 || cannot_install "$need" "no apt-get"
if [ "$(id -u)" -eq 0 ]; then
	SUDO= how=apt-get
elif command -v sudo >/dev/null 2>&1; then
	SUDO=sudo how='sudo apt-get'
else
	cannot_install "$need" "not root, and no sudo"
fi
echo "installing: $need ($how)"
# shellcheck disable=SC2086
apt_install $need && exit 0
# An older release without libclang-rt-dev: everything else, without it
# (only `make fuzz` needs it).
case " $need " in
*" libclang-rt-dev "*)
	echo "(without libclang-rt-dev: make fuzz may not work)"
	# shellcheck disable=SC2086
	apt_install $(printf '%s\n' $need | grep -vx libclang-rt-dev)
	;;
*) exit 1 ;;
esac
