#!/usr/bin/env bash
# Benchmarks `qrauth scan` against its peers, in one run.
#   scripts/bench-scan.sh            build (release), make the generated corpus if missing, run qrauth,
#                                    zbarimg and zxing-cpp on it
#   JOBS=2 PER_CLASS=25 ROUNDS=3 scripts/bench-scan.sh
#   scripts/bench-scan.sh --corpus DIR
#                                    a corpus of real photos with DIR/manifest.tsv (`file <TAB> hex
#                                    payload`, `-` = truth unknown; the format of ../shared/corpora/
#                                    jsqr-photos): known-truth exact reads, unknown-truth reads and
#                                    images per CPU-second on one core, for qrauth, zxing-cpp, OpenCV
#                                    WeChatQRCode and zbarimg (scripts/bench-scan-photos.py)
# QRAUTH=PATH uses that binary instead of building one. Loads every core for a minute or two. Output
# (generated corpus): decode rate per class and tool, images/s (median of ROUNDS timed rounds after
# one warm-up round, the tools taking turns), ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}
per_class=${PER_CLASS:-25}
rounds=${ROUNDS:-3}
bench=.build-bench
photos=
if [[ "${1:-}" == "--corpus" ]]; then
    [[ -f "${2:-}/manifest.tsv" ]] || { echo "bench-scan: --corpus needs a folder with manifest.tsv" >&2; exit 64; }
    photos=$2
fi

scripts/install-deps.sh --bench
if [[ ! -x $bench/venv/bin/python ]]; then
    python3 -m venv "$bench/venv"
fi
"$bench/venv/bin/pip" install -q --disable-pip-version-check zxing-cpp pillow numpy
qrauth=${QRAUTH:-.build-release/release/qrauth}
if [[ -z "${QRAUTH:-}" ]]; then
    swift build -c release --scratch-path .build-release --product qrauth
fi
if [[ -n $photos ]]; then
    # OpenCV's WeChatQRCode is optional: the bench skips a tool that is not installed.
    "$bench/venv/bin/pip" install -q --disable-pip-version-check opencv-contrib-python-headless || true
    echo "qrauth $("$qrauth" version 2>/dev/null | head -1); zbarimg $(zbarimg --version); zxing-cpp $("$bench/venv/bin/pip" show zxing-cpp | sed -n 's/^Version: //p'); opencv $("$bench/venv/bin/pip" show opencv-contrib-python-headless 2>/dev/null | sed -n 's/^Version: //p')"
    exec "$bench/venv/bin/python" scripts/bench-scan-photos.py --corpus "$photos" --qrauth "$qrauth" \
        --python "$bench/venv/bin/python" --rounds "$rounds" --details "$bench/photos-details.tsv"
fi
# BENCH_CORPUS=DIR keeps the generated corpus elsewhere (scripts/bench-smoke.sh: a one-per-class one).
corpus=${BENCH_CORPUS:-$bench/corpus}
if [[ ! -f $corpus/manifest.tsv ]]; then
    "$bench/venv/bin/python" scripts/bench-corpus.py "$corpus" --per-class "$per_class"
fi
echo "qrauth $("$qrauth" version 2>/dev/null | head -1); zbarimg $(zbarimg --version); zxing-cpp $("$bench/venv/bin/pip" show zxing-cpp | sed -n 's/^Version: //p')"
"$bench/venv/bin/python" scripts/bench-scan.py --corpus "$corpus" --qrauth "$qrauth" --jobs "$jobs" --rounds "$rounds"
