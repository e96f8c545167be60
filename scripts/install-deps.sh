#!/usr/bin/env bash
# Installs the system packages qrauth needs, and only those that are missing.
# Idempotent; uses sudo when not root; Debian 12 and Ubuntu 22.04+.
#   scripts/install-deps.sh          build and test dependencies: the C libraries, pkg-config, and the
#                                    programs the tests and `make test`'s scripts run (openssl, curl,
#                                    python3; `script` and the shell tools are in every Debian system)
#   scripts/install-deps.sh --bench  also the peer tools the benchmarks compare against
# `make fresh-check` runs `make demo` and `make test` in a fresh Debian 12 root that has only the Swift
# toolchain's own prerequisites, which shows when this list misses something.
set -euo pipefail

packages=(pkg-config libssl-dev libqrencode-dev libzbar-dev libpng-dev libturbojpeg0-dev libwebp-dev libgif-dev libtiff-dev openssl curl python3)
if [[ "${1:-}" == "--bench" ]]; then
    packages+=(zbar-tools qrencode python3-pip python3-venv)
fi

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

if ((${#missing[@]} == 0)); then
    echo "install-deps: all ${#packages[@]} system packages present"
else
    if ! command -v apt-get >/dev/null; then
        echo "install-deps: missing ${missing[*]}, and apt-get is not available; install them by hand" >&2
        exit 1
    fi
    sudo=()
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install ${missing[*]}" >&2; exit 1; }
        sudo=(sudo)
    fi
    echo "install-deps: installing ${missing[*]}"
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null; then
    echo "install-deps: the Swift toolchain (6.2 or newer) is not on PATH; install it from swift.org" >&2
    exit 1
fi
