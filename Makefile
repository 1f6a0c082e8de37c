# Gomoku Club -- see README.md. GNU make.
#
#   make            build build/gomoku (MODE=release: -O2 with LTO)
#   make MODE=debug build build/debug/gomoku for a debugger (-Og -g3)
#   make run        build and play (installs missing libraries first)
#   make test       unit tests (CUnit) and end-to-end tests
#   make asan       the whole test suite under ASan + UBSan
#   make valgrind   the unit tests, the fuzz inputs and the end-to-end
#                   scripts of VALGRIND_E2E under valgrind
#   make coverage   make test on a gcov build, then the line and branch
#                   coverage of src/ (gcovr)
#   make bench      benchmarks that print their figures (the web site's:
#                   tests/bench/web.sh, wrk at 1,000,000 players)
#   make arena      two pbrain engines over the openings, with the Elo
#                   difference (tests/arena/README.md)
#   make sprt       this build against the baseline at a fixed number of
#                   nodes a move, until the sequential test decides
#   make tune       games of this build against itself, then the
#                   evaluation's weights fitted to them (the Texel
#                   method) into src/ai_weights.h (tests/arena/README.md)
#   make fuzz       every libFuzzer harness, FUZZ_JOBS (2) at a time, in
#                   FUZZ_SECONDS (120) shared, each at most FUZZ_RUNS runs
#   make soak       8 processes x 100 ranked matches on one database, and
#                   readers: the reliability figures (tests/soak.sh); then
#                   make soak-remote
#   make soak-remote  20 ranked matches from two terminals at once (40
#                   processes) with 20 watchers, all live together; then
#                   10 pairs meet in the lobby (rated and casual seeks)
#                   and play rematches, some matches aborted; every
#                   result and counter checked (tests/soak_remote.sh)
#   make format-check / header-check   the source checks make test runs
#   make install    PREFIX=/usr/local DESTDIR= ; make uninstall
#   make deps       install the Debian/Ubuntu packages the build needs

PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
DATADIR   ?= $(PREFIX)/share
LOCALEDIR ?= $(DATADIR)/locale
MANDIR    ?= $(DATADIR)/man

VERSION   := 0.1.0
MODE      ?= release
PKGS      := sqlite3 libsodium ncursesw icu-uc icu-i18n
# libmicrohttpd: its header only; `gomoku serve` loads the library itself
# (src/web.c), so no other command carries GnuTLS and its kin.
WEB_PKGS  := libmicrohttpd
TEST_PKGS := cunit
LANGS     := zh_CN

CC        ?= cc
WARN      := -Wall -Wextra -pedantic -Wshadow -Wstrict-prototypes \
             -Wmissing-prototypes
# release (the default) is what players run and what the tests test;
# debug is for a debugger; asan adds AddressSanitizer and UBSan.
ifeq ($(MODE),release)
  BUILD   := build
  OPT     := -O2 -g -flto=auto
else ifeq ($(MODE),debug)
  BUILD   := build/debug
  OPT     := -Og -g3
else ifeq ($(MODE),asan)
  BUILD   := build/asan
  OPT     := -O1 -g -fno-omit-frame-pointer \
             -fsanitize=address,undefined -fno-sanitize-recover=all
else ifeq ($(MODE),coverage)
  BUILD   := build/coverage
  OPT     := -O0 -g --coverage
else
  $(error MODE must be release, debug, asan or coverage, not '$(MODE)')
endif

# pkg-config's own words reach the terminal when a library is missing
# ($(BUILD)/settings stops the build there, see below). The feature-test
# macros ncursesw's file adds (_XOPEN_SOURCE=600, _DEFAULT_SOURCE) are
# left out: each file says which it needs (the screen's ask for 700).
PKG_CFLAGS  = $(filter-out -D_XOPEN_SOURCE% -D_DEFAULT_SOURCE, \
                $(shell pkg-config --cflags $(PKGS) $(WEB_PKGS)))
# GNU libunistring and libzxcvbn (the password estimator) have no
# pkg-config file on Debian: plain -lunistring -lzxcvbn.
PKG_LIBS    = $(shell pkg-config --libs $(PKGS)) -lunistring -lzxcvbn -lm
TEST_CFLAGS = $(PKG_CFLAGS) $(shell pkg-config --cflags $(TEST_PKGS))
TEST_LIBS   = $(PKG_LIBS) $(shell pkg-config --libs $(TEST_PKGS))

ALL_CPPFLAGS := -Iinclude -D_POSIX_C_SOURCE=200809L \
                -DGOMOKU_VERSION='"$(VERSION)"' \
                -DGOMOKU_LOCALEDIR='"$(LOCALEDIR)"' \
                -DGOMOKU_DATADIR='"$(DATADIR)/gomoku"' $(CPPFLAGS)
ALL_CFLAGS   := -std=c11 $(WARN) $(OPT) -MMD -MP $(CFLAGS)
ALL_LDFLAGS  := $(OPT) $(LDFLAGS)

SRCS      := $(wildcard src/*.c)
LIB_OBJS  := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(filter-out src/main.c,$(SRCS)))
# The unit tests link auth.c built with GOMOKU_TEST_BUILD, which adds the
# test-only cost switch (auth_set_test_fast_hash); the program and every
# other build link the plain auth.o, which has none.
TEST_AUTH_OBJ := $(BUILD)/obj/test-build/auth.o
TEST_LIB_OBJS := $(filter-out $(BUILD)/obj/auth.o,$(LIB_OBJS)) $(TEST_AUTH_OBJ)
MAIN_OBJ  := $(BUILD)/obj/main.o
TEST_SRCS := $(wildcard tests/test_*.c)
# Code the suites share (not suites: no tests/test_ name, no *_suite).
TEST_HELPER_SRCS := tests/store_fixture.c
TEST_OBJS := $(patsubst tests/%.c,$(BUILD)/tests/%.o,$(TEST_SRCS) \
               $(TEST_HELPER_SRCS)) \
             $(BUILD)/tests/suites.o $(BUILD)/tests/runner.o
BENCH_SRCS:= $(wildcard tests/bench/*.c)
BIN       := $(BUILD)/gomoku
RUNNER    := $(BUILD)/run-tests
MOS       := $(patsubst %,build/locale/%/LC_MESSAGES/gomoku.mo,$(LANGS))

.PHONY: FORCE all run test check unit e2e asan valgrind coverage bench soak \
        soak-remote readme-screens \
        deps need-deps \
        install uninstall clean pot format format-check header-check \
        fuzz fuzz-runtime fuzz-drivers

all: $(BIN) $(BUILD)/pbrain-gomoku $(MOS)

# Everything compiled into the program (the paths PREFIX gives, the
# compiler and its flags) is written to $(SETTINGS), which changes only
# when one of them does; every object and program depends on it. So
# `make install PREFIX=/opt/x` after `make` rebuilds for /opt/x instead of
# installing a program that looks in /usr/local. It also stops the build
# with pkg-config's own message when a library is missing.
SETTINGS := $(BUILD)/settings
quote     = '$(subst ','\'',$(1))'
SETTINGS_TEXT = $(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(TEST_CFLAGS) \
                $(ALL_LDFLAGS) $(TEST_LIBS)

$(SETTINGS): FORCE
	@mkdir -p $(@D)
	@{ pkg-config --exists --print-errors $(PKGS) $(WEB_PKGS) $(TEST_PKGS) && \
	   $(UNISTRING_CHECK); } || { \
	  echo "missing libraries: run 'make deps' (make run and" \
	    "make test do it for you)" >&2; exit 1; }
	@printf '%s\n' $(call quote,$(SETTINGS_TEXT)) >$@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi

FORCE:

# libunistring and libzxcvbn (no pkg-config file): their headers must
# compile.
UNISTRING_CHECK = { printf '\#include <uninorm.h>\n\#include <unictype.h>\n' | \
  $(CC) $(CPPFLAGS) -E -x c - >/dev/null 2>&1 || { \
  echo "libunistring's headers (uninorm.h) are missing" >&2; false; }; } && \
  { printf '\#include <zxcvbn.h>\n' | \
  $(CC) $(CPPFLAGS) -E -x c - >/dev/null 2>&1 || { \
  echo "libzxcvbn's header (zxcvbn.h) is missing" >&2; false; }; }

$(BIN): $(MAIN_OBJ) $(LIB_OBJS) $(SETTINGS)
	$(CC) $(ALL_LDFLAGS) -o $@ $(filter %.o,$^) $(PKG_LIBS)

# Gomoku managers (Piskvork and the like) look for programs named
# pbrain-*: a link to gomoku, which acts as `gomoku brain` by that name.
$(BUILD)/pbrain-gomoku: $(BIN)
	ln -sf gomoku $@

$(BUILD)/obj/%.o: src/%.c $(SETTINGS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

$(TEST_AUTH_OBJ): src/auth.c $(SETTINGS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -DGOMOKU_TEST_BUILD $(ALL_CFLAGS) $(PKG_CFLAGS) \
	  -c -o $@ $<

$(BUILD)/tests/%.o: tests/%.c $(SETTINGS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -DGOMOKU_TEST_BUILD -Itests $(ALL_CFLAGS) \
	  $(TEST_CFLAGS) -c -o $@ $<

# One CUnit suite per tests/test_NAME.c, exported as NAME_suite; the
# runner's table is generated from the file names.
$(BUILD)/tests/suites.c: $(TEST_SRCS) Makefile
	@mkdir -p $(@D)
	@{ echo '#include <CUnit/CUnit.h>'; \
	   for f in $(patsubst tests/test_%.c,%,$(TEST_SRCS)); do \
	     echo "extern CU_SuiteInfo $${f}_suite;"; done; \
	   echo 'CU_SuiteInfo *const all_suites[] = {'; \
	   for f in $(patsubst tests/test_%.c,%,$(TEST_SRCS)); do \
	     echo "	&$${f}_suite,"; done; \
	   echo '	NULL };'; } > $@

$(BUILD)/tests/suites.o: $(BUILD)/tests/suites.c $(SETTINGS)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(TEST_CFLAGS) -c -o $@ $<

$(RUNNER): $(TEST_OBJS) $(TEST_LIB_OBJS) $(SETTINGS)
	$(CC) $(ALL_LDFLAGS) -o $@ $(filter %.o,$^) $(TEST_LIBS)

build/locale/%/LC_MESSAGES/gomoku.mo: po/%.po
	@mkdir -p $(@D)
	msgfmt --check -o $@ $<

# ---- Running and testing --------------------------------------------------

# Install the libraries and tools first when any is missing: one line
# says what and how; where nothing can be installed, it lists them and
# stops here. The packages, and why each is there: tests/deps.sh.
deps need-deps:
	@tests/deps.sh

run: need-deps
	@$(MAKE) --no-print-directory all
	./$(BIN)

# The build checks (tests/build-checks.sh) compile each header with these.
CHECK_ENV = CC="$(CC)" CHECK_CFLAGS="-std=c11 $(WARN)"

test check: need-deps
	@$(MAKE) --no-print-directory all $(RUNNER) fuzz-drivers
	@$(CHECK_ENV) tests/run-all.sh $(RUNNER) $(BIN) $(BUILD)/fuzz

unit: $(RUNNER)
	./$(RUNNER)

e2e: all
	tests/e2e/run.sh $(BIN)

# The README's screens from their reviewed captures in tests/screens
# (tests/screens/readme.sh; test_readme checks that README.md is this).
readme-screens:
	tests/screens/readme.sh README.md >README.md.new
	mv README.md.new README.md

# The build checks (headers, format, layers) read the sources, whatever
# the build: make test runs them, make asan and make valgrind do not.
asan: need-deps
	@$(MAKE) --no-print-directory MODE=asan GOMOKU_PARTS="unit e2e fuzz" test

# Under valgrind: the unit tests, the fuzz drivers on their inputs and
# the end-to-end scripts that reach code nothing else under valgrind
# reaches (the menus, the full-screen interface, the brain, the remote
# games...). The scripts whose cost under valgrind is Argon2id logins by
# the dozen or deep searches (accounts, concurrency, crash, hostile,
# ranked, records, renju, secrets, install) are left to make asan, which
# runs every script under ASan + UBSan + LeakSanitizer. docs/TESTING.md
# says which run checks the memory of each source file.
# Listed the longest first (under valgrind: brain, ssh and remote take
# 70 to 130 s, the last ones under 30), as run.sh orders its own list.
VALGRIND_E2E ?= brain ssh remote web screen arena remotescreen charset \
                analyze computer cli lobby game pages live readme
valgrind: need-deps
	@$(MAKE) --no-print-directory all $(RUNNER) fuzz-drivers
	@$(CHECK_ENV) GOMOKU_VALGRIND=1 GOMOKU_PARTS="unit e2e fuzz" \
	  GOMOKU_E2E="$(VALGRIND_E2E)" tests/run-all.sh $(RUNNER) $(BIN) \
	  $(BUILD)/fuzz

# Line and branch coverage of src/ by make test (unit, end-to-end and
# fuzz inputs) on a gcov build in build/coverage; the per-file table of
# lines, then of branches, and the totals. Fails when a test does, after
# printing what was covered.
COV_JSON = build/coverage/coverage.json
coverage: need-deps
	@find build/coverage -name '*.gcda' -delete 2>/dev/null || true
	@s=0; $(MAKE) --no-print-directory MODE=coverage test || s=$$?; \
	  echo; echo "== coverage of src/ by make test (gcovr) =="; \
	  gcovr --root . --filter 'src/' --json $(COV_JSON) build/coverage && \
	  gcovr --root . -a $(COV_JSON) --txt && \
	  gcovr --root . -a $(COV_JSON) --branches --txt --print-summary || \
	  s=1; exit $$s

bench: need-deps
	@$(MAKE) --no-print-directory MODE=release build/bench $(BIN)
	./build/bench
	@tests/bench/latency.sh $(BIN)
	@tests/bench/window.sh $(BIN)
	@tests/bench/web.sh $(BIN)

build/bench: $(BENCH_SRCS) $(LIB_OBJS) $(SETTINGS)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(PKG_CFLAGS) -o $@ \
	  $(filter %.c %.o,$^) $(PKG_LIBS)

# Not part of `make test`: a few minutes (the passwords are hashed at
# their real cost). GOMOKU_SOAK_WORKERS / GOMOKU_SOAK_MATCHES resize the
# first, GOMOKU_SOAK_REMOTE (matches) / GOMOKU_SOAK_PAIRS (the lobby's
# pairs, half the matches unless said) / GOMOKU_SOAK_WAVE (set up at
# once) the remote one. Both run even when the first fails.
soak: need-deps
	@$(MAKE) --no-print-directory all
	@s=0; tests/soak.sh $(BIN) || s=1; \
	  $(MAKE) --no-print-directory soak-remote || s=1; exit $$s

soak-remote: need-deps
	@$(MAKE) --no-print-directory all
	@tests/soak_remote.sh $(BIN)

# ---- Translations and formatting -------------------------------------------

pot:
	xgettext --from-code=UTF-8 -k_ -kN_ --package-name=gomoku \
	  --package-version=$(VERSION) -o po/gomoku.pot $(sort $(SRCS))
	msgmerge --update --backup=none po/zh_CN.po po/gomoku.pot

FORMAT_FILES = $(wildcard src/*.c src/*.h include/*.h tests/*.c tests/*.h \
               tests/bench/*.c tests/bench/*.h tests/fuzz/*.c tests/fuzz/*.h)

format:
	clang-format -i $(FORMAT_FILES)

format-check:
	clang-format --dry-run --Werror $(FORMAT_FILES)

header-check:
	@$(CHECK_ENV) tests/build-checks.sh headers

# ---- Fuzzing ------------------------------------------------------------------
# Each tests/fuzz/fuzz_NAME.c defines LLVMFuzzerTestOneInput(). `make fuzz`
# builds it with clang's libFuzzer, ASan and UBSan and runs them all,
# FUZZ_JOBS at a time, in a budget of FUZZ_SECONDS shared among them
# (tests/fuzz/run-libfuzzer.sh), on the seed corpora
# tests/fuzz/corpus/fuzz_NAME (new inputs go to build/libfuzzer/corpus);
# FUZZ_RUNS=N stops each harness sooner, at N executions. It prints the
# executions each reached; a crash is saved in
# tests/fuzz/regress/fuzz_NAME/ and fails the run. `make test` replays the
# seeds and the saved crashes through a plain main (tests/fuzz/driver.c)
# built with $(CC), so it needs no clang. fuzz_cli runs src/main.c's
# main() renamed gomoku_main.

FUZZ_SECONDS ?= 120
FUZZ_RUNS    ?=
FUZZ_JOBS    ?= 2
FUZZ_CC      ?= clang
FUZZ_CFLAGS  ?=
FUZZ_NAMES   := $(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_MAIN    := -Dmain=gomoku_main -include tests/fuzz/fuzz.h
FUZZ_FLAGS   := -std=c11 $(WARN) -g -O1 -fno-omit-frame-pointer \
                -fsanitize=address,undefined -fno-sanitize-recover=all \
                -MMD -MP $(FUZZ_CFLAGS)
LF           := build/libfuzzer
LF_OBJS      := $(patsubst src/%.c,$(LF)/obj/%.o,$(filter-out src/main.c,$(SRCS)))

fuzz-drivers: $(patsubst %,$(BUILD)/fuzz/%,$(FUZZ_NAMES))

# Keep the harnesses' objects (make would delete them as intermediate).
.SECONDARY: $(patsubst %,$(BUILD)/fuzz/obj/%.o,$(FUZZ_NAMES) driver) \
            $(patsubst %,$(LF)/obj/%.o,$(FUZZ_NAMES)) $(LF_OBJS)

$(BUILD)/fuzz/obj/%.o: tests/fuzz/%.c $(SETTINGS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

$(BUILD)/fuzz/obj/gomoku_main.o: src/main.c $(SETTINGS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(FUZZ_MAIN) $(ALL_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

$(BUILD)/fuzz/fuzz_cli: $(BUILD)/fuzz/obj/gomoku_main.o
$(BUILD)/fuzz/%: $(BUILD)/fuzz/obj/%.o $(BUILD)/fuzz/obj/driver.o $(LIB_OBJS)
	$(CC) $(ALL_LDFLAGS) -o $@ $(filter %.o,$^) $(PKG_LIBS)

$(LF)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(ALL_CPPFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link \
	  $(PKG_CFLAGS) -c -o $@ $<

$(LF)/obj/gomoku_main.o: src/main.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(ALL_CPPFLAGS) $(FUZZ_MAIN) $(FUZZ_FLAGS) \
	  -fsanitize=fuzzer-no-link $(PKG_CFLAGS) -c -o $@ $<

$(LF)/obj/fuzz_%.o: tests/fuzz/fuzz_%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(ALL_CPPFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link \
	  $(PKG_CFLAGS) -c -o $@ $<

$(LF)/fuzz_cli: $(LF)/obj/gomoku_main.o
$(LF)/%: $(LF)/obj/%.o $(LF_OBJS)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $^ $(PKG_LIBS)

# Fail clearly when clang cannot link a libFuzzer program (Debian and
# Ubuntu ship the runtime in libclang-rt-dev); try `make deps` once first.
FUZZ_PROBE = printf '%s\n' \
  'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);' \
  'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n)' \
  '{ (void)d; (void)n; return 0; }' >$(LF)/probe.c && \
  $(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $(LF)/probe \
  $(LF)/probe.c >$(LF)/probe.log 2>&1
fuzz-runtime:
	@mkdir -p $(LF)
	@$(FUZZ_PROBE) || $(MAKE) --no-print-directory deps >/dev/null 2>&1; \
	if ! { $(FUZZ_PROBE); }; then \
	  echo "make fuzz: $(FUZZ_CC) cannot build libFuzzer programs" \
	    "(-fsanitize=fuzzer): clang or its fuzzer runtime is missing." \
	    "On Debian or Ubuntu: apt-get install clang libclang-rt-dev" \
	    "(make deps installs both)." >&2; \
	  sed 's/^/  /' $(LF)/probe.log >&2; exit 1; fi

fuzz: need-deps fuzz-runtime
	@$(MAKE) --no-print-directory $(patsubst %,$(LF)/%,$(FUZZ_NAMES))
	@tests/fuzz/run-libfuzzer.sh $(LF) $(FUZZ_SECONDS) '$(FUZZ_RUNS)' \
	  $(FUZZ_JOBS) $(FUZZ_NAMES)

# ---- The arena -----------------------------------------------------------------
# `make arena` plays two pbrain engines over tests/arena/openings.txt, each
# opening with both colours, printing a line per game and the score with
# the Elo difference (tests/arena/README.md). By default: this build's
# `gomoku brain` (p1) against the frozen baseline (p2), the engine of
# commit ARENA_BASELINE built on its own in build/arena/baseline, so it
# never changes when src/ does. ARENA_P1 / ARENA_P2 are any pbrain command
# lines; ARENA_MS the time per move, ARENA_JOBS the games at once,
# ARENA_RULE freestyle|exact|renju, ARENA_GAMES the first N games only,
# ARENA_FLAGS more options (tests/arena/arena --help).

ARENA_BASELINE := 47132bd5ca1492c4b5f2ec87818d91739cb34cf8
ARENA_BIN      := $(BUILD)/arena/arena
# tune.c is a program of its own (make tune), not part of the arena.
ARENA_OBJS     := $(patsubst tests/%.c,$(BUILD)/tests/%.o,$(filter-out \
                    tests/arena/tune.c,$(wildcard tests/arena/*.c)))
ARENA_BASE     := build/arena/baseline
ARENA_BASE_SRC := build/arena/baseline-src
ARENA_BASE_BIN := $(ARENA_BASE)/gomoku
ARENA_P1       ?= $(BIN) brain
ARENA_P2       ?= $(ARENA_BASE_BIN) brain
ARENA_MS       ?= 1000
ARENA_JOBS     ?= 1
ARENA_RULE     ?= freestyle
ARENA_GAMES    ?=
ARENA_OUT      ?= build/arena/games
ARENA_FLAGS    ?=
# the baseline is built only when a player runs it
ARENA_NEEDS     = $(if $(findstring $(ARENA_BASE_BIN),$(ARENA_P1) $(ARENA_P2)),$(ARENA_BASE_BIN))

.PHONY: arena arena-baseline sprt

arena: need-deps
	@$(MAKE) --no-print-directory all $(ARENA_BIN) $(ARENA_NEEDS)
	@mkdir -p $(ARENA_OUT)
	@rm -f $(ARENA_OUT)/game-*.psq $(ARENA_OUT)/game-*.err
	$(ARENA_BIN) -t $(ARENA_MS) -j $(ARENA_JOBS) --rule $(ARENA_RULE) \
	  $(if $(ARENA_GAMES),-n $(ARENA_GAMES)) -o $(ARENA_OUT) $(ARENA_FLAGS) \
	  $(call quote,$(ARENA_P1)) $(call quote,$(ARENA_P2))

# `make sprt` is `make arena` at SPRT_NODES nodes a move (the engines' time
# only a bound, SPRT_MS), SPRT_JOBS games at once, with the sequential test
# on the pairs of games (H0 Elo p1 - p2 = SPRT_ELO0, H1 SPRT_ELO1, error
# rates SPRT_ALPHA and SPRT_BETA): it stops when the test is decided, or
# after SPRT_GAMES games. 50,000 nodes: a game takes about 1.5 s of CPU
# (tests/arena/README.md, "The sequential test").
SPRT_NODES ?= 50000
SPRT_MS    ?= 60000
SPRT_JOBS  ?= 2
SPRT_GAMES ?= 2000
SPRT_ELO0  ?= 0
SPRT_ELO1  ?= 10
SPRT_ALPHA ?= 0.05
SPRT_BETA  ?= 0.05
SPRT_OUT   ?= build/arena/sprt

sprt:
	@$(MAKE) --no-print-directory arena ARENA_MS=$(SPRT_MS) \
	  ARENA_JOBS=$(SPRT_JOBS) ARENA_GAMES=$(SPRT_GAMES) \
	  ARENA_OUT=$(SPRT_OUT) ARENA_FLAGS="--sprt --nodes $(SPRT_NODES) \
	  --elo0 $(SPRT_ELO0) --elo1 $(SPRT_ELO1) --alpha $(SPRT_ALPHA) \
	  --beta $(SPRT_BETA) $(ARENA_FLAGS)"

arena-baseline: $(ARENA_BASE_BIN)

# `make tune` fits the evaluation's weights to games (the Texel method,
# tests/arena/tune.c): this build plays itself, TUNE_GAMES games at
# TUNE_NODES nodes a move (the arena, TUNE_JOBS at once, records in
# TUNE_OUT), then the tuner fits the weights of ai_param.h to them and
# writes src/ai_weights.h, which the engine uses only when built with
# AI_TUNED_WEIGHTS=1 (tests/arena/README.md, "An evaluation fitted to
# games"). `make tune-fit` fits again to the games already there.
TUNE_NODES  ?= 10000
TUNE_GAMES  ?= 800
TUNE_JOBS   ?= 2
TUNE_ROUNDS ?= 40
TUNE_OUT    ?= build/tune/games
TUNE_BIN    := $(BUILD)/arena/tune
TUNE_HEADER := src/ai_weights.h
TUNE_MADE_BY = make tune TUNE_GAMES=$(TUNE_GAMES) TUNE_NODES=$(TUNE_NODES): \
  $(TUNE_GAMES) games of build/gomoku against itself at $(TUNE_NODES) \
  nodes a move (build/arena/arena --nodes), fitted by $(TUNE_BIN)

.PHONY: tune tune-games tune-fit

tune: need-deps
	@$(MAKE) --no-print-directory tune-games
	@$(MAKE) --no-print-directory tune-fit

tune-games:
	@$(MAKE) --no-print-directory all $(ARENA_BIN)
	@mkdir -p $(TUNE_OUT)
	@rm -f $(TUNE_OUT)/game-*.psq $(TUNE_OUT)/game-*.err
	$(ARENA_BIN) --nodes $(TUNE_NODES) -n $(TUNE_GAMES) -j $(TUNE_JOBS) \
	  -o $(TUNE_OUT) --name1 self1 --name2 self2 \
	  $(call quote,$(BIN) brain) $(call quote,$(BIN) brain)

tune-fit: $(TUNE_BIN)
	$(TUNE_BIN) --rounds $(TUNE_ROUNDS) -o $(TUNE_HEADER) \
	  --made-by $(call quote,$(TUNE_MADE_BY)) $(TUNE_OUT)
	clang-format -i $(TUNE_HEADER)

$(BUILD)/tests/arena/tune.o: ALL_CPPFLAGS += -Isrc

$(TUNE_BIN): $(BUILD)/tests/arena/tune.o $(LIB_OBJS) $(SETTINGS)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $(filter %.o,$^) $(PKG_LIBS)

$(ARENA_BIN): $(ARENA_OBJS) $(LIB_OBJS) $(SETTINGS)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $(filter %.o,$^) $(PKG_LIBS)

# The unit tests link the arena's arithmetic (tests/test_arena.c), and the
# end-to-end tests run the arena (tests/e2e/test_arena.sh).
$(RUNNER): $(BUILD)/tests/arena/elo.o $(BUILD)/tests/arena/sprt.o $(ARENA_BIN)

# The baseline's source is ARENA_BASELINE's tree (git archive), built with
# its own Makefile; $(ARENA_BASE)/commit changes only with ARENA_BASELINE.
# Without git or that commit (a tarball, a shallow clone) it stops here,
# saying so; the arena itself plays any other command lines.
$(ARENA_BASE_BIN): $(ARENA_BASE)/commit
	@command -v git >/dev/null 2>&1 && \
	  git cat-file -e $(ARENA_BASELINE)^{commit} 2>/dev/null || { \
	  echo "the arena's baseline needs git and commit $(ARENA_BASELINE)" \
	    "(a full clone): see tests/arena/README.md" >&2; exit 1; }
	rm -rf $(ARENA_BASE_SRC)
	mkdir -p $(ARENA_BASE_SRC)
	git archive $(ARENA_BASELINE) | tar -x -C $(ARENA_BASE_SRC)
	$(MAKE) -C $(ARENA_BASE_SRC) MODE=release build/gomoku
	cp $(ARENA_BASE_SRC)/build/gomoku $@

$(ARENA_BASE)/commit: FORCE
	@mkdir -p $(@D)
	@echo $(ARENA_BASELINE) >$@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi

FORMAT_FILES += $(wildcard tests/arena/*.c tests/arena/*.h)

# ---- Installing --------------------------------------------------------------

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man6 \
	  $(DESTDIR)$(DATADIR)/gomoku
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/gomoku
	ln -sf gomoku $(DESTDIR)$(BINDIR)/pbrain-gomoku
	install -m 644 docs/gomoku.6 $(DESTDIR)$(MANDIR)/man6/gomoku.6
	install -m 644 data/common-passwords.txt $(DESTDIR)$(DATADIR)/gomoku/
	for l in $(LANGS); do \
	  install -d $(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES; \
	  install -m 644 build/locale/$$l/LC_MESSAGES/gomoku.mo \
	    $(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES/gomoku.mo; done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/gomoku $(DESTDIR)$(BINDIR)/pbrain-gomoku \
	  $(DESTDIR)$(MANDIR)/man6/gomoku.6
	rm -rf $(DESTDIR)$(DATADIR)/gomoku
	for l in $(LANGS); do \
	  rm -f $(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES/gomoku.mo; done

clean:
	rm -rf build

-include $(wildcard $(BUILD)/tests/arena/*.d)
-include $(wildcard $(BUILD)/obj/*.d $(BUILD)/obj/test-build/*.d \
  $(BUILD)/tests/*.d $(BUILD)/fuzz/obj/*.d $(LF)/obj/*.d)
