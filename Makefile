# The two commands of the README: `make demo` and `make test`.
SWIFT ?= swift
BIN := .build/debug/qrauth

.PHONY: deps build demo test lint format clean reliability fuzz-smoke sanitize

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

demo: build
	@scripts/demo.sh $(BIN)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) lint

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

format:
	$(SWIFT) format format --in-place --recursive Sources Tests Package.swift

# Issue 14's harness. `reliability`: the bad-input catalogue, hundreds of SIGKILLs per kind of state
# (QRAUTH_CRASH_KILLS), a 10 000-operation serve soak (QRAUTH_SOAK_OPERATIONS) and the escaping test.
CRASH_KILLS ?= 300
SOAK_OPERATIONS ?= 10000
reliability: deps
	$(SWIFT) build --build-tests
	QRAUTH_CRASH_KILLS=$(CRASH_KILLS) QRAUTH_SOAK_OPERATIONS=$(SOAK_OPERATIONS) $(SWIFT) test --skip-build \
		--filter 'BadInputCatalogueTests|CrashSafetyTests|TerminalEscapingTests|StateJournalTests'

# Every Fuzz/ target for FUZZ_SECONDS each, one at a time (2 shared cores); a crash fails the run
# and leaves .build-fuzz/crash-* to turn into a unit test.
FUZZ_SECONDS ?= 20
FUZZ_TARGETS := FuzzOfflineOperation:offline-operation FuzzPAC:pac FuzzPowerAuthParsers:powerauth-parsers \
	FuzzP256Parsers:p256-parsers FuzzFingerprintLists:fingerprint-lists FuzzImageDecoder:image-decoder \
	FuzzPNGDirect:png-direct
fuzz-smoke:
	cd Fuzz && $(SWIFT) build -c debug --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --scratch-path ../.build-fuzz
	@for pair in $(FUZZ_TARGETS); do \
		target=$${pair%%:*}; corpus=$${pair##*:}; \
		mkdir -p .build-fuzz/corpus/$$corpus; \
		echo "== $$target ($(FUZZ_SECONDS) s, seeds Fuzz/Corpus/$$corpus)"; \
		SWIFT_BACKTRACE=enable=no .build-fuzz/debug/$$target -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
			-artifact_prefix=.build-fuzz/ .build-fuzz/corpus/$$corpus Fuzz/Corpus/$$corpus || exit 1; \
	done

# The test suite under AddressSanitizer and ThreadSanitizer (separate scratch paths: slow, big).
sanitize: deps
	$(SWIFT) test --sanitize=address --scratch-path .build-asan
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan

clean:
	rm -rf .build
