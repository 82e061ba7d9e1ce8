# listedit: the two commands a new machine needs are `make run` and `make test`.

SWIFT     ?= swift
PREFIX    ?= /usr/local
BIN       := .build/debug/listedit
RELEASE   := .build/release/listedit
# Release builds link the Swift runtime and Foundation statically: the installed binary runs
# without a Swift toolchain, and starts faster (no dynamic loading of a dozen Swift libraries, no
# calls through the PLT; the first screen of a 10^6-row file came 18% sooner, docs/benchmarks.md).
RELEASE_BUILD := $(SWIFT) build -c release --static-swift-stdlib

.PHONY: all build run test generated soak docs check test-sanitize fuzz fuzz-smoke bench bench-smoke bench-plots screenshots install uninstall test-install clean deps

all: build

# Checks what the build needs and says which package provides what is missing.
deps:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "error: the Swift toolchain (6.2 or newer) is not on PATH; see https://www.swift.org/install/"; exit 1; }
	@command -v pkg-config >/dev/null 2>&1 || { echo "error: pkg-config is missing: install it with 'apt-get install pkg-config'"; exit 1; }
	@pkg-config --exists ncursesw || { echo "error: the ncursesw headers are missing: install them with 'apt-get install libncurses-dev'"; exit 1; }

build: deps
	$(SWIFT) build

# Builds and opens the built-in example list.
run: build
	$(BIN)

# Builds and runs every test: unit, golden-screen and end-to-end (tmux) tests, as four processes
# at once (Scripts/test-shards.sh: the editor's tests are main-actor bound, one at a time within a
# process, and the end-to-end tests mostly wait; the other processes keep the cores busy).
test: deps generated
	@command -v tmux >/dev/null 2>&1 || { echo "error: tmux is missing (the end-to-end tests drive the real binary in it): install it with 'apt-get install tmux'"; exit 1; }
	$(SWIFT) build --build-tests
	Scripts/test-shards.sh $(SWIFT)

# The generated sources are what their scripts write from the data they are made of (run by
# `make test`): the entity table from the HTML5 list checked in (Scripts/data/entities.json), the
# width tables from the Unicode Character Database of Python and Perl. A difference is a table
# edited by hand or a script changed without running it: run the command it prints.
GENERATED := Sources/ListDocument/Markdown/MarkdownEntities.swift=python3:Scripts/generate-entities.py \
    Sources/TerminalUI/WideRanges.swift=python3:Scripts/generate-width-table.py \
    Sources/TerminalUI/PictographicRanges.swift=perl:Scripts/generate-pictographic-table.pl
generated:
	@mkdir -p .build
	@for g in $(GENERATED); do \
	    file=$${g%%=*}; run=$${g#*=}; tool=$${run%%:*}; script=$${run#*:}; \
	    $$tool $$script > .build/generated.swift || exit 1; \
	    cmp -s .build/generated.swift $$file || { echo "error: $$file is not what $$script writes; run: $$tool $$script > $$file"; \
	        diff .build/generated.swift $$file | head -20; exit 1; }; \
	done
	@echo "generated sources: up to date"

# The model-based tests of the whole editor and of `listedit apply` (EditorSessionTests: random
# sessions of keys over the real editor on real-shaped files; ApplySessionTests: random batches;
# each save checked against the table, cmark-gfm, the numbers and the bytes no edit touched;
# docs/reliability.md) for SOAK_MINUTES minutes (default 10, half each), with fresh seeds. Each
# prints its seed (SOAK_SEED=n runs the same sessions again), each failure shrunk to a regression
# test, and the steps (batches) per second at the end. `make test` runs 11,200 editor steps and
# 1,200 batches of them.
SOAK_MINUTES ?= 10
soak: deps
	$(SWIFT) build --build-tests
	LISTEDIT_SOAK_MINUTES=$(SOAK_MINUTES) $(if $(SOAK_SEED),LISTEDIT_SOAK_SEED=$(SOAK_SEED)) \
	    $(SWIFT) test --skip-build --filter 'EditorSessionTests/soak|ApplySessionTests/soak'

# The DocC catalogs (Sources/<Module>/<Module>.docc) built with swift-docc-plugin into
# .build/plugins/Swift-DocC/outputs/<Module>.doccarchive. Fails when a public symbol has no doc
# comment or DocC warns (an undocumented parameter, a broken link): Scripts/doc-coverage.py lists
# them as file:line; Scripts/doc-coverage-allow.txt holds the few left out on purpose.
DOC_MODULES := TableKit ListStorage KeyBindings TableRendering TerminalUI ListDocument TableHost
DOC_CHECK   := python3 Scripts/doc-coverage.py --allow Scripts/doc-coverage-allow.txt
docs: deps
	$(SWIFT) package dump-symbol-graph --skip-synthesized-members >/dev/null
	$(DOC_CHECK) $$(dirname $$($(SWIFT) build --show-bin-path))/symbolgraph $(DOC_MODULES)
	@mkdir -p .build/docs
	@for m in $(DOC_MODULES); do \
	    $(SWIFT) package generate-documentation --target $$m \
	        --diagnostics-file $(CURDIR)/.build/docs/$$m-diagnostics.json || exit 1; \
	done
	$(DOC_CHECK) --diagnostics $(DOC_MODULES:%=.build/docs/%-diagnostics.json)
	@echo "documentation: $(DOC_MODULES:%=.build/plugins/Swift-DocC/outputs/%.doccarchive)"

# What CI runs (`make test`) and the heavier checks beside it: install and uninstall, a tiny run
# of every benchmark, 20 seconds of the fuzzer, the documentation. Run before resolving an issue (three more builds).
check: test test-install bench-smoke fuzz-smoke docs

# Benchmarks in release mode: in-process figures, then process-level ones beside vim; each on
# the simple `# Title` / `- item` list and on real-shaped Markdown (--real); then opening at any
# size (--scale: 10^3, 10^6 and 10^7 items, save beside dd conv=fsync); `listedit merge` of two
# sides with 1% of 10^6 rows changed each, beside git merge-file (Scripts/bench-merge.py).
bench: deps
	$(RELEASE_BUILD) --product listedit
	$(RELEASE_BUILD) --product listedit-bench
	.build/release/listedit-bench
	.build/release/listedit-bench --real --sizes 1000,1000000
	python3 Scripts/bench.py $(RELEASE)
	python3 Scripts/bench.py $(RELEASE) --real
	python3 Scripts/bench.py $(RELEASE) --scale
	python3 Scripts/bench-merge.py $(RELEASE)

# A tiny run of every benchmark, so they cannot rot (`make check` runs it).
bench-smoke: deps
	$(RELEASE_BUILD) --product listedit
	$(RELEASE_BUILD) --product listedit-bench
	.build/release/listedit-bench --sizes 1000 --runs 1
	.build/release/listedit-bench --real --sizes 1000 --runs 1
	python3 Scripts/bench.py $(RELEASE) --smoke
	python3 Scripts/bench.py $(RELEASE) --smoke --real
	python3 Scripts/bench-merge.py $(RELEASE) --smoke

# The pictures in the README and docs/ (committed; CI does not regenerate them). The tools come
# from Debian and are installed here when missing (Scripts/need-tools.sh), never by .ci/run.
PY := /usr/bin/python3
SHOT_TOOLS := tmux=tmux py:PIL=python3-pil py:fontTools=python3-fonttools convert=imagemagick \
    /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf=fonts-dejavu-core \
    /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc=fonts-noto-cjk \
    /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf=fonts-noto-color-emoji

# The release binary in tmux, driven by Scripts/shots.json, rendered to docs/images/ (PNG, GIF).
# Each capture must equal its golden screen (LISTEDIT_RECORD=1 re-records them instead) and hold
# still; docs/images/shots.sha256 records the goldens and pictures drawn (ScreenshotTests checks it).
screenshots: deps
	@Scripts/need-tools.sh $(SHOT_TOOLS)
	$(RELEASE_BUILD) --product listedit
	$(PY) Scripts/screenshots.py $(RELEASE)

# Plots of docs/bench/results.json (docs/images/bench-*.png). RUN=1, or no saved results, runs the
# benchmarks first (10^3..10^7 rows, beside vim in tmux; about 15 minutes on an idle 2-core machine).
BENCH_DATA := docs/bench/results.json
bench-plots: deps
	@Scripts/need-tools.sh py:matplotlib=python3-matplotlib
	@if [ "$(RUN)" = 1 ] || [ ! -f $(BENCH_DATA) ]; then \
	    Scripts/need-tools.sh tmux=tmux vim=vim && \
	    $(RELEASE_BUILD) --product listedit && \
	    $(RELEASE_BUILD) --product listedit-bench && \
	    $(PY) Scripts/bench-plots.py --run $(RELEASE) .build/release/listedit-bench; \
	else $(PY) Scripts/bench-plots.py; fi

# Every test under the address sanitizer, then under the thread sanitizer (own build folders).
test-sanitize: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp $(SWIFT) test --scratch-path .build-asan --sanitize=address
	$(SWIFT) test --scratch-path .build-tsan --sanitize=thread

# libFuzzer over the three file parsers and the `apply` decoder (Fuzz/FuzzEntry.swift), with
# the address sanitizer. `make fuzz` runs 10 minutes; `make fuzz-smoke` 20 seconds (`make check`). Swift's
# own crash backtracer is off: under ASan it trips over its own stack reads and hides the
# harness's fatal error behind a bogus report.
FUZZ_BIN := .build-fuzz/listedit-fuzz
# One combined -sanitize= flag: given twice, the Swift driver keeps only the last one, and the
# libraries would get no coverage instrumentation (libFuzzer would then fuzz blind).
$(FUZZ_BIN): Fuzz/FuzzEntry.swift Makefile $(wildcard Sources/ListDocument/*.swift Sources/ListDocument/Markdown/*.swift Sources/ListStorage/*.swift Sources/TableKit/*.swift)
	$(SWIFT) build --scratch-path .build-fuzz --target ListDocument -Xswiftc -sanitize=fuzzer,address
	swiftc -sanitize=fuzzer,address -parse-as-library Fuzz/FuzzEntry.swift -I .build-fuzz/debug/Modules \
	    -Xcc -fmodule-map-file=.build-fuzz/checkouts/swift-system/Sources/CSystem/include/module.modulemap \
	    -Xcc -fmodule-map-file=.build-fuzz/checkouts/swift-numerics/Sources/_NumericsShims/include/module.modulemap \
	    .build-fuzz/debug/ListDocument.build/*.o .build-fuzz/debug/ListStorage.build/*.o .build-fuzz/debug/TableKit.build/*.o \
	    .build-fuzz/debug/SystemPackage.build/*.o .build-fuzz/debug/CSystem.build/*.o \
	    .build-fuzz/debug/Algorithms.build/*.o .build-fuzz/debug/RealModule.build/*.o \
	    .build-fuzz/debug/_NumericsShims.build/*.o -o $@ 2>&1 | grep -v "Cannot export local symbol" || true
	test -x $@
	@counters=$$(SWIFT_BACKTRACE=enable=no $@ -runs=0 2>&1 | sed -n 's/.*(\([0-9]*\) inline 8-bit counters).*/\1/p'); \
	if [ "$${counters:-0}" -lt 5000 ]; then \
	    echo "error: $@ has $${counters:-0} coverage counters; the libraries were built without -sanitize=fuzzer"; \
	    rm -f $@; exit 1; fi; \
	echo "$@: $$counters coverage counters"

fuzz: deps $(FUZZ_BIN)
	mkdir -p .build-fuzz/corpus && cp -n Fuzz/corpus/* .build-fuzz/corpus/ || true
	SWIFT_BACKTRACE=enable=no $(FUZZ_BIN) -max_total_time=600 -timeout=10 .build-fuzz/corpus

fuzz-smoke: deps $(FUZZ_BIN)
	mkdir -p .build-fuzz/corpus && cp -n Fuzz/corpus/* .build-fuzz/corpus/ || true
	SWIFT_BACKTRACE=enable=no $(FUZZ_BIN) -max_total_time=20 -timeout=10 .build-fuzz/corpus

# Shell completions, generated by swift-argument-parser (`listedit --generate-completion-script
# SHELL`), where bash-completion, zsh and fish look for them under the prefix.
BASH_COMPLETION := share/bash-completion/completions/listedit
ZSH_COMPLETION  := share/zsh/site-functions/_listedit
FISH_COMPLETION := share/fish/vendor_completions.d/listedit.fish
INSTALLED := bin/listedit share/man/man1/listedit.1 $(BASH_COMPLETION) $(ZSH_COMPLETION) $(FISH_COMPLETION)

install: deps
	$(RELEASE_BUILD) --product listedit
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/$(dir $(BASH_COMPLETION)) \
	    $(DESTDIR)$(PREFIX)/$(dir $(ZSH_COMPLETION)) $(DESTDIR)$(PREFIX)/$(dir $(FISH_COMPLETION))
	install -s -m 755 $(RELEASE) $(DESTDIR)$(PREFIX)/bin/listedit
	install -m 644 docs/listedit.1 $(DESTDIR)$(PREFIX)/share/man/man1/listedit.1
	$(RELEASE) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/$(BASH_COMPLETION)
	$(RELEASE) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/$(ZSH_COMPLETION)
	$(RELEASE) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/$(FISH_COMPLETION)
	chmod 644 $(DESTDIR)$(PREFIX)/$(BASH_COMPLETION) $(DESTDIR)$(PREFIX)/$(ZSH_COMPLETION) $(DESTDIR)$(PREFIX)/$(FISH_COMPLETION)

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED))

# Installs into a scratch DESTDIR and prefix, checks what landed (the binary runs, each shell's
# completion script names listedit, and a shell reads it: bash and zsh parse it), and
# uninstalls (`make check` runs it).
test-install:
	@dir=$$(mktemp -d) && prefix=/opt/listedit-test && root=$$dir$$prefix && \
	$(MAKE) --no-print-directory install DESTDIR=$$dir PREFIX=$$prefix >/dev/null && \
	for f in $(INSTALLED); do test -s $$root/$$f || { echo "error: make install did not install $$f"; exit 1; }; done && \
	$$root/bin/listedit --version && \
	grep -q listedit $$root/$(BASH_COMPLETION) && bash -n $$root/$(BASH_COMPLETION) && \
	grep -q '#compdef listedit' $$root/$(ZSH_COMPLETION) && { ! command -v zsh >/dev/null || zsh -n $$root/$(ZSH_COMPLETION); } && \
	grep -q "complete -c 'listedit'" $$root/$(FISH_COMPLETION) && \
	$(MAKE) --no-print-directory uninstall DESTDIR=$$dir PREFIX=$$prefix >/dev/null && \
	for f in $(INSTALLED); do test ! -e $$root/$$f || { echo "error: make uninstall left $$f"; exit 1; }; done && \
	rm -rf $$dir && echo "install and uninstall (binary, man page, bash, zsh and fish completions): ok"

clean:
	rm -rf .build
