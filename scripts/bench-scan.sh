#!/usr/bin/env bash
# Benchmarks `qrauth scan` against zbarimg and zxing-cpp on one generated corpus, in one run.
#   scripts/bench-scan.sh            build (release), make the corpus if missing, run all three tools
#   JOBS=2 PER_CLASS=25 ROUNDS=3 scripts/bench-scan.sh
# Loads every core for a minute or two. Output: decode rate per class and tool, images/s (median of
# ROUNDS timed rounds after one warm-up round, the tools taking turns), ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}
per_class=${PER_CLASS:-25}
rounds=${ROUNDS:-3}
bench=.build-bench

scripts/install-deps.sh --bench
if [[ ! -x $bench/venv/bin/python ]]; then
    python3 -m venv "$bench/venv"
fi
"$bench/venv/bin/pip" install -q --disable-pip-version-check zxing-cpp pillow numpy
swift build -c release --scratch-path .build-release --product qrauth
if [[ ! -f $bench/corpus/manifest.tsv ]]; then
    "$bench/venv/bin/python" scripts/bench-corpus.py "$bench/corpus" --per-class "$per_class"
fi
echo "qrauth $(.build-release/release/qrauth version 2>/dev/null | head -1); zbarimg $(zbarimg --version); zxing-cpp $("$bench/venv/bin/pip" show zxing-cpp | sed -n 's/^Version: //p')"
"$bench/venv/bin/python" scripts/bench-scan.py --corpus "$bench/corpus" --qrauth .build-release/release/qrauth --jobs "$jobs" --rounds "$rounds"
