# nonet - build, test, benchmark, fuzz and install.
#
#   make            build/libnonet.a, build/libnonet.so, build/nonet
#   make test       build and run every test (ends with "N passed, N failed")
#   make asan       the whole test suite under AddressSanitizer + UBSan
#   make bench      benchmark (bench/data, or ../shared/data when present)
#   make bench-rate rating speed against skfr, side by side
#   make bench-variants  variant puzzles against Interactive Sudoku Solver
#   make fuzz       build and run the libFuzzer harnesses (clang)
#   make demo       build and solve the sample puzzle
#   make install    PREFIX=/usr/local DESTDIR=
#
# WERROR=1 turns warnings into errors (CI does this).

VERSION  := 0.1.0
PREFIX   ?= /usr/local
DESTDIR  ?=
BUILD    ?= build

# The compiler: clang when it is installed and CC is not given (its code
# for the 9x9 search runs about 10% faster than gcc 12's), else cc.
ifeq ($(origin CC),default)
CC       := $(if $(shell command -v clang 2>/dev/null),clang,cc)
endif
OPT      ?= -O2 -g
WARN     := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
            -Wmissing-prototypes -Wwrite-strings -Wundef -Wpointer-arith \
            -Wcast-qual -Wold-style-definition -Wformat=2 -Wvla
ifeq ($(WERROR),1)
WARN     += -Werror
endif
CPPFLAGS += -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L -MMD -MP
CFLAGS   ?=
ALLCFLAGS = $(OPT) $(WARN) $(CFLAGS)
LDLIBS   += -lpthread

# every source under src/, one folder a concern (README, Source layout)
LIB_SRC   := $(sort $(shell find src -name '*.c'))
LIB_HDR   := $(sort $(shell find src -name '*.h'))
CLI_SRC   := $(sort $(wildcard cli/*.c))
# tests/pty_test.c is a program of its own (nonet on a pseudo-terminal)
PTY_SRC   := tests/pty_test.c
TEST_SRC  := $(filter-out $(PTY_SRC),$(sort $(wildcard tests/*.c)))
BENCH_SRC := $(sort $(wildcard bench/*.c))

LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
PIC_OBJ   := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)

# The 9x9 search is the hot path: it gets HOT_OPT, and on x86-64 a second
# copy compiled for x86-64-v3 that the library picks at run time when the
# CPU has it (src/solve/engine_bitboard_ops.c), so one binary runs everywhere.
HOT_OPT  ?= -O3
HOT_SRC  := src/solve/engine_bitboard.c
ifneq ($(findstring x86_64,$(shell $(CC) -dumpmachine)),)
V3_FLAGS := -DBB_ISA=x86v3 -mavx2 -mbmi -mbmi2 -mpopcnt
CPPFLAGS += -DNONET_HAVE_X86V3
LIB_OBJ  += $(BUILD)/obj/src/solve/engine_bitboard_x86v3.o
PIC_OBJ  += $(BUILD)/pic/src/solve/engine_bitboard_x86v3.o
endif
CLI_OBJ   := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)

# The command is linked statically where the C library comes in a static
# form too (Debian's libc6-dev): with no dynamic loader to run, a process
# starts about 0.3 ms sooner, a sixth of a small puzzle's whole run.
# CLI_STATIC=0 links it dynamically (the sanitizer build does).
ifndef CLI_STATIC
CLI_STATIC := $(shell printf 'int main(void){return 0;}' | $(CC) -x c -static -o /dev/null - \
                2>/dev/null && echo 1)
endif
CLI_LDFLAGS := $(if $(filter 1,$(CLI_STATIC)),-static)
TEST_OBJ  := $(TEST_SRC:%.c=$(BUILD)/obj/%.o)
# the benchmark writes puzzles in pasted layouts with the tests' writer
BENCH_OBJ := $(BENCH_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/tests/layouts.o

STATIC := $(BUILD)/libnonet.a
SHARED := $(BUILD)/libnonet.so
NONET  := $(BUILD)/nonet
UNIT   := $(BUILD)/unit-tests
PTY    := $(BUILD)/pty-test
BENCH  := $(BUILD)/nonet-bench

.PHONY: all test check asan bench bench-rate bench-variants bench-python fuzz demo install uninstall clean format lint python \
        web web-test bench-web

all: $(STATIC) $(SHARED) $(NONET)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALLCFLAGS) -c -o $@ $<

$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALLCFLAGS) -fPIC -fvisibility=hidden -DNONET_BUILD_SHARED -c -o $@ $<

$(BUILD)/obj/$(HOT_SRC:.c=.o) $(BUILD)/pic/$(HOT_SRC:.c=.o): ALLCFLAGS += $(HOT_OPT)

$(BUILD)/obj/src/solve/engine_bitboard_x86v3.o: $(HOT_SRC)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALLCFLAGS) $(HOT_OPT) $(V3_FLAGS) -c -o $@ $<

$(BUILD)/pic/src/solve/engine_bitboard_x86v3.o: $(HOT_SRC)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALLCFLAGS) $(HOT_OPT) $(V3_FLAGS) -fPIC -fvisibility=hidden \
	  -DNONET_BUILD_SHARED -c -o $@ $<

$(STATIC): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

# The Python extension links these position-independent objects as they
# are (both code paths of the 9x9 engine and their run-time choice).
PIC_ARCHIVE := $(BUILD)/libnonet_pic.a
$(PIC_ARCHIVE): $(PIC_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

# The Python package, built in place: PYTHONPATH=python $(PYTHON) -c 'import nonet'.
# Needs Python's headers (Debian: python3-dev).
PYTHON ?= /usr/bin/python3
python: $(PIC_ARCHIVE)
	cd python && NONET_BUILD=$(abspath $(BUILD)) NONET_WERROR=$(WERROR) \
	  $(PYTHON) setup.py -q build_ext --inplace

$(SHARED): $(PIC_OBJ)
	$(CC) $(ALLCFLAGS) $(LDFLAGS) -shared -Wl,-soname,libnonet.so.0 -o $@ $^

$(NONET): $(CLI_OBJ) $(STATIC)
	$(CC) $(ALLCFLAGS) $(LDFLAGS) $(CLI_LDFLAGS) -o $@ $^ $(LDLIBS)

# the web page's C API is tested natively too (tests/test_web_api.c)
$(BUILD)/obj/tests/test_web_api.o: CPPFLAGS += -Iweb
$(UNIT): $(TEST_OBJ) $(BUILD)/obj/web/api.o $(STATIC)
	$(CC) $(ALLCFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(PTY): $(PTY_SRC:%.c=$(BUILD)/obj/%.o)
	$(CC) $(ALLCFLAGS) $(LDFLAGS) -o $@ $^

$(BENCH): $(BENCH_OBJ) $(STATIC)
	$(CC) $(ALLCFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

test check: $(NONET) $(UNIT) $(PTY)
	@sh tests/run.sh $(UNIT) $(NONET) $(PTY)

# The sanitizer build lives in its own directory so it never mixes with
# the normal objects.
asan:
	$(MAKE) BUILD=$(BUILD)/asan HOT_OPT= OPT="-O1 -g -fno-omit-frame-pointer \
	  -fsanitize=address,undefined -fno-sanitize-recover=all" \
	  LDFLAGS="-fsanitize=address,undefined" CLI_STATIC=0 PYTHON_TESTS=0 WEB_TESTS=0 test

bench: $(BENCH) $(NONET)
	@$(BENCH) $(BENCH_ARGS)

# Rating speed against skfr, side by side (bench/rate_skfr.sh): skfr is
# built outside the project, SKFR= to name it (empty: nonet alone).
SKFR ?= $(wildcard /tmp/peers/skfr)
BENCH_DATA ?= $(firstword $(wildcard ../shared/data) bench/data)
RUNS ?= 5
bench-rate: $(NONET)
	sh bench/rate_skfr.sh $(NONET) "$(SKFR)" $(BENCH_DATA) $(RUNS)

# Variant puzzles against Interactive Sudoku Solver on its own collections
# (bench/variants.sh): ISS is fetched outside the project, ISS= names it.
ISS ?= $(wildcard /tmp/peers/iss)
bench-variants: $(NONET)
	@[ -n "$(ISS)" ] || { echo "bench-variants: no ISS copy (ISS=DIR)"; exit 2; }
	sh bench/variants.sh $(NONET) $(ISS) $(RUNS)

# The Python binding against the command and against what Python users run
# today (tdoku through ctypes, numpy augmentation): bench/python.py says how.
bench-python: $(NONET) python
	PYTHONPATH=python NONET=$(abspath $(NONET)) $(PYTHON) bench/python.py

demo: $(NONET)
	$(NONET) solve samples/classic.txt

# The web page (web/README.md): the library and web/api.c compiled by
# clang's wasm32 target against Debian's wasi-libc (packages wasi-libc and
# libclang-rt-14-dev-wasm32), with WebAssembly SIMD; no Emscripten, no
# threads. build/web/ is the whole page: serve it from any static server.
WASM_CC    ?= clang
WASM_TARGET := --target=wasm32-wasi --sysroot=/usr
WASM_FLAGS := $(WASM_TARGET) -msimd128 -mbulk-memory -msign-ext -mnontrapping-fptoint -O2
WASM_CPP   := -Iinclude -Isrc -Iweb -D_POSIX_C_SOURCE=200809L -MMD -MP
WASM_OBJ   := $(LIB_SRC:%.c=$(BUILD)/wasm/%.o) $(BUILD)/wasm/web/api.o
WEB        := $(BUILD)/web
WEB_FILES  := $(filter-out web/README.md web/api.c web/api.h,$(sort $(wildcard web/*.*)))
WEB_OUT    := $(WEB_FILES:web/%=$(WEB)/%) $(WEB)/nonet.wasm

$(BUILD)/wasm/%.o: %.c
	@mkdir -p $(dir $@)
	$(WASM_CC) $(WASM_FLAGS) $(WASM_CPP) $(WARN) $(CFLAGS) -c -o $@ $<

$(BUILD)/wasm/$(HOT_SRC:.c=.o): WASM_FLAGS += $(HOT_OPT)

# A 1 MiB stack (the default 64 KiB is too small for the deepest chains).
# Linked without -O: at -O, clang runs binaryen's wasm-opt when it finds
# it, without the SIMD feature.
$(WEB)/nonet.wasm: $(WASM_OBJ)
	@mkdir -p $(dir $@)
	$(WASM_CC) $(WASM_TARGET) -mexec-model=reactor -Wl,-z,stack-size=1048576 \
	  -Wl,--strip-all -o $@ $^

$(WEB)/%: web/%
	@mkdir -p $(dir $@)
	cp $< $@

# the service worker's cache is named after the page's files (web/sw.js)
$(WEB)/sw.js: web/sw.js $(filter-out $(WEB)/sw.js,$(WEB_OUT))
	@mkdir -p $(dir $@)
	sed "s/'nonet-dev'/'nonet-$$(cat $(sort $(filter-out web/sw.js,$^)) | cksum | cut -d' ' -f1)'/" \
	  web/sw.js > $@

web: $(WEB_OUT)

# The page in headless Chromium (web/test/run.sh says what it needs).
web-test: web $(NONET)
	sh web/test/run.sh $(WEB)

# The WebAssembly build against the native one, in Node and in Chromium
# (web/test/bench.mjs): ../shared/data's sets, else bench/data's.
bench-web: web $(NONET)
	WEB_BENCH=1 sh web/test/run.sh $(WEB)

FUZZ_CC   ?= clang
FUZZ_TIME ?= 60
FUZZ_SRC  := $(sort $(wildcard fuzz/*.c))
FUZZ_BIN  := $(FUZZ_SRC:fuzz/%.c=$(BUILD)/fuzz/%)

# fuzz/NAME.ignorelist, where there is one, names files whose coverage
# libFuzzer is not to follow (fuzz_ladder leaves the reader to fuzz_read).
$(BUILD)/fuzz/%: fuzz/%.c $(wildcard fuzz/*.h fuzz/*.ignorelist) $(LIB_SRC) $(LIB_HDR) include/nonet.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -Iinclude -Isrc -g -O1 -fsanitize=fuzzer,address,undefined \
	  $(if $(wildcard fuzz/$*.ignorelist),-fsanitize-coverage-ignorelist=fuzz/$*.ignorelist) \
	  -fno-sanitize-recover=all -o $@ $< $(LIB_SRC)

fuzz: $(FUZZ_BIN)
	@for f in $(FUZZ_BIN); do \
	  name=$$(basename $$f); mkdir -p $(BUILD)/fuzz/corpus-$$name; \
	  echo "== $$name for $(FUZZ_TIME)s"; \
	  $$f -max_total_time=$(FUZZ_TIME) -max_len=8192 \
	    $(BUILD)/fuzz/corpus-$$name fuzz/corpus/$$name || exit 1; \
	done

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib \
	  $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 755 $(NONET) $(DESTDIR)$(PREFIX)/bin/nonet
	install -m 644 $(STATIC) $(DESTDIR)$(PREFIX)/lib/libnonet.a
	install -m 755 $(SHARED) $(DESTDIR)$(PREFIX)/lib/libnonet.so.$(VERSION)
	ln -sf libnonet.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libnonet.so.0
	ln -sf libnonet.so.0 $(DESTDIR)$(PREFIX)/lib/libnonet.so
	install -m 644 include/nonet.h $(DESTDIR)$(PREFIX)/include/nonet.h
	install -m 644 docs/nonet.1 $(DESTDIR)$(PREFIX)/share/man/man1/nonet.1
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' nonet.pc.in \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/nonet.pc

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/nonet $(DESTDIR)$(PREFIX)/lib/libnonet.* \
	  $(DESTDIR)$(PREFIX)/include/nonet.h \
	  $(DESTDIR)$(PREFIX)/share/man/man1/nonet.1 \
	  $(DESTDIR)$(PREFIX)/lib/pkgconfig/nonet.pc

clean:
	rm -rf $(BUILD) python/build python/nonet/_nonet*.so

# every C file of the project, wherever it lives
FORMAT_SRC := $(sort $(shell find include src cli tests bench fuzz python/src web -name '*.[ch]' \
                -not -path '*/node_modules/*'))

format:
	clang-format -i $(FORMAT_SRC)

# Quiet when clean; any finding is printed and fails the target. clang-tidy
# reports "N warnings generated" for system headers it filters out: that
# line is noise and dropped.
LINT_DEFS := -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L -DNONET_HAVE_X86V3
# The Python binding's C is linted too where Python's headers are.
PY_INCLUDE := $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null)
PY_LINT := $(if $(wildcard $(PY_INCLUDE)/Python.h),$(wildcard python/src/*.c))
lint:
	@cppcheck --quiet --enable=warning,performance,portability --std=c11 --suppress=toomanyconfigs \
	  --error-exitcode=1 -Iinclude -Isrc src cli python/src web
	@out=$$(clang-tidy --quiet --warnings-as-errors='*' $(LIB_SRC) $(CLI_SRC) web/api.c -- \
	  $(LINT_DEFS) -std=c11 2>&1); rc=$$?; \
	  printf '%s\n' "$$out" | grep -v -e '^[0-9]* warnings\? generated\.$$' -e '^$$' || true; \
	  exit $$rc
	@[ -z "$(PY_LINT)" ] || { out=$$(clang-tidy --quiet --warnings-as-errors='*' $(PY_LINT) -- \
	  -Iinclude -I$(PY_INCLUDE) -std=c11 2>&1); rc=$$?; \
	  printf '%s\n' "$$out" | grep -v -e '^[0-9]* warnings\? generated\.$$' -e '^$$' || true; \
	  exit $$rc; }

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
