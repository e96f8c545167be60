#!/usr/bin/env bash
# Speed of the PNG reader's deflate decoder against zlib's inflate, on the IDAT streams of PNGs:
#   scripts/bench-inflate.sh [PNG or directory ...]    (default: the jsqr-photos corpus beside the repo)
# Compiles scripts/bench-inflate/main.swift with Sources/QRImaging/Inflater.swift (-O, whole module)
# into .build-bench/inflate/bench-inflate and runs it on one core (ROUNDS=5 rounds; best round of each).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build-bench/inflate"
mkdir -p "$out/CZlib"
cat > "$out/CZlib/module.modulemap" <<'MAP'
module CZlib [system] {
    header "/usr/include/zlib.h"
    link "z"
    export *
}
MAP
swiftc -O -wmo -I "$out" -o "$out/bench-inflate" \
    "$root/scripts/bench-inflate/main.swift" "$root/Sources/QRImaging/Inflater.swift"
[ $# -gt 0 ] || set -- "$root/../shared/corpora/jsqr-photos"
files=()
for arg in "$@"; do
    if [ -d "$arg" ]; then while IFS= read -r f; do files+=("$f"); done < <(find "$arg" -name '*.png' | sort)
    else files+=("$arg"); fi
done
core=()
command -v taskset > /dev/null && core=(taskset -c 0)
"${core[@]}" "$out/bench-inflate" "${files[@]}"
