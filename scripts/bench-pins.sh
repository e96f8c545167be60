#!/usr/bin/env bash
# Fingerprint-list verification: `qrauth pins verify`'s library path (decode + parallel verify of a
# 10 000-entry list) against `openssl speed ecdsap256` verify, in the same run.
#   scripts/bench-pins.sh [SECONDS]   (default 10; BENCH_CPU=N picks the core for the one-core run,
#                                      default 0; BENCH_ROUNDS=N alternates N rounds, keeps each best)
# One core: entries per user-CPU second (openssl speed's accounting) vs openssl's verify/s; goal ≥ 0.9.
# All cores: entries per wall second vs `openssl speed -multi <cores>`; shows the parallel verifier.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-10}
cpu=${BENCH_CPU:-0}
rounds=${BENCH_ROUNDS:-1}
cores=$(nproc)
entries=10000
cd "$here"

# BENCH_CONFIG=debug (scripts/bench-smoke.sh) checks that the script runs, without a release build; its figures
# mean nothing.
config=${BENCH_CONFIG:-release}
swift build -c "$config" --package-path Benchmarks --scratch-path .build-bench >&2
bench=.build-bench/$config/qrauth-bench

pin=()
if command -v taskset >/dev/null; then pin=(taskset -c "$cpu"); else echo "bench-pins: taskset missing, not pinned" >&2; fi
echo "== $(openssl version) | $(uname -m) | $cores cores | load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" \
    "| ${seconds}s per measurement | $rounds round(s)" >&2

best() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a + 0 > b + 0) ? a : b }'; }
# "pins-verify-list: R ops/s (N ops in C s user CPU, W s wall = ...)" → entries per CPU second, per wall second.
rates() { sed -E 's/.*\(([0-9]+) ops in ([0-9.]+) s user CPU, ([0-9.]+) s wall.*/\1 \2 \3/' <<<"$1" |
    awk -v e="$entries" '{ printf "%.1f %.1f\n", $1 * e / $2, $1 * e / $3 }'; }
one_openssl="" one_ours="" all_openssl="" all_ours="" all_ours_cpu=""
for ((round = 1; round <= rounds; round++)); do
    # Last nistp256 line: "... 256 bits ecdsa (nistp256) 0.0000s 0.0001s 35591.7 13117.5" = sign/s verify/s.
    line=$("${pin[@]}" openssl speed -seconds "$seconds" ecdsap256 2>/dev/null | grep 'nistp256' | tail -1)
    one_openssl=$(best "$(awk '{print $NF}' <<<"$line")" "$one_openssl")
    line=$("${pin[@]}" "$bench" pins-verify-list --seconds "$seconds")
    echo "one core: $line" >&2
    read -r cpu_rate _ <<<"$(rates "$line")"
    one_ours=$(best "$cpu_rate" "$one_ours")
    line=$(openssl speed -multi "$cores" -seconds "$seconds" ecdsap256 2>/dev/null | grep 'nistp256' | tail -1)
    all_openssl=$(best "$(awk '{print $NF}' <<<"$line")" "$all_openssl")
    line=$("$bench" pins-verify-list --seconds "$seconds")
    echo "all cores: $line" >&2
    read -r cpu_rate wall_rate <<<"$(rates "$line")"
    all_ours=$(best "$wall_rate" "$all_ours")
    all_ours_cpu=$(best "$cpu_rate" "$all_ours_cpu")
done

awk -v o1="$one_ours" -v s1="$one_openssl" -v o2="$all_ours" -v s2="$all_openssl" -v c2="$all_ours_cpu" -v c="$cores" 'BEGIN {
    printf "%-48s %13s %14s %7s\n", "10 000-entry list, P-256 ECDSA-SHA256", "qrauth ent/s", "openssl ver/s", "ratio"
    printf "%-48s %13.1f %14.1f %7.3f\n", "one core, per user-CPU second", o1, s1, o1 / s1
    printf "%-48s %13.1f %14.1f %7.3f\n", "all " c " cores, per wall second (openssl -multi)", o2, s2, o2 / s2
    printf "%-48s %13.1f\n", "all " c " cores, per user-CPU second", c2
}'
