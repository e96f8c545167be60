# The two commands of the README: `make demo` and `make test`.
SWIFT ?= swift
PREFIX ?= /usr/local
CONFIG ?= release
MAN_OUT := .build/plugins/GenerateManual/outputs/qrauth

.PHONY: deps build demo test docs samples lint format clean install uninstall install-check reliability fuzz-smoke sanitize \
	bench-smoke dist dist-check fresh-check

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

# The tour of every user story on a release build (the binary `make install` installs): a ✓/✗ line per
# step, exit 0 only when every step held.
demo: deps
	$(SWIFT) build -c release --product qrauth
	@scripts/demo.sh "$$($(SWIFT) build -c release --show-bin-path)/qrauth"

# scripts/test.sh runs the whole suite in one `swift test --skip-build` and ends with one `N passed, M failed`, which is
# also make test's last line.
test: deps
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/test.sh
	$(MAKE) lint
	$(MAKE) install-check
	$(MAKE) docs
	$(MAKE) samples
	# Every benchmark script once with a tiny duration (debug builds: it checks they run, not their figures).
	$(MAKE) bench-smoke
	# Every fuzz target briefly, with a fixed seed (the mutations are the same every run; a red CI
	# is then the code, not the dice). Builds Fuzz/ with ASan in .build-fuzz: a few minutes cold.
	$(MAKE) fuzz-smoke FUZZ_SECONDS=10 FUZZ_SEED=1
	@echo "steps: build, swift test, lint, install-check, docs, samples, bench-smoke, fuzz-smoke"
	@cat .build/test-summary

# Every script in scripts/ that benchmarks, run once as documented with a tiny duration or corpus
# (scripts/bench-smoke.sh; needs `scripts/install-deps.sh --bench`). Seconds per script once the benchmarks'
# debug build in .build-bench exists.
bench-smoke:
	@scripts/install-deps.sh --bench
	scripts/bench-smoke.sh

# Samples/custom-endpoint built against the library (scratch .build-samples) and run against a `qrauth serve`
# the script starts: the README's plain signed and encrypted echoes (needs the debug build).
samples:
	SWIFT=$(SWIFT) scripts/samples-check.sh

# The DocC catalogues of the library modules, warnings as errors, and every Swift snippet in them and
# in docs/*.md compiled against the library products in a side package (needs the debug build first:
# `swift build --build-tests`).
docs:
	SWIFT=$(SWIFT) scripts/docs-check.sh
	SWIFT=$(SWIFT) scripts/doc-snippets.sh

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift
	@scripts/foundation-check.sh

format:
	$(SWIFT) format format --in-place --recursive Sources Tests Package.swift

# The binary, its man page (ArgumentParser's generate-manual plugin) and bash/zsh/fish completions
# under $(DESTDIR)$(PREFIX); CONFIG=debug reuses a debug build.
install: deps
	$(SWIFT) build -c $(CONFIG) --product qrauth
	$(SWIFT) package plugin generate-manual --configuration $(CONFIG)
	@bin="$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/qrauth"; \
		scripts/man-page.sh "$$bin" "$(MAN_OUT)/qrauth.1" .build/qrauth.1 && \
		scripts/install.sh "$$bin" .build/qrauth.1 "$(DESTDIR)$(PREFIX)"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/qrauth" "$(DESTDIR)$(PREFIX)/share/man/man1/qrauth.1" \
	    "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/qrauth" \
	    "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_qrauth" \
	    "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/qrauth.fish"

# Release artifacts for Linux x86_64 in $(DIST)/ (scripts/dist.sh): a tarball with the self-contained binary
# (static Swift standard library, stripped), the man page and completions; a Debian package whose Depends: are
# the packages of the shared libraries the binary needs; SHA256SUMS. The man page comes from ArgumentParser's
# generate-manual tool run on that binary (the plugin would build the package in release a second time, without
# the static standard library), dated with the last commit.
DIST ?= dist
dist: deps
	$(SWIFT) build -c release --static-swift-stdlib --product qrauth
	$(SWIFT) build --product generate-manual
	@bin="$$($(SWIFT) build -c release --show-bin-path)/qrauth"; \
		tool="$$($(SWIFT) build --show-bin-path)/generate-manual"; \
		rm -rf .build/dist-man && mkdir -p .build/dist-man && \
		"$$tool" "$$bin" --date "$$(git log -1 --format=%cs 2>/dev/null || date -u +%F)" --output-directory .build/dist-man && \
		scripts/man-page.sh "$$bin" .build/dist-man/qrauth.1 .build/qrauth.1 && \
		scripts/dist.sh "$$bin" .build/qrauth.1 "$(DIST)"

# The .deb of `make dist` in a fresh minimal Debian 12 root (debootstrap, no Swift toolchain): installed with
# apt-get, then README.md's offline round trip and the release-pipeline gate run with it. Needs root.
dist-check:
	@scripts/fresh-root.sh deb "$(DIST)"

# The README's two commands, `make demo` and `make test`, in a fresh minimal Debian 12 root with this machine's
# Swift toolchain mounted (/opt/swift, or SWIFT_ROOT): what a new user's machine needs beyond Swift. Needs root;
# slow (both commands from cold).
fresh-check:
	@scripts/fresh-root.sh toolchain

# Installs the debug build into a temporary prefix and checks every file arrived and works.
install-check:
	@scripts/install-check.sh

# Issue 14's harness. `reliability`: the bad-input catalogue, hundreds of SIGKILLs per kind of state
# (QRAUTH_CRASH_KILLS), a 10 000-operation serve soak (QRAUTH_SOAK_OPERATIONS) and the escaping test.
CRASH_KILLS ?= 300
SOAK_OPERATIONS ?= 10000
reliability: deps
	$(SWIFT) build --build-tests
	QRAUTH_CRASH_KILLS=$(CRASH_KILLS) QRAUTH_SOAK_OPERATIONS=$(SOAK_OPERATIONS) $(SWIFT) test --skip-build \
		--filter 'BadInputCatalogueTests|CrashSafetyTests|TerminalEscapingTests|StateJournalTests'

# Every Fuzz/ target for FUZZ_SECONDS each, one at a time (2 shared cores); a crash, a leak or a
# timeout fails the run and leaves .build-fuzz/crash-* (leak-*, timeout-*) to turn into a unit test.
# FUZZ_SEED=0 draws a new seed every run; `make test` fixes it. Fuzz/lsan.supp lists the one-time
# allocations of globals that LeakSanitizer cannot see as reachable (and why).
FUZZ_SECONDS ?= 20
FUZZ_SEED ?= 0
FUZZ_TARGETS := FuzzOfflineOperation:offline-operation FuzzPAC:pac FuzzPowerAuthParsers:powerauth-parsers FuzzE2EE:e2ee \
	FuzzP256Parsers:p256-parsers FuzzFingerprintLists:fingerprint-lists FuzzImageDecoder:image-decoder \
	FuzzPNGDirect:png-direct FuzzInflate:inflate
fuzz-smoke:
	cd Fuzz && $(SWIFT) build -c debug --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --scratch-path ../.build-fuzz
	@for pair in $(FUZZ_TARGETS); do \
		target=$${pair%%:*}; corpus=$${pair##*:}; \
		mkdir -p .build-fuzz/corpus/$$corpus; \
		echo "== $$target ($(FUZZ_SECONDS) s, seeds Fuzz/Corpus/$$corpus)"; \
		SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan.supp \
			.build-fuzz/debug/$$target -max_total_time=$(FUZZ_SECONDS) -seed=$(FUZZ_SEED) -max_len=4096 \
			-artifact_prefix=.build-fuzz/ .build-fuzz/corpus/$$corpus Fuzz/Corpus/$$corpus || exit 1; \
	done

# The test suite under AddressSanitizer and ThreadSanitizer (separate scratch paths: slow, big).
# LeakSanitizer is off by default: at exit it reports the test process's own statics (fixtures,
# CLIRunner buffers) and Data that Swift Testing keeps from expectations, none from Sources/; run
# with ASAN_OPTIONS= to see them.
ASAN_OPTIONS ?= detect_leaks=0
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=$(ASAN_OPTIONS) $(SWIFT) test --sanitize=address --scratch-path .build-asan --skip-build
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --skip-build

clean:
	rm -rf .build $(DIST)
