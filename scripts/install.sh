#!/usr/bin/env bash
# Installs qrauth: install.sh BINARY MANPAGE PREFIX
# PREFIX/bin/qrauth, PREFIX/share/man/man1/qrauth.1 and shell completions for bash, zsh and fish.
set -euo pipefail
binary=$1 manpage=$2 prefix=$3
[ -x "$binary" ] || { echo "install: no built qrauth at $binary" >&2; exit 1; }
[ -f "$manpage" ] || { echo "install: no man page at $manpage" >&2; exit 1; }
install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 0755 "$binary" "$prefix/bin/qrauth"
install -m 0644 "$manpage" "$prefix/share/man/man1/qrauth.1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$binary" --generate-completion-script bash > "$tmp/qrauth"
"$binary" --generate-completion-script zsh > "$tmp/_qrauth"
"$binary" --generate-completion-script fish > "$tmp/qrauth.fish"
install -m 0644 "$tmp/qrauth" "$prefix/share/bash-completion/completions/qrauth"
install -m 0644 "$tmp/_qrauth" "$prefix/share/zsh/site-functions/_qrauth"
install -m 0644 "$tmp/qrauth.fish" "$prefix/share/fish/vendor_completions.d/qrauth.fish"
cat <<MSG
installed:
  $prefix/bin/qrauth
  $prefix/share/man/man1/qrauth.1                       (man qrauth)
  $prefix/share/bash-completion/completions/qrauth      (bash, loaded on demand)
  $prefix/share/zsh/site-functions/_qrauth              (zsh: this folder must be on \$fpath)
  $prefix/share/fish/vendor_completions.d/qrauth.fish   (fish)
MSG
