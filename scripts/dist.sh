#!/usr/bin/env bash
# The release artifacts of `make dist`, for Linux x86_64, from a release binary linked with
# --static-swift-stdlib and the generated man page:
#   dist.sh BINARY MANPAGE OUTDIR
# OUTDIR gets
#   qrauth-VERSION-linux-x86_64.tar.gz   bin/qrauth (stripped), share/man/man1/qrauth.1, bash/zsh/fish
#                                        completions under share/, README.md, CHANGELOG.md, LICENSE
#   qrauth_VERSION_amd64.deb             the same files at Debian's paths; Depends: the packages of the
#                                        shared libraries the binary needs (its ELF NEEDED entries, found
#                                        with dpkg -S), nothing else
#   SHA256SUMS                           sha256sum of both, checkable with `sha256sum -c SHA256SUMS`
# VERSION is what the binary's `qrauth version` prints (Sources/qrauth/QRAuth.swift, the one place).
set -euo pipefail
binary=$1 manpage=$2 out=$3
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "dist: $*" >&2; exit 1; }
[ -x "$binary" ] || fail "no built qrauth at $binary"
[ -f "$manpage" ] || fail "no man page at $manpage"
for tool in dpkg-deb dpkg objdump strip sha256sum; do
    command -v "$tool" >/dev/null || fail "needs $tool (binutils, dpkg)"
done
[ "$(uname -m)" = x86_64 ] || fail "builds the linux-x86_64 artifacts only (this is $(uname -m))"

version=$("$binary" version --json | sed -n 's/^ *"qrauth" *: *"\([^"]*\)".*/\1/p')
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "'$binary version --json' gave no X.Y.Z version ('$version')"
grep -Eq "^## (Unreleased \($version\)|$version \()" "$root/CHANGELOG.md" ||
    fail "CHANGELOG.md has no section for $version"

# The Swift runtime must be inside the binary: a libswift*.so among its NEEDED would need the toolchain.
needed=$(objdump -p "$binary" | awk '$1 == "NEEDED" { print $2 }')
if grep -q '^libswift\|^libFoundation\|^libdispatch\|^libBlocksRuntime' <<<"$needed"; then
    fail "the binary needs the Swift runtime ($(grep '^libswift\|^libFoundation' <<<"$needed" | sed -n 1,3p | tr '\n' ' ')): build it with --static-swift-stdlib"
fi

# Each NEEDED library → the file the dynamic linker would load (ldconfig's cache) → the package that owns it.
packages=()
for library in $needed; do
    # awk reads the whole cache (no early exit): under pipefail an early exit can kill ldconfig with
    # SIGPIPE and fail the script with 141, as it did on CI.
    path=$(ldconfig -p | awk -v lib="$library" '!found && $1 == lib && /x86-64/ { print $NF; found = 1 }')
    [ -n "$path" ] || fail "no $library in the linker cache"
    owner=$(dpkg -S "$path" 2>/dev/null || dpkg -S "$(readlink -f "$path")" 2>/dev/null) ||
        fail "no Debian package owns $path ($library)"
    packages+=("${owner%%:*}")
done
depends=$(printf '%s\n' "${packages[@]}" | sort -u | paste -sd, - | sed 's/,/, /g')

stage=$(mktemp -d "${TMPDIR:-/tmp}/qrauth-dist.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$out"

# The stripped binary, then the completions it prints and the man page.
strip --strip-all -o "$stage/qrauth" "$binary"
chmod 0755 "$stage/qrauth"
"$stage/qrauth" --generate-completion-script bash > "$stage/qrauth.bash"
"$stage/qrauth" --generate-completion-script zsh > "$stage/_qrauth"
"$stage/qrauth" --generate-completion-script fish > "$stage/qrauth.fish"

# The tarball: an install prefix (copy bin/ and share/ to /usr/local, or run from bin/ as it is).
name=qrauth-$version-linux-x86_64
tree=$stage/$name
install -D -m 0755 "$stage/qrauth" "$tree/bin/qrauth"
install -D -m 0644 "$manpage" "$tree/share/man/man1/qrauth.1"
install -D -m 0644 "$stage/qrauth.bash" "$tree/share/bash-completion/completions/qrauth"
install -D -m 0644 "$stage/_qrauth" "$tree/share/zsh/site-functions/_qrauth"
install -D -m 0644 "$stage/qrauth.fish" "$tree/share/fish/vendor_completions.d/qrauth.fish"
install -m 0644 "$root/README.md" "$root/CHANGELOG.md" "$root/LICENSE" "$tree/"
# Reproducible archive: sorted names, root-owned, mtimes of the newest commit (or the CHANGELOG).
epoch=$(git -C "$root" log -1 --format=%ct 2>/dev/null || stat -c %Y "$root/CHANGELOG.md")
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$stage" -cf - "$name" |
    gzip -n -9 > "$out/$name.tar.gz"

# The Debian package.
deb=$stage/deb
install -D -m 0755 "$stage/qrauth" "$deb/usr/bin/qrauth"
install -d "$deb/usr/share/man/man1"
gzip -n -9 -c "$manpage" > "$deb/usr/share/man/man1/qrauth.1.gz"
install -D -m 0644 "$stage/qrauth.bash" "$deb/usr/share/bash-completion/completions/qrauth"
install -D -m 0644 "$stage/_qrauth" "$deb/usr/share/zsh/vendor-completions/_qrauth"
install -D -m 0644 "$stage/qrauth.fish" "$deb/usr/share/fish/vendor_completions.d/qrauth.fish"
install -d "$deb/usr/share/doc/qrauth"
gzip -n -9 -c "$root/CHANGELOG.md" > "$deb/usr/share/doc/qrauth/changelog.gz"
{
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: qrauth"
    echo
    echo "Files: *"
    echo "License: Apache-2.0"
    echo " On Debian systems the full text is in /usr/share/common-licenses/Apache-2.0."
} > "$deb/usr/share/doc/qrauth/copyright"
chmod 0644 "$deb/usr/share/doc/qrauth/"*
installed_kib=$(du -sk "$deb/usr" | cut -f1)
install -d "$deb/DEBIAN"
cat > "$deb/DEBIAN/control" <<CONTROL
Package: qrauth
Version: $version
Architecture: amd64
Maintainer: qrauth maintainers <qrauth@localhost>
Installed-Size: $installed_kib
Depends: $depends
Section: utils
Priority: optional
Description: offline QR approval, fingerprint lists and online operations for Wultra Mobile Token
 qrauth acts as a Wultra Mobile Token / PowerAuth device without a phone: it reads offline operation
 QR codes and computes the approval codes a bank expects, signs, lints and verifies SSL-pinning
 fingerprint lists for release pipelines, approves online operations, and serves a local emulator of
 the enrollment server and back office.
CONTROL
find "$deb" -type d -exec chmod 0755 {} +
dpkg-deb --root-owner-group -Zxz --build "$deb" "$out/qrauth_${version}_amd64.deb" >/dev/null

(cd "$out" && sha256sum "$name.tar.gz" "qrauth_${version}_amd64.deb" > SHA256SUMS)
echo "dist: qrauth $version for linux-x86_64 in $out"
echo "  $name.tar.gz ($(du -h "$out/$name.tar.gz" | cut -f1)); binary $(stat -c %s "$stage/qrauth") bytes stripped, $(stat -c %s "$binary") before"
echo "  qrauth_${version}_amd64.deb ($(du -h "$out/qrauth_${version}_amd64.deb" | cut -f1)); Depends: $depends"
echo "  SHA256SUMS"
