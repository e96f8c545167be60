#!/usr/bin/env bash
# Fingerprint-list verification: `qrauth pins verify`'s library path (decode + parallel verify of a
# 10 000-entry list) against `openssl speed ecdsap256` verify, in the same run.
#   scripts/bench-pins.sh [SECONDS]   (default 10; BENCH_CPU=N picks the core for the one-core run)
# One core: entries per user-CPU second (openssl speed's accounting) vs openssl's verify/s; goal ≥ 0.9.
# All cores: entries per wall second vs `openssl speed -multi <cores>`; shows the parallel verifier.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-10}
cpu=${BENCH_CPU:-0}
cores=$(nproc)
entries=10000
cd "$here"

swift build -c release --package-path Benchmarks --scratch-path .build-bench >&2
bench=.build-bench/release/qrauth-bench

pin=()
if command -v taskset >/dev/null; then pin=(taskset -c "$cpu"); else echo "bench-pins: taskset missing, not pinned" >&2; fi
echo "== $(openssl version) | $(uname -m) | $cores cores | load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?') | ${seconds}s per measurement" >&2

# Last nistp256 line: "... 256 bits ecdsa (nistp256) 0.0000s 0.0001s 35591.7 13117.5" = sign/s verify/s.
one_openssl=$("${pin[@]}" openssl speed -seconds "$seconds" ecdsap256 2>/dev/null | grep 'nistp256' | tail -1 | awk '{print $NF}')
one_line=$("${pin[@]}" "$bench" pins-verify-list --seconds "$seconds")
echo "one core: openssl verify/s $one_openssl; $one_line" >&2
all_openssl=$(openssl speed -multi "$cores" -seconds "$seconds" ecdsap256 2>/dev/null | grep 'nistp256' | tail -1 | awk '{print $NF}')
all_line=$("$bench" pins-verify-list --seconds "$seconds")
echo "all cores: openssl -multi $cores verify/s $all_openssl; $all_line" >&2

# "pins-verify-list: R ops/s (N ops in C s user CPU, W s wall = ...)": use N, C, W for full precision.
parse() { sed -E 's/.*\(([0-9]+) ops in ([0-9.]+) s user CPU, ([0-9.]+) s wall.*/\1 \2 \3/' <<<"$1"; }
read -r one_ops one_cpu _ <<<"$(parse "$one_line")"
read -r all_ops all_cpu all_wall <<<"$(parse "$all_line")"
awk -v e="$entries" -v n1="$one_ops" -v c1="$one_cpu" -v os="$one_openssl" -v n2="$all_ops" -v c2="$all_cpu" \
    -v w2="$all_wall" -v as="$all_openssl" -v c="$cores" 'BEGIN {
    printf "%-46s %13s %14s %7s\n", "10 000-entry list, P-256 ECDSA-SHA256", "qrauth ent/s", "openssl ver/s", "ratio"
    printf "%-46s %13.1f %14.1f %7.3f\n", "one core, per user-CPU second", n1 * e / c1, os, n1 * e / c1 / os
    printf "%-46s %13.1f %14.1f %7.3f\n", "all " c " cores, per wall second (openssl -multi)", n2 * e / w2, as, n2 * e / w2 / as
    printf "%-46s %13.1f\n", "all " c " cores, per user-CPU second", n2 * e / c2
}'
