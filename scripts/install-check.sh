#!/usr/bin/env bash
# `make install` into a temporary prefix with the debug build, then checks what arrived: the binary
# runs, the man page renders and names every command group, each completion script loads.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
make --no-print-directory install CONFIG=debug PREFIX="$prefix" > "$prefix.log" 2>&1 || {
    cat "$prefix.log" >&2; rm -f "$prefix.log"; echo "install-check: make install failed" >&2; exit 1; }
rm -f "$prefix.log"
fail() { echo "install-check: $*" >&2; exit 1; }
"$prefix/bin/qrauth" version > /dev/null || fail "the installed binary does not run"
man=$prefix/share/man/man1/qrauth.1
for group in scan qr operation pac activation code pins sync serve version; do
    grep -qx "\.It Em $group" "$man" || fail "the man page has no entry for '$group'"
done
head -c 200 "$man" | grep '^\.Dd\|^\.TH\|^\.\\"' >/dev/null || fail "the man page is not troff"
# EXIT STATUS is README.md's table (scripts/man-page.sh), not the generic `.Ex -std`.
grep -q '^\.Sh "EXIT STATUS"' "$man" && grep -qx '\.It Sy 64' "$man" && ! grep -q '^\.Ex' "$man" ||
    fail "the man page's EXIT STATUS is not qrauth's table of codes"
grep -q 'QR version 1 to 40' "$man" || fail "the man page lost characters of the help text"
bash -c "source '$prefix/share/bash-completion/completions/qrauth' && complete -p qrauth" > /dev/null \
    || fail "the bash completion does not register"
grep -q '^#compdef qrauth' "$prefix/share/zsh/site-functions/_qrauth" || fail "the zsh completion has no #compdef"
grep -q "^complete -c 'qrauth'" "$prefix/share/fish/vendor_completions.d/qrauth.fish" || fail "the fish completion is empty"
echo "install-check: ok (binary, man page, bash/zsh/fish completions)"
