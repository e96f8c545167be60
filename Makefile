# The two commands of the README: `make demo` and `make test`.
SWIFT ?= swift
BIN := .build/debug/qrauth
PREFIX ?= /usr/local
CONFIG ?= release
MAN_OUT := .build/plugins/GenerateManual/outputs/qrauth

.PHONY: deps build demo test lint format clean install uninstall install-check

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
	$(MAKE) install-check

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

format:
	$(SWIFT) format format --in-place --recursive Sources Tests Package.swift

# The binary, its man page (ArgumentParser's generate-manual plugin) and bash/zsh/fish completions
# under $(DESTDIR)$(PREFIX); CONFIG=debug reuses a debug build.
install: deps
	$(SWIFT) build -c $(CONFIG) --product qrauth
	$(SWIFT) package plugin generate-manual --configuration $(CONFIG)
	@scripts/install.sh "$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/qrauth" "$(MAN_OUT)/qrauth.1" "$(DESTDIR)$(PREFIX)"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/qrauth" "$(DESTDIR)$(PREFIX)/share/man/man1/qrauth.1" \
	    "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/qrauth" \
	    "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_qrauth" \
	    "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/qrauth.fish"

# Installs the debug build into a temporary prefix and checks every file arrived and works.
install-check:
	@scripts/install-check.sh

clean:
	rm -rf .build
