#!/usr/bin/env bash
# Builds the DocC catalogue of every library module that has one (Sources/MODULE/MODULE.docc) from
# the debug build's modules, with warnings as errors: a broken symbol link or article reference fails.
# Needs `swift build` first. Archives land in .build/docs/MODULE.doccarchive. Arguments name modules to
# build alone (default: every catalogue).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-.build/debug}
out=.build/docs
triple="$(uname -m)-unknown-linux-gnu"
flags=()
for map in Sources/C*/module.modulemap "$build"/*.build/module.modulemap; do
    [ -f "$map" ] && flags+=(-Xcc "-fmodule-map-file=$map")
done
while IFS= read -r map; do flags+=(-Xcc "-fmodule-map-file=$map"); done < <(
    find .build/checkouts -path '*/Benchmarks' -prune -o -path '*/Tests' -prune -o -name module.modulemap -print)
count=0
catalogues=(Sources/*/*.docc)
if [ $# -gt 0 ]; then catalogues=(); for module in "$@"; do catalogues+=("Sources/$module/$module.docc"); done; fi
for catalogue in "${catalogues[@]}"; do
    module=$(basename "$catalogue" .docc)
    graphs="$out/symbol-graphs/$module"
    rm -rf "$graphs" "$out/$module.doccarchive"
    mkdir -p "$graphs"
    swift-symbolgraph-extract -module-name "$module" -I "$build/Modules" "${flags[@]}" -target "$triple" \
        -output-dir "$graphs" -minimum-access-level public
    docc convert "$catalogue" --additional-symbol-graph-dir "$graphs" --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.qrauth.$module" --output-path "$out/$module.doccarchive" \
        --warnings-as-errors >"$out/$module.log" 2>&1 || { cat "$out/$module.log"; echo "docs: $module has warnings" >&2; exit 1; }
    count=$((count + 1))
done
echo "docs: $count catalogues built without warnings ($out)"
