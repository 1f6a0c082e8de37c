# Gomoku Club -- see README.md. GNU make.
#
#   make            build build/gomoku
#   make run        build and play (installs missing libraries first)
#   make test       unit tests (CUnit) and end-to-end tests
#   make asan       the whole test suite under ASan + UBSan
#   make valgrind   the whole test suite under valgrind
#   make bench      benchmarks that print their figures
#   make install    PREFIX=/usr/local DESTDIR= ; make uninstall
#   make deps       install the Debian/Ubuntu packages the build needs

PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
DATADIR   ?= $(PREFIX)/share
LOCALEDIR ?= $(DATADIR)/locale
MANDIR    ?= $(DATADIR)/man

VERSION   := 0.1.0
MODE      ?= debug
PKGS      := sqlite3 libsodium
TEST_PKGS := $(PKGS) cunit
LANGS     := zh_CN

CC        ?= cc
WARN      := -Wall -Wextra -pedantic -Wshadow -Wstrict-prototypes \
             -Wmissing-prototypes
ifeq ($(MODE),asan)
  BUILD   := build/asan
  OPT     := -O1 -g -fno-omit-frame-pointer \
             -fsanitize=address,undefined -fno-sanitize-recover=all
else ifeq ($(MODE),release)
  BUILD   := build/release
  OPT     := -O2 -g
else
  BUILD   := build
  OPT     := -O2 -g
endif

PKG_CFLAGS = $(shell pkg-config --cflags $(TEST_PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm
TEST_LIBS  = $(shell pkg-config --libs $(TEST_PKGS) 2>/dev/null) -lm

ALL_CPPFLAGS := -Iinclude -D_POSIX_C_SOURCE=200809L \
                -DGOMOKU_VERSION='"$(VERSION)"' \
                -DGOMOKU_LOCALEDIR='"$(LOCALEDIR)"' \
                -DGOMOKU_DATADIR='"$(DATADIR)/gomoku"' $(CPPFLAGS)
ALL_CFLAGS   := -std=c11 $(WARN) $(OPT) -MMD -MP $(CFLAGS)
ALL_LDFLAGS  := $(OPT) $(LDFLAGS)

SRCS      := $(wildcard src/*.c)
LIB_OBJS  := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(filter-out src/main.c,$(SRCS)))
MAIN_OBJ  := $(BUILD)/obj/main.o
TEST_SRCS := $(wildcard tests/test_*.c)
TEST_OBJS := $(patsubst tests/%.c,$(BUILD)/tests/%.o,$(TEST_SRCS)) \
             $(BUILD)/tests/suites.o $(BUILD)/tests/runner.o
BENCH_SRCS:= $(wildcard tests/bench/*.c)
BIN       := $(BUILD)/gomoku
RUNNER    := $(BUILD)/run-tests
MOS       := $(patsubst %,build/locale/%/LC_MESSAGES/gomoku.mo,$(LANGS))

.PHONY: all run test check unit e2e asan valgrind bench deps need-deps \
        install uninstall clean pot format format-check

all: $(BIN) $(MOS)

$(BIN): $(MAIN_OBJ) $(LIB_OBJS)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(PKG_LIBS)

$(BUILD)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -Itests $(ALL_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

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

$(BUILD)/tests/suites.o: $(BUILD)/tests/suites.c
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

$(RUNNER): $(TEST_OBJS) $(LIB_OBJS)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(TEST_LIBS)

build/locale/%/LC_MESSAGES/gomoku.mo: po/%.po
	@mkdir -p $(@D)
	msgfmt --check -o $@ $<

# ---- Running and testing --------------------------------------------------

# Install the libraries first when pkg-config or msgfmt cannot find them.
need-deps:
	@pkg-config --exists $(TEST_PKGS) 2>/dev/null && \
	  command -v msgfmt >/dev/null 2>&1 || $(MAKE) --no-print-directory deps

run: need-deps
	@$(MAKE) --no-print-directory all
	./$(BIN)

test check: need-deps
	@$(MAKE) --no-print-directory all $(RUNNER)
	@tests/run-all.sh $(RUNNER) $(BIN)

unit: $(RUNNER)
	./$(RUNNER)

e2e: all
	tests/e2e/run.sh $(BIN)

asan: need-deps
	@$(MAKE) --no-print-directory MODE=asan test

valgrind: need-deps
	@$(MAKE) --no-print-directory all $(RUNNER)
	@GOMOKU_VALGRIND=1 tests/run-all.sh $(RUNNER) $(BIN)

bench: need-deps
	@$(MAKE) --no-print-directory MODE=release build/release/bench
	./build/release/bench

build/release/bench: $(BENCH_SRCS) $(LIB_OBJS)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(PKG_CFLAGS) -o $@ $^ $(PKG_LIBS)

DEB_PKGS := build-essential pkg-config libsqlite3-dev libsodium-dev \
            libcunit1-dev gettext sqlite3
deps:
	@if command -v apt-get >/dev/null 2>&1; then \
	  if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  echo "installing: $(DEB_PKGS)"; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq \
	    $(DEB_PKGS) >/dev/null; \
	else \
	  echo "apt-get not found; please install these packages yourself:"; \
	  echo "  dnf:      gcc make pkgconf-pkg-config sqlite-devel libsodium-devel CUnit-devel gettext sqlite"; \
	  echo "  Homebrew: pkg-config sqlite libsodium cunit gettext"; \
	  exit 1; \
	fi

# ---- Translations and formatting -------------------------------------------

pot:
	xgettext --from-code=UTF-8 -k_ -kN_ --package-name=gomoku \
	  --package-version=$(VERSION) -o po/gomoku.pot $(sort $(SRCS))
	msgmerge --update --backup=none po/zh_CN.po po/gomoku.pot

format:
	clang-format -i src/*.c include/*.h tests/*.c tests/*.h

format-check:
	clang-format --dry-run --Werror src/*.c include/*.h tests/*.c tests/*.h

# ---- Installing --------------------------------------------------------------

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man6 \
	  $(DESTDIR)$(DATADIR)/gomoku
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/gomoku
	install -m 644 docs/gomoku.6 $(DESTDIR)$(MANDIR)/man6/gomoku.6
	install -m 644 data/common-passwords.txt $(DESTDIR)$(DATADIR)/gomoku/
	for l in $(LANGS); do \
	  install -d $(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES; \
	  install -m 644 build/locale/$$l/LC_MESSAGES/gomoku.mo \
	    $(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES/gomoku.mo; done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/gomoku $(DESTDIR)$(MANDIR)/man6/gomoku.6
	rm -rf $(DESTDIR)$(DATADIR)/gomoku
	for l in $(LANGS); do \
	  rm -f $(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES/gomoku.mo; done

clean:
	rm -rf build

-include $(wildcard $(BUILD)/obj/*.d $(BUILD)/tests/*.d)
