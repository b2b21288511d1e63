# cfx: the continued-fraction and Fibonacci-hashing explorer.
# The only build entry point: make, make check, make bench, make install.

PREFIX  ?= /usr/local
DESTDIR ?=
CC      ?= cc
CFLAGS  ?= -O2 -g
WERROR  ?=
VERSION := 0.1.0

SANITIZE ?=
FUZZ_TIME ?= 60

# SANITIZE=1: AddressSanitizer (with LeakSanitizer: a block lost at exit
# fails the command) and UndefinedBehaviorSanitizer, stopping at the first
# report (make check SANITIZE=1; with gcc or CC=clang).
ifneq ($(SANITIZE),)
CFLAGS  += -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	-fno-omit-frame-pointer
# and the suites that walk long lists of like cases (the oracle's, the
# lessons played in a terminal) check one case in 8 (tests/lib/sample.py;
# CHECK_SAMPLE=1 for every case): under the sanitizers each run of cfx
# costs ten to twenty times as much
CHECK_SAMPLE ?= 8
export CHECK_SAMPLE
endif

WARN     := -Wall -Wextra -Wshadow -Wstrict-prototypes $(if $(WERROR),-Werror)
# clang writes DWARF 5, which Debian 12's valgrind cannot read (tests/emit/
# leaks.sh runs cfx under it): DWARF 4, as gcc 12 does
ifneq ($(findstring clang,$(CC)),)
CFLAGS  += -gdwarf-4
endif
CPPFLAGS += -Iinclude -Isrc -D_GNU_SOURCE -DCFX_VERSION='"$(VERSION)"'
ALL_CFLAGS = -std=c11 $(WARN) $(CFLAGS) $(CPPFLAGS) $(PKG_CFLAGS) -MMD -MP

# FLINT (lattice reduction only) is a module of its own, opened by
# src/sys/modload.c on the first reduction: linked into cfx it was most of
# every command's start-up (it loads NTL, gf2x and libstdc++).  Only the
# module links -lflint; cfx and libcfx.a's users link the rest.
LLL_SRC  := src/core/lattice_lll.c
LLL_MOD  := build/cfx-lattice.so

# Layers (doc/ARCHITECTURE.md): core and sys form libcfx.a, which the unit
# tests link; lesson, cli, repl and dash are the faces built into cfx.
CORE_SRC := $(filter-out $(LLL_SRC),$(wildcard src/core/*.c src/sys/*.c src/util/*.c))
UI_SRC   := $(wildcard src/lesson/*.c src/cli/*.c src/repl/*.c src/dash/*.c) src/main.c
CORE_OBJ := $(CORE_SRC:src/%.c=build/%.o)
UI_OBJ   := $(UI_SRC:src/%.c=build/%.o)
UNIT_SRC := $(wildcard tests/unit/*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=build/tests/%)

.PHONY: all check unit golden oracle dash bench install uninstall clean run \
	calibrate fuzz FORCE
all: cfx

# Library flags come from pkg-config; scripts/deps.sh also installs missing
# Debian packages when run as root, or names them and stops.
build/config.mk: scripts/deps.sh
	@mkdir -p build
	@scripts/deps.sh build > $@.tmp && mv $@.tmp $@
build/check.mk: scripts/deps.sh build/config.mk
	@scripts/deps.sh check > $@.tmp && mv $@.tmp $@
-include build/config.mk
ifneq ($(filter check unit bench build/tests/%,$(MAKECMDGOALS)),)
-include build/check.mk
endif

# Objects depend on the compiler and its flags: changing CC or SANITIZE
# rebuilds everything instead of mixing objects.
FLAGS_NOW := $(CC) $(ALL_CFLAGS)
build/flags: FORCE
	@mkdir -p build
	@[ "$$(cat $@ 2>/dev/null)" = '$(subst ','\'',$(FLAGS_NOW))' ] || \
		printf '%s\n' '$(subst ','\'',$(FLAGS_NOW))' > $@
FORCE:

build/%.o: src/%.c build/config.mk build/flags
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# every program that links libcfx.a finds the module at run time beside
# it (modload.h lists where): building the library builds the module
build/libcfx.a: $(CORE_OBJ) | $(LLL_MOD)
	@rm -f $@
	ar rcs $@ $^

build/module/lattice_lll.o: $(LLL_SRC) build/config.mk build/flags
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fPIC -c -o $@ $<
$(LLL_MOD): build/module/lattice_lll.o
	$(CC) $(CFLAGS) -shared -o $@ $< -lflint

LIBS_NO_FLINT = $(filter-out -lflint,$(PKG_LIBS))
# Start-up: cfx links the libraries it always maps (GMP, MPFR, GSL,
# jansson, readline, ncurses) statically where their archives are
# installed (Debian's -dev packages ship them): the dynamic loader's work
# on eight shared objects was a millisecond of every command (make bench,
# "start-up").  STATIC_LINK=0, or an archive missing, links them as shared
# objects; libc, libm and FLINT's module stay shared.  The interface to
# the module is plain integers, so its own GMP never meets cfx's.
STATIC_LINK ?= 1
STATIC_CAND := mpfr gmp gsl gslcblas jansson readline ncursesw tinfo
STATIC_HAVE := $(if $(filter 1,$(STATIC_LINK)),$(foreach l,$(STATIC_CAND),\
	$(if $(filter -l$(l),$(LIBS_NO_FLINT)),$(if $(findstring /,$(shell \
	$(CC) -print-file-name=lib$(l).a)),-l$(l)))))
STATIC_ON := -Wl,-Bstatic -Wl,--start-group
STATIC_OFF := -Wl,--end-group -Wl,-Bdynamic
CFX_LIBS = $(if $(STATIC_HAVE),$(STATIC_ON) $(STATIC_HAVE) $(STATIC_OFF)) \
	$(filter-out $(STATIC_HAVE),$(LIBS_NO_FLINT))
cfx: $(UI_OBJ) build/libcfx.a
	$(CC) $(CFLAGS) -o $@ $(UI_OBJ) build/libcfx.a $(CFX_LIBS)

run: cfx
	./cfx

# ---- tests -------------------------------------------------------------
build/tests/%: tests/unit/%.c build/libcfx.a build/check.mk build/flags
	@mkdir -p build/tests
	$(CC) $(ALL_CFLAGS) $(CRIT_CFLAGS) -o $@ $< build/libcfx.a $(CRIT_LIBS) $(PKG_LIBS)

# The lesson check language's cases compile its source with UBSan: an
# index like [-9223372036854775808] must be no undefined behaviour.
build/tests/test_lesson_check: CFLAGS += -fsanitize=undefined -fno-sanitize-recover=all
# (lesson_check.c, the parser, is included by the test; its evaluator,
# lesson_check_eval.c, is compiled beside it with the same flags)
build/tests/test_lesson_check: tests/unit/test_lesson_check.c \
		src/lesson/lesson_check.c src/lesson/lesson_check_eval.c \
		src/lesson/lesson_check_tree.h tests/unit/lesson_check.test \
		build/libcfx.a build/check.mk build/flags
	@mkdir -p build/tests
	$(CC) $(ALL_CFLAGS) $(CRIT_CFLAGS) -o $@ $< src/lesson/lesson_check_eval.c \
		build/libcfx.a $(CRIT_LIBS) $(PKG_LIBS)
# a face's file compiled into its test (it is not in libcfx.a)
build/tests/test_dash_line: src/dash/dash_line.c

# test programs that link libcfx.a outside Criterion, built with the same
# compiler and flags as cfx (a SANITIZE=1 library links only with them)
TOOL_BIN := build/tests/four_possible
build/tests/four_possible: tests/cost/four_possible.c build/libcfx.a build/flags
	@mkdir -p build/tests
	$(CC) $(ALL_CFLAGS) -o $@ $< build/libcfx.a $(PKG_LIBS)

# the benchmarks' programs (bench/*.c, run by make bench) are built by
# make check too, with the same warnings, so that a change of a library
# call cannot leave make bench broken unseen
BENCH_BIN := $(patsubst bench/%.c,build/bench/%,$(wildcard bench/*.c))
build/bench/%: bench/%.c build/libcfx.a build/config.mk build/flags
	@mkdir -p build/bench
	$(CC) $(ALL_CFLAGS) -o $@ $< build/libcfx.a $(PKG_LIBS)

check: cfx $(UNIT_BIN) $(TOOL_BIN) $(BENCH_BIN) build/check.mk
	@tests/run.sh

unit: $(UNIT_BIN)
	@for t in $(UNIT_BIN); do LSAN_OPTIONS=suppressions=tests/unit/lsan.supp:print_suppressions=0 \
		$$t --jobs=2 || exit 1; done

# ---- fuzzing -------------------------------------------------------------
# libFuzzer harnesses (tests/fuzz/fuzz_*.c) built with clang, ASan and
# UBSan into build/fuzz/; `make fuzz` runs each for FUZZ_TIME seconds from
# its seed corpus tests/fuzz/NAME/ (new inputs go to build/fuzz/NAME/; a
# crash leaves build/fuzz/crash-* and fails).  scripts/deps.sh fuzz
# installs clang and libFuzzer's runtime.
FUZZ_CC    ?= clang
FUZZ_SAN   := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS = -std=c11 -g -O1 $(FUZZ_SAN) -fsanitize=fuzzer-no-link \
	$(CPPFLAGS) $(PKG_CFLAGS) -MMD -MP
FUZZ_SRC   := $(filter-out src/main.c,$(CORE_SRC) $(UI_SRC))
FUZZ_OBJ   := $(FUZZ_SRC:src/%.c=build/fuzz/obj/%.o)
FUZZ_NAMES := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BIN   := $(FUZZ_NAMES:%=build/fuzz/fuzz_%)

build/fuzz.mk: scripts/deps.sh
	@mkdir -p build
	@scripts/deps.sh fuzz > $@.tmp && mv $@.tmp $@
build/fuzz/obj/%.o: src/%.c build/config.mk build/fuzz.mk
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<
build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) \
		$(PKG_LIBS)

.SECONDARY: $(FUZZ_OBJ)
# the lattice module too: fuzz_repl runs verify, which reduces lattices
# with it (found at build/fuzz/../, as modload.c looks beside the program)
fuzz: $(FUZZ_BIN) $(LLL_MOD)
	@scripts/fuzz.sh $(FUZZ_TIME) $(FUZZ_NAMES)

# ---- calibration -------------------------------------------------------
# verify's reference distributions: 1000 random odd multipliers per word
# size from a fixed seed (about 200 s of CPU: 2 minutes on 2 idle cores,
# 15 on a busy shared machine), written to
# the data file the build embeds.  Rerun after changing a family.
build/calibrate: tools/calibrate.c build/libcfx.a
	@mkdir -p build
	$(CC) $(ALL_CFLAGS) -o $@ $< build/libcfx.a $(PKG_LIBS)

calibrate: build/calibrate
	build/calibrate --count 1000 > build/verify_cal.inc.tmp
	mv build/verify_cal.inc.tmp src/core/verify_cal.inc
	build/calibrate --strides --count 1000 > build/stride_cal.inc.tmp
	mv build/stride_cal.inc.tmp src/core/stride_cal.inc

# ---- offline searches (not part of make check; doc/mcm5.md) -----------
# tools/mcm5: every graph of at most five adders mod 2^n for one constant
build/mcm5: tools/mcm5.c
	@mkdir -p build
	$(CC) $(ALL_CFLAGS) -o $@ $< -lpthread

# ---- benchmarks --------------------------------------------------------
bench: cfx $(BENCH_BIN)
	@scripts/deps.sh bench
	@bench/run.sh

# ---- install -----------------------------------------------------------
install: cfx
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/cfx/lessons $(DESTDIR)$(PREFIX)/lib/cfx
	install -m 755 cfx $(DESTDIR)$(PREFIX)/bin/cfx
	install -m 644 $(LLL_MOD) $(DESTDIR)$(PREFIX)/lib/cfx/cfx-lattice.so
	install -m 644 man/cfx.1 $(DESTDIR)$(PREFIX)/share/man/man1/cfx.1
	install -m 644 lessons/*.lesson $(DESTDIR)$(PREFIX)/share/cfx/lessons/ 2>/dev/null || true
	install -m 644 lessons/*.patch $(DESTDIR)$(PREFIX)/share/cfx/lessons/
	install -d $(DESTDIR)$(PREFIX)/share/cfx/doc
	install -m 644 doc/FACTS.md $(DESTDIR)$(PREFIX)/share/cfx/doc/FACTS.md

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/cfx $(DESTDIR)$(PREFIX)/share/man/man1/cfx.1
	rm -rf $(DESTDIR)$(PREFIX)/share/cfx $(DESTDIR)$(PREFIX)/lib/cfx

clean:
	rm -rf build cfx

-include $(CORE_OBJ:.o=.d) $(UI_OBJ:.o=.d) build/module/lattice_lll.d
# the fuzz objects and harnesses too: a header changed since they were
# built would leave objects of two layouts in one harness (bogus crashes)
-include $(FUZZ_OBJ:.o=.d) $(FUZZ_BIN:=.d)
