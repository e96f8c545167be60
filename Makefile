# The two commands of the README: `make demo` and `make test`.
SWIFT ?= swift
BIN := .build/debug/qrauth

.PHONY: deps build demo test lint format clean

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

clean:
	rm -rf .build
