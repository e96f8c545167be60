#!/usr/bin/env bash
# Checks qrauth on a really fresh machine: a minimal Debian 12 root (`debootstrap --variant=minbase
# bookworm`, from the Debian mirror this machine's apt already uses), entered with chroot. Needs root.
#
#   fresh-root.sh deb DIST_DIR    `make dist-check`: installs DIST_DIR/qrauth_*.deb with
#                                 `apt-get install ./qrauth_*.deb` (no Swift toolchain in the root), then
#                                 runs with the installed binary README.md's offline round trip and the
#                                 release-pipeline sample's pin-list gate (a good list passes, a tampered
#                                 one fails with exit 1), then README.md's install-tarball block
#   fresh-root.sh toolchain       `make fresh-check`: the host's Swift toolchain (/opt/swift, or
#                                 SWIFT_ROOT) mounted read-only, Swift's own Debian 12 prerequisites and
#                                 make installed, then the README's two commands, `make demo` and
#                                 `make test`, in a copy of this clone (the committed files)
#
# The debootstrapped base is kept as a tarball under /tmp/qrauth-fresh-root-cache (nothing outside the
# clone is cached anywhere else); every check unpacks a new root from it and removes it afterwards.
# FRESH_ROOT_MIRROR names the mirror when /etc/apt/sources.list* has no Debian bookworm entry.
set -euo pipefail
mode=${1:-}
repo=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "fresh-root: $*" >&2; exit 1; }
step() { printf '== %s (%ss)\n' "$1" "$((SECONDS - started))"; }
started=$SECONDS
[ "$(id -u)" -eq 0 ] || fail "needs root (debootstrap, chroot, mount)"
case $mode in
    deb) dist=${2:-} && [ -d "$dist" ] || fail "usage: fresh-root.sh deb DIST_DIR" ;;
    toolchain) ;;
    *) fail "usage: fresh-root.sh deb DIST_DIR | toolchain" ;;
esac

# The Debian mirror apt uses here: the first deb entry (one-line or deb822) for bookworm's main component.
mirror=${FRESH_ROOT_MIRROR:-$(python3 - /etc/apt/sources.list /etc/apt/sources.list.d/* <<'PY'
import sys
for path in sys.argv[1:]:
    try:
        text = open(path, encoding="utf-8").read()
    except OSError:
        continue
    if path.endswith(".sources"):
        for stanza in text.split("\n\n"):
            fields = {}
            for line in stanza.splitlines():
                if ":" in line and not line.startswith(("#", " ")):
                    key, value = line.split(":", 1)
                    fields[key.strip().lower()] = value.split()
            if ("deb" in fields.get("types", []) and "bookworm" in fields.get("suites", [])
                    and "main" in fields.get("components", [])):
                print(fields["uris"][0]); sys.exit()
    else:
        for line in text.splitlines():
            words = [w for w in line.split("#")[0].split() if not w.startswith("[")]
            if len(words) >= 4 and words[0] == "deb" and words[2] == "bookworm" and "main" in words[3:]:
                print(words[1]); sys.exit()
PY
)}
[ -n "$mirror" ] || fail "no Debian bookworm entry in /etc/apt/sources.list*; set FRESH_ROOT_MIRROR"

if ! command -v debootstrap >/dev/null; then
    step "installing debootstrap"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
fi

cache=/tmp/qrauth-fresh-root-cache
base=$cache/bookworm-minbase-$(printf '%s' "$mirror" | sha256sum | cut -c1-12).tar
mkdir -p "$cache"
if [ ! -s "$base" ]; then
    step "debootstrap --variant=minbase bookworm from $mirror"
    building=$(mktemp -d "$cache/debootstrap.XXXXXX")
    if ! debootstrap --variant=minbase bookworm "$building/root" "$mirror" > "$building.log" 2>&1; then
        tail -n 20 "$building.log" >&2; rm -rf "$building" "$building.log"; fail "debootstrap failed"
    fi
    tar -C "$building/root" -cf "$base.part" . && mv "$base.part" "$base"
    rm -rf "$building" "$building.log"
fi

root=$(mktemp -d /tmp/qrauth-fresh-root.XXXXXX)
mounts=()
cleanup() {
    local i
    for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -l "${mounts[$i]}" 2>/dev/null || true; done
    rm -rf --one-file-system "$root"
}
trap cleanup EXIT
step "a new root from the debootstrapped base"
tar -C "$root" -xf "$base"
mount -t proc proc "$root/proc" && mounts+=("$root/proc")
# A pseudo-terminal filesystem of the root's own, as a booted machine has (the CLI tests run `qrauth` under
# util-linux `script`; without it the first full fresh-check had two terminal tests read nothing).
mount -t devpts -o newinstance,ptmxmode=0666,mode=620 devpts "$root/dev/pts" && mounts+=("$root/dev/pts")
cp /etc/resolv.conf "$root/etc/resolv.conf"
# debootstrap writes no /etc/hosts; Debian's installer does (the loopback names below), and without them `localhost`
# does not resolve in the root (the first full fresh-check: 15 live-server tests failed "cannot resolve localhost").
grep -qsw localhost "$root/etc/hosts" ||
    printf '127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' >> "$root/etc/hosts"
in_root() { chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
in_root apt-get update -qq

# README.md's `<!-- runnable: NAME -->` sh block NAME as a script (strict mode, commands echoed).
readme_block() {
    python3 - "$repo/README.md" "$1" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
blocks = re.findall(r"^<!-- runnable: %s -->\n```sh\n(.*?)^```" % re.escape(sys.argv[2]), text, re.S | re.M)
assert len(blocks) == 1, "README.md must have one runnable %s block" % sys.argv[2]
print("set -eux\n" + blocks[0])
PY
}

if [ "$mode" = deb ]; then
    debs=("$dist"/qrauth_*_amd64.deb)
    [ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one qrauth_*_amd64.deb in $dist"
    work=$root/tmp/qrauth-check
    mkdir -p "$work/files"
    cp "${debs[0]}" "$dist"/qrauth-*-linux-x86_64.tar.gz "$dist/SHA256SUMS" "$work/files/"
    readme_block install-deb > "$work/install-deb.sh"
    readme_block install-tarball > "$work/install-tarball.sh"
    step "README.md's install-deb block: apt-get install ./$(basename "${debs[0]}")"
    in_root sh -c 'cd /tmp/qrauth-check/files && bash ../install-deb.sh' > "$root.apt.log" 2>&1 ||
        { cat "$root.apt.log" >&2; rm -f "$root.apt.log"; fail "the package does not install"; }
    grep -v '^\(Get\|Selecting\|Preparing\|Unpacking\|Setting up\|Processing\)' "$root.apt.log" | tail -n 5 || true
    rm -f "$root.apt.log"
    in_root sh -c '! command -v swift && ! ls /usr/lib/swift /opt/swift >/dev/null 2>&1' > /dev/null ||
        fail "the root has a Swift toolchain or runtime; the check would prove nothing"
    if in_root ldd /usr/bin/qrauth | grep 'not found'; then fail "the installed binary misses libraries"; fi
    in_root test -f /usr/share/man/man1/qrauth.1.gz || fail "no man page installed"
    in_root test -f /usr/share/bash-completion/completions/qrauth || fail "no bash completion installed"
    # The tarball block's libraries are the package's Depends: less the C runtime.
    depends=$(dpkg-deb -f "${debs[0]}" Depends | tr -d ' ' | tr ',' '\n' | grep -vx 'libc6\|libstdc++6\|libgcc-s1' | sort)
    listed=$(sed -n 's/^apt-get install -y \(lib.*\)/\1/p' "$work/install-tarball.sh" | tr ' ' '\n' | sort)
    [ "$depends" = "$listed" ] ||
        fail "README.md's install-tarball libraries ($(echo $listed)) are not the .deb's Depends ($(echo $depends))"

    step "README.md's offline round trip with the installed qrauth"
    { readme_block offline; echo "qrauth activation show phone.json --json"; } > "$work/offline.sh"
    in_root sh -c 'mkdir -p /tmp/round && cd /tmp/round && bash /tmp/qrauth-check/offline.sh' > "$work/offline.out" 2>&1 ||
        { cat "$work/offline.out" >&2; fail "the offline round trip failed"; }
    cat "$work/offline.out"
    grep -q '^accepted: possession_knowledge' "$work/offline.out" || fail "the round trip's code was not accepted"
    grep -q '"unconfirmedCodes" : 0' "$work/offline.out" || fail "the device still counts unconfirmed codes"
    if grep -qiE 'lock-out|locked out' "$work/offline.out"; then fail "the round trip warned about a lock-out"; fi

    step "the release-pipeline gate with the installed qrauth"
    cp -r "$repo/Samples/release-pipeline" "$work/release-pipeline"
    in_root bash /tmp/qrauth-check/release-pipeline/gate.sh || fail "the gate refused the sample list"
    # A tampered list: the first entry pins the second entry's fingerprint under its own signature → exit 1.
    python3 - "$work/release-pipeline/fingerprints.json" <<'PY'
import json, sys
path = sys.argv[1]
document = json.load(open(path))
entries = document["fingerprints"]
entries[0]["fingerprint"] = entries[1]["fingerprint"]
json.dump(document, open(path, "w"))
PY
    status=0
    in_root bash /tmp/qrauth-check/release-pipeline/gate.sh > "$work/gate.out" 2>&1 || status=$?
    [ "$status" -eq 1 ] || { cat "$work/gate.out" >&2; fail "the gate gave $status for a tampered list, not 1"; }
    echo "gate on a tampered list: exit 1"

    step "README.md's install-tarball block (the package removed first)"
    in_root apt-get remove -y -qq qrauth > /dev/null
    in_root sh -c '! command -v qrauth' > /dev/null || fail "qrauth is still installed after apt-get remove"
    in_root sh -c 'cd /tmp/qrauth-check/files && bash ../install-tarball.sh' > "$work/tarball.out" 2>&1 ||
        { cat "$work/tarball.out" >&2; fail "the tarball does not install as README.md says"; }
    in_root sh -c 'command -v qrauth' | grep -x /usr/local/bin/qrauth >/dev/null || fail "the tarball's qrauth is not on PATH"
    in_root qrauth version | sed -n 1p
    in_root test -f /usr/local/share/man/man1/qrauth.1 || fail "the tarball has no man page"
    step "fresh-root deb: ok"
else
    swift_root=${SWIFT_ROOT:-/opt/swift}
    [ -x "$swift_root/usr/bin/swift" ] || fail "no Swift toolchain at $swift_root (set SWIFT_ROOT)"
    # The toolchain and, where this machine keeps them, the Swift package mirrors git is told to use.
    for dir in "$swift_root" /opt/swift-packages; do
        [ -d "$dir" ] || continue
        mkdir -p "$root$dir"
        mount --bind "$dir" "$root$dir" && mounts+=("$root$dir")
        mount -o remount,bind,ro "$root$dir"
    done
    [ -f /etc/gitconfig ] && cp /etc/gitconfig "$root/etc/gitconfig"
    [ -f "$HOME/.gitconfig" ] && cp "$HOME/.gitconfig" "$root/root/.gitconfig"
    # libncurses6: swift-build, swift-package and swift-driver need libncurses.so.6, which a minbase root lacks
    # (the first run here stopped with "swift: error while loading shared libraries: libncurses.so.6").
    step "Swift's Debian 12 prerequisites (swift.org), libncurses6 and make"
    in_root apt-get install -y -qq --no-install-recommends binutils git gnupg2 libc6-dev libcurl4-openssl-dev \
        libedit2 libgcc-12-dev libncurses6 libpython3-dev libsqlite3-0 libstdc++-12-dev libxml2-dev libz3-dev \
        pkg-config tzdata zlib1g-dev make ca-certificates > /dev/null
    # The toolchain's own programs load in the root (lldb aside: it wants the Python it was built with).
    cat > "$root/tmp/toolchain-libraries.sh" <<'SH'
for tool in "$1"/usr/bin/*; do
    case $tool in *lldb*) continue ;; esac
    ldd "$tool" 2>/dev/null | awk -v tool="$tool" '/not found/ { print tool ": " $1 }'
done
SH
    # This machine's own trust anchors and pip settings, as its resolv.conf and gitconfig: where the network goes
    # through a TLS-inspecting proxy, its CA is a local anchor here, and without it `make test`'s bench-smoke could
    # not fetch zxing-cpp from PyPI in the root (the first full fresh-check: CERTIFICATE_VERIFY_FAILED).
    if compgen -G "/usr/local/share/ca-certificates/*.crt" > /dev/null; then
        mkdir -p "$root/usr/local/share/ca-certificates"
        cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
        in_root update-ca-certificates > /dev/null
    fi
    [ -f /etc/pip.conf ] && cp /etc/pip.conf "$root/etc/pip.conf"
    missing=$(in_root sh /tmp/toolchain-libraries.sh "$swift_root")
    [ -z "$missing" ] || fail "the Swift toolchain misses libraries in the root: $(echo $missing)"
    in_root "$swift_root/usr/bin/swift" build --version
    mkdir -p "$root/src/qrauth"
    git -C "$repo" ls-files -z | (cd "$repo" && xargs -0 cp --parents -t "$root/src/qrauth")
    for target in demo test; do
        step "make $target"
        in_root sh -c "PATH=$swift_root/usr/bin:\$PATH; cd /src/qrauth && make $target" ||
            fail "make $target failed in the fresh root"
    done
    step "fresh-root toolchain: ok"
fi
