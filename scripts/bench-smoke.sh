#!/usr/bin/env bash
# Runs every benchmark script in scripts/ as its header documents, each with a tiny duration or corpus, so a
# script that no longer runs fails CI (`make bench-smoke`, part of `make test`). The figures mean nothing: the
# benchmarks are built in debug (BENCH_CONFIG=debug, scratch path .build-bench, reused between runs) and qrauth
# is the debug build `make test` made. Needs the peer tools (`scripts/install-deps.sh --bench`); bench-scan.sh
# also installs its Python packages into .build-bench/venv (network on the first run).
#   scripts/bench-smoke.sh [QRAUTH]      (default: the debug build's qrauth)
set -euo pipefail
cd "$(dirname "$0")/.."
export BENCH_CONFIG=${BENCH_CONFIG:-debug}
QRAUTH=${1:-${QRAUTH:-$(swift build --show-bin-path)/qrauth}}
QRAUTH=$(cd "$(dirname "$QRAUTH")" && pwd)/$(basename "$QRAUTH")
export QRAUTH
[[ -x $QRAUTH ]] || { echo "bench-smoke: no qrauth at $QRAUTH (swift build first)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() { # name command...: runs one script, keeps its output, fails the smoke run when it fails
    local name=$1
    shift
    local start=$SECONDS
    if "$@" >"$work/$name.out" 2>"$work/$name.err"; then
        echo "bench-smoke: $name ok ($((SECONDS - start)) s)"
    else
        echo "bench-smoke: $name FAILED (exit $?):" >&2
        tail -20 "$work/$name.err" >&2
        exit 1
    fi
}

run bench-crypto scripts/bench-crypto.sh 1
run bench-powerauth scripts/bench-powerauth.sh 1
run bench-pins scripts/bench-pins.sh 1
run bench-serve scripts/bench-serve.sh 1 4
run bench-qr-encode scripts/bench-qr-encode.sh 2
run bench-inflate scripts/bench-inflate.sh Tests/QRImagingTests/Fixtures/pillow-gray.png Tests/QRImagingTests/Fixtures/pillow-palette.png
run serve-soak python3 scripts/serve-soak.py "$QRAUTH" 100
run bench-scan env PER_CLASS=1 ROUNDS=1 JOBS=1 BENCH_CORPUS="$work/corpus" scripts/bench-scan.sh
# The photos mode (README, docs/benchmarks/qr-scanning.md: `scripts/bench-scan.sh --corpus DIR`) on three of the test
# photos, one of them of unknown truth, in the corpus format (`file <TAB> payload hex` or `-`).
mkdir -p "$work/photos"
# (awk, not `grep | head`: under pipefail, head's early exit can kill grep with SIGPIPE and the script with 141.)
awk '!/^#/ && n < 3 { print; n++ }' Tests/QRImagingTests/Fixtures/photos/manifest.tsv >"$work/photos/manifest.tsv"
cut -f1 "$work/photos/manifest.tsv" | while read -r name; do cp "Tests/QRImagingTests/Fixtures/photos/$name" "$work/photos/"; done
run bench-scan-photos env ROUNDS=1 scripts/bench-scan.sh --corpus "$work/photos"
# The per-class set (docs/qr-scanning.md): made with one image per class, then scored (bench-scan.sh made the venv).
run install-segno .build-bench/venv/bin/pip install -q --disable-pip-version-check segno
run make-scan-classes .build-bench/venv/bin/python scripts/make-scan-classes.py "$work/classes" 1
run score-scan-classes .build-bench/venv/bin/python scripts/score-scan-classes.py --set "$work/classes" --qrauth "$QRAUTH"
